// The iteration space of an elementwise operator over three same-shape views. Usage:
//
//   const aclTensor* const operands[3] = {&outputs[0], &inputs[0], &inputs[1]};  // output first
//   kernels::LogitGradArgs args;
//   if (!plan_elementwise(operands, &args.geometry)) return op_fail(161002, ...);  // > kMaxDims
//   args.out = nn::view_data(outputs[0]);  // data pointers: each view's first element
//
// Operand 0 is the output; the geometry's operand order is the argument order. Shapes must be
// equal (checked earlier by the op); the output must not overlap itself
// (check_output_not_self_overlapping).
#pragma once

#include "aclnn/aclnn_base.h"

#include "common/ops_api.h"
#include "kernels_cu/kernel_args.h"

namespace aclemu::ops {

/// Fills `out` from the views' sizes and strides (offsets are not part of the geometry):
///   - size-1 dims are dropped;
///   - dims are ordered so that the output's |stride| decreases outward (ties: the inputs'),
///     which makes the innermost dim the output's densest, whatever permutation the views have;
///   - adjacent dims are merged where every operand allows it (stride[outer] == stride[inner] *
///     size[inner]);
///   - `contiguous` is set when one dim remains and every operand has stride 1 on it.
/// An empty iteration space gives numel 0, ndim 1, sizes {0}; rank 0 or all-size-1 gives ndim 1,
/// sizes {1}, contiguous. Returns false (out untouched) when the view shapes or stride counts
/// differ or more than kernels::kMaxDims dims remain.
ACLEMU_OPS_API bool plan_elementwise(const aclTensor* const operands[3],
                                     kernels::ElementwiseGeometry* out);

}  // namespace aclemu::ops
