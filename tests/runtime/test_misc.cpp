// Device-free helpers: aclDataTypeSize, fp16 conversion (checked against an independent
// double-precision reference: every half value, and nearest-even rounding of many floats),
// and data buffers.
#include "runtime/runtime_test_util.h"
#include "support/c_enum_calls.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

namespace aclemu::test {
namespace {

// The value of a half bit pattern, computed from the IEEE definition in double.
double half_value(uint16_t bits) {
    int sign = (bits >> 15) ? -1 : 1;
    int exponent = (bits >> 10) & 0x1F;
    int mantissa = bits & 0x3FF;
    if (exponent == 0x1F) {
        return mantissa != 0 ? std::numeric_limits<double>::quiet_NaN()
                             : sign * std::numeric_limits<double>::infinity();
    }
    if (exponent == 0) {
        return sign * std::ldexp(static_cast<double>(mantissa), -24);
    }
    return sign * std::ldexp(static_cast<double>(1024 + mantissa), exponent - 25);
}

// Nearest half to x (ties to even) by searching the table of finite halves.
uint16_t reference_to_half(float x) {
    if (std::isnan(x)) {
        return 0x7E00;
    }
    uint16_t sign = std::signbit(x) ? 0x8000 : 0;
    double a = std::fabs(static_cast<double>(x));
    if (a >= 65520.0) {  // halfway between 65504 and the next step (65536) rounds to inf
        return sign | 0x7C00;
    }
    // Positive finite halves 0..0x7BFF are increasing with their bit pattern.
    uint16_t lo = 0, hi = 0x7BFF;
    while (lo < hi) {  // largest pattern with value <= a
        uint16_t mid = static_cast<uint16_t>((lo + hi + 1) / 2);
        if (half_value(mid) <= a) {
            lo = mid;
        } else {
            hi = static_cast<uint16_t>(mid - 1);
        }
    }
    uint16_t below = lo;
    if (half_value(below) == a || below == 0x7BFF) {
        return sign | below;
    }
    uint16_t above = static_cast<uint16_t>(below + 1);
    double d_below = a - half_value(below);
    double d_above = half_value(above) - a;
    if (d_below < d_above) {
        return sign | below;
    }
    if (d_above < d_below) {
        return sign | above;
    }
    return sign | ((below & 1) == 0 ? below : above);
}

TEST(Float16, EveryHalfConvertsExactlyToFloat) {
    for (uint32_t bits = 0; bits <= 0xFFFF; ++bits) {
        double expected = half_value(static_cast<uint16_t>(bits));
        float got = aclFloat16ToFloat(static_cast<aclFloat16>(bits));
        if (std::isnan(expected)) {
            EXPECT_TRUE(std::isnan(got)) << std::hex << bits;
        } else {
            ASSERT_EQ(static_cast<double>(got), expected) << std::hex << bits;
            ASSERT_EQ(std::signbit(got), std::signbit(expected)) << std::hex << bits;
        }
    }
}

TEST(Float16, EveryFiniteHalfRoundTrips) {
    for (uint32_t bits = 0; bits <= 0xFFFF; ++bits) {
        if (((bits >> 10) & 0x1F) == 0x1F && (bits & 0x3FF) != 0) {
            continue;  // NaN payloads are not preserved exactly
        }
        ASSERT_EQ(aclFloatToFloat16(aclFloat16ToFloat(static_cast<aclFloat16>(bits))), bits)
            << std::hex << bits;
    }
}

TEST(Float16, FloatToHalfRoundsToNearestEven) {
    std::vector<float> values = {
        0.0f,
        -0.0f,
        1.0f,
        -2.5f,
        65504.0f,
        65519.99f,
        65520.0f,
        -65520.0f,
        1e10f,
        std::numeric_limits<float>::infinity(),
        -std::numeric_limits<float>::infinity(),
        std::ldexp(1.0f, -24),
        std::ldexp(1.0f, -25),
        std::ldexp(1.5f, -25),
        std::ldexp(3.0f, -26),
        std::ldexp(1.0f, -26),
        std::ldexp(1.0f, -14),
        std::ldexp(1023.5f, -24),
        std::ldexp(1.0f, -15),
        1.0f + std::ldexp(1.0f, -11),
        1.0f + 3 * std::ldexp(1.0f, -11),  // exact ties
        std::numeric_limits<float>::denorm_min(),
        std::numeric_limits<float>::min(),
    };
    std::mt19937 rng(1234);
    std::uniform_int_distribution<int> exponent(-30, 17);
    std::uniform_real_distribution<float> mantissa(-2.0f, 2.0f);
    for (int i = 0; i < 200000; ++i) {
        values.push_back(std::ldexp(mantissa(rng), exponent(rng)));
    }
    // Exact halfway points between neighbouring halves, where only the tie rule decides.
    for (uint16_t bits = 0; bits < 0x7BFF; bits += 37) {
        double mid = (half_value(bits) + half_value(static_cast<uint16_t>(bits + 1))) / 2;
        values.push_back(static_cast<float>(mid));
    }
    for (float v : values) {
        ASSERT_EQ(aclFloatToFloat16(v), reference_to_half(v)) << v;
    }
    EXPECT_EQ(aclFloatToFloat16(std::numeric_limits<float>::quiet_NaN()) & 0x7C00, 0x7C00);
    EXPECT_NE(aclFloatToFloat16(std::numeric_limits<float>::quiet_NaN()) & 0x3FF, 0);
}

TEST(DataTypeSize, EveryType) {
    struct Case {
        aclDataType type;
        size_t size;
    };
    const Case cases[] = {
        {ACL_FLOAT, 4},
        {ACL_FLOAT16, 2},
        {ACL_INT8, 1},
        {ACL_INT32, 4},
        {ACL_UINT8, 1},
        {ACL_INT16, 2},
        {ACL_UINT16, 2},
        {ACL_UINT32, 4},
        {ACL_INT64, 8},
        {ACL_UINT64, 8},
        {ACL_DOUBLE, 8},
        {ACL_BOOL, 1},
        {ACL_STRING, 0},
        {ACL_COMPLEX64, 8},
        {ACL_COMPLEX128, 16},
        {ACL_BF16, 2},
        {ACL_INT4, 1},
        {ACL_UINT1, 1},
        {ACL_COMPLEX32, 4},
        {ACL_HIFLOAT8, 1},
        {ACL_FLOAT8_E5M2, 1},
        {ACL_FLOAT8_E4M3FN, 1},
        {ACL_FLOAT8_E8M0, 1},
        {ACL_FLOAT6_E3M2, 1},
        {ACL_FLOAT6_E2M3, 1},
        {ACL_FLOAT4_E2M1, 1},
        {ACL_FLOAT4_E1M2, 1},
        {ACL_DT_UNDEFINED, 0},
        {static_cast<aclDataType>(5), 0},  // unnamed, but a value aclDataType holds
    };
    for (const Case& c : cases) {
        EXPECT_EQ(aclDataTypeSize(c.type), c.size) << c.type;
    }
}

// Values aclDataType cannot hold, passed as a C caller may (no undefined behaviour in the
// library: it reads the argument as an integer).
TEST(DataTypeSize, ValuesOutsideTheEnumAreZero) {
    for (int value : {1000, 64, -65, -2, INT_MAX, INT_MIN}) {
        EXPECT_EQ(c_aclDataTypeSize(value), 0u) << value;
    }
}

TEST(DataBuffer, CreateReadUpdateDestroy) {
    int storage[4] = {};
    aclDataBuffer* buffer = aclCreateDataBuffer(storage, sizeof(storage));
    ASSERT_NE(buffer, nullptr);
    EXPECT_EQ(aclGetDataBufferAddr(buffer), storage);
    EXPECT_EQ(aclGetDataBufferSizeV2(buffer), sizeof(storage));
    EXPECT_EQ(aclUpdateDataBuffer(buffer, storage + 1, 4), ACL_SUCCESS);
    EXPECT_EQ(aclGetDataBufferAddr(buffer), storage + 1);
    EXPECT_EQ(aclGetDataBufferSizeV2(buffer), 4u);
    EXPECT_EQ(aclDestroyDataBuffer(buffer), ACL_SUCCESS);

    aclDataBuffer* empty = aclCreateDataBuffer(nullptr, 0);  // allowed, as in CANN
    ASSERT_NE(empty, nullptr);
    EXPECT_EQ(aclDestroyDataBuffer(empty), ACL_SUCCESS);

    take_recent_error();
    EXPECT_EQ(aclDestroyDataBuffer(nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(take_recent_error(), "EH0002: Argument [dataBuffer] must not be null.");
    EXPECT_EQ(aclUpdateDataBuffer(nullptr, storage, 4), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclGetDataBufferAddr(nullptr), nullptr);
    EXPECT_EQ(aclGetDataBufferSizeV2(nullptr), 0u);
}

}  // namespace
}  // namespace aclemu::test
