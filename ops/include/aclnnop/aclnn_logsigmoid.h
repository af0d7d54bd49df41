// aclnnLogSigmoid and aclnnLogSigmoidForward: out = log(1 / (1 + exp(-self))).
#ifndef ACLEMU_ACLNNOP_ACLNN_LOGSIGMOID_H
#define ACLEMU_ACLNNOP_ACLNN_LOGSIGMOID_H

#include "aclnn/aclnn_base.h"

#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Phase 1 of LogSigmoid: out = log(1 / (1 + exp(-self))), evaluated in fp32 as
 * min(self, 0) - log1p(exp(-|self|)) and rounded once (to nearest even) to the output dtype.
 *
 * @param self  device tensor, FLOAT, FLOAT16 or BFLOAT16, any rank (0-D included), any strides
 * @param out   the result; same dtype and view shape as self
 * @param workspaceSize  receives the device workspace phase 2 needs, in bytes
 * @param executor       receives the executor to pass to aclnnLogSigmoid
 * @return ACLNN_SUCCESS;
 *         ACLNN_ERR_PARAM_NULLPTR (161001) when self, out, workspaceSize or executor is NULL;
 *         ACLNN_ERR_PARAM_INVALID (161002) when a dtype is not supported, out's dtype or view
 *         shape differs from self's, or a view does not fit its storage
 */
ACLNN_API aclnnStatus aclnnLogSigmoidGetWorkspaceSize(const aclTensor* self,
                                                      aclTensor* out,
                                                      uint64_t* workspaceSize,
                                                      aclOpExecutor** executor);

/**
 * Phase 2 of LogSigmoid: runs the executor of phase 1 on `stream` (NULL: the current context's
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
ACLNN_API aclnnStatus aclnnLogSigmoid(void* workspace,
                                      uint64_t workspaceSize,
                                      aclOpExecutor* executor,
                                      aclrtStream stream);

/**
 * Phase 1 of LogSigmoidForward: LogSigmoid with the forward's `buffer` output of the PyTorch
 * op. The buffer is neither checked nor written (CANN leaves it unused; it may be NULL).
 * Statuses as aclnnLogSigmoidGetWorkspaceSize.
 */
ACLNN_API aclnnStatus aclnnLogSigmoidForwardGetWorkspaceSize(const aclTensor* self,
                                                             aclTensor* out,
                                                             aclTensor* buffer,
                                                             uint64_t* workspaceSize,
                                                             aclOpExecutor** executor);

/**
 * Phase 2 of LogSigmoidForward: runs the executor of phase 1 on `stream` (NULL: the current
 * context's default stream) and, unless it was made repeatable, releases it.
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
ACLNN_API aclnnStatus aclnnLogSigmoidForward(void* workspace,
                                             uint64_t workspaceSize,
                                             aclOpExecutor* executor,
                                             aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif  // ACLEMU_ACLNNOP_ACLNN_LOGSIGMOID_H
