// aclnnSigmoid and aclnnInplaceSigmoid: out = 1 / (1 + exp(-self)).
#ifndef ACLEMU_ACLNNOP_ACLNN_SIGMOID_H
#define ACLEMU_ACLNNOP_ACLNN_SIGMOID_H

#include "aclnn/aclnn_base.h"

#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Phase 1 of Sigmoid: out = 1 / (1 + exp(-self)), in the overflow-free form
 * (self < 0 ? exp(self) : 1) / (1 + exp(-|self|)), computed in self's dtype (an integer or BOOL
 * self is first converted to out's dtype): in fp32 for FLOAT, FLOAT16 and BFLOAT16, rounded once
 * to that dtype, in double for DOUBLE; then converted to out's dtype.
 *
 * @param self  device tensor, FLOAT, FLOAT16, BFLOAT16, DOUBLE, INT8, UINT8, INT16, INT32,
 *              INT64 or BOOL, rank 0 to 8, any strides
 * @param out   the result, FLOAT, FLOAT16, BFLOAT16 or DOUBLE; same view shape as self
 * @param workspaceSize  receives the device workspace phase 2 needs, in bytes
 * @param executor       receives the executor to pass to aclnnSigmoid
 * @return ACLNN_SUCCESS;
 *         ACLNN_ERR_PARAM_NULLPTR (161001) when self, out, workspaceSize or executor is NULL;
 *         ACLNN_ERR_PARAM_INVALID (161002) when a dtype is not supported, out's view shape
 *         differs from self's, the rank exceeds 8, or a view does not fit its storage
 */
ACLNN_API aclnnStatus aclnnSigmoidGetWorkspaceSize(const aclTensor* self,
                                                   aclTensor* out,
                                                   uint64_t* workspaceSize,
                                                   aclOpExecutor** executor);

/**
 * Phase 2 of Sigmoid: runs the executor of phase 1 on `stream` (NULL: the current context's
 * default stream) and, unless it was made repeatable, releases it.
 * @param workspace  device memory of at least workspaceSize bytes (may be NULL when phase 1
 *                   reported 0)
 * @return ACLNN_SUCCESS;
 *         ACLNN_ERR_PARAM_NULLPTR (161001) for a NULL executor, or a NULL workspace when one is
 *         needed;
 *         ACLNN_ERR_PARAM_INVALID (161002) when the workspace is too small or not device memory,
 *         a tensor's data is not device memory, or the executor belongs to another operator;
 *         ACLNN_ERR_RUNTIME_ERROR (361001) when the stream or the launch fails;
 *         ACLNN_ERR_INNER (561000) when the executor was already consumed or destroyed
 */
ACLNN_API aclnnStatus aclnnSigmoid(void* workspace,
                                   uint64_t workspaceSize,
                                   aclOpExecutor* executor,
                                   aclrtStream stream);

/**
 * Phase 1 of InplaceSigmoid: selfRef = sigmoid(selfRef), selfRef FLOAT, FLOAT16, BFLOAT16 or
 * DOUBLE. Statuses as aclnnSigmoidGetWorkspaceSize, with selfRef named for self and out.
 */
ACLNN_API aclnnStatus aclnnInplaceSigmoidGetWorkspaceSize(aclTensor* selfRef,
                                                          uint64_t* workspaceSize,
                                                          aclOpExecutor** executor);

/**
 * Phase 2 of InplaceSigmoid: runs the executor of phase 1 on `stream` (NULL: the current context's
 * default stream) and, unless it was made repeatable, releases it.
 * @param workspace  device memory of at least workspaceSize bytes (may be NULL when phase 1
 *                   reported 0)
 * @return ACLNN_SUCCESS;
 *         ACLNN_ERR_PARAM_NULLPTR (161001) for a NULL executor, or a NULL workspace when one is
 *         needed;
 *         ACLNN_ERR_PARAM_INVALID (161002) when the workspace is too small or not device memory,
 *         a tensor's data is not device memory, or the executor belongs to another operator;
 *         ACLNN_ERR_RUNTIME_ERROR (361001) when the stream or the launch fails;
 *         ACLNN_ERR_INNER (561000) when the executor was already consumed or destroyed
 */
ACLNN_API aclnnStatus aclnnInplaceSigmoid(void* workspace,
                                          uint64_t workspaceSize,
                                          aclOpExecutor* executor,
                                          aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif  // ACLEMU_ACLNNOP_ACLNN_SIGMOID_H
