// Natural logarithms in float with pinned roundings (float_ops.h), branch-free so the CPU loops
// vectorize, shared by the host and the device so both give the same bits: log_float(x) and
// log1p_float(x). The forward activations (LogSigmoid, Logit) are their only users.
#pragma once

#include "kernels_cu/math/dtype.h"
#include "kernels_cu/math/float_ops.h"
#include "kernels_cu/portability.h"

#include <cstdint>

namespace aclemu::kernels {

/// ln(x) for every float: +0/-0 give -inf, +inf gives +inf, x < 0 and NaN give NaN.
///
/// x = 2^k m with m in [sqrt(1/2), sqrt(2)) (subnormals are first scaled by 2^25, exactly);
/// with f = m - 1 and s = f / (2 + f), ln(m) = 2 atanh(s) = f - f^2/2 + s (f^2/2 + R(s^2)),
/// R a degree-4 odd-series fit; ln(x) = k ln2 + ln(m), ln2 in two parts so k * kLn2Hi is exact.
ACLEMU_HD float log_float(float x) {
    constexpr float kLn2Hi = 6.9313812256e-01f;  // 0x3f317180: k * kLn2Hi exact for |k| < 2^8
    constexpr float kLn2Lo = 9.0580006145e-06f;  // ln2 - kLn2Hi
    constexpr float kL1 = 0.66666662693f;        // R(z) = z (kL1 + z (kL2 + z (kL3 + z kL4)))
    constexpr float kL2 = 0.40000972152f;
    constexpr float kL3 = 0.28498786688f;
    constexpr float kL4 = 0.24279078841f;
    constexpr float kTwoTo25 = 33554432.0f;
    constexpr uint32_t kSqrtHalfMantissa = 0x3504f3u;  // sqrt(1/2) = 2^-1 * 1.0110101...

    const bool subnormal = x < 1.17549435e-38f;  // and zero, negatives: fixed up at the end
    const float scaled = select_float(subnormal, mul_rn(x, kTwoTo25), x);
    const uint32_t bits = float_bits(scaled);
    // Bias the exponent so the mantissa lands in [sqrt(1/2), sqrt(2)): adding (1 - sqrt(1/2))'s
    // mantissa offset carries into the exponent exactly when m >= sqrt(2).
    const uint32_t shifted = bits + (0x800000u - kSqrtHalfMantissa);
    const int32_t k = static_cast<int32_t>((shifted >> 23) & 0xffu) - 127 - (subnormal ? 25 : 0);
    const float m = bits_float((shifted & 0x7fffffu) + kSqrtHalfMantissa + 0x3f000000u);
    const float f = sub_rn(m, 1.0f);
    const float s = f / add_rn(2.0f, f);
    const float z = mul_rn(s, s);
    float r = add_rn(kL3, mul_rn(z, kL4));
    r = add_rn(kL2, mul_rn(z, r));
    r = add_rn(kL1, mul_rn(z, r));
    r = mul_rn(z, r);
    const float hfsq = mul_rn(mul_rn(0.5f, f), f);
    const float kf = static_cast<float>(k);
    const float tail = add_rn(mul_rn(s, add_rn(hfsq, r)), mul_rn(kf, kLn2Lo));
    const float result = add_rn(mul_rn(kf, kLn2Hi), sub_rn(f, sub_rn(hfsq, tail)));

    // Special operands, selected rather than branched on.
    const float inf = bits_float(0x7F800000u);
    const float nan = bits_float(0x7FC00000u);
    float out = select_float(x == inf, inf, result);
    out = select_float(x == 0.0f, -inf, out);
    return select_float(x < 0.0f || x != x, nan, out);
}

/// ln(1 + x) for x >= 0 (or NaN), accurate for tiny x: u = 1 + x rounds, and the correction
/// (x - (u - 1)) / u restores what the rounding dropped (to first order).
ACLEMU_HD float log1p_nonnegative(float x) {
    const float u = add_rn(1.0f, x);
    const float correction = sub_rn(x, sub_rn(u, 1.0f)) / u;
    return add_rn(log_float(u), correction);
}

}  // namespace aclemu::kernels
