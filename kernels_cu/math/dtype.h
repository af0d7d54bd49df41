// Storage types for FLOAT16 and BFLOAT16 and their conversions to and from float.
//
// Math always runs in float; a result is rounded once, to nearest-even, when stored. The
// conversions are written out in integer arithmetic for the host (the CPU backend and the GPU
// simulator); they agree with CUDA's __float2half_rn / __float2bfloat16_rn, with every NaN
// stored as the canonical 0x7FFF. On a GPU the fp16 ones use the hardware's conversion
// instruction (the integer form costs ~20 instructions per element, more than an fp16 kernel
// can spend at full memory bandwidth), with NaN mapped to the same bits as the integer form, so
// every backend still gives the same bits.
#pragma once

#include "kernels_cu/portability.h"

#include <cstdint>
#include <cstring>

namespace aclemu::kernels {

struct alignas(2) Half {
    uint16_t bits;
};
struct alignas(2) BFloat16 {
    uint16_t bits;
};

ACLEMU_HD uint32_t float_bits(float f) {
#if ACLEMU_GPU_COMPILER && (defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__))
    return __float_as_uint(f);
#else
    uint32_t u;
    std::memcpy(&u, &f, sizeof u);
    return u;
#endif
}

ACLEMU_HD float bits_float(uint32_t u) {
#if ACLEMU_GPU_COMPILER && (defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__))
    return __uint_as_float(u);
#else
    float f;
    std::memcpy(&f, &u, sizeof f);
    return f;
#endif
}

/// The device's fp16 conversions (device code only): hardware instructions, exact for every
/// non-NaN value (round to nearest even, overflow to inf, subnormals kept).
#if ACLEMU_GPU_COMPILER && (defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__))
#    define ACLEMU_DEVICE_HALF_CONVERSIONS 1
__device__ __forceinline__ uint16_t device_float_to_half_bits(float f) {
#    if defined(__CUDA_ARCH__)
    uint16_t h;
    asm("cvt.rn.f16.f32 %0, %1;" : "=h"(h) : "f"(f));
    return h;
#    else
    return __builtin_bit_cast(uint16_t, static_cast<_Float16>(f));
#    endif
}
__device__ __forceinline__ float device_half_bits_to_float(uint16_t h) {
#    if defined(__CUDA_ARCH__)
    float f;
    asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(h));
    return f;
#    else
    return static_cast<float>(__builtin_bit_cast(_Float16, h));
#    endif
}
#endif

/// float -> IEEE binary16, round to nearest even; overflow gives inf, NaN gives 0x7FFF.
/// Branch-free (every case computed, one selected) so the CPU loops vectorize.
ACLEMU_HD uint16_t float_to_half_bits(float f) {
#if defined(ACLEMU_DEVICE_HALF_CONVERSIONS)
    return f != f ? static_cast<uint16_t>(0x7FFFu) : device_float_to_half_bits(f);
#else
    const uint32_t u = float_bits(f);
    const uint32_t sign = (u >> 16) & 0x8000u;
    const uint32_t abs = u & 0x7FFFFFFFu;
    // Normal result: rebias the exponent (127 -> 15), round the low 13 mantissa bits to even;
    // a carry into the exponent is right (0x7BFF rounds up to 0x7C00 = inf).
    const uint32_t rebiased = abs - 0x38000000u;
    const uint32_t normal = (rebiased + 0x0FFFu + ((rebiased >> 13) & 1u)) >> 13;
    // Subnormal result (|f| < 2^-14): |f| * 2^24 is exact and below 1024; adding 2^23 rounds it
    // to an integer, to nearest even, in the float adder (exact product: FMA contraction gives
    // the same bits). Float subnormals (< 2^-126) round to 0 either way.
    const float scaled = bits_float(abs) * 16777216.0f + 8388608.0f;
    const uint32_t subnormal = float_bits(scaled) - 0x4B000000u;
    uint32_t result = abs < 0x38800000u ? subnormal : normal;
    result = abs >= 0x477FF000u ? 0x7C00u : result;  // rounds to or beyond 65520: inf
    result |= sign;
    return static_cast<uint16_t>(abs > 0x7F800000u ? 0x7FFFu : result);
#endif
}

/// IEEE binary16 -> float (exact). Branch-free, like float_to_half_bits.
ACLEMU_HD float half_bits_to_float(uint16_t h) {
#if defined(ACLEMU_DEVICE_HALF_CONVERSIONS)
    // A NaN keeps its payload as the integer form does (the instruction may not).
    const uint32_t nan_bits = (static_cast<uint32_t>(h & 0x8000u) << 16)
                              | ((static_cast<uint32_t>(h & 0x7FFFu) << 13) + 0x70000000u);
    return (h & 0x7FFFu) > 0x7C00u ? bits_float(nan_bits) : device_half_bits_to_float(h);
#else
    const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
    const uint32_t shifted = static_cast<uint32_t>(h & 0x7FFFu) << 13;  // exponent + mantissa
    const uint32_t exp = shifted & 0x0F800000u;
    const uint32_t rebiased = shifted + 0x38000000u;  // exponent 15 -> 127
    // Inf/NaN: exponent all ones in float too (payload kept).
    const uint32_t inf_nan = rebiased + 0x38000000u;
    // Zero/subnormal: 2^-14 * (1 + m/1024) - 2^-14 = m * 2^-24, exact.
    const float subnormal = bits_float(rebiased + 0x00800000u) - bits_float(0x38800000u);
    const uint32_t magnitude = exp == 0x0F800000u ? inf_nan
                               : exp == 0         ? float_bits(subnormal)
                                                  : rebiased;
    return bits_float(magnitude | sign);
#endif
}

/// float -> bfloat16, round to nearest even; NaN gives 0x7FFF.
ACLEMU_HD uint16_t float_to_bf16_bits(float f) {
    const uint32_t u = float_bits(f);
    const uint32_t rounding = 0x7FFFu + ((u >> 16) & 1u);
    const uint32_t rounded = (u + rounding) >> 16;
    return static_cast<uint16_t>((u & 0x7FFFFFFFu) > 0x7F800000u ? 0x7FFFu : rounded);
}

ACLEMU_HD float bf16_bits_to_float(uint16_t b) {
    return bits_float(static_cast<uint32_t>(b) << 16);
}

// Uniform load/store so kernels are written once over T in {float, Half, BFloat16}.
ACLEMU_HD float to_float(float v) {
    return v;
}
ACLEMU_HD float to_float(Half v) {
    return half_bits_to_float(v.bits);
}
ACLEMU_HD float to_float(BFloat16 v) {
    return bf16_bits_to_float(v.bits);
}

template <typename T>
ACLEMU_HD T from_float(float v);
template <>
ACLEMU_HD float from_float<float>(float v) {
    return v;
}
template <>
ACLEMU_HD Half from_float<Half>(float v) {
    return Half{float_to_half_bits(v)};
}
template <>
ACLEMU_HD BFloat16 from_float<BFloat16>(float v) {
    return BFloat16{float_to_bf16_bits(v)};
}

}  // namespace aclemu::kernels
