// The iteration space of an elementwise operator over three same-shape views. Usage:
//
//   const ElementwiseOperands operands = {{&outputs[0], &inputs[0], &inputs[1]},
//                                         {"out", "x", "dy"}};
//   ACLEMU_OP_RETURN_IF_ERROR(plan_elementwise(kApi, operands, &geometry));  // phase 1
//   void* data[3];
//   ACLEMU_OP_RETURN_IF_ERROR(elementwise_data(kApi, operands, data));       // phase 2
//   args.out = data[0];
//
// Operand 0 is the output; the geometry's operand order is the argument order. Shapes must be
// equal (checked earlier by the op); the output must not overlap itself
// (check_output_not_self_overlapping).
#pragma once

#include "aclnn/aclnn_base.h"

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
bool plan_elementwise(const aclTensor* const operands[3], kernels::ElementwiseGeometry* out);

/// An elementwise operator's three operands (its snapshots, output first, in the kernel's
/// argument order) with their parameter names, for both phases.
struct ElementwiseOperands {
    const aclTensor* tensors[3];
    const char* names[3];
};

/// Phase 1: plan_elementwise, or ACLNN_ERR_PARAM_INVALID (161002) naming the output when the
/// views need more than kernels::kMaxDims dims.
aclnnStatus plan_elementwise(const char* api,
                             const ElementwiseOperands& operands,
                             kernels::ElementwiseGeometry* out);

/// The kernel variant a geometry runs, for KernelLabel: "contiguous" (one flat loop) or
/// "strided" (an index walk over up to kernels::kMaxDims dims).
inline const char* elementwise_variant(const kernels::ElementwiseGeometry& geometry) {
    return geometry.contiguous ? "contiguous" : "strided";
}

/// Phase 2: checks that each operand is device memory (check_device_data) and gives each
/// view's first element in `data`.
aclnnStatus elementwise_data(const char* api, const ElementwiseOperands& operands, void* data[3]);

}  // namespace aclemu::ops
