// The distributions of aclrtRandomNumAsync, drawn from Philox4x32-10 (philox.h) as pure
// per-element functions, so the CPU loop (kernels_cpu/builtin/random.cpp), the GPU kernel
// (kernels_cu/builtin/random.cu) and the GPU simulator produce the same numbers.
//
// Note [Random counter]: the key is the 64-bit seed (k0 = low 32 bits, k1 = high 32 bits). The
// 16 bytes at randomCounterAddr are a 128-bit little-endian counter C (bytes 0..7 the low half,
// 8..15 the high half); Philox block b is the generator applied to C + b (mod 2^128), its words
// v0..v3 the low to high 32-bit parts. The counter is read when the task runs and never written:
// a caller that wants fresh numbers moves it on, by the blocks used (below) or to a new high half
// (CANN's aclnn random operators put their offset there, with a zero low half). Elements map to
// blocks so that element i never depends on how many elements were asked for:
//   32-bit draws (float, fp16, bf16, int32, uint32; normal, truncated normal): element i is
//     word i mod 4 of block i / 4;
//   64-bit draws (int64, uint64 uniform): element i is words 2(i mod 2) (low) and 2(i mod 2) + 1
//     (high) of block i / 2;
//   dropout bitmask: bit i (byte i / 8, bit i mod 8 counted from the least significant) is word
//     i mod 4 of block i / 4.
// A word w gives u = (w >> 8) * 2^-24, uniform on [0, 1) with 24 bits.
//   uniform float: min + u * (max - min) in fp32 (rounded once per step), then rounded to the
//     output type: in [min, max], max only through rounding;
//   uniform integer: min + (w mod (max - min)) (64-bit w for 64-bit types): in [min, max), with
//     the modulo bias of at most (max - min) / 2^32 (2^64) relative;
//   normal: mean + stddev * sqrt(2) * erfinv(s), s = (k + 1/2) * 2^-23 with k = (w >> 8) - 2^23,
//     the inverse-CDF method (s is never +-1, so |z| < 5.4);
//   truncated normal: the same with s scaled by erf(sqrt(2)), which draws the standard normal
//     restricted to [-2, 2] (TensorFlow's truncation at two standard deviations) without
//     rejection, then mean + stddev * z;
//   dropout bitmask: bit = 1 (keep) when u >= ratio, so a bit is 1 with probability 1 - ratio.
#pragma once

#include "kernels_cu/builtin/builtin_args.h"
#include "kernels_cu/math/dtype.h"
#include "kernels_cu/math/float_ops.h"
#include "kernels_cu/math/philox.h"
#include "kernels_cu/portability.h"

#include <cmath>
#include <cstdint>

namespace aclemu::kernels {

/// Philox block `block` of the counter (lo, hi) under `seed` (Note [Random counter]).
ACLEMU_HD Philox4x32 random_block(uint64_t seed,
                                  uint64_t counter_lo,
                                  uint64_t counter_hi,
                                  uint64_t block) {
    const uint64_t lo = counter_lo + block;
    const uint64_t hi = counter_hi + (lo < counter_lo ? 1u : 0u);
    const Philox4x32 counter{{static_cast<uint32_t>(lo),
                              static_cast<uint32_t>(lo >> 32),
                              static_cast<uint32_t>(hi),
                              static_cast<uint32_t>(hi >> 32)}};
    return philox4x32_10(counter, static_cast<uint32_t>(seed), static_cast<uint32_t>(seed >> 32));
}

/// u in [0, 1) from the top 24 bits of w.
ACLEMU_HD float unit_uniform(uint32_t w) {
    return static_cast<float>(w >> 8) * 5.9604644775390625e-8f;  // 2^-24
}

/// (k + 1/2) * 2^-23 with k = (w >> 8) - 2^23: symmetric in (-1, 1), exact in float.
ACLEMU_HD float symmetric_open_uniform(uint32_t w) {
    const int32_t k = static_cast<int32_t>(w >> 8) - 8388608;
    return (static_cast<float>(k) + 0.5f) * 1.1920928955078125e-7f;  // 2^-23
}

ACLEMU_HD bool is_finite_float(float f) {
    return (float_bits(f) & 0x7F800000u) != 0x7F800000u;
}

/// erfinv(x) for |x| < 1 in single precision: the two polynomials of M. Giles, "Approximating
/// the erfinv function" (GPU Computing Gems Jade, 2011), in w = -log((1 - x)(1 + x)).
ACLEMU_HD float erfinv_float(float x) {
    float w = -::logf(mul_rn(sub_rn(1.0f, x), add_rn(1.0f, x)));
    float p;
    if (w < 5.0f) {
        w = sub_rn(w, 2.5f);
        p = 2.81022636e-08f;
        p = add_rn(3.43273939e-07f, mul_rn(p, w));
        p = add_rn(-3.5233877e-06f, mul_rn(p, w));
        p = add_rn(-4.39150654e-06f, mul_rn(p, w));
        p = add_rn(0.00021858087f, mul_rn(p, w));
        p = add_rn(-0.00125372503f, mul_rn(p, w));
        p = add_rn(-0.00417768164f, mul_rn(p, w));
        p = add_rn(0.246640727f, mul_rn(p, w));
        p = add_rn(1.50140941f, mul_rn(p, w));
    } else {
        w = sub_rn(::sqrtf(w), 3.0f);
        p = -0.000200214257f;
        p = add_rn(0.000100950558f, mul_rn(p, w));
        p = add_rn(0.00134934322f, mul_rn(p, w));
        p = add_rn(-0.00367342844f, mul_rn(p, w));
        p = add_rn(0.00573950773f, mul_rn(p, w));
        p = add_rn(-0.0076224613f, mul_rn(p, w));
        p = add_rn(0.00943887047f, mul_rn(p, w));
        p = add_rn(1.00167406f, mul_rn(p, w));
        p = add_rn(2.83297682f, mul_rn(p, w));
    }
    return mul_rn(p, x);
}

/// A standard normal deviate from w; truncated: restricted to [-2, 2].
ACLEMU_HD float standard_normal(uint32_t w, bool truncated) {
    constexpr float kSqrt2 = 1.41421356237309505f;
    constexpr float kErfSqrt2 = 0.954499736103641586f;  // erf(sqrt(2)) = P(|Z| <= 2)
    float s = symmetric_open_uniform(w);
    if (truncated) {
        s = mul_rn(s, kErfSqrt2);
    }
    float z = mul_rn(kSqrt2, erfinv_float(s));
    if (truncated) {
        z = z > 2.0f ? 2.0f : (z < -2.0f ? -2.0f : z);  // the approximation's last ulp
    }
    return z;
}

/// Storage conversions of the random outputs and parameters.
template <typename T>
ACLEMU_HD float param_float(uint64_t bits);
template <>
ACLEMU_HD float param_float<float>(uint64_t bits) {
    return bits_float(static_cast<uint32_t>(bits));
}
template <>
ACLEMU_HD float param_float<Half>(uint64_t bits) {
    return half_bits_to_float(static_cast<uint16_t>(bits));
}
template <>
ACLEMU_HD float param_float<BFloat16>(uint64_t bits) {
    return bf16_bits_to_float(static_cast<uint16_t>(bits));
}

/// One floating-point output of Uniform, Normal or TruncatedNormal from word w, with a and b the
/// parameters as floats; returns the stored value, and in `value` the float it was rounded from.
template <typename T>
ACLEMU_HD T
random_float_element(builtin::RandomFunc func, uint32_t w, float a, float b, float* value) {
    float v;
    if (func == builtin::RandomFunc::Uniform) {
        v = add_rn(a, mul_rn(unit_uniform(w), sub_rn(b, a)));
    } else {
        const float z = standard_normal(w, func == builtin::RandomFunc::TruncatedNormal);
        v = add_rn(a, mul_rn(b, z));
    }
    *value = v;
    return from_float<T>(v);
}

/// min + (r mod (max - min)), in two's complement of the storage width; max <= min gives min.
ACLEMU_HD uint64_t random_integer(uint64_t r, uint64_t min_bits, uint64_t range) {
    return range == 0 ? min_bits : min_bits + r % range;
}

/// 1 when the element is kept: u >= ratio.
ACLEMU_HD uint32_t dropout_keep(uint32_t w, float ratio) {
    return unit_uniform(w) >= ratio ? 1u : 0u;
}

}  // namespace aclemu::kernels
