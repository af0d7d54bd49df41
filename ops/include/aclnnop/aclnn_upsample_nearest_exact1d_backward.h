// aclnnUpsampleNearestExact1dBackward: the gradient of 1-D "nearest-exact" upsampling, a gather
// of each input position's run of output positions.
#ifndef ACLEMU_ACLNNOP_ACLNN_UPSAMPLE_NEAREST_EXACT1D_BACKWARD_H
#define ACLEMU_ACLNNOP_ACLNN_UPSAMPLE_NEAREST_EXACT1D_BACKWARD_H

#include "aclnn/aclnn_base.h"

#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Phase 1 of UpsampleNearestExact1dBackward. With L_out = gradOutput's dim 2, L_in =
 * inputSize[2] and S = (float)scales if scales > 0, else (float)L_out / L_in, for each n, c and
 * i in [0, L_in):
 *   out[n, c, i] = sum of gradOutput[n, c, j] for j in [lo(i), lo(i + 1)),
 *   lo(i) = min(ceil(i * S - 0.5), L_out)    (in fp32)
 * summed in fp32 and rounded once to the output dtype; an empty run gives 0.
 *
 * @param gradOutput  device tensor [N, C, L_out], FLOAT, FLOAT16 or BFLOAT16, format ND or NCL
 * @param outputSize  host array of 1 element (the forward's output length)
 * @param inputSize   host array of 3 elements {N, C, L_in}
 * @param scales      the forward's scale (output length / input length); 0 (or NaN): derive
 *                    it from the lengths
 * @param out         the result [N, C, L_in]; same dtype and storage format as gradOutput
 * @param workspaceSize  receives the device workspace phase 2 needs, in bytes
 * @param executor       receives the executor to pass to aclnnUpsampleNearestExact1dBackward
 * @return ACLNN_SUCCESS;
 *         ACLNN_ERR_PARAM_NULLPTR (161001) when gradOutput, outputSize, inputSize, out,
 *         workspaceSize or executor is NULL;
 *         ACLNN_ERR_PARAM_INVALID (161002) for an unsupported or differing dtype, differing
 *         formats, a rank other than 3, array lengths other than 3 and 1, N or C differing
 *         between gradOutput and out, scales < 0, a shrink of more than 50 times (1 / S <
 *         0.02), a zero N, C, L_out or L_in, out's length differing from inputSize[2], or a
 *         view that does not fit its storage
 */
ACLNN_API aclnnStatus
aclnnUpsampleNearestExact1dBackwardGetWorkspaceSize(const aclTensor* gradOutput,
                                                    const aclIntArray* outputSize,
                                                    const aclIntArray* inputSize,
                                                    double scales,
                                                    aclTensor* out,
                                                    uint64_t* workspaceSize,
                                                    aclOpExecutor** executor);

/**
 * Phase 2 of UpsampleNearestExact1dBackward: runs the executor of phase 1 on `stream` (NULL: the
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
ACLNN_API aclnnStatus aclnnUpsampleNearestExact1dBackward(void* workspace,
                                                          uint64_t workspaceSize,
                                                          aclOpExecutor* executor,
                                                          aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif  // ACLEMU_ACLNNOP_ACLNN_UPSAMPLE_NEAREST_EXACT1D_BACKWARD_H
