// Per-element math of aclnnLogSigmoid / aclnnLogSigmoidForward: log(1 / (1 + e^-x)) in float, in
// the overflow-free form min(x, 0) - log1p(e^-|x|) (PyTorch CUDA's), with this project's own exp
// and log (fast_exp.h, fast_log.h) so the CPU loops and the GPU kernels give the same bits.
#pragma once

#include "kernels_cu/kernel_args.h"
#include "kernels_cu/math/fast_exp.h"
#include "kernels_cu/math/fast_log.h"
#include "kernels_cu/math/float_ops.h"
#include "kernels_cu/portability.h"

#include <cmath>

namespace aclemu::kernels {

/// out = log(sigmoid(self)). Operands as SigmoidArgs.
struct LogSigmoidArgs {
    ElementwiseGeometry geometry;
    DType dtype = DType::Float32;
    void* out = nullptr;
    const void* self = nullptr;
};

/// out = log(sigmoid(x)), operands (self, self) (see SigmoidOp).
struct LogSigmoidOp {
    ACLEMU_HD float operator()(float x, float /*same x*/) const {
        // -inf: -inf - log1p(0) = -inf; +inf: 0 - log1p(0) = 0; NaN: log1p(NaN) = NaN.
        const float z = exp_nonpositive(-::fabsf(x));
        const float negative_part = select_float(x < 0.0f, x, 0.0f);
        return sub_rn(negative_part, log1p_nonnegative(z));
    }
};

}  // namespace aclemu::kernels
