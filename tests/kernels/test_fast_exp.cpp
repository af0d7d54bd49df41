// kernels_cu/math/fast_exp.h (exp_nonpositive) against double std::exp: a dense sweep of the
// float bit patterns of [-110, 0], every float near the two underflow boundaries (normal ->
// subnormal at 2^-126, subnormal -> 0 at 2^-150) and near 0, and the special values. The error is
// counted in ulps of the exact result (2^-149 for subnormal results).
#include "kernels_cu/math/fast_exp.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

namespace {

using aclemu::kernels::exp_nonpositive;

float from_bits(uint32_t u) {
    float f;
    std::memcpy(&f, &u, sizeof f);
    return f;
}

uint32_t to_bits(float f) {
    uint32_t u;
    std::memcpy(&u, &f, sizeof u);
    return u;
}

// |got - e^x| in units of the spacing of floats at e^x (subnormal spacing below 2^-126).
double ulp_error(float x, float got) {
    const double exact = std::exp(static_cast<double>(x));
    double ulp = std::ldexp(1.0, -149);
    if (exact >= std::ldexp(1.0, -126)) {
        int e = 0;
        std::frexp(exact, &e);  // exact = m 2^e, m in [0.5, 1)
        ulp = std::ldexp(1.0, e - 24);
    }
    return std::fabs(static_cast<double>(got) - exact) / ulp;
}

struct Sweep {
    double max_ulp = 0.0;
    float worst_x = 0.0f;
    int64_t count = 0;
};

// Every `step`-th float from `from` down to `to` (both <= 0, by bit pattern).
Sweep sweep(float from, float to, uint32_t step) {
    Sweep s;
    for (uint32_t u = to_bits(from); u <= to_bits(to); u += step) {
        const float x = from_bits(u);
        const double err = ulp_error(x, exp_nonpositive(x));
        if (!(err <= s.max_ulp)) {  // NaN errors would count as worst too
            s.max_ulp = err;
            s.worst_x = x;
        }
        ++s.count;
        if (to_bits(to) - u < step) {
            break;
        }
    }
    return s;
}

TEST(FastExp, DenseSweepOfMinus110ToZeroWithinOneUlp) {
    // -0.0 is 0x80000000; -110 is 0xC2DC0000: about 1.12e9 floats, every 211th (a prime, so the
    // low mantissa bits all occur).
    const Sweep s = sweep(-0.0f, -110.0f, 211u);
    EXPECT_GT(s.count, 5000000);
    EXPECT_LE(s.max_ulp, 1.0) << "worst at x = " << s.worst_x;
}

TEST(FastExp, EveryFloatNearTheUnderflowBoundaries) {
    // e^x = 2^-126 at x = -87.3365: results cross into the subnormals.
    const Sweep normal_edge = sweep(-87.0f, -87.7f, 1u);
    EXPECT_LE(normal_edge.max_ulp, 1.0) << "worst at x = " << normal_edge.worst_x;
    // e^x = 2^-150 at x = -103.972: below, the result rounds to 0.
    const Sweep zero_edge = sweep(-103.0f, -104.5f, 1u);
    EXPECT_LE(zero_edge.max_ulp, 1.0) << "worst at x = " << zero_edge.worst_x;
    // Deep in the subnormals every result is within half a unit of 2^-149 plus the polynomial's
    // own error, so well under 1.
    EXPECT_LE(sweep(-95.0f, -96.0f, 7u).max_ulp, 1.0);
}

TEST(FastExp, TinyArgumentsAndTheFirstReductionStep) {
    // Tiny arguments (e^x rounds to 1 or to 1 - 2^-24): every 997th float in [-2^-20, 0], which
    // spans every exponent down to the subnormals; every 101st in [-0.35, -2^-20]; every float
    // around -ln2/2, where n first becomes -1.
    EXPECT_LE(sweep(-0.0f, -std::ldexp(1.0f, -20), 997u).max_ulp, 1.0);
    EXPECT_LE(sweep(-std::ldexp(1.0f, -20), -0.35f, 101u).max_ulp, 1.0);
    EXPECT_LE(sweep(-0.34f, -0.36f, 1u).max_ulp, 1.0);
}

TEST(FastExp, SpecialValues) {
    constexpr float kInf = std::numeric_limits<float>::infinity();
    EXPECT_EQ(exp_nonpositive(0.0f), 1.0f);
    EXPECT_EQ(exp_nonpositive(-0.0f), 1.0f);
    EXPECT_EQ(exp_nonpositive(-std::numeric_limits<float>::denorm_min()), 1.0f);
    EXPECT_EQ(exp_nonpositive(-1.0f), static_cast<float>(std::exp(-1.0)));

    // e^-100 = 3.72e-44 = 26.55 * 2^-149, which rounds to 27 * 2^-149 (not 0).
    const float at_100 = exp_nonpositive(-100.0f);
    EXPECT_EQ(at_100, std::ldexp(27.0f, -149));
    EXPECT_NEAR(at_100, 3.72e-44, 1e-45);
    // The smallest subnormal until e^x falls below 2^-150 (x = -103.9721), then 0.
    EXPECT_EQ(exp_nonpositive(-103.96f), std::numeric_limits<float>::denorm_min());
    EXPECT_EQ(exp_nonpositive(-103.98f), 0.0f);
    EXPECT_EQ(exp_nonpositive(-104.0f), 0.0f);
    EXPECT_EQ(exp_nonpositive(-110.0f), 0.0f);
    EXPECT_EQ(exp_nonpositive(-1e30f), 0.0f);
    EXPECT_EQ(exp_nonpositive(-std::numeric_limits<float>::max()), 0.0f);

    const float at_minus_inf = exp_nonpositive(-kInf);
    EXPECT_EQ(at_minus_inf, 0.0f);
    EXPECT_FALSE(std::signbit(at_minus_inf));

    EXPECT_TRUE(std::isnan(exp_nonpositive(std::numeric_limits<float>::quiet_NaN())));
    EXPECT_TRUE(std::isnan(exp_nonpositive(-std::numeric_limits<float>::quiet_NaN())));
    EXPECT_TRUE(std::isnan(exp_nonpositive(from_bits(0xFF800001u))));  // signalling, negative
}

TEST(FastExp, ResultsAreNeverAboveOneAndNeverNegative) {
    // e^x for x <= 0 lies in [0, 1]; the polynomial must not overshoot 1 near x = 0 or dip
    // below 0 anywhere (checked on the sweep's points, which include every exponent).
    for (uint32_t u = to_bits(-0.0f); u <= to_bits(-110.0f); u += 9973u) {
        const float y = exp_nonpositive(from_bits(u));
        ASSERT_GE(y, 0.0f) << from_bits(u);
        ASSERT_LE(y, 1.0f) << from_bits(u);
    }
}

}  // namespace
