// Entry points of acl_tdt.h for channels: named bounded FIFOs of dataset copies (bounded_fifo.h)
// per device. A send copies every item's bytes, so the sender's memory is free again at once; a
// receive hands out new items that own their bytes.
#include "acl/acl_tdt.h"

#include "core/arg_checks.h"
#include "core/status.h"
#include "runtime_state.h"
#include "tdt/tdt_channel_objects.h"
#include "tdt/tdt_checks.h"

#include <cstring>
#include <string>

using namespace aclemu::rt;
using namespace aclemu::rt::tdt;

namespace aclemu::rt::tdt {

void stop_channels() {
    for (auto& channel : channels().remove_all()) {
        channel->messages.stop();
    }
}

}  // namespace aclemu::rt::tdt

namespace {

aclError live_channel(const acltdtChannelHandle* handle,
                      std::shared_ptr<acltdtChannelHandle>* found) {
    return live(handle, "handle", found);
}

// acltdtStopChannel / acltdtCleanChannel: `act` on the live channel `handle`.
template <class Act>
aclError on_channel(const char* api, acltdtChannelHandle* handle, Act act) {
    return api_call(api, [&] {
        ACLEMU_FIND(acltdtChannelHandle, channel, live_channel, handle);
        act(*channel);
        return ACL_SUCCESS;
    });
}

acltdtChannelHandle* create_channel(const char* api,
                                    uint32_t device,
                                    const char* name,
                                    size_t capacity) {
    acltdtChannelHandle* created = nullptr;
    api_call_init(api, [&] {
        ACLEMU_CHECK_NOT_NULL(name);
        if (name[0] == '\0') {
            return reject_arg(
                ACL_ERROR_INVALID_PARAM, "name", std::string("\"\""), "must not be empty");
        }
        if (capacity == 0) {
            return reject_arg(
                ACL_ERROR_INVALID_PARAM, "capacity", 0, "a channel holds at least one dataset");
        }
        ACLEMU_TRY(reject_if(device > static_cast<uint32_t>(INT32_MAX),
                             "deviceId",
                             device,
                             "is not a device id",
                             ACL_ERROR_RT_INVALID_DEVICEID));
        ACLEMU_TRY(runtime().check_device(static_cast<int32_t>(device), "deviceId", nullptr));
        created = channels().create(device, std::string(name), capacity);
        if (created == nullptr) {
            return fail(ACL_ERROR_BAD_ALLOC, msg_runtime("out of memory for a channel"));
        }
        return ACL_SUCCESS;
    });
    return created;
}

ItemCopy copy_of(const acltdtDataItem& item) {
    ItemCopy copy;
    copy.type = item.type;
    copy.dims = item.dims;
    copy.data_type = item.data_type;
    copy.slice_num = item.slice_num;
    copy.slice_id = item.slice_id;
    const auto* bytes = static_cast<const uint8_t*>(item.data);
    copy.bytes = std::make_shared<std::vector<uint8_t>>(bytes, bytes + item.size);
    return copy;
}

aclError fifo_failure(FifoResult result, const acltdtChannelHandle& channel, bool sending) {
    switch (result) {
        case FifoResult::Full:
            return fail(ACL_ERROR_RT_QUEUE_FULL,
                        msg_runtime("channel \"" + channel.name + "\" is full ("
                                    + std::to_string(channel.messages.capacity())
                                    + " datasets) and stayed full until the timeout"));
        case FifoResult::Empty:
            return fail(ACL_ERROR_RT_QUEUE_EMPTY,
                        msg_runtime("channel \"" + channel.name
                                    + "\" is empty and stayed empty until the timeout"));
        case FifoResult::Stopped:
            return fail(ACL_ERROR_RT_END_OF_SEQUENCE,
                        msg_runtime("channel \"" + channel.name + "\" was stopped"
                                    + (sending ? "" : " and holds no more datasets")));
        case FifoResult::Refused:
        case FifoResult::Done:
            break;
    }
    return ACL_SUCCESS;
}

}  // namespace

extern "C" {

acltdtChannelHandle* acltdtCreateChannel(uint32_t deviceId, const char* name) {
    return create_channel("acltdtCreateChannel", deviceId, name, kDefaultChannelCapacity);
}

acltdtChannelHandle* acltdtCreateChannelWithCapacity(uint32_t deviceId,
                                                     const char* name,
                                                     size_t capacity) {
    return create_channel("acltdtCreateChannelWithCapacity", deviceId, name, capacity);
}

aclError acltdtStopChannel(acltdtChannelHandle* handle) {
    return on_channel(
        "acltdtStopChannel", handle, [](acltdtChannelHandle& channel) { channel.messages.stop(); });
}

aclError acltdtDestroyChannel(acltdtChannelHandle* handle) {
    return api_call("acltdtDestroyChannel", [&] {
        ACLEMU_CHECK_NOT_NULL(handle);
        std::shared_ptr<acltdtChannelHandle> channel = channels().remove(handle);
        if (!channel) {
            return live_channel(handle, nullptr);
        }
        channel->messages.stop();  // a thread blocked in it returns; it holds the channel
        return ACL_SUCCESS;
    });
}

aclError acltdtCleanChannel(acltdtChannelHandle* handle) {
    return on_channel("acltdtCleanChannel", handle, [](acltdtChannelHandle& channel) {
        channel.messages.clear();
    });
}

aclError acltdtSendTensor(const acltdtChannelHandle* handle,
                          const acltdtDataset* dataset,
                          int32_t timeout) {
    return api_call("acltdtSendTensor", [&] {
        ACLEMU_FIND(acltdtChannelHandle, channel, live_channel, handle);
        ACLEMU_FIND(acltdtDataset, source, live_dataset, dataset);
        Deadline deadline;
        ACLEMU_TRY(deadline_of(timeout, &deadline));
        Message message;
        for (size_t i = 0; i < source->items.size(); ++i) {
            std::shared_ptr<acltdtDataItem> item = data_items().find(source->items[i]);
            if (!item) {
                return reject_arg(ACL_ERROR_INVALID_PARAM,
                                  "dataset",
                                  dataset,
                                  "its item " + std::to_string(i) + " was destroyed");
            }
            message.push_back(copy_of(*item));
        }
        return fifo_failure(channel->messages.push(std::move(message), deadline), *channel, true);
    });
}

aclError acltdtReceiveTensor(const acltdtChannelHandle* handle,
                             acltdtDataset* dataset,
                             int32_t timeout) {
    return api_call("acltdtReceiveTensor", [&] {
        ACLEMU_FIND(acltdtChannelHandle, channel, live_channel, handle);
        ACLEMU_FIND(acltdtDataset, target, live_dataset, dataset);
        ACLEMU_TRY(reject_if(!target->items.empty(),
                             "dataset",
                             dataset,
                             "must be empty: a receive adds the items it got"));
        Deadline deadline;
        ACLEMU_TRY(deadline_of(timeout, &deadline));
        Message message;
        if (FifoResult result = channel->messages.pop(&message, deadline);
            result != FifoResult::Done) {
            return fifo_failure(result, *channel, false);
        }
        for (ItemCopy& copy : message) {
            acltdtDataItem* item = nullptr;
            ACLEMU_TRY(create_live(&item, "a data item"));
            item->type = copy.type;
            item->dims = std::move(copy.dims);
            item->data_type = copy.data_type;
            item->slice_num = copy.slice_num;
            item->slice_id = copy.slice_id;
            item->owned = std::move(copy.bytes);
            item->data = item->owned->empty() ? nullptr : item->owned->data();
            item->size = item->owned->size();
            target->items.push_back(item);
        }
        target->name = channel->name;
        return ACL_SUCCESS;
    });
}

aclError acltdtQueryChannelSize(const acltdtChannelHandle* handle, size_t* size) {
    return api_call("acltdtQueryChannelSize", [&] {
        ACLEMU_CHECK_NOT_NULL(size);
        ACLEMU_FIND(acltdtChannelHandle, channel, live_channel, handle);
        *size = channel->messages.size();
        return ACL_SUCCESS;
    });
}

}  // extern "C"
