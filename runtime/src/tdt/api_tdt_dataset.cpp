// Entry points of acl_tdt.h for data items and datasets: checked creation, getters that answer a
// default (and leave a message) for a NULL or destroyed handle, and datasets as ordered lists of
// live items.
#include "acl/acl_tdt.h"

#include "aclemu/c_enum.h"
#include "core/arg_checks.h"
#include "core/status.h"
#include "runtime_state.h"
#include "tdt/tdt_channel_objects.h"
#include "tdt/tdt_checks.h"

#include <string>

using namespace aclemu::rt;
using aclemu::rt::tdt::check_index;
using aclemu::rt::tdt::data_items;
using aclemu::rt::tdt::datasets;
using aclemu::rt::tdt::live_dataset;

aclError aclemu::rt::tdt::live_dataset(const acltdtDataset* dataset,
                                       std::shared_ptr<acltdtDataset>* found) {
    return live(dataset, "dataset", found);
}

namespace {

constexpr size_t kMaxDims = 128;  // ACL_MAX_DIM_CNT

aclError live_item(const acltdtDataItem* item, std::shared_ptr<acltdtDataItem>* found) {
    return live(item, "dataItem", found);
}

// Runs `read` on the live item and returns its answer, or `fallback` (message left) for a NULL
// or destroyed one.
template <class T, class Read>
T item_field(const char* api, const acltdtDataItem* item, T fallback, Read read) {
    T value = fallback;
    api_call(api, [&] {
        ACLEMU_FIND(acltdtDataItem, found, live_item, item);
        value = read(*found);
        return ACL_SUCCESS;
    });
    return value;
}

aclError check_tensor_type(int64_t type) {
    return reject_if(type < ACL_TENSOR_DATA_TENSOR || type > ACL_TENSOR_DATA_END_TENSOR,
                     "tdtType",
                     type,
                     "must be an acltdtTensorType from ACL_TENSOR_DATA_TENSOR (0) to "
                     "ACL_TENSOR_DATA_END_TENSOR (4)");
}

}  // namespace

extern "C" {

acltdtTensorType acltdtGetTensorTypeFromItem(const acltdtDataItem* dataItem) {
    return item_field("acltdtGetTensorTypeFromItem",
                      dataItem,
                      ACL_TENSOR_DATA_UNDEFINED,
                      [](const acltdtDataItem& item) { return item.type; });
}

aclDataType acltdtGetDataTypeFromItem(const acltdtDataItem* dataItem) {
    return item_field(
        "acltdtGetDataTypeFromItem", dataItem, ACL_DT_UNDEFINED, [](const acltdtDataItem& item) {
            return item.data_type;
        });
}

void* acltdtGetDataAddrFromItem(const acltdtDataItem* dataItem) {
    return item_field("acltdtGetDataAddrFromItem",
                      dataItem,
                      static_cast<void*>(nullptr),
                      [](const acltdtDataItem& item) { return item.data; });
}

size_t acltdtGetDataSizeFromItem(const acltdtDataItem* dataItem) {
    return item_field(
        "acltdtGetDataSizeFromItem", dataItem, size_t{0}, [](const acltdtDataItem& item) {
            return item.size;
        });
}

size_t acltdtGetDimNumFromItem(const acltdtDataItem* dataItem) {
    return item_field(
        "acltdtGetDimNumFromItem", dataItem, size_t{0}, [](const acltdtDataItem& item) {
            return item.dims.size();
        });
}

aclError acltdtGetSliceInfoFromItem(const acltdtDataItem* dataItem,
                                    size_t* sliceNum,
                                    size_t* sliceId) {
    return api_call("acltdtGetSliceInfoFromItem", [&] {
        ACLEMU_CHECK_NOT_NULL(sliceNum);
        ACLEMU_CHECK_NOT_NULL(sliceId);
        ACLEMU_FIND(acltdtDataItem, item, live_item, dataItem);
        *sliceNum = item->slice_num;
        *sliceId = item->slice_id;
        return ACL_SUCCESS;
    });
}

aclError acltdtGetDimsFromItem(const acltdtDataItem* dataItem, int64_t* dims, size_t dimNum) {
    return api_call("acltdtGetDimsFromItem", [&] {
        ACLEMU_FIND(acltdtDataItem, item, live_item, dataItem);
        if (dimNum < item->dims.size()) {
            return reject_arg(ACL_ERROR_INVALID_PARAM,
                              "dimNum",
                              dimNum,
                              "the item has " + std::to_string(item->dims.size()) + " dims");
        }
        if (!item->dims.empty()) {
            ACLEMU_CHECK_NOT_NULL(dims);
        }
        for (size_t i = 0; i < item->dims.size(); ++i) {
            dims[i] = item->dims[i];
        }
        return ACL_SUCCESS;
    });
}

acltdtDataItem* acltdtCreateDataItem(acltdtTensorType tdtType,
                                     const int64_t* dims,
                                     size_t dimNum,
                                     aclDataType dataType,
                                     void* data,
                                     size_t size) {
    acltdtDataItem* created = nullptr;
    const int64_t type = aclemu::enum_value(tdtType);  // a C caller may pass any int
    api_call("acltdtCreateDataItem", [&] {
        ACLEMU_TRY(check_tensor_type(type));
        ACLEMU_TRY(
            reject_if(dimNum > kMaxDims, "dimNum", dimNum, "at most 128 dims (ACL_MAX_DIM_CNT)"));
        ACLEMU_TRY(check_array("dims", dims, dimNum));
        ACLEMU_TRY(check_array("data", data, size));
        created = data_items().create();
        if (created == nullptr) {
            return fail(ACL_ERROR_BAD_ALLOC, msg_runtime("out of memory for a data item"));
        }
        created->type = static_cast<acltdtTensorType>(type);  // checked above
        created->dims.assign(dims, dims + dimNum);
        created->data_type = dataType;
        created->data = data;
        created->size = size;
        return ACL_SUCCESS;
    });
    return created;
}

aclError acltdtDestroyDataItem(acltdtDataItem* dataItem) {
    return api_call("acltdtDestroyDataItem", [&] { return destroy(dataItem, "dataItem"); });
}

acltdtDataset* acltdtCreateDataset(void) {
    return create_handle("acltdtCreateDataset", datasets());
}

aclError acltdtDestroyDataset(acltdtDataset* dataset) {
    return api_call("acltdtDestroyDataset", [&] { return destroy(dataset, "dataset"); });
}

acltdtDataItem* acltdtGetDataItem(const acltdtDataset* dataset, size_t index) {
    acltdtDataItem* item = nullptr;
    api_call("acltdtGetDataItem", [&] {
        ACLEMU_FIND(acltdtDataset, found, live_dataset, dataset);
        ACLEMU_TRY(check_index(index, found->items.size(), "dataset", "item(s)"));
        item = found->items[index];
        return ACL_SUCCESS;
    });
    return item;
}

aclError acltdtAddDataItem(acltdtDataset* dataset, acltdtDataItem* dataItem) {
    return api_call("acltdtAddDataItem", [&] {
        ACLEMU_FIND(acltdtDataset, found, live_dataset, dataset);
        ACLEMU_TRY(live_item(dataItem, nullptr));
        found->items.push_back(dataItem);
        return ACL_SUCCESS;
    });
}

size_t acltdtGetDatasetSize(const acltdtDataset* dataset) {
    size_t size = 0;
    api_call("acltdtGetDatasetSize", [&] {
        ACLEMU_FIND(acltdtDataset, found, live_dataset, dataset);
        size = found->items.size();
        return ACL_SUCCESS;
    });
    return size;
}

const char* acltdtGetDatasetName(const acltdtDataset* dataset) {
    const char* name = nullptr;
    api_call("acltdtGetDatasetName", [&] {
        ACLEMU_FIND(acltdtDataset, found, live_dataset, dataset);
        name = found->name.c_str();  // lives as long as the dataset
        return ACL_SUCCESS;
    });
    return name;
}

}  // extern "C"
