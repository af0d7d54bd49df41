// aclnnBatchNormElemtBackward: the input gradient of SyncBatchNorm from the all-reduced sums.
#ifndef ACLEMU_ACLNNOP_ACLNN_BATCH_NORM_ELEMT_BACKWARD_H
#define ACLEMU_ACLNNOP_ACLNN_BATCH_NORM_ELEMT_BACKWARD_H

#include "aclnn/aclnn_base.h"

#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Phase 1 of BatchNormElemtBackward: with n = the sum of counter's elements,
 *   gradInput = (gradOut - sumDy[c] / n - (input - mean[c]) * invstd[c]^2 * sumDyXmu[c] / n)
 *               * invstd[c] * weight[c]
 * in fp32 (weight defaults to 1), rounded once to gradInput's dtype.
 *
 * @param gradOut    device tensor [N, C, *], rank <= 8, FLOAT, FLOAT16 or BFLOAT16
 * @param input      the forward's input, gradOut's shape and dtype, rank 2 to 8
 * @param mean, invstd, weight (optional), sumDy, sumDyXmu   [C] each
 * @param counter    the devices' element counts (any shape, rank <= 8), FLOAT, FLOAT16 or INT32
 * @param gradInput  the result, input's shape and dtype
 * @return ACLNN_SUCCESS;
 *         ACLNN_ERR_PARAM_NULLPTR (161001) when a required tensor, workspaceSize or executor is
 *         NULL;
 *         ACLNN_ERR_PARAM_INVALID (161002) when a dtype or format is not supported, a rank is
 *         out of range, C is 0, gradOut's or gradInput's shape differs from input's, a channel
 *         vector is not [C], the dtypes of gradOut, input and gradInput differ, or a view does
 *         not fit its storage
 */
ACLNN_API aclnnStatus aclnnBatchNormElemtBackwardGetWorkspaceSize(const aclTensor* gradOut,
                                                                  const aclTensor* input,
                                                                  const aclTensor* mean,
                                                                  const aclTensor* invstd,
                                                                  const aclTensor* weight,
                                                                  const aclTensor* sumDy,
                                                                  const aclTensor* sumDyXmu,
                                                                  aclTensor* counter,
                                                                  aclTensor* gradInput,
                                                                  uint64_t* workspaceSize,
                                                                  aclOpExecutor** executor);

/**
 * Phase 2 of BatchNormElemtBackward: runs the executor of phase 1 on `stream` (NULL: the current
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
ACLNN_API aclnnStatus aclnnBatchNormElemtBackward(void* workspace,
                                                  uint64_t workspaceSize,
                                                  aclOpExecutor* executor,
                                                  aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif  // ACLEMU_ACLNNOP_ACLNN_BATCH_NORM_ELEMT_BACKWARD_H
