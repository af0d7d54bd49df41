// What acl_tdt.h's handles point to: data items, datasets and channels, each kind in its own
// HandleRegistry (handles/handle_registry.h), so a destroyed handle is refused. A channel's
// messages are copies of the datasets sent, so the sender may reuse its memory at once.
#pragma once

#include "acl/acl_tdt.h"

#include "handles/handle_registry.h"
#include "handles/handle_text.h"
#include "tdt/bounded_fifo.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

// The handle types are the public header's opaque structs, defined here.
struct acltdtDataItem {
    static constexpr ::aclemu::rt::HandleText kHandleText{"data item"};
    acltdtTensorType type = ACL_TENSOR_DATA_UNDEFINED;
    std::vector<int64_t> dims;
    aclDataType data_type = ACL_DT_UNDEFINED;
    void* data = nullptr;
    size_t size = 0;
    size_t slice_num = 0;
    size_t slice_id = 0;
    /// The bytes of a received item (data points into them); a created item refers to the
    /// caller's memory instead.
    std::shared_ptr<std::vector<uint8_t>> owned;
};

struct acltdtDataset {
    static constexpr ::aclemu::rt::HandleText kHandleText{"dataset"};
    std::vector<acltdtDataItem*> items;  // not owned: items are destroyed one by one
    std::string name;                    // the channel it was received from
};

namespace aclemu::rt::tdt {

/// One item of a message: everything of acltdtDataItem, with its own copy of the data.
struct ItemCopy {
    acltdtTensorType type = ACL_TENSOR_DATA_UNDEFINED;
    std::vector<int64_t> dims;
    aclDataType data_type = ACL_DT_UNDEFINED;
    size_t slice_num = 0;
    size_t slice_id = 0;
    std::shared_ptr<std::vector<uint8_t>> bytes;
};
using Message = std::vector<ItemCopy>;

/// Datasets a channel holds when created without a capacity.
constexpr size_t kDefaultChannelCapacity = 128;

}  // namespace aclemu::rt::tdt

struct acltdtChannelHandle {
    static constexpr ::aclemu::rt::HandleText kHandleText{
        "channel", "never created, destroyed, or from before aclFinalize"};
    acltdtChannelHandle(uint32_t device_id, std::string channel_name, size_t capacity)
        : device(device_id), name(std::move(channel_name)), messages(capacity) {}
    uint32_t device;
    std::string name;
    aclemu::rt::tdt::BoundedFifo<aclemu::rt::tdt::Message> messages;
};

namespace aclemu::rt::tdt {

// The registries of the channel-side handles (each a registry_of<T>, named for its callers).
inline constexpr auto& data_items = registry_of<acltdtDataItem>;
inline constexpr auto& datasets = registry_of<acltdtDataset>;
inline constexpr auto& channels = registry_of<acltdtChannelHandle>;
/// aclFinalize (teardown.h): every channel stopped (waiters wake) and forgotten (handles stale).
void stop_channels();
/// The live dataset `dataset` names (a channel's send source or receive target, a dataset call's
/// argument), or ACL_ERROR_INVALID_PARAM naming the parameter.
aclError live_dataset(const acltdtDataset* dataset, std::shared_ptr<acltdtDataset>* found);

}  // namespace aclemu::rt::tdt
