// aclnnBatchNormStats: per-channel mean and inverse standard deviation of one device's batch
// (the first step of SyncBatchNorm).
#ifndef ACLEMU_ACLNNOP_ACLNN_BATCH_NORM_STATS_H
#define ACLEMU_ACLNNOP_ACLNN_BATCH_NORM_STATS_H

#include "aclnn/aclnn_base.h"

#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Phase 1 of BatchNormStats: for every channel c of dim 1, over every other dim,
 *   mean[c] = sum(x) / n,  invstd[c] = 1 / sqrt(sum((x - mean)^2) / n + eps)
 * accumulated in fp32 (chunked two-pass sums merged exactly; deterministic). eps is narrowed to
 * float. A channel with no elements (N = 0) gives mean 0 and invstd NaN.
 *
 * @param input   device tensor [N, C, *], rank 2 to 8, FLOAT, FLOAT16 or BFLOAT16, any strides
 * @param eps     added to the variance
 * @param mean    the result [C], FLOAT
 * @param invstd  the result [C], FLOAT
 * @param workspaceSize  receives the device workspace phase 2 needs, in bytes
 * @param executor       receives the executor to pass to aclnnBatchNormStats
 * @return ACLNN_SUCCESS;
 *         ACLNN_ERR_PARAM_NULLPTR (161001) when input, mean, invstd, workspaceSize or executor
 *         is NULL;
 *         ACLNN_ERR_PARAM_INVALID (161002) when a dtype or format is not supported, input's
 *         rank is outside [2, 8], C is 0, mean or invstd is not [C], or a view does not fit its
 *         storage
 */
ACLNN_API aclnnStatus aclnnBatchNormStatsGetWorkspaceSize(const aclTensor* input,
                                                          double eps,
                                                          aclTensor* mean,
                                                          aclTensor* invstd,
                                                          uint64_t* workspaceSize,
                                                          aclOpExecutor** executor);

/**
 * Phase 2 of BatchNormStats: runs the executor of phase 1 on `stream` (NULL: the current context's
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
ACLNN_API aclnnStatus aclnnBatchNormStats(void* workspace,
                                          uint64_t workspaceSize,
                                          aclOpExecutor* executor,
                                          aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif  // ACLEMU_ACLNNOP_ACLNN_BATCH_NORM_STATS_H
