// Per-element math of aclnnLogSigmoidBackward: gradInput = dy * sigmoid(-x), in float, in the
// overflow-free form of the CANN A2/A3 kernel and PyTorch CUDA (op_semantics.md §1.2). The only
// copy of this math: the CPU loops and the GPU kernels both call LogSigmoidBackwardOp.
#pragma once

#include "kernels_cu/portability.h"

#include <cmath>

namespace aclemu::kernels {

/// out = f(grad_output, self), operands in LogSigmoidBackwardArgs order (1, 2).
struct LogSigmoidBackwardOp {
    ACLEMU_HD float operator()(float dy, float x) const {
        // exp(-|x|) lies in (0, 1]: no overflow for any x. The strict `<` sends -0.0 to the
        // `r` branch; both branches give 0.5 there. NaN x gives a NaN z and r.
        const float z = ::expf(-::fabsf(x));
        const float r = z / (1.0f + z);
        const float s = x < 0.0f ? 1.0f - r : r;
        return s * dy;
    }
};

}  // namespace aclemu::kernels
