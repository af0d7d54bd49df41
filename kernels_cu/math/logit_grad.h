// Per-element math of aclnnLogitGrad as the CANN kernel computes it (op_semantics.md §3.3):
// x in [lo, hi] (IEEE comparisons, so NaN x is out) -> dy / (x * ((-x) + 1)) in float, else a
// fill of 0 (eps >= 0) or NaN (eps < 0 or NaN). The fill is a template parameter so each kernel
// instantiation carries no per-element branch on it. The only copy of this math.
#pragma once

#include "kernels_cu/kernel_args.h"
#include "kernels_cu/math/dtype.h"
#include "kernels_cu/math/float_ops.h"
#include "kernels_cu/portability.h"

#include <cmath>

namespace aclemu::kernels {

/// out = in range [lo, hi] ? dy / (x (1 - x)) : fill. Operands: 0 = out, 1 = x, 2 = dy.
/// `nan_fill` false: fill is 0.
struct LogitGradArgs {
    ElementwiseGeometry geometry;
    DType dtype = DType::Float32;
    void* out = nullptr;
    const void* x = nullptr;
    const void* dy = nullptr;
    float lo = 0.0f;
    float hi = 1.0f;
    bool nan_fill = true;
};

/// out = f(x, dy), operands in LogitGradArgs order (1, 2).
template <bool kNanFill>
struct LogitGradOp {
    float lo;
    float hi;

    ACLEMU_HD float operator()(float x, float dy) const {
        const float t = x * ((-x) + 1.0f);
        const float q = dy / t;
        const bool in_range = (x >= lo) & (x <= hi);  // `&`: no branch
        const float fill = kNanFill ? bits_float(0x7FC00000u) : 0.0f;
        return select_float(in_range, q, fill);
    }
};

/// The kernel's parameters for a user eps. eps is first narrowed to float (round to nearest,
/// out-of-range magnitudes to +-inf, as the generated CANN code's static_cast<float> does), then
/// compared in float: a tiny negative eps that narrows to -0.0f counts as eps >= 0.
struct LogitGradParams {
    float lo;
    float hi;
    bool nan_fill;
};

inline LogitGradParams logit_grad_params(double eps) {
    // Written out so the narrowing of huge doubles is defined C++: values at or beyond
    // FLT_MAX + half an ulp round to infinity.
    constexpr double kRoundsToInf = 0x1.ffffffp127;
    float e;
    if (std::isnan(eps)) {
        e = bits_float(0x7FC00000u);
    } else if (eps >= kRoundsToInf) {
        e = bits_float(0x7F800000u);
    } else if (eps <= -kRoundsToInf) {
        e = bits_float(0xFF800000u);
    } else {
        e = static_cast<float>(eps);
    }
    if (e >= 0.0f) {
        return LogitGradParams{e, 1.0f - e, false};
    }
    return LogitGradParams{0.0f, 1.0f, true};
}

}  // namespace aclemu::kernels
