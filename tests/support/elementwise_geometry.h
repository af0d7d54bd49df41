// Iteration spaces for calling the CPU elementwise kernels directly (kernels_cu/kernel_args.h's
// ElementwiseGeometry; operand 0 is the output, 1 and 2 the inputs).
#pragma once

#include "kernels_cu/kernel_args.h"

#include <cstdint>
#include <vector>

namespace aclemu::test {

/// n elements, every operand unit-stride.
inline kernels::ElementwiseGeometry contiguous_geometry(int64_t n) {
    kernels::ElementwiseGeometry g;
    g.numel = n;
    g.ndim = 1;
    g.contiguous = true;
    g.sizes[0] = n;
    for (int k = 0; k < 3; ++k) {
        g.strides[k][0] = 1;
    }
    return g;
}

/// `sizes`, operand k with strides[k] (in elements), not marked contiguous.
inline kernels::ElementwiseGeometry strided_geometry(const std::vector<int64_t>& sizes,
                                                     const std::vector<int64_t> strides[3]) {
    kernels::ElementwiseGeometry g;
    g.ndim = static_cast<int32_t>(sizes.size());
    g.numel = 1;
    for (size_t d = 0; d < sizes.size(); ++d) {
        g.sizes[d] = sizes[d];
        g.numel *= sizes[d];
        for (int k = 0; k < 3; ++k) {
            g.strides[k][d] = strides[k][d];
        }
    }
    return g;
}

}  // namespace aclemu::test
