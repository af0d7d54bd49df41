// aclnnBatchNormReduceBackward: the per-channel reductions of the batch-norm backward pass
// (SyncBatchNorm's first backward step).
#ifndef ACLEMU_ACLNNOP_ACLNN_BATCH_NORM_BACKWARD_REDUCE_H
#define ACLEMU_ACLNNOP_ACLNN_BATCH_NORM_BACKWARD_REDUCE_H

#include "aclnn/aclnn_base.h"

#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Phase 1 of BatchNormReduceBackward. The channel axis is view dim 1 of `input`, whatever the
 * format tag; with c that channel and the sums over every other dim, in fp32:
 *   sumDy[c]      = sum(gradOut)
 *   sumDyXmu[c]   = sum(gradOut * (input - mean[c]))
 *   gradWeight[c] = sumDyXmu[c] * invstd[c]
 *   gradBias[c]   = sumDy[c]
 * Each result is rounded once to its own output's dtype. Empty inputs give zeros.
 *
 * @param gradOut     device tensor [N, C, ...], rank 2 to 8, FLOAT, FLOAT16 or BFLOAT16
 * @param input       the forward input; same dtype, storage format and view shape as gradOut
 * @param mean        1-D [C], FLOAT, FLOAT16 or BFLOAT16 (may differ from input's dtype)
 * @param invstd      1-D [C], FLOAT, FLOAT16 or BFLOAT16
 * @param weight      optional (may be NULL); never enters the results
 * @param inputG      compute sumDy and sumDyXmu
 * @param weightG     compute gradWeight
 * @param biasG       compute gradBias
 * @param sumDy, sumDyXmu, gradWeight, gradBias
 *                    outputs, each 1-D [C], FLOAT, FLOAT16 or BFLOAT16; one whose flag is false
 *                    is neither checked nor written and may be NULL
 * @param workspaceSize  receives the device workspace phase 2 needs, in bytes
 * @param executor       receives the executor to pass to aclnnBatchNormReduceBackward
 * @return ACLNN_SUCCESS;
 *         ACLNN_ERR_PARAM_NULLPTR (161001) when gradOut, input, mean, invstd, a requested
 *         output, workspaceSize or executor is NULL;
 *         ACLNN_ERR_PARAM_INVALID (161002) for an unsupported dtype, gradOut's dtype or storage
 *         format differing from input's, a private format (NC1HWC0, FRACTAL_Z, FRACTAL_NZ, ...),
 *         a rank outside [2, 8], C == 0, an output or mean/invstd that is not [C], or a view
 *         that does not fit its storage
 */
ACLNN_API aclnnStatus aclnnBatchNormReduceBackwardGetWorkspaceSize(const aclTensor* gradOut,
                                                                   const aclTensor* input,
                                                                   const aclTensor* mean,
                                                                   const aclTensor* invstd,
                                                                   const aclTensor* weight,
                                                                   const bool inputG,
                                                                   const bool weightG,
                                                                   const bool biasG,
                                                                   aclTensor* sumDy,
                                                                   aclTensor* sumDyXmu,
                                                                   aclTensor* gradWeight,
                                                                   aclTensor* gradBias,
                                                                   uint64_t* workspaceSize,
                                                                   aclOpExecutor** executor);

/**
 * Phase 2 of BatchNormReduceBackward: runs the executor of phase 1 on `stream` (NULL: the
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
ACLNN_API aclnnStatus aclnnBatchNormReduceBackward(void* workspace,
                                                   uint64_t workspaceSize,
                                                   aclOpExecutor* executor,
                                                   const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif  // ACLEMU_ACLNNOP_ACLNN_BATCH_NORM_BACKWARD_REDUCE_H
