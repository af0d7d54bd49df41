// aclnnBatchNormElemt: normalizes a batch with given per-channel statistics (SyncBatchNorm's
// forward transform).
#ifndef ACLEMU_ACLNNOP_ACLNN_BATCH_NORM_ELEMT_H
#define ACLEMU_ACLNNOP_ACLNN_BATCH_NORM_ELEMT_H

#include "aclnn/aclnn_base.h"

#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Phase 1 of BatchNormElemt: out = (input - mean[c]) * invstd[c] * weight[c] + bias[c] in fp32,
 * rounded once to out's dtype; weight defaults to 1 and bias to 0. eps is accepted and unused:
 * invstd already holds it.
 *
 * @param input   device tensor [N, C, *], rank 2 to 8, FLOAT, FLOAT16 or BFLOAT16, any strides
 * @param weight  optional [C]
 * @param bias    optional [C]
 * @param mean    [C]
 * @param invstd  [C]
 * @param output  the result, input's shape, dtype and format
 * @return ACLNN_SUCCESS;
 *         ACLNN_ERR_PARAM_NULLPTR (161001) when workspaceSize or executor is NULL;
 *         ACLNN_ERR_PARAM_INVALID (161002) when input, mean, invstd or output is NULL (CANN's
 *         code for them), a dtype is not supported, input's dtype or format differs from
 *         output's, a format is private, a rank is outside [2, 8], output's shape differs from
 *         input's, C is 0, a channel vector is not [C], or a view does not fit its storage
 */
ACLNN_API aclnnStatus aclnnBatchNormElemtGetWorkspaceSize(const aclTensor* input,
                                                          const aclTensor* weight,
                                                          const aclTensor* bias,
                                                          aclTensor* mean,
                                                          aclTensor* invstd,
                                                          double eps,
                                                          aclTensor* output,
                                                          uint64_t* workspaceSize,
                                                          aclOpExecutor** executor);

/**
 * Phase 2 of BatchNormElemt: runs the executor of phase 1 on `stream` (NULL: the current context's
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
ACLNN_API aclnnStatus aclnnBatchNormElemt(void* workspace,
                                          uint64_t workspaceSize,
                                          aclOpExecutor* executor,
                                          aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif  // ACLEMU_ACLNNOP_ACLNN_BATCH_NORM_ELEMT_H
