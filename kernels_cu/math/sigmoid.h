// Per-element math of aclnnSigmoid / aclnnInplaceSigmoid and aclnnSigmoidBackward, in float for
// every dtype (16-bit inputs are widened, the result rounded once). The only copy of this math:
// the CPU loops and the GPU kernels both call these functors.
#pragma once

#include "kernels_cu/kernel_args.h"
#include "kernels_cu/math/fast_exp.h"
#include "kernels_cu/math/float_ops.h"
#include "kernels_cu/portability.h"

#include <cmath>

namespace aclemu::kernels {

/// out = sigmoid(self) (aclnnSigmoid, aclnnInplaceSigmoid: out may be self). Operands: 0 = out,
/// 1 = self, 2 = self again (the elementwise loops are binary; the functor ignores it).
struct SigmoidArgs {
    ElementwiseGeometry geometry;
    DType dtype = DType::Float32;
    void* out = nullptr;
    const void* self = nullptr;
};

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

/// gradInput = gradOutput * (1 - y) * y with y the forward's output, operands (gradOutput,
/// output): PyTorch's order of operations.
struct SigmoidBackwardOp {
    ACLEMU_HD float operator()(float dy, float y) const {
        return mul_rn(mul_rn(dy, sub_rn(1.0f, y)), y);
    }
};

}  // namespace aclemu::kernels
