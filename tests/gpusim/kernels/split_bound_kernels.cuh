// A kernel a macro defines per name, with `__launch_bounds__(n)` and the pasted name on
// different lines of the macro (as kernels_cu/elementwise.cuh writes them): the simulator's
// build must still find its bound (gpu/sim/launch_bounds.cmake).
#pragma once

#include "kernels_cu/portability.h"

namespace aclemu::gpusim_test {

constexpr int kSplitBound = 64;

// Defines name##_split_bounded(float* out): each thread writes 3.0f to out[threadIdx.x].
// (clang-format would join the split lines: the split is the point.)
// clang-format off
#define ACLEMU_TEST_SPLIT_BOUNDED_KERNEL(name)     \
    __global__ void __launch_bounds__(kSplitBound) \
        name##_split_bounded(float* out) {         \
        out[threadIdx.x] = 3.0f;                   \
    }
// clang-format on

}  // namespace aclemu::gpusim_test
