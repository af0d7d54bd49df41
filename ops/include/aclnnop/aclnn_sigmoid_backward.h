// aclnnSigmoidBackward: gradInput = gradOutput * output * (1 - output), output = sigmoid(x).
#ifndef ACLEMU_ACLNNOP_ACLNN_SIGMOID_BACKWARD_H
#define ACLEMU_ACLNNOP_ACLNN_SIGMOID_BACKWARD_H

#include "aclnn/aclnn_base.h"

#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Phase 1 of SigmoidBackward: gradInput = gradOutput * (1 - output) * output. `output` is the
 * forward's result sigmoid(x). gradOutput and output are broadcast against each other (NumPy
 * rules) and converted to their promoted dtype (FLOAT16 with BFLOAT16 gives FLOAT); the math
 * runs in fp32 for FLOAT, FLOAT16 and BFLOAT16, rounded once to the promoted dtype, in double
 * for DOUBLE; the result is converted to gradInput's dtype.
 *
 * @param gradOutput  device tensor, FLOAT, FLOAT16, BFLOAT16 or DOUBLE, rank 0 to 8, any strides
 * @param output      the forward's output, of the same dtypes and ranks
 * @param gradInput   the result, of the same dtypes; its view shape is the broadcast shape
 * @param workspaceSize  receives the device workspace phase 2 needs, in bytes
 * @param executor       receives the executor to pass to aclnnSigmoidBackward
 * @return ACLNN_SUCCESS;
 *         ACLNN_ERR_PARAM_NULLPTR (161001) when a tensor, workspaceSize or executor is NULL;
 *         ACLNN_ERR_PARAM_INVALID (161002) when a dtype is not supported, a rank exceeds 8,
 *         gradOutput and output do not broadcast, gradInput's view shape is not their broadcast
 *         shape, or a view does not fit its storage
 */
ACLNN_API aclnnStatus aclnnSigmoidBackwardGetWorkspaceSize(const aclTensor* gradOutput,
                                                           const aclTensor* output,
                                                           aclTensor* gradInput,
                                                           uint64_t* workspaceSize,
                                                           aclOpExecutor** executor);

/**
 * Phase 2 of SigmoidBackward: runs the executor of phase 1 on `stream` (NULL: the current context's
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
ACLNN_API aclnnStatus aclnnSigmoidBackward(void* workspace,
                                           uint64_t workspaceSize,
                                           aclOpExecutor* executor,
                                           aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif  // ACLEMU_ACLNNOP_ACLNN_SIGMOID_BACKWARD_H
