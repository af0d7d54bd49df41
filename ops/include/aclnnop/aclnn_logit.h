// aclnnLogit: out = log(z / (1 - z)), z = input clamped to [eps, 1 - eps] when eps >= 0.
#ifndef ACLEMU_ACLNNOP_ACLNN_LOGIT_H
#define ACLEMU_ACLNNOP_ACLNN_LOGIT_H

#include "aclnn/aclnn_base.h"

#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Phase 1 of Logit. eps is narrowed to float; then per element, in fp32 for every dtype:
 *   eps >= 0:        z = input clamped to [eps, 1 - eps] (NaN stays NaN)
 *   eps < 0 or NaN:  z = input
 *   out = log(z / (1 - z)), rounded once (to nearest even) to the output dtype.
 *
 * @param input  device tensor, FLOAT, FLOAT16 or BFLOAT16, rank 0 to 8, any strides
 * @param eps    the clamping epsilon (CANN's suggested value is -1: no clamping)
 * @param out    the result; same dtype and view shape as input
 * @param workspaceSize  receives the device workspace phase 2 needs, in bytes
 * @param executor       receives the executor to pass to aclnnLogit
 * @return ACLNN_SUCCESS;
 *         ACLNN_ERR_PARAM_NULLPTR (161001) when input, out, workspaceSize or executor is NULL;
 *         ACLNN_ERR_PARAM_INVALID (161002) when the dtypes are unsupported or differ, a format
 *         is not ND-like, out's view shape differs from input's, the rank exceeds 8, or a view
 *         does not fit its storage
 */
ACLNN_API aclnnStatus aclnnLogitGetWorkspaceSize(const aclTensor* input,
                                                 double eps,
                                                 const aclTensor* out,
                                                 uint64_t* workspaceSize,
                                                 aclOpExecutor** executor);

/**
 * Phase 2 of Logit: runs the executor of phase 1 on `stream` (NULL: the current context's
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
ACLNN_API aclnnStatus aclnnLogit(void* workspace,
                                 uint64_t workspaceSize,
                                 aclOpExecutor* executor,
                                 aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif  // ACLEMU_ACLNNOP_ACLNN_LOGIT_H
