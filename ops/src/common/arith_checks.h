// The checks the arithmetic operators share, each with CANN's code and a message naming the
// parameter (ops-math's aclnn_add.cpp / aclnn_mul.cpp order them per operator).
#pragma once

#include "aclnn/aclnn_base.h"

#include "common/op_checks.h"

namespace aclemu::ops {

/// 161002 unless t's dtype is one the arithmetic kernels handle: FLOAT, FLOAT16, BF16, DOUBLE,
/// INT8, UINT8, INT16, INT32, INT64, BOOL (CANN also lists COMPLEX64/128: aclemu refuses them).
inline aclnnStatus check_arith_dtype(const aclTensor* t, const char* api, const char* name) {
    return check_dtype_in(t,
                          api,
                          name,
                          {ACL_FLOAT,
                           ACL_FLOAT16,
                           ACL_BF16,
                           ACL_DOUBLE,
                           ACL_INT8,
                           ACL_UINT8,
                           ACL_INT16,
                           ACL_INT32,
                           ACL_INT64,
                           ACL_BOOL});
}

/// 161002 when the scalar's dtype is not one of those.
aclnnStatus check_arith_scalar_dtype(const aclScalar* s, const char* api, const char* name);

/// 161002 when self and other have no promoted type.
aclnnStatus check_promotable(const char* api,
                             aclDataType promoted,
                             aclDataType self,
                             aclDataType other);

/// 161002 when alpha cannot be cast to the promoted type (for BOOL, alpha must be integral or
/// BOOL).
aclnnStatus check_alpha_castable(const char* api, const aclScalar* alpha, aclDataType promoted);

/// 161002 when the promoted type cannot be written as `name`'s dtype.
aclnnStatus check_result_castable(const char* api,
                                  aclDataType promoted,
                                  const aclTensor* out,
                                  const char* name);

}  // namespace aclemu::ops
