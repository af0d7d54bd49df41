// aclnnAdd, aclnnAdds, aclnnInplaceAdd, aclnnInplaceAdds: out = self + alpha * other.
#ifndef ACLEMU_ACLNNOP_ACLNN_ADD_H
#define ACLEMU_ACLNNOP_ACLNN_ADD_H

#include "aclnn/aclnn_base.h"

#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Phase 1 of Add: out = self + alpha * other, with NumPy broadcasting of self and other and
 * CANN's type promotion (the promoted type P of self and other; both read as P, computed once
 * in P (FLOAT16/BFLOAT16 via float), converted to out's dtype).
 *
 * @param self   device tensor, FLOAT, FLOAT16, BFLOAT16, DOUBLE, INT8, UINT8, INT16,
 * INT32, INT64 or BOOL (CANN's COMPLEX64/COMPLEX128 are not supported by aclemu: 161002); rank <=
 * 8, any strides
 * @param other  device tensor of those types, rank <= 8, broadcastable with self
 * @param alpha  host scalar that can be cast to P (for BOOL P: an integral or BOOL scalar)
 * @param out    the result, of a dtype P can be cast to, shaped as the broadcast
 * @return ACLNN_SUCCESS;
 *         ACLNN_ERR_PARAM_NULLPTR (161001) when self, other, alpha, out, workspaceSize or
 *         executor is NULL;
 *         ACLNN_ERR_PARAM_INVALID (161002) when a dtype is unsupported, alpha or P cannot be
 *         cast, a rank exceeds 8, the shapes do not broadcast or out's shape is not the
 *         broadcast shape, or a view does not fit its storage
 */
ACLNN_API aclnnStatus aclnnAddGetWorkspaceSize(const aclTensor* self,
                                               const aclTensor* other,
                                               const aclScalar* alpha,
                                               aclTensor* out,
                                               uint64_t* workspaceSize,
                                               aclOpExecutor** executor);
/**
 * Phase 2 of aclnnAdd: runs the executor of phase 1 on `stream` (NULL: the current context's
 * default stream) and, unless it was made repeatable, releases it. Statuses as for
 * aclnnLogitGrad's phase 2 (aclnn_logit_grad.h).
 */
ACLNN_API aclnnStatus aclnnAdd(void* workspace,
                               uint64_t workspaceSize,
                               aclOpExecutor* executor,
                               aclrtStream stream);

/**
 * Phase 1 of Adds: out = self + alpha * other for a host scalar `other`. The promoted type is
 * self's when self is floating; otherwise a floating scalar promotes (an integral or BOOL
 * scalar never raises an integral tensor's type); a BOOL tensor promotes with the scalar.
 * The scalar is converted to that type first. out has self's shape. Statuses as for Add
 * (no broadcasting: out's shape must equal self's).
 */
ACLNN_API aclnnStatus aclnnAddsGetWorkspaceSize(const aclTensor* self,
                                                const aclScalar* other,
                                                const aclScalar* alpha,
                                                aclTensor* out,
                                                uint64_t* workspaceSize,
                                                aclOpExecutor** executor);
/**
 * Phase 2 of aclnnAdds: runs the executor of phase 1 on `stream` (NULL: the current context's
 * default stream) and, unless it was made repeatable, releases it. Statuses as for
 * aclnnLogitGrad's phase 2 (aclnn_logit_grad.h).
 */
ACLNN_API aclnnStatus aclnnAdds(void* workspace,
                                uint64_t workspaceSize,
                                aclOpExecutor* executor,
                                aclrtStream stream);

/**
 * Phase 1 of InplaceAdd: selfRef = selfRef + alpha * other; other broadcasts to selfRef's
 * shape. Statuses as for Add, with selfRef as self and out.
 */
ACLNN_API aclnnStatus aclnnInplaceAddGetWorkspaceSize(const aclTensor* selfRef,
                                                      const aclTensor* other,
                                                      const aclScalar* alpha,
                                                      uint64_t* workspaceSize,
                                                      aclOpExecutor** executor);
/**
 * Phase 2 of aclnnInplaceAdd: runs the executor of phase 1 on `stream` (NULL: the current context's
 * default stream) and, unless it was made repeatable, releases it. Statuses as for
 * aclnnLogitGrad's phase 2 (aclnn_logit_grad.h).
 */
ACLNN_API aclnnStatus aclnnInplaceAdd(void* workspace,
                                      uint64_t workspaceSize,
                                      aclOpExecutor* executor,
                                      aclrtStream stream);

/** Phase 1 of InplaceAdds: selfRef = selfRef + alpha * other (host scalar), as Adds. */
ACLNN_API aclnnStatus aclnnInplaceAddsGetWorkspaceSize(const aclTensor* selfRef,
                                                       const aclScalar* other,
                                                       const aclScalar* alpha,
                                                       uint64_t* workspaceSize,
                                                       aclOpExecutor** executor);
/**
 * Phase 2 of aclnnInplaceAdds: runs the executor of phase 1 on `stream` (NULL: the current
 * context's default stream) and, unless it was made repeatable, releases it. Statuses as for
 * aclnnLogitGrad's phase 2 (aclnn_logit_grad.h).
 */
ACLNN_API aclnnStatus aclnnInplaceAdds(void* workspace,
                                       uint64_t workspaceSize,
                                       aclOpExecutor* executor,
                                       aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif  // ACLEMU_ACLNNOP_ACLNN_ADD_H
