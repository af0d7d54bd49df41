// The arithmetic operators' shared checks (arith_checks.h).
#include "common/arith_checks.h"

#include "common/arith_promotion.h"
#include "common/op_error.h"
#include "nnopbase/tensor.h"

namespace aclemu::ops {

aclnnStatus check_arith_scalar_dtype(const aclScalar* s, const char* api, const char* name) {
    if (s->dtype == ACL_BOOL || is_integral_type(s->dtype) || is_floating_type(s->dtype)) {
        return ACLNN_SUCCESS;
    }
    return op_fail(ACLNN_ERR_PARAM_INVALID,
                   api,
                   name,
                   "dtype %s is not supported (aclemu's arithmetic takes real scalars only)",
                   nn::dtype_name(s->dtype));
}

aclnnStatus check_promotable(const char* api,
                             aclDataType promoted,
                             aclDataType self,
                             aclDataType other) {
    if (promoted != ACL_DT_UNDEFINED) {
        return ACLNN_SUCCESS;
    }
    return op_fail(ACLNN_ERR_PARAM_INVALID,
                   api,
                   "other",
                   "self dtype %s and other dtype %s cannot be promoted to a common dtype",
                   nn::dtype_name(self),
                   nn::dtype_name(other));
}

aclnnStatus check_alpha_castable(const char* api, const aclScalar* alpha, aclDataType promoted) {
    const bool ok = promoted == ACL_BOOL
                        ? (alpha->dtype == ACL_BOOL || is_integral_type(alpha->dtype))
                        : can_cast(alpha->dtype, promoted);
    if (ok) {
        return ACLNN_SUCCESS;
    }
    return op_fail(ACLNN_ERR_PARAM_INVALID,
                   api,
                   "alpha",
                   "dtype %s cannot be cast to the promoted dtype %s",
                   nn::dtype_name(alpha->dtype),
                   nn::dtype_name(promoted));
}

aclnnStatus check_result_castable(const char* api,
                                  aclDataType promoted,
                                  const aclTensor* out,
                                  const char* name) {
    if (can_cast(promoted, out->dtype)) {
        return ACLNN_SUCCESS;
    }
    return op_fail(ACLNN_ERR_PARAM_INVALID,
                   api,
                   name,
                   "the promoted dtype %s cannot be cast to the output dtype %s",
                   nn::dtype_name(promoted),
                   nn::dtype_name(out->dtype));
}

}  // namespace aclemu::ops
