// Storage types for FLOAT16 and BFLOAT16 and their conversions to and from float.
//
// Math always runs in float; a result is rounded once, to nearest-even, when stored. The
// conversions are written out in integer arithmetic and used on the host AND the device, so the
// CPU backend's bits equal the GPU's by construction. They agree with CUDA's __float2half_rn /
// __float2bfloat16_rn, with every NaN stored as the canonical 0x7FFF.
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

/// float -> IEEE binary16, round to nearest even; overflow gives inf, NaN gives 0x7FFF.
ACLEMU_HD uint16_t float_to_half_bits(float f) {
    const uint32_t u = float_bits(f);
    const uint32_t sign = (u >> 16) & 0x8000u;
    const uint32_t abs = u & 0x7FFFFFFFu;
    if (abs > 0x7F800000u) {
        return 0x7FFFu;  // NaN
    }
    if (abs >= 0x477FF000u) {
        return static_cast<uint16_t>(sign | 0x7C00u);  // rounds to or beyond 65520: inf
    }
    if (abs < 0x38800000u) {
        // Result is subnormal (or zero): value = abs_float * 2^24 rounded to an integer.
        // Shift the 24-bit significand right so that its unit is 2^-24, rounding to even.
        if (abs < 0x33000000u) {
            return static_cast<uint16_t>(sign);  // < 2^-25: rounds to zero
        }
        const uint32_t exp = abs >> 23;                       // 102 .. 112
        const uint32_t mant = (abs & 0x7FFFFFu) | 0x800000u;  // implicit bit
        const uint32_t shift = 126u - exp;                    // 14 .. 24
        uint32_t result = mant >> shift;
        const uint32_t rem = mant & ((1u << shift) - 1u);
        const uint32_t half = 1u << (shift - 1u);
        if (rem > half || (rem == half && (result & 1u))) {
            ++result;
        }
        return static_cast<uint16_t>(sign | result);
    }
    // Normal: rebias the exponent (127 -> 15) and round the low 13 mantissa bits to even.
    uint32_t result = ((abs - 0x38000000u) >> 13);
    const uint32_t rem = abs & 0x1FFFu;
    if (rem > 0x1000u || (rem == 0x1000u && (result & 1u))) {
        ++result;  // may carry into the exponent; 0x7BFF + 1 = 0x7C00 (inf) is correct
    }
    return static_cast<uint16_t>(sign | result);
}

/// IEEE binary16 -> float (exact).
ACLEMU_HD float half_bits_to_float(uint16_t h) {
    const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
    const uint32_t exp = (h >> 10) & 0x1Fu;
    uint32_t mant = h & 0x3FFu;
    if (exp == 0x1Fu) {
        return bits_float(sign | 0x7F800000u | (mant << 13));  // inf / NaN
    }
    if (exp != 0) {
        return bits_float(sign | ((exp + 112u) << 23) | (mant << 13));
    }
    if (mant == 0) {
        return bits_float(sign);
    }
    // Subnormal: normalise.
    uint32_t e = 113u;
    while ((mant & 0x400u) == 0) {
        mant <<= 1;
        --e;
    }
    return bits_float(sign | (e << 23) | ((mant & 0x3FFu) << 13));
}

/// float -> bfloat16, round to nearest even; NaN gives 0x7FFF.
ACLEMU_HD uint16_t float_to_bf16_bits(float f) {
    const uint32_t u = float_bits(f);
    if ((u & 0x7FFFFFFFu) > 0x7F800000u) {
        return 0x7FFFu;
    }
    const uint32_t rounding = 0x7FFFu + ((u >> 16) & 1u);
    return static_cast<uint16_t>((u + rounding) >> 16);
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
