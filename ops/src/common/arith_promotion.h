// CANN's type rules for the arithmetic operators (aclnnAdd, aclnnMul and their scalar and in-place
// forms), as ops-math's op_api applies them on Atlas A2/A3: tensor-tensor promotion (PyTorch's
// table; a 0-D tensor promotes like any other), tensor-scalar promotion (a scalar never raises
// the tensor's category), the cast rule, and reading an aclScalar in the promoted type.
#pragma once

#include "aclnn/aclnn_base.h"

#include "kernels_cu/math/binary_arith.h"

namespace aclemu::ops {

bool is_floating_type(aclDataType t);  // FLOAT16, FLOAT, DOUBLE, BF16
bool is_integral_type(aclDataType t);  // INT8, UINT8, INT16, INT32, INT64 (not BOOL)
bool is_complex_type(aclDataType t);

/// The common type of two tensors; ACL_DT_UNDEFINED when there is none (complex, or a type
/// aclemu's kernels do not handle).
aclDataType promote_types(aclDataType a, aclDataType b);

/// Whether a value of `from` may be written as `to`: never complex to real, floating to
/// integral or BOOL, or anything but BOOL to BOOL.
bool can_cast(aclDataType from, aclDataType to);

/// aclnnAdds's promoted type of tensor `self` and scalar `other` (out's dtype matters for a
/// DOUBLE scalar).
aclDataType promote_adds(aclDataType self, aclDataType other, aclDataType out);
/// aclnnMuls's (BF16 tensors compute in FLOAT).
aclDataType promote_muls(aclDataType self, aclDataType other, aclDataType out);

/// The kernels' type of a dtype that promote_types accepts.
kernels::ArithType to_arith_type(aclDataType t);

/// The scalar's value converted to `promoted` (rounded to FLOAT16/BF16, wrapped to an integer
/// width, 0/1 for BOOL), in both of the kernels' forms.
kernels::ArithScalar scalar_as(const aclScalar& s, aclDataType promoted);

}  // namespace aclemu::ops
