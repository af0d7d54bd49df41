/* TDT channels (libacl_tdt_channel.so): named, bounded first-in first-out channels that carry
 * datasets (lists of tensors) between a producer and a consumer, with the dataset and data-item
 * API. aclemu keeps a channel in host memory; a send copies the items' data into the channel and
 * a receive hands out new items that own their copy (destroy them with acltdtDestroyDataItem). */
#ifndef ACLEMU_ACL_ACL_TDT_H
#define ACLEMU_ACL_ACL_TDT_H

#include "acl/acl_base.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum acltdtTensorType {
    ACL_TENSOR_DATA_UNDEFINED = -1,
    ACL_TENSOR_DATA_TENSOR = 0,
    ACL_TENSOR_DATA_END_OF_SEQUENCE = 1,
    ACL_TENSOR_DATA_ABNORMAL = 2,
    ACL_TENSOR_DATA_SLICE_TENSOR = 3,
    ACL_TENSOR_DATA_END_TENSOR = 4
} acltdtTensorType;

typedef struct acltdtDataItem acltdtDataItem;
typedef struct acltdtDataset acltdtDataset;
typedef struct acltdtChannelHandle acltdtChannelHandle;

/* Data items: a tensor (type, shape, data type, data) of a dataset. Getters answer
 * ACL_TENSOR_DATA_UNDEFINED, ACL_DT_UNDEFINED, NULL or 0 for a NULL or destroyed item. */
ACL_FUNC_VISIBILITY acltdtTensorType acltdtGetTensorTypeFromItem(const acltdtDataItem* dataItem);
ACL_FUNC_VISIBILITY aclDataType acltdtGetDataTypeFromItem(const acltdtDataItem* dataItem);
ACL_FUNC_VISIBILITY void* acltdtGetDataAddrFromItem(const acltdtDataItem* dataItem);
ACL_FUNC_VISIBILITY size_t acltdtGetDataSizeFromItem(const acltdtDataItem* dataItem);
ACL_FUNC_VISIBILITY size_t acltdtGetDimNumFromItem(const acltdtDataItem* dataItem);
ACL_FUNC_VISIBILITY aclError acltdtGetSliceInfoFromItem(const acltdtDataItem* dataItem,
                                                        size_t* sliceNum,
                                                        size_t* sliceId);
/** Copies the item's dims into dims[0 .. dimNum); dimNum must be at least the item's. */
ACL_FUNC_VISIBILITY aclError acltdtGetDimsFromItem(const acltdtDataItem* dataItem,
                                                   int64_t* dims,
                                                   size_t dimNum);
/** The item refers to `data` (it does not copy it) until a send copies it into a channel. */
ACL_FUNC_VISIBILITY acltdtDataItem* acltdtCreateDataItem(acltdtTensorType tdtType,
                                                         const int64_t* dims,
                                                         size_t dimNum,
                                                         aclDataType dataType,
                                                         void* data,
                                                         size_t size);
ACL_FUNC_VISIBILITY aclError acltdtDestroyDataItem(acltdtDataItem* dataItem);

/* Datasets: an ordered list of items. Destroying a dataset leaves its items alive. */
ACL_FUNC_VISIBILITY acltdtDataset* acltdtCreateDataset(void);
ACL_FUNC_VISIBILITY aclError acltdtDestroyDataset(acltdtDataset* dataset);
ACL_FUNC_VISIBILITY acltdtDataItem* acltdtGetDataItem(const acltdtDataset* dataset, size_t index);
ACL_FUNC_VISIBILITY aclError acltdtAddDataItem(acltdtDataset* dataset, acltdtDataItem* dataItem);
ACL_FUNC_VISIBILITY size_t acltdtGetDatasetSize(const acltdtDataset* dataset);
/** The name of the channel a received dataset came through ("" for one never received). */
ACL_FUNC_VISIBILITY const char* acltdtGetDatasetName(const acltdtDataset* dataset);

/* Channels. Timeouts are in milliseconds: -1 waits for ever, 0 does not wait. A send to a full
 * channel ends with ACL_ERROR_RT_QUEUE_FULL, a receive from an empty one with
 * ACL_ERROR_RT_QUEUE_EMPTY, and both with ACL_ERROR_RT_END_OF_SEQUENCE once the channel is
 * stopped (a receive first drains what is queued). */
ACL_FUNC_VISIBILITY aclError acltdtStopChannel(acltdtChannelHandle* handle);
/** A channel of the default capacity (128 datasets). */
ACL_FUNC_VISIBILITY acltdtChannelHandle* acltdtCreateChannel(uint32_t deviceId, const char* name);
ACL_FUNC_VISIBILITY acltdtChannelHandle* acltdtCreateChannelWithCapacity(uint32_t deviceId,
                                                                         const char* name,
                                                                         size_t capacity);
ACL_FUNC_VISIBILITY aclError acltdtDestroyChannel(acltdtChannelHandle* handle);
/** Drops every dataset queued in the channel. */
ACL_FUNC_VISIBILITY aclError acltdtCleanChannel(acltdtChannelHandle* handle);
ACL_FUNC_VISIBILITY aclError acltdtSendTensor(const acltdtChannelHandle* handle,
                                              const acltdtDataset* dataset,
                                              int32_t timeout);
/** Appends the received items to `dataset`, which must be empty. */
ACL_FUNC_VISIBILITY aclError acltdtReceiveTensor(const acltdtChannelHandle* handle,
                                                 acltdtDataset* dataset,
                                                 int32_t timeout);
/** The number of datasets queued in the channel. */
ACL_FUNC_VISIBILITY aclError acltdtQueryChannelSize(const acltdtChannelHandle* handle,
                                                    size_t* size);

#ifdef __cplusplus
}
#endif

#endif /* ACLEMU_ACL_ACL_TDT_H */
