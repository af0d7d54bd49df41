// Entry points: aclrtLaunchCallback and its report thread protocol. A thread subscribes to a
// stream (aclrtSubscribeReport), then loops on aclrtProcessReport; each callback launched on
// the stream is handed to that thread in stream order. ACL_CALLBACK_BLOCK holds the stream's
// later work until the callback has run (or the subscription is cancelled).
#include "acl/acl.h"

#include "aclemu/c_enum.h"
#include "core/status.h"
#include "observe/traced_task.h"
#include "runtime_state.h"

#include <chrono>
#include <condition_variable>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <pthread.h>
#include <string>

using namespace aclemu::rt;

namespace {

struct Report {
    aclrtCallback fn = nullptr;
    void* user_data = nullptr;
    const Stream* stream = nullptr;
    bool done = false;
};

struct Subscription {
    uint64_t thread_id = 0;
    std::weak_ptr<Stream> stream;  // expired once the stream is destroyed
};

class ReportCenter {
public:
    aclError subscribe(uint64_t thread_id, const std::shared_ptr<Stream>& stream) {
        std::lock_guard<std::mutex> lock(mu_);
        prune_locked();
        if (subscriptions_.count(stream.get()) != 0) {
            return fail(ACL_ERROR_REPEAT_SUBSCRIBE,
                        msg_invalid("stream",
                                    pointer_text(stream.get()),
                                    "a thread is already subscribed to this stream"));
        }
        subscriptions_[stream.get()] = Subscription{thread_id, stream};
        return ACL_SUCCESS;
    }

    aclError unsubscribe(uint64_t thread_id, const std::shared_ptr<Stream>& stream) {
        std::lock_guard<std::mutex> lock(mu_);
        prune_locked();
        auto it = subscriptions_.find(stream.get());
        if (it == subscriptions_.end() || it->second.thread_id != thread_id) {
            return fail(ACL_ERROR_STREAM_NOT_SUBSCRIBE,
                        msg_invalid("threadId",
                                    std::to_string(thread_id),
                                    "this thread is not subscribed to the stream"));
        }
        subscriptions_.erase(it);
        // Pending callbacks of this stream will never be processed: release their waiters.
        auto& queue = queues_[thread_id];
        for (auto q = queue.begin(); q != queue.end();) {
            if ((*q)->stream == stream.get()) {
                (*q)->done = true;
                q = queue.erase(q);
            } else {
                ++q;
            }
        }
        done_.notify_all();
        return ACL_SUCCESS;
    }

    /// The subscribed thread of `stream`, or false.
    bool subscriber(const Stream* stream, uint64_t* thread_id) {
        std::lock_guard<std::mutex> lock(mu_);
        prune_locked();
        auto it = subscriptions_.find(stream);
        if (it == subscriptions_.end()) {
            return false;
        }
        *thread_id = it->second.thread_id;
        return true;
    }

    /// Runs on the stream: hands the callback over, and with `block` waits until it ran.
    void deliver(uint64_t thread_id, std::shared_ptr<Report> report, bool block) {
        std::unique_lock<std::mutex> lock(mu_);
        queues_[thread_id].push_back(report);
        ready_.notify_all();
        if (block) {
            done_.wait(lock, [&] { return report->done; });
        }
    }

    aclError process(uint64_t thread_id, int32_t timeout_ms) {
        std::shared_ptr<Report> report;
        {
            std::unique_lock<std::mutex> lock(mu_);
            prune_locked();
            bool subscribed = false;
            for (auto& [stream, sub] : subscriptions_) {
                subscribed = subscribed || sub.thread_id == thread_id;
            }
            if (!subscribed) {
                return fail(ACL_ERROR_THREAD_NOT_SUBSCRIBE,
                            msg_order("the calling thread is not subscribed to any stream; call "
                                      "aclrtSubscribeReport first"));
            }
            auto& queue = queues_[thread_id];
            auto has_work = [&] { return !queue.empty(); };
            if (timeout_ms < 0) {
                ready_.wait(lock, has_work);
            } else if (!ready_.wait_for(lock, std::chrono::milliseconds(timeout_ms), has_work)) {
                return fail(ACL_ERROR_WAIT_CALLBACK_TIMEOUT,
                            msg_runtime("no callback arrived within " + std::to_string(timeout_ms)
                                        + " ms"));
            }
            report = queue.front();
            queue.pop_front();
        }
        report->fn(report->user_data);
        {
            std::lock_guard<std::mutex> lock(mu_);
            report->done = true;
        }
        done_.notify_all();
        return ACL_SUCCESS;
    }

private:
    void prune_locked() {
        for (auto it = subscriptions_.begin(); it != subscriptions_.end();) {
            it = it->second.stream.expired() ? subscriptions_.erase(it) : std::next(it);
        }
    }

    std::mutex mu_;
    std::condition_variable ready_;
    std::condition_variable done_;
    std::map<const Stream*, Subscription> subscriptions_;
    std::map<uint64_t, std::deque<std::shared_ptr<Report>>> queues_;
};

ReportCenter& reports() {
    static ReportCenter* center = new ReportCenter;
    return *center;
}

uint64_t this_thread_id() {
    return static_cast<uint64_t>(pthread_self());
}

}  // namespace

extern "C" {

aclError aclrtSubscribeReport(uint64_t threadId, aclrtStream stream) {
    return api_call_init("aclrtSubscribeReport", [&] {
        std::shared_ptr<Stream> target;
        ACLEMU_TRY(runtime().stream(stream, &target));
        return reports().subscribe(threadId, target);
    });
}

aclError aclrtUnSubscribeReport(uint64_t threadId, aclrtStream stream) {
    return api_call_init("aclrtUnSubscribeReport", [&] {
        std::shared_ptr<Stream> target;
        ACLEMU_TRY(runtime().stream(stream, &target));
        return reports().unsubscribe(threadId, target);
    });
}

aclError aclrtProcessReport(int32_t timeout) {
    return api_call_init("aclrtProcessReport", [&] {
        if (timeout < -1) {
            return fail(ACL_ERROR_INVALID_PARAM,
                        msg_invalid("timeout",
                                    std::to_string(timeout),
                                    "must be -1 (wait forever) or a number of ms >= 0"));
        }
        return reports().process(this_thread_id(), timeout);
    });
}

aclError aclrtLaunchCallback(aclrtCallback fn,
                             void* userData,
                             aclrtCallbackBlockType blockType,
                             aclrtStream stream) {
    const int64_t block_type = aclemu::enum_value(blockType);
    return api_call_init("aclrtLaunchCallback", [&] {
        ACLEMU_CHECK_NOT_NULL(fn);
        if (block_type != ACL_CALLBACK_NO_BLOCK && block_type != ACL_CALLBACK_BLOCK) {
            return fail(ACL_ERROR_INVALID_PARAM,
                        msg_invalid("blockType",
                                    std::to_string(block_type),
                                    "must be ACL_CALLBACK_NO_BLOCK (0) or ACL_CALLBACK_BLOCK (1)"));
        }
        std::shared_ptr<Stream> target;
        ACLEMU_TRY(runtime().stream(stream, &target));
        uint64_t thread_id = 0;
        if (!reports().subscriber(target.get(), &thread_id)) {
            return fail(ACL_ERROR_RT_STREAM_NO_CB_REG,
                        msg_order("no thread is subscribed to this stream; call "
                                  "aclrtSubscribeReport first"));
        }
        Backend* backend = nullptr;
        ACLEMU_TRY(runtime().backend(&backend));
        auto report = std::make_shared<Report>();
        report->fn = fn;
        report->user_data = userData;
        report->stream = target.get();
        bool block = block_type == ACL_CALLBACK_BLOCK;
        const aclError err = traced_enqueue(
            target,
            TaskKind::HostFunc,
            "callback",
            [&](TaskTrace& task) {
                task.arg("fn", pointer_text(reinterpret_cast<void*>(fn)));
                task.arg("block",
                         std::string(block ? "ACL_CALLBACK_BLOCK" : "ACL_CALLBACK_NO_BLOCK"));
            },
            [&] {
                return backend->streams().launch_host_func(
                    target->impl.get(),
                    [thread_id, report, block] { reports().deliver(thread_id, report, block); });
            });
        if (err != ACL_SUCCESS) {
            return fail(err,
                        msg_runtime("cannot launch the callback: " + backend->last_error_text()));
        }
        // Not synchronized under ASCEND_LAUNCH_BLOCKING: the callback runs only when the
        // subscribed thread (often this one) calls aclrtProcessReport.
        return ACL_SUCCESS;
    });
}

}  // extern "C"
