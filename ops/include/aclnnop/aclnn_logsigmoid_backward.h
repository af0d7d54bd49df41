// aclnnLogSigmoidBackward: the gradient of LogSigmoid, gradInput = gradOutput * sigmoid(-self).
#ifndef ACLEMU_ACLNNOP_ACLNN_LOGSIGMOID_BACKWARD_H
#define ACLEMU_ACLNNOP_ACLNN_LOGSIGMOID_BACKWARD_H

#include "aclnn/aclnn_base.h"

#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Phase 1 of LogSigmoidBackward: validates the arguments and plans the computation
 *   gradInput = gradOutput * 1 / (1 + exp(self))
 * evaluated in fp32 in the stable form z = exp(-|self|), gradOutput * (self < 0 ? 1 - z/(1+z)
 * : z/(1+z)), and rounded once (to nearest even) to the output dtype.
 *
 * @param gradOutput     device tensor, FLOAT, FLOAT16 or BFLOAT16, any rank (0-D included), any
 *                       strides
 * @param self           the forward input; same dtype and view shape as gradInput
 * @param buffer         the forward's buffer; must not be NULL, otherwise unused (its dtype and
 *                       shape are not checked)
 * @param gradInput      the result; same dtype and view shape as gradOutput
 * @param workspaceSize  receives the device workspace phase 2 needs, in bytes
 * @param executor       receives the executor to pass to aclnnLogSigmoidBackward
 * @return ACLNN_SUCCESS;
 *         ACLNN_ERR_PARAM_NULLPTR (161001) when a tensor, workspaceSize or executor is NULL;
 *         ACLNN_ERR_PARAM_INVALID (161002) when a dtype is not supported or differs from
 *         gradInput's, a view shape differs from gradInput's, or a view does not fit its storage
 */
ACLNN_API aclnnStatus aclnnLogSigmoidBackwardGetWorkspaceSize(const aclTensor* gradOutput,
                                                              const aclTensor* self,
                                                              const aclTensor* buffer,
                                                              aclTensor* gradInput,
                                                              uint64_t* workspaceSize,
                                                              aclOpExecutor** executor);

/**
 * Phase 2 of LogSigmoidBackward: runs the executor of phase 1 on `stream` (NULL: the current
 * context's default stream) and, unless it was made repeatable, releases it.
 * @param workspace      device memory of at least workspaceSize bytes (may be NULL when phase 1
 *                       reported 0)
 * @return ACLNN_SUCCESS;
 *         ACLNN_ERR_PARAM_NULLPTR (161001) for a NULL executor, or a NULL workspace when one is
 *         needed;
 *         ACLNN_ERR_PARAM_INVALID (161002) when the workspace is too small or not device memory,
 *         a tensor's data is not device memory, or the executor belongs to another operator;
 *         ACLNN_ERR_RUNTIME_ERROR (361001) when the stream or the launch fails;
 *         ACLNN_ERR_INNER (561000) when the executor was already consumed or destroyed
 */
ACLNN_API aclnnStatus aclnnLogSigmoidBackward(void* workspace,
                                              uint64_t workspaceSize,
                                              aclOpExecutor* executor,
                                              aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif  // ACLEMU_ACLNNOP_ACLNN_LOGSIGMOID_BACKWARD_H
