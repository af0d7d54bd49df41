// Float building blocks for the shared per-element math: a branch-free select, and a multiply and
// add whose rounding is pinned (each rounded once, never fused into an FMA), so that host and
// device evaluate a polynomial to the same bits. On the device that is __fmul_rn/__fadd_rn; on the
// host the plain operators: clang is told not to contract them; g++ has no such per-operation
// pragma, so a g++ caller whose target has FMA (-march=haswell, aarch64, an AVX-512 variant) must
// be compiled with fp-contract=off, as kernels_cpu/elementwise_run.h does for its loops.
#pragma once

#include "kernels_cu/math/dtype.h"
#include "kernels_cu/portability.h"

#include <cstdint>

namespace aclemu::kernels {

/// c ? a : b, without a branch. With a ternary, g++ sinks a division into the taken arm and then
/// may not speculate it again (-ftrapping-math), so the CPU loop would not vectorize.
ACLEMU_HD float select_float(bool c, float a, float b) {
    const uint32_t mask = 0u - static_cast<uint32_t>(c);
    return bits_float((float_bits(a) & mask) | (float_bits(b) & ~mask));
}

/// a * b rounded once to float.
ACLEMU_HD float mul_rn(float a, float b) {
#if ACLEMU_GPU_COMPILER && (defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__))
    return __fmul_rn(a, b);
#else
#    if defined(__clang__)
#        pragma clang fp contract(off)
#    endif
    return a * b;
#endif
}

/// a + b rounded once to float.
ACLEMU_HD float add_rn(float a, float b) {
#if ACLEMU_GPU_COMPILER && (defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__))
    return __fadd_rn(a, b);
#else
#    if defined(__clang__)
#        pragma clang fp contract(off)
#    endif
    return a + b;
#endif
}

/// a - b rounded once to float.
ACLEMU_HD float sub_rn(float a, float b) {
#if ACLEMU_GPU_COMPILER && (defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__))
    return __fsub_rn(a, b);
#else
#    if defined(__clang__)
#        pragma clang fp contract(off)
#    endif
    return a - b;
#endif
}

}  // namespace aclemu::kernels
