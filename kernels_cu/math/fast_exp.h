// e^x in float for x <= 0, branch-free so the CPU loops vectorize, and evaluated with pinned
// roundings (float_ops.h) so the host and the device give the same bits. Within 1 ulp (0.98 ulp
// at worst over every float in [-110, 0], subnormal results included, measured against double
// exp); -inf gives 0 and NaN gives NaN. Arguments above 0 are outside the contract.
#pragma once

#include "kernels_cu/math/dtype.h"
#include "kernels_cu/math/float_ops.h"
#include "kernels_cu/portability.h"

#include <cstdint>

namespace aclemu::kernels {

/// e^x for x in [-inf, 0] (or NaN).
///
/// x = n ln2 + r with n = rint(x log2(e)) and |r| <= ln2/2 (Cody-Waite: ln2 in two parts, the
/// first short enough that n * kLn2Hi is exact); e^r = 1 + r + r^2 P(r) with P a degree-4
/// near-minimax fit (relative error 3e-9 before float rounding); e^x = e^r 2^n. 2^n alone is not
/// a normal float below n = -126, so the scale is applied in two steps: 2^(n + 64), a normal
/// float built from exponent bits, multiplies exactly, then the constant 2^-64 rounds once
/// (correctly into the subnormals; to 0 below about -103.97).
ACLEMU_HD float exp_nonpositive(float x) {
    // Below this e^x is 0 in float; clamping keeps n + 64 a valid exponent. NaN stays NaN (the
    // comparison is false), and -inf becomes kMinArg, whose result is 0.
    constexpr float kMinArg = -110.0f;
    constexpr float kLog2e = 1.44269504088896341f;
    constexpr float kRoundToInt = 12582912.0f;  // 1.5 * 2^23: t = v + it has ulp 1 (rint, RNE)
    constexpr float kLn2Hi = 0.693359375f;      // 355/512: 9 bits, n * kLn2Hi exact
    constexpr float kLn2Lo = -2.12194440e-4f;   // ln2 - kLn2Hi
    constexpr float kP0 = 0x1.6a23cep-10f;      // P(r) = ((((kP0 r + kP1) r + kP2) r + kP3) r + kP4
    constexpr float kP1 = 0x1.123a20p-7f;
    constexpr float kP2 = 0x1.5558f2p-5f;
    constexpr float kP3 = 0x1.555492p-3f;
    constexpr float kP4 = 0x1.fffffcp-2f;
    constexpr uint32_t kBiasPlus64 = 127u + 64u;
    constexpr float kTwoToMinus64 = 0x1p-64f;

    x = x < kMinArg ? kMinArg : x;  // a max instruction or a blend, never a branch in a loop
    const float t = add_rn(mul_rn(x, kLog2e), kRoundToInt);
    const float n = sub_rn(t, kRoundToInt);  // an integer in [-159, 0]
    const float r = sub_rn(sub_rn(x, mul_rn(n, kLn2Hi)), mul_rn(n, kLn2Lo));
    float p = add_rn(mul_rn(kP0, r), kP1);
    p = add_rn(mul_rn(p, r), kP2);
    p = add_rn(mul_rn(p, r), kP3);
    p = add_rn(mul_rn(p, r), kP4);
    const float er = add_rn(add_rn(mul_rn(p, mul_rn(r, r)), r), 1.0f);
    // t's low bits hold n (t and kRoundToInt share their exponent), read without a float-to-int
    // conversion, so a NaN costs no undefined behaviour: its scale is garbage, er is NaN anyway.
    const uint32_t biased = float_bits(t) - float_bits(kRoundToInt) + kBiasPlus64;
    const float scale = bits_float(biased << 23);
    return mul_rn(mul_rn(er, scale), kTwoToMinus64);
}

}  // namespace aclemu::kernels
