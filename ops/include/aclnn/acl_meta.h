// The aclnn base types (tensors, scalars, host arrays, executors) and the functions that create,
// inspect and destroy them; implemented in libnnopbase.so. C++ only, as in CANN (<cstdint>,
// constexpr). Status codes (ACLNN_SUCCESS, ACLNN_ERR_*) come from aclnn/opdev/op_errno.h, which
// aclnn/aclnn_base.h and every aclnnop/ header include.
#ifndef ACLEMU_ACLNN_ACL_META_H
#define ACLEMU_ACLNN_ACL_META_H

#include "acl/acl_base.h"

#include <cstdint>
#include <cstdlib>

#ifndef ACLNN_META
#    define ACLNN_META
typedef int32_t aclnnStatus;
constexpr aclnnStatus OK = 0;
#endif

#ifdef __cplusplus
extern "C" {
#endif

/// A view (shape, strides and offset in elements) over device storage.
typedef struct aclTensor aclTensor;
/// One host value of a given dtype.
typedef struct aclScalar aclScalar;
/// Host arrays, copied in at creation.
typedef struct aclIntArray aclIntArray;
typedef struct aclFloatArray aclFloatArray;
typedef struct aclBoolArray aclBoolArray;
/// Lists that own their elements.
typedef struct aclTensorList aclTensorList;
typedef struct aclScalarList aclScalarList;
/// What phase 1 of an operator (aclnnXxxGetWorkspaceSize) hands to phase 2 (aclnnXxx).
typedef struct aclOpExecutor aclOpExecutor;

// ---------------------------------------------------------------------------------------------
// Creation. Each returns NULL on invalid arguments (the reason is left for aclGetRecentErrMsg)
// or when memory runs out.
// ---------------------------------------------------------------------------------------------

/**
 * Creates a tensor: a view of `viewDims` with `stride` (elements, one per view dim) starting
 * `offset` elements into a storage of shape `storageDims` at device address `tensorData`.
 * @param stride      NULL: the row-major contiguous strides of viewDims
 * @param tensorData  may be NULL (a tensor that only describes a shape)
 * @return the tensor, or NULL when viewDims (storageDims) is NULL with a non-zero count, or a
 *         dim is negative. Free with aclDestroyTensor.
 */
ACL_FUNC_VISIBILITY aclTensor* aclCreateTensor(const int64_t* viewDims,
                                               uint64_t viewDimsNum,
                                               aclDataType dataType,
                                               const int64_t* stride,
                                               int64_t offset,
                                               aclFormat format,
                                               const int64_t* storageDims,
                                               uint64_t storageDimsNum,
                                               void* tensorData);

/**
 * Creates a scalar holding a copy of the value of type `dataType` that `value` points to.
 * @return NULL when value is NULL or dataType has no fixed byte size
 */
ACL_FUNC_VISIBILITY aclScalar* aclCreateScalar(void* value, aclDataType dataType);

/**
 * Create host arrays holding copies of `size` values.
 * @return NULL when value is NULL and size > 0
 */
ACL_FUNC_VISIBILITY aclIntArray* aclCreateIntArray(const int64_t* value, uint64_t size);
ACL_FUNC_VISIBILITY aclFloatArray* aclCreateFloatArray(const float* value, uint64_t size);
ACL_FUNC_VISIBILITY aclBoolArray* aclCreateBoolArray(const bool* value, uint64_t size);

/**
 * Create lists of `size` tensors (scalars). The list TAKES OWNERSHIP of the elements:
 * aclDestroyTensorList (aclDestroyScalarList) destroys them, so the caller must not destroy
 * them again. On failure (NULL value with size > 0, a NULL or repeated element) nothing is
 * taken and NULL is returned.
 */
ACL_FUNC_VISIBILITY aclTensorList* aclCreateTensorList(const aclTensor* const* value,
                                                       uint64_t size);
ACL_FUNC_VISIBILITY aclScalarList* aclCreateScalarList(const aclScalar* const* value,
                                                       uint64_t size);

// ---------------------------------------------------------------------------------------------
// Destruction. NULL is accepted (ACLNN_SUCCESS). Lists also destroy their elements.
// ---------------------------------------------------------------------------------------------

ACL_FUNC_VISIBILITY aclnnStatus aclDestroyTensor(const aclTensor* tensor);
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyScalar(const aclScalar* scalar);
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyIntArray(const aclIntArray* array);
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyFloatArray(const aclFloatArray* array);
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyBoolArray(const aclBoolArray* array);
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyTensorList(const aclTensorList* array);
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyScalarList(const aclScalarList* array);

// ---------------------------------------------------------------------------------------------
// Queries. Every pointer argument is required (NULL -> ACLNN_ERR_PARAM_NULLPTR).
// ---------------------------------------------------------------------------------------------

/**
 * Copy a tensor's view dims, storage dims or view strides into a new array. The caller owns
 * `*viewDims` (etc.) and releases it with delete[].
 * @return ACLNN_SUCCESS; ACLNN_ERR_PARAM_NULLPTR for a NULL argument;
 *         ACLNN_ERR_INNER_NULLPTR when the array cannot be allocated
 */
ACL_FUNC_VISIBILITY aclnnStatus aclGetViewShape(const aclTensor* tensor,
                                                int64_t** viewDims,
                                                uint64_t* viewDimsNum);
ACL_FUNC_VISIBILITY aclnnStatus aclGetStorageShape(const aclTensor* tensor,
                                                   int64_t** storageDims,
                                                   uint64_t* storageDimsNum);
ACL_FUNC_VISIBILITY aclnnStatus aclGetViewStrides(const aclTensor* tensor,
                                                  int64_t** stridesValue,
                                                  uint64_t* stridesNum);

/// The view's offset into its storage, in elements.
ACL_FUNC_VISIBILITY aclnnStatus aclGetViewOffset(const aclTensor* tensor, int64_t* offset);
ACL_FUNC_VISIBILITY aclnnStatus aclGetFormat(const aclTensor* tensor, aclFormat* format);
ACL_FUNC_VISIBILITY aclnnStatus aclGetDataType(const aclTensor* tensor, aclDataType* dataType);
ACL_FUNC_VISIBILITY aclnnStatus aclGetIntArraySize(const aclIntArray* array, uint64_t* size);
ACL_FUNC_VISIBILITY aclnnStatus aclGetFloatArraySize(const aclFloatArray* array, uint64_t* size);
ACL_FUNC_VISIBILITY aclnnStatus aclGetBoolArraySize(const aclBoolArray* array, uint64_t* size);
ACL_FUNC_VISIBILITY aclnnStatus aclGetTensorListSize(const aclTensorList* tensorList,
                                                     uint64_t* size);
ACL_FUNC_VISIBILITY aclnnStatus aclGetScalarListSize(const aclScalarList* scalarList,
                                                     uint64_t* size);

// ---------------------------------------------------------------------------------------------
// Modification
// ---------------------------------------------------------------------------------------------

/**
 * Re-describes an existing tensor in place, with the arguments of aclCreateTensor.
 * @return ACLNN_SUCCESS; ACLNN_ERR_PARAM_NULLPTR when tensor is NULL, or viewDims (storageDims)
 *         is NULL with a non-zero count; ACLNN_ERR_PARAM_INVALID for a negative dim
 */
ACL_FUNC_VISIBILITY aclnnStatus aclInitTensor(aclTensor* tensor,
                                              const int64_t* viewDims,
                                              uint64_t viewDimsNum,
                                              aclDataType dataType,
                                              const int64_t* stride,
                                              int64_t offset,
                                              aclFormat format,
                                              const int64_t* storageDims,
                                              uint64_t storageDimsNum,
                                              void* tensorDataAddr);

/// Replace / read a tensor's storage address. NULL tensor (or addr out-pointer) ->
/// ACLNN_ERR_PARAM_NULLPTR.
ACL_FUNC_VISIBILITY aclnnStatus aclSetRawTensorAddr(aclTensor* tensor, void* addr);
ACL_FUNC_VISIBILITY aclnnStatus aclGetRawTensorAddr(const aclTensor* tensor, void** addr);

// ---------------------------------------------------------------------------------------------
// Executors. By default phase 2 (aclnnXxx) consumes the executor phase 1 returned; running it a
// second time returns ACLNN_ERR_INNER.
// ---------------------------------------------------------------------------------------------

/**
 * Keeps the executor alive after phase 2, so phase 2 may run it again (with new tensor addresses
 * set by aclSet*TensorAddr). The caller must then release it with aclDestroyAclOpExecutor.
 * @return ACLNN_SUCCESS; ACLNN_ERR_INNER_NULLPTR for NULL; ACLNN_ERR_INNER for a handle that is
 *         not a live executor
 */
ACL_FUNC_VISIBILITY aclnnStatus aclSetAclOpExecutorRepeatable(aclOpExecutor* executor);

/**
 * Releases an executor (normally a repeatable one).
 * @return ACLNN_SUCCESS; ACLNN_ERR_INNER_NULLPTR for NULL; ACLNN_ERR_INNER for a handle that is
 *         not a live executor
 */
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor* executor);

/**
 * Change the device address of the executor's input `index` (output `index`; for
 * aclSetTensorAddr, `index` counts the inputs first, then the outputs) for its next run. When
 * `tensor` is not NULL its storage address is set to `addr` too.
 * @return ACLNN_SUCCESS; ACLNN_ERR_PARAM_NULLPTR for a NULL executor; ACLNN_ERR_INNER when the
 *         executor is not live; ACLNN_ERR_PARAM_INVALID when index is out of range or names an
 *         optional tensor that was passed as NULL
 */
ACL_FUNC_VISIBILITY aclnnStatus aclSetInputTensorAddr(aclOpExecutor* executor,
                                                      const size_t index,
                                                      aclTensor* tensor,
                                                      void* addr);
ACL_FUNC_VISIBILITY aclnnStatus aclSetOutputTensorAddr(aclOpExecutor* executor,
                                                       const size_t index,
                                                       aclTensor* tensor,
                                                       void* addr);
ACL_FUNC_VISIBILITY aclnnStatus aclSetTensorAddr(aclOpExecutor* executor,
                                                 const size_t index,
                                                 aclTensor* tensor,
                                                 void* addr);

/**
 * The same for element `relativeIndex` of the tensor-list parameter `irIndex`. None of aclemu's
 * operators takes a tensor list, so with a live executor these return ACLNN_ERR_PARAM_INVALID.
 */
ACL_FUNC_VISIBILITY aclnnStatus aclSetDynamicInputTensorAddr(aclOpExecutor* executor,
                                                             size_t irIndex,
                                                             const size_t relativeIndex,
                                                             aclTensorList* tensors,
                                                             void* addr);
ACL_FUNC_VISIBILITY aclnnStatus aclSetDynamicOutputTensorAddr(aclOpExecutor* executor,
                                                              size_t irIndex,
                                                              const size_t relativeIndex,
                                                              aclTensorList* tensors,
                                                              void* addr);
ACL_FUNC_VISIBILITY aclnnStatus aclSetDynamicTensorAddr(aclOpExecutor* executor,
                                                        size_t irIndex,
                                                        const size_t relativeIndex,
                                                        aclTensorList* tensors,
                                                        void* addr);

/// Capitalised spellings of the six functions above; identical behaviour.
ACL_FUNC_VISIBILITY aclnnStatus AclSetInputTensorAddr(aclOpExecutor* executor,
                                                      const size_t index,
                                                      aclTensor* tensor,
                                                      void* addr);
ACL_FUNC_VISIBILITY aclnnStatus AclSetOutputTensorAddr(aclOpExecutor* executor,
                                                       const size_t index,
                                                       aclTensor* tensor,
                                                       void* addr);
ACL_FUNC_VISIBILITY aclnnStatus AclSetTensorAddr(aclOpExecutor* executor,
                                                 const size_t index,
                                                 aclTensor* tensor,
                                                 void* addr);
ACL_FUNC_VISIBILITY aclnnStatus AclSetDynamicInputTensorAddr(aclOpExecutor* executor,
                                                             size_t irIndex,
                                                             const size_t relativeIndex,
                                                             aclTensorList* tensors,
                                                             void* addr);
ACL_FUNC_VISIBILITY aclnnStatus AclSetDynamicOutputTensorAddr(aclOpExecutor* executor,
                                                              size_t irIndex,
                                                              const size_t relativeIndex,
                                                              aclTensorList* tensors,
                                                              void* addr);
ACL_FUNC_VISIBILITY aclnnStatus AclSetDynamicTensorAddr(aclOpExecutor* executor,
                                                        size_t irIndex,
                                                        const size_t relativeIndex,
                                                        aclTensorList* tensors,
                                                        void* addr);

/**
 * Describes an operator's tensors (dtype, format, view shape, strides, offset, storage
 * address) in the log at INFO level, inputs first. aclemu does not copy tensor data out.
 * @return ACLNN_SUCCESS; ACLNN_ERR_PARAM_NULLPTR when tensors is NULL with a non-zero count
 */
ACL_FUNC_VISIBILITY aclnnStatus aclDumpOpTensors(const char* opType,
                                                 const char* opName,
                                                 aclTensor** tensors,
                                                 size_t inputTensorNum,
                                                 size_t outputTensorNum,
                                                 aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif  // ACLEMU_ACLNN_ACL_META_H
