// aclnnMul, aclnnMuls, aclnnInplaceMul, aclnnInplaceMuls: out = self * other.
#ifndef ACLEMU_ACLNNOP_ACLNN_MUL_H
#define ACLEMU_ACLNNOP_ACLNN_MUL_H

#include "aclnn/aclnn_base.h"

#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Phase 1 of Mul: out = self * other, with NumPy broadcasting and CANN's type promotion (as
 * aclnnAdd; BOOL * BOOL is a logical and).
 *
 * @param self   device tensor, FLOAT, FLOAT16, BFLOAT16, DOUBLE, INT8, UINT8, INT16,
 * INT32, INT64 or BOOL (CANN's COMPLEX64/COMPLEX128 are not supported by aclemu: 161002); rank <=
 * 8, any strides
 * @param other  device tensor of those types, rank <= 8, broadcastable with self
 * @param out    the result, one of those types that the promoted type can be cast to, shaped
 *               as the broadcast
 * @return ACLNN_SUCCESS;
 *         ACLNN_ERR_PARAM_NULLPTR (161001) when self, other, out, workspaceSize or executor is
 *         NULL;
 *         ACLNN_ERR_PARAM_INVALID (161002) when a dtype is unsupported, the promoted type cannot
 *         be cast to out's, a rank exceeds 8, the shapes do not broadcast or out's shape is not
 *         the broadcast shape, or a view does not fit its storage
 */
ACLNN_API aclnnStatus aclnnMulGetWorkspaceSize(const aclTensor* self,
                                               const aclTensor* other,
                                               aclTensor* out,
                                               uint64_t* workspaceSize,
                                               aclOpExecutor** executor);
/**
 * Phase 2 of aclnnMul: runs the executor of phase 1 on `stream` (NULL: the current context's
 * default stream) and, unless it was made repeatable, releases it. Statuses as for
 * aclnnLogitGrad's phase 2 (aclnn_logit_grad.h).
 */
ACLNN_API aclnnStatus aclnnMul(void* workspace,
                               uint64_t workspaceSize,
                               aclOpExecutor* executor,
                               aclrtStream stream);

/**
 * Phase 1 of Muls: out = self * other for a host scalar `other` (promotion as Adds, except
 * that a BFLOAT16 tensor computes in FLOAT). out has self's shape; self and out must be of the
 * supported types (no promotion check, as CANN on A2/A3: a floating result written to an
 * integral out is cast toward zero).
 */
ACLNN_API aclnnStatus aclnnMulsGetWorkspaceSize(const aclTensor* self,
                                                const aclScalar* other,
                                                aclTensor* out,
                                                uint64_t* workspaceSize,
                                                aclOpExecutor** executor);
/**
 * Phase 2 of aclnnMuls: runs the executor of phase 1 on `stream` (NULL: the current context's
 * default stream) and, unless it was made repeatable, releases it. Statuses as for
 * aclnnLogitGrad's phase 2 (aclnn_logit_grad.h).
 */
ACLNN_API aclnnStatus aclnnMuls(void* workspace,
                                uint64_t workspaceSize,
                                aclOpExecutor* executor,
                                aclrtStream stream);

/** Phase 1 of InplaceMul: selfRef = selfRef * other; other broadcasts to selfRef's shape. */
ACLNN_API aclnnStatus aclnnInplaceMulGetWorkspaceSize(const aclTensor* selfRef,
                                                      const aclTensor* other,
                                                      uint64_t* workspaceSize,
                                                      aclOpExecutor** executor);
/**
 * Phase 2 of aclnnInplaceMul: runs the executor of phase 1 on `stream` (NULL: the current context's
 * default stream) and, unless it was made repeatable, releases it. Statuses as for
 * aclnnLogitGrad's phase 2 (aclnn_logit_grad.h).
 */
ACLNN_API aclnnStatus aclnnInplaceMul(void* workspace,
                                      uint64_t workspaceSize,
                                      aclOpExecutor* executor,
                                      aclrtStream stream);

/** Phase 1 of InplaceMuls: selfRef = selfRef * other (host scalar), as Muls. */
ACLNN_API aclnnStatus aclnnInplaceMulsGetWorkspaceSize(const aclTensor* selfRef,
                                                       const aclScalar* other,
                                                       uint64_t* workspaceSize,
                                                       aclOpExecutor** executor);
/**
 * Phase 2 of aclnnInplaceMuls: runs the executor of phase 1 on `stream` (NULL: the current
 * context's default stream) and, unless it was made repeatable, releases it. Statuses as for
 * aclnnLogitGrad's phase 2 (aclnn_logit_grad.h).
 */
ACLNN_API aclnnStatus aclnnInplaceMuls(void* workspace,
                                       uint64_t workspaceSize,
                                       aclOpExecutor* executor,
                                       aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif  // ACLEMU_ACLNNOP_ACLNN_MUL_H
