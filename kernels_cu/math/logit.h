// Per-element math of aclnnLogit as the CANN kernel computes it (ops-nn loss/logit): in float for
// every dtype, with eps narrowed to float as for LogitGrad (logit_grad_params). eps >= 0 clamps
// x to [eps, 1 - eps] (NaN x stays NaN), then y = ln(z / (1 - z)); eps < 0 or NaN: no clamp.
// The only copy of this math: the CPU loops and the GPU kernels both call LogitOp.
#pragma once

#include "kernels_cu/kernel_args.h"
#include "kernels_cu/math/fast_log.h"
#include "kernels_cu/math/float_ops.h"
#include "kernels_cu/math/logit_grad.h"
#include "kernels_cu/portability.h"

namespace aclemu::kernels {

/// out = ln(z / (1 - z)), z = clamp ? self clamped to [lo, hi] : self. Operands as SigmoidArgs.
struct LogitArgs {
    ElementwiseGeometry geometry;
    DType dtype = DType::Float32;
    void* out = nullptr;
    const void* self = nullptr;
    float lo = 0.0f;
    float hi = 1.0f;
    bool clamp = false;
};

/// out = ln(z / (1 - z)), z = clamp ? x clamped to [lo, hi] : x; operands (self, self) (see
/// SigmoidOp). The clamp follows CANN's selects on the original x: x > hi gives hi, then
/// x < lo gives lo (so with lo > hi, i.e. eps > 0.5, x < lo gives lo and every other x hi).
struct LogitOp {
    float lo;
    float hi;
    bool clamp;

    ACLEMU_HD float operator()(float x, float /*same x*/) const {
        float z = select_float(x <= hi, x, hi);
        z = select_float(x >= lo, z, lo);
        z = select_float(clamp & (x == x), z, x);  // no clamp, or NaN x: x itself
        return log_float(z / add_rn(-z, 1.0f));
    }
};

/// The kernel's parameters for a user eps (the same narrowing as LogitGrad's).
inline LogitOp logit_op(double eps) {
    const LogitGradParams p = logit_grad_params(eps);
    return LogitOp{p.lo, p.hi, !p.nan_fill};
}

}  // namespace aclemu::kernels
