// The arguments of aclnnSigmoidBackward's kernels; the math (SigmoidBackwardOp) is beside the
// forward's in kernels_cu/math/sigmoid.h.
#pragma once

#include "kernels_cu/kernel_args.h"
#include "kernels_cu/math/sigmoid.h"

namespace aclemu::kernels {

/// gradInput = gradOutput * (1 - output) * output. Operands: 0 = grad_input (out),
/// 1 = grad_output, 2 = output.
struct SigmoidBackwardArgs {
    ElementwiseGeometry geometry;
    DType dtype = DType::Float32;
    void* grad_input = nullptr;
    const void* grad_output = nullptr;
    const void* output = nullptr;
};

}  // namespace aclemu::kernels
