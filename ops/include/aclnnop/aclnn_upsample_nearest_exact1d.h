// aclnnUpsampleNearestExact1d: nearest-exact upsampling of [N, C, L] along L.
#ifndef ACLEMU_ACLNNOP_ACLNN_UPSAMPLE_NEAREST_EXACT1D_H
#define ACLEMU_ACLNNOP_ACLNN_UPSAMPLE_NEAREST_EXACT1D_H

#include "aclnn/aclnn_base.h"

#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Phase 1 of UpsampleNearestExact1d: out[n, c, j] = self[n, c, src(j)] for j < L_out =
 * outputSize[0], where src(j) = min(floor((j + 0.5) / S), L_in - 1) with the fp32 scale
 * S = scales > 0 ? scales : L_out / L_in, evaluated with the bins of
 * aclnnUpsampleNearestExact1dBackward (so that op is this one's exact adjoint, except for
 * outputs past the last bin when scales disagrees with the sizes: the backward drops their
 * gradient, this op reads the last input for them). A copy: values are not rounded.
 *
 * @param self        device tensor [N, C, L_in], FLOAT, FLOAT16 or BFLOAT16, any strides
 * @param outputSize  host array of 1 element: L_out
 * @param scales      the scale factor L_out / L_in; 0 (or negative, or NaN) means "use the sizes"
 * @param out         the result [N, C, L_out]; same dtype as self
 * @param workspaceSize  receives the device workspace phase 2 needs, in bytes (always 0)
 * @param executor       receives the executor to pass to aclnnUpsampleNearestExact1d
 * @return ACLNN_SUCCESS;
 *         ACLNN_ERR_PARAM_NULLPTR (161001) when self, out, outputSize, workspaceSize or
 *         executor is NULL;
 *         ACLNN_ERR_PARAM_INVALID (161002) when self's dtype is not supported or differs from
 *         out's, a size of self or outputSize[0] is not positive (empty tensors are rejected),
 *         self is not 3-D, outputSize does not have 1 element, out's shape is not
 *         [N, C, outputSize[0]], or a view does not fit its storage
 */
ACLNN_API aclnnStatus aclnnUpsampleNearestExact1dGetWorkspaceSize(const aclTensor* self,
                                                                  const aclIntArray* outputSize,
                                                                  double scales,
                                                                  aclTensor* out,
                                                                  uint64_t* workspaceSize,
                                                                  aclOpExecutor** executor);

/**
 * Phase 2 of UpsampleNearestExact1d: runs the executor of phase 1 on `stream` (NULL: the
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
ACLNN_API aclnnStatus aclnnUpsampleNearestExact1d(void* workspace,
                                                  uint64_t workspaceSize,
                                                  aclOpExecutor* executor,
                                                  aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif  // ACLEMU_ACLNNOP_ACLNN_UPSAMPLE_NEAREST_EXACT1D_H
