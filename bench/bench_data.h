// Host-side data for the benchmark: a seeded random generator, float -> FLOAT16/BFLOAT16
// conversion (round to nearest even, written here so the bench uses the public API only), and
// filling a host staging buffer of any benchmarked dtype with uniform random values.
#pragma once

#include "acl/acl.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

namespace aclemu::bench {

/// splitmix64-seeded xorshift64*: fast, reproducible, good enough for benchmark inputs.
class Rng {
public:
    explicit Rng(uint64_t seed) {
        uint64_t z = seed + 0x9E3779B97F4A7C15ull;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        state_ = (z ^ (z >> 31)) | 1u;
    }
    uint64_t next() {
        state_ ^= state_ >> 12;
        state_ ^= state_ << 25;
        state_ ^= state_ >> 27;
        return state_ * 0x2545F4914F6CDD1Dull;
    }
    /// Uniform in [lo, hi).
    float uniform(float lo, float hi) {
        const float u = static_cast<float>(next() >> 40) * (1.0f / 16777216.0f);
        return lo + (hi - lo) * u;
    }

private:
    uint64_t state_;
};

inline uint32_t float_bits(float f) {
    uint32_t u;
    std::memcpy(&u, &f, sizeof u);
    return u;
}

/// IEEE binary16, round to nearest even (finite inputs of benchmark range; inf/NaN kept).
inline uint16_t float_to_half(float f) {
    const uint32_t x = float_bits(f);
    const uint32_t sign = (x >> 16) & 0x8000u;
    const uint32_t abs = x & 0x7FFFFFFFu;
    if (abs >= 0x7F800000u)
        return static_cast<uint16_t>(sign | 0x7C00u | (abs > 0x7F800000u ? 0x200u : 0));
    if (abs >= 0x477FF000u)
        return static_cast<uint16_t>(sign | 0x7C00u);  // rounds to inf
    if (abs < 0x38800000u) {                           // subnormal or zero
        if (abs < 0x33000000u)
            return static_cast<uint16_t>(sign);
        const uint32_t shift = 113u - (abs >> 23);
        const uint32_t mant = (abs & 0x7FFFFFu) | 0x800000u;
        uint32_t h = mant >> (shift + 13);
        const uint32_t rest = mant & ((1u << (shift + 13)) - 1);
        const uint32_t half = 1u << (shift + 12);
        if (rest > half || (rest == half && (h & 1u)))
            ++h;
        return static_cast<uint16_t>(sign | h);
    }
    uint32_t h = ((abs - 0x38000000u) >> 13);
    const uint32_t rest = abs & 0x1FFFu;
    if (rest > 0x1000u || (rest == 0x1000u && (h & 1u)))
        ++h;
    return static_cast<uint16_t>(sign | h);
}

/// bfloat16, round to nearest even (NaN kept quiet).
inline uint16_t float_to_bf16(float f) {
    const uint32_t x = float_bits(f);
    if ((x & 0x7FFFFFFFu) > 0x7F800000u)
        return static_cast<uint16_t>((x >> 16) | 0x40u);
    const uint32_t bias = 0x7FFFu + ((x >> 16) & 1u);
    return static_cast<uint16_t>((x + bias) >> 16);
}

inline size_t dtype_size(aclDataType dt) {
    return dt == ACL_FLOAT ? 4 : 2;
}

inline const char* dtype_name(aclDataType dt) {
    switch (dt) {
        case ACL_FLOAT:
            return "fp32";
        case ACL_FLOAT16:
            return "fp16";
        case ACL_BF16:
            return "bf16";
        default:
            return "?";
    }
}

/// Writes `n` values uniform in [lo, hi) of dtype `dt` to `dst` (n * dtype_size(dt) bytes).
inline void fill_uniform(void* dst, size_t n, aclDataType dt, float lo, float hi, Rng& rng) {
    if (dt == ACL_FLOAT) {
        auto* p = static_cast<float*>(dst);
        for (size_t i = 0; i < n; ++i)
            p[i] = rng.uniform(lo, hi);
    } else if (dt == ACL_FLOAT16) {
        auto* p = static_cast<uint16_t*>(dst);
        for (size_t i = 0; i < n; ++i)
            p[i] = float_to_half(rng.uniform(lo, hi));
    } else {
        auto* p = static_cast<uint16_t*>(dst);
        for (size_t i = 0; i < n; ++i)
            p[i] = float_to_bf16(rng.uniform(lo, hi));
    }
}

}  // namespace aclemu::bench
