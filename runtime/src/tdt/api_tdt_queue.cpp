// Entry points of acl_tdt_queue.h for queues: create and destroy, enqueue and dequeue of
// buffers or copied data (bounded_fifo.h: timeouts, full and empty), grants and attaches within
// this process, and the binding of routes (a buffer enqueued on a bound source goes to its
// destinations instead).
#include "acl/acl_tdt_queue.h"

#include "core/arg_checks.h"
#include "tdt/tdt_checks.h"
#include "tdt/tdt_queue_objects.h"

#include <cstring>
#include <unistd.h>

using namespace aclemu::rt;
using namespace aclemu::rt::tdt;

namespace {

// Queue `qid` in *found (when `found` is not NULL), or the failure.
aclError live_queue(uint32_t qid, std::shared_ptr<Queue>* found) {
    std::shared_ptr<Queue> queue = queues().find(qid);
    ACLEMU_TRY(reject_if(!queue,
                         "qid",
                         qid,
                         "not a live queue (never created, destroyed, or from before "
                         "aclFinalize)"));
    if (found != nullptr) {
        *found = std::move(queue);
    }
    return ACL_SUCCESS;
}

aclError fifo_failure(FifoResult result, const Queue& queue) {
    switch (result) {
        case FifoResult::Full:
            return fail(ACL_ERROR_RT_QUEUE_FULL,
                        msg_runtime("queue " + std::to_string(queue.id) + " is full ("
                                    + std::to_string(queue.items.capacity())
                                    + " buffers) and stayed full until the timeout"));
        case FifoResult::Empty:
            return fail(ACL_ERROR_RT_QUEUE_EMPTY,
                        msg_runtime("queue " + std::to_string(queue.id)
                                    + " is empty and stayed empty until the timeout"));
        case FifoResult::Stopped:
            return fail(ACL_ERROR_RT_END_OF_SEQUENCE,
                        msg_runtime("queue " + std::to_string(queue.id) + " was destroyed"));
        case FifoResult::Refused:
        case FifoResult::Done:
            break;
    }
    return ACL_SUCCESS;
}

// The data arguments acltdtEnqueueData and acltdtDequeueData share: the buffers are not NULL
// when they have a size, the user data fits the buffer header.
aclError check_data(const void* data, size_t dataSize, const void* userData, size_t userDataSize) {
    ACLEMU_TRY(check_array("data", data, dataSize));
    ACLEMU_TRY(check_array("userData", userData, userDataSize));
    return reject_if(userDataSize > kUserDataBytes, "userDataSize", userDataSize, "at most 96");
}

// Puts `buffer` into queue `qid`, or into the destinations of its bound routes (the first gets
// the buffer, the others reference copies).
aclError put(uint32_t qid, Buffer* buffer, const Deadline& deadline) {
    ACLEMU_FIND(Queue, source, live_queue, qid);
    std::vector<std::shared_ptr<Queue>> targets;
    for (uint32_t dst : queues().destinations(qid)) {
        if (auto queue = queues().find(dst)) {
            targets.push_back(std::move(queue));
        }
    }
    if (targets.empty()) {
        targets.push_back(source);
    }
    for (size_t i = 0; i < targets.size(); ++i) {
        Buffer* item = buffer;
        if (i > 0) {
            item = buffers().create();
            if (item == nullptr) {
                return fail(ACL_ERROR_BAD_ALLOC, msg_runtime("out of memory for a buffer"));
            }
            item->data = buffer->data;
            item->data_len = buffer->data_len;
            std::memcpy(item->user_data, buffer->user_data, kUserDataBytes);
        }
        item->queued_in = targets[i]->id;
        if (FifoResult result = targets[i]->items.push(item, deadline);
            result != FifoResult::Done) {
            item->queued_in = 0;
            if (i > 0) {
                free_buffer_chain(item);
            }
            return fifo_failure(result, *targets[i]);
        }
    }
    return ACL_SUCCESS;
}

}  // namespace

extern "C" {

aclError acltdtCreateQueue(const acltdtQueueAttr* attr, uint32_t* qid) {
    return api_call_init("acltdtCreateQueue", [&] {
        ACLEMU_CHECK_NOT_NULL(qid);
        ACLEMU_FIND(tagMemQueueAttr, settings, live, attr, "attr");
        std::shared_ptr<Queue> queue = queues().create(settings->name, settings->depth);
        if (!queue) {
            return fail(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL,
                        msg_runtime("every queue id has been used in this process"));
        }
        *qid = queue->id;
        return ACL_SUCCESS;
    });
}

aclError acltdtDestroyQueue(uint32_t qid) {
    return api_call_init("acltdtDestroyQueue", [&] {
        std::shared_ptr<Queue> queue = queues().remove(qid);
        if (!queue) {
            return live_queue(qid, nullptr);
        }
        queue->items.stop();  // a thread blocked on it returns
        for (Buffer* buffer : queue->items.clear()) {
            free_buffer_chain(buffer);
        }
        return ACL_SUCCESS;
    });
}

aclError acltdtEnqueue(uint32_t qid, acltdtBuf buf, int32_t timeout) {
    return api_call_init("acltdtEnqueue", [&] {
        ACLEMU_FIND(Buffer, buffer, live, buf, "buf");
        ACLEMU_TRY(check_standalone(
            *buffer, buf, "it belongs to a chain: enqueue its head", "it is already in a queue"));
        Deadline deadline;
        ACLEMU_TRY(deadline_of(timeout, &deadline));
        return put(qid, buffer.get(), deadline);
    });
}

aclError acltdtDequeue(uint32_t qid, acltdtBuf* buf, int32_t timeout) {
    return api_call_init("acltdtDequeue", [&] {
        ACLEMU_CHECK_NOT_NULL(buf);
        ACLEMU_FIND(Queue, queue, live_queue, qid);
        Deadline deadline;
        ACLEMU_TRY(deadline_of(timeout, &deadline));
        Buffer* taken = nullptr;
        if (FifoResult result = queue->items.pop(&taken, deadline); result != FifoResult::Done) {
            return fifo_failure(result, *queue);
        }
        taken->queued_in = 0;
        *buf = taken;
        return ACL_SUCCESS;
    });
}

aclError acltdtEnqueueData(uint32_t qid,
                           const void* data,
                           size_t dataSize,
                           const void* userData,
                           size_t userDataSize,
                           int32_t timeout,
                           uint32_t rsv) {
    return api_call_init("acltdtEnqueueData", [&] {
        ACLEMU_TRY(check_data(data, dataSize, userData, userDataSize));
        ACLEMU_TRY(reject_if(rsv != 0, "rsv", rsv, "reserved: must be 0"));
        Deadline deadline;
        ACLEMU_TRY(deadline_of(timeout, &deadline));
        Buffer* buffer = nullptr;
        ACLEMU_TRY(create_live(&buffer, "a buffer"));
        const auto* bytes = static_cast<const uint8_t*>(data);
        buffer->data = std::make_shared<std::vector<uint8_t>>(bytes, bytes + dataSize);
        buffer->data_len = dataSize;
        if (userDataSize > 0) {
            std::memcpy(buffer->user_data, userData, userDataSize);
        }
        aclError result = put(qid, buffer, deadline);
        if (result != ACL_SUCCESS) {
            free_buffer_chain(buffer);
        }
        return result;
    });
}

aclError acltdtDequeueData(uint32_t qid,
                           void* data,
                           size_t dataSize,
                           size_t* retDataSize,
                           void* userData,
                           size_t userDataSize,
                           int32_t timeout) {
    return api_call_init("acltdtDequeueData", [&] {
        ACLEMU_CHECK_NOT_NULL(retDataSize);
        ACLEMU_TRY(check_data(data, dataSize, userData, userDataSize));
        ACLEMU_FIND(Queue, queue, live_queue, qid);
        Deadline deadline;
        ACLEMU_TRY(deadline_of(timeout, &deadline));
        size_t needed = 0;
        Buffer* taken = nullptr;
        FifoResult result = queue->items.pop_if(&taken, deadline, [&](Buffer* front) {
            needed = front->data_len;
            return needed <= dataSize;
        });
        if (result == FifoResult::Refused) {
            *retDataSize = needed;
            return reject_arg(ACL_ERROR_INVALID_PARAM,
                              "dataSize",
                              dataSize,
                              "the oldest buffer holds " + std::to_string(needed)
                                  + " bytes; it stays in the queue");
        }
        if (result != FifoResult::Done) {
            return fifo_failure(result, *queue);
        }
        if (taken->data_len > 0) {
            std::memcpy(data, taken->data->data(), taken->data_len);
        }
        if (userDataSize > 0) {
            std::memcpy(userData, taken->user_data, userDataSize);
        }
        *retDataSize = taken->data_len;
        taken->queued_in = 0;
        free_buffer_chain(taken);
        return ACL_SUCCESS;
    });
}

aclError acltdtGrantQueue(uint32_t qid, int32_t pid, uint32_t permission, int32_t timeout) {
    return api_call_init("acltdtGrantQueue", [&] {
        ACLEMU_TRY(live_queue(qid, nullptr));
        constexpr uint32_t kAll = ACL_TDT_QUEUE_PERMISSION_MANAGE | ACL_TDT_QUEUE_PERMISSION_DEQUEUE
                                  | ACL_TDT_QUEUE_PERMISSION_ENQUEUE;
        ACLEMU_TRY(reject_if(permission == 0 || (permission & ~kAll) != 0,
                             "permission",
                             permission,
                             "must combine ACL_TDT_QUEUE_PERMISSION_MANAGE (1), _DEQUEUE "
                             "(2) and _ENQUEUE (4)"));
        Deadline deadline;
        ACLEMU_TRY(deadline_of(timeout, &deadline));
        if (pid != static_cast<int32_t>(::getpid())) {
            return fail(ACL_ERROR_FEATURE_UNSUPPORTED,
                        msg_unsupported("acltdtGrantQueue",
                                        "aclemu's queues live in one process; pid "
                                            + std::to_string(pid) + " is another"));
        }
        return ACL_SUCCESS;  // this process has every permission already
    });
}

aclError acltdtAttachQueue(uint32_t qid, int32_t timeout, uint32_t* permission) {
    return api_call_init("acltdtAttachQueue", [&] {
        ACLEMU_CHECK_NOT_NULL(permission);
        ACLEMU_TRY(live_queue(qid, nullptr));
        Deadline deadline;
        ACLEMU_TRY(deadline_of(timeout, &deadline));
        *permission = ACL_TDT_QUEUE_PERMISSION_MANAGE | ACL_TDT_QUEUE_PERMISSION_DEQUEUE
                      | ACL_TDT_QUEUE_PERMISSION_ENQUEUE;
        return ACL_SUCCESS;
    });
}

aclError acltdtBindQueueRoutes(acltdtQueueRouteList* qRouteList) {
    return api_call_init("acltdtBindQueueRoutes", [&] {
        ACLEMU_FIND(acltdtQueueRouteList, list, live, qRouteList, "qRouteList");
        size_t failed = 0;
        for (acltdtQueueRoute& route : list->routes) {
            const bool bound = queues().bind(route.src, route.dst);
            route.status = bound ? ACL_TDT_QUEUE_ROUTE_BIND : ACL_TDT_QUEUE_ROUTE_UNBIND;
            failed += bound ? 0 : 1;
        }
        if (failed > 0) {
            return reject_arg(ACL_ERROR_INVALID_PARAM, "qRouteList", qRouteList, std::to_string(failed)
                                        + " route(s) name a queue that is not live, or the same "
                                          "queue twice (their status says which)");
        }
        return ACL_SUCCESS;
    });
}

aclError acltdtUnbindQueueRoutes(acltdtQueueRouteList* qRouteList) {
    return api_call_init("acltdtUnbindQueueRoutes", [&] {
        ACLEMU_FIND(acltdtQueueRouteList, list, live, qRouteList, "qRouteList");
        for (acltdtQueueRoute& route : list->routes) {
            queues().unbind(route.src, route.dst);
            route.status = ACL_TDT_QUEUE_ROUTE_UNBIND;
        }
        return ACL_SUCCESS;
    });
}

aclError acltdtQueryQueueRoutes(const acltdtQueueRouteQueryInfo* queryInfo,
                                acltdtQueueRouteList* qRouteList) {
    return api_call_init("acltdtQueryQueueRoutes", [&] {
        ACLEMU_FIND(acltdtQueueRouteQueryInfo, query, live, queryInfo, "queryInfo");
        ACLEMU_FIND(acltdtQueueRouteList, list, live, qRouteList, "qRouteList");
        ACLEMU_TRY(reject_if(
            query->mode < 0, "queryInfo", queryInfo, "no ACL_TDT_QUEUE_ROUTE_QUERY_MODE_ENUM set"));
        list->routes.clear();
        for (const auto& [src, dst] : queues().routes()) {
            bool match = false;
            switch (query->mode) {
                case ACL_TDT_QUEUE_ROUTE_QUERY_SRC:
                    match = src == query->src;
                    break;
                case ACL_TDT_QUEUE_ROUTE_QUERY_DST:
                    match = dst == query->dst;
                    break;
                case ACL_TDT_QUEUE_ROUTE_QUERY_SRC_AND_DST:
                    match = src == query->src && dst == query->dst;
                    break;
                default:  // ACL_TDT_QUEUE_ROUTE_QUERY_ABNORMAL: a bound route never is
                    break;
            }
            if (match) {
                list->routes.push_back({src, dst, ACL_TDT_QUEUE_ROUTE_BIND});
            }
        }
        return ACL_SUCCESS;
    });
}

}  // extern "C"
