// The arguments of aclnnSigmoidBackward's kernels; the math (SigmoidBackwardOp) is beside the
// forward's in kernels_cu/math/sigmoid.h.
#pragma once

#include "kernels_cu/kernel_args.h"
#include "kernels_cu/math/sigmoid.h"

namespace aclemu::kernels {

/// gradInput = gradOutput * (1 - output) * output. Operands: 0 = grad_input (out),
/// 1 = grad_output, 2 = output (either may be a broadcast view: stride 0).
struct SigmoidBackwardArgs {
    ElementwiseGeometry geometry;
    DType dtype = DType::Float32;  // the shared loops' one type, when !mixed
    void* grad_input = nullptr;
    const void* grad_output = nullptr;
    const void* output = nullptr;
    /// The general path: the three operands' types and the promoted type of gradOutput and
    /// output, which the math runs in (CANN: Cast both to it, SigmoidGrad, Cast to gradInput).
    bool mixed = false;
    MixedTypes types;
};

inline uint64_t min_traffic_bytes(const SigmoidBackwardArgs& a) {
    return a.mixed ? min_traffic_bytes(a.geometry, a.types, false)
                   : min_traffic_bytes(a.geometry, a.dtype);
}

}  // namespace aclemu::kernels
