// Per-element math of aclnnSigmoid / aclnnInplaceSigmoid and aclnnSigmoidBackward, in float for
// FLOAT/FLOAT16/BFLOAT16 (16-bit inputs are widened, the result rounded once) and in double for
// DOUBLE. The only copy of this math: the CPU loops and the GPU kernels both call these functors.
// Operands of one FLOAT/FLOAT16/BFLOAT16 type take the shared elementwise loops over the float
// functors; any other combination (CANN's casts: an integer or BOOL self, a DOUBLE operand, mixed
// types) takes the general path (kernels_cu/math/mixed_elementwise.h) over the *MixedOp ones.
#pragma once

#include "kernels_cu/kernel_args.h"
#include "kernels_cu/math/fast_exp.h"
#include "kernels_cu/math/float_ops.h"
#include "kernels_cu/math/mixed_elementwise.h"
#include "kernels_cu/portability.h"

#include <cmath>

namespace aclemu::kernels {

/// out = sigmoid(self) (aclnnSigmoid, aclnnInplaceSigmoid: out may be self). Operands: 0 = out,
/// 1 = self, 2 = self again (the elementwise loops are binary; the functor ignores it).
struct SigmoidArgs {
    ElementwiseGeometry geometry;
    DType dtype = DType::Float32;  // the shared loops' one type, when !mixed
    void* out = nullptr;
    const void* self = nullptr;
    /// The general path: out's and self's types (b = self) and the computation type (self's
    /// when floating, else out's: CANN casts an integer or BOOL self to out's type first).
    bool mixed = false;
    MixedTypes types;
};

inline uint64_t min_traffic_bytes(const SigmoidArgs& a) {
    return a.mixed ? min_traffic_bytes(a.geometry, a.types, true)
                   : min_traffic_bytes(a.geometry, a.dtype);
}

/// out = 1 / (1 + e^-x), operands (self, self): the elementwise machinery is binary and a unary
/// op reads its one input twice (the second read hits the cache).
struct SigmoidOp {
    ACLEMU_HD float operator()(float x, float /*same x*/) const {
        // e^-|x| lies in (0, 1]: no overflow. x >= 0: 1 / (1 + z); x < 0: z / (1 + z), i.e.
        // e^x / (1 + e^x). NaN x gives a NaN z. Both numerators are formed and one selected.
        const float z = exp_nonpositive(-::fabsf(x));
        const float numerator = select_float(x < 0.0f, z, 1.0f);
        return numerator / add_rn(1.0f, z);
    }
};

/// The general path's functor: SigmoidOp's math in float, the same in double for DOUBLE.
struct SigmoidMixedOp {
    ACLEMU_HD float operator()(float x, float same) const { return SigmoidOp{}(x, same); }
    ACLEMU_HD double operator()(double x, double /*same x*/) const {
        const double z = ::exp(-::fabs(x));
        return (x < 0.0 ? z : 1.0) / (1.0 + z);
    }
};

/// gradInput = gradOutput * (1 - y) * y with y the forward's output, operands (gradOutput,
/// output): PyTorch's order of operations.
struct SigmoidBackwardOp {
    ACLEMU_HD float operator()(float dy, float y) const {
        return mul_rn(mul_rn(dy, sub_rn(1.0f, y)), y);
    }
};

/// The general path's functor: SigmoidBackwardOp's math in float, the same in double (the kernels
/// build with fp-contract off: no fused multiply-add).
struct SigmoidBackwardMixedOp {
    ACLEMU_HD float operator()(float dy, float y) const { return SigmoidBackwardOp{}(dy, y); }
    ACLEMU_HD double operator()(double dy, double y) const { return dy * (1.0 - y) * y; }
};

}  // namespace aclemu::kernels
