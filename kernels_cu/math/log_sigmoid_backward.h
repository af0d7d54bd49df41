// Per-element math of aclnnLogSigmoidBackward: gradInput = dy * sigmoid(-x), in float, in the
// overflow-free form of the CANN A2/A3 kernel and PyTorch CUDA (op_semantics.md §1.2). The only
// copy of this math: the CPU loops and the GPU kernels both call LogSigmoidBackwardOp, and its
// exp is fast_exp.h's (not the platform expf), so both give the same bits.
#pragma once

#include "kernels_cu/kernel_args.h"
#include "kernels_cu/math/fast_exp.h"
#include "kernels_cu/portability.h"

#include <cmath>

namespace aclemu::kernels {

/// gradInput = gradOutput * sigmoid(-self). Operands: 0 = grad_input (out), 1 = grad_output,
/// 2 = self. All three share `dtype`.
struct LogSigmoidBackwardArgs {
    ElementwiseGeometry geometry;
    DType dtype = DType::Float32;
    void* grad_input = nullptr;
    const void* grad_output = nullptr;
    const void* self = nullptr;
};

/// out = f(grad_output, self), operands in LogSigmoidBackwardArgs order (1, 2).
struct LogSigmoidBackwardOp {
    ACLEMU_HD float operator()(float dy, float x) const {
        // exp(-|x|) lies in (0, 1]: no overflow for any x. The strict `<` sends -0.0 to the `r`
        // side; both give 0.5 there. NaN x gives a NaN z and r. Both sides are computed and one
        // picked (a blend in the vectorized CPU loop, a select on the GPU): the sign of random
        // data is unpredictable, so a branch would mispredict.
        const float z = exp_nonpositive(-::fabsf(x));
        const float r = z / (1.0f + z);
        const float s = x < 0.0f ? 1.0f - r : r;
        return s * dy;
    }
};

}  // namespace aclemu::kernels
