// aclnnBatchNormGatherStatsWithCounts: merges the per-device statistics of SyncBatchNorm.
#ifndef ACLEMU_ACLNNOP_ACLNN_BATCH_NORM_GATHER_STATS_WITH_COUNTS_H
#define ACLEMU_ACLNNOP_ACLNN_BATCH_NORM_GATHER_STATS_WITH_COUNTS_H

#include "aclnn/aclnn_base.h"

#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Phase 1 of BatchNormGatherStatsWithCounts: for every channel c, the W devices' (mean[w][c],
 * biased variance 1 / invstd[w][c]^2 - eps, counts[w]) are merged in device order (exactly, in
 * fp32) into meanAll[c] and invstdAll[c] = 1 / sqrt(var + eps); runningMean and runningVar,
 * when given, become (1 - momentum) * old + momentum * (meanAll, unbiased variance). eps and
 * momentum are narrowed to float. No devices (W = 0): meanAll 0, invstdAll NaN.
 *
 * @param input        the local batch [N, C, *], rank 2 to 8 (only its C and dtype are used)
 * @param mean         [W, C] the devices' means (BatchNormStats)
 * @param invstd       [W, C] the devices' invstds
 * @param runningMean  optional [C], updated in place
 * @param runningVar   optional [C], updated in place
 * @param counts       [W] each device's element count per channel
 * @param meanAll      the result [C]
 * @param invstdAll    the result [C]
 * All tensors FLOAT, FLOAT16 or BFLOAT16, each its own.
 * @return ACLNN_SUCCESS;
 *         ACLNN_ERR_PARAM_NULLPTR (161001) when a required tensor, workspaceSize or executor is
 *         NULL;
 *         ACLNN_ERR_PARAM_INVALID (161002) when a dtype or format is not supported, input's
 *         rank is outside [2, 8], mean or invstd is not 2-D [W, C], counts is not [W], a
 *         running tensor, meanAll or invstdAll is not [C], or a view does not fit its storage
 */
ACLNN_API aclnnStatus aclnnBatchNormGatherStatsWithCountsGetWorkspaceSize(const aclTensor* input,
                                                                          const aclTensor* mean,
                                                                          const aclTensor* invstd,
                                                                          aclTensor* runningMean,
                                                                          aclTensor* runningVar,
                                                                          double momentum,
                                                                          double eps,
                                                                          const aclTensor* counts,
                                                                          aclTensor* meanAll,
                                                                          aclTensor* invstdAll,
                                                                          uint64_t* workspaceSize,
                                                                          aclOpExecutor** executor);

/**
 * Phase 2 of BatchNormGatherStatsWithCounts: runs the executor of phase 1 on `stream` (NULL: the
 * current context's default stream) and, unless it was made repeatable, releases it.
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
ACLNN_API aclnnStatus aclnnBatchNormGatherStatsWithCounts(void* workspace,
                                                          uint64_t workspaceSize,
                                                          aclOpExecutor* executor,
                                                          aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif  // ACLEMU_ACLNNOP_ACLNN_BATCH_NORM_GATHER_STATS_WITH_COUNTS_H
