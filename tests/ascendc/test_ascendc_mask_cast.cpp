// Cast's mask/repeat forms (int4b_t included) and the vector mask modes
// (kernels/mask_cast_kernels.cpp) on the backend ACLEMU_BACKEND names (ctest: cpu and gpusim).
// The references are computed here in double from the documented rules: a Cast repeat holds 256
// bytes of the wider type, each operand is addressed in DataBlocks of its own type; int4b_t
// packs the even element in the low nibble and saturates to [-8, 7]; in Counter mode the mask
// is the total element count; with isSetMask = false the mask comes from SetVectorMask.
#include "device_test_fixture.h"
#include "mask_cast_kernels.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

namespace {

using namespace mask_cast_layout;
using AscendCMaskCast = DeviceFixture;

// The int4 nibble of a rounded value.
int nibble_of(double rounded) {
    const double clamped = rounded < -8 ? -8 : rounded > 7 ? 7 : rounded;
    return static_cast<int>(clamped) & 0xF;
}

// Round to odd into binary16 (normal range): truncate to 10 fraction bits, and when bits were
// dropped make the last one 1.
double round_half_odd(double v) {
    const double a = std::fabs(v);
    const double ulp = std::ldexp(1.0, static_cast<int>(std::floor(std::log2(a))) - 10);
    double m = std::trunc(a / ulp);
    if (m * ulp != a && std::fmod(m, 2.0) == 0.0) {
        m += 1;
    }
    return std::copysign(m * ulp, v);
}

// Truncation toward zero into bfloat16 (normal range): 7 fraction bits.
double trunc_bf16(double v) {
    const double a = std::fabs(v);
    const double ulp = std::ldexp(1.0, static_cast<int>(std::floor(std::log2(a))) - 7);
    return std::copysign(std::trunc(a / ulp) * ulp, v);
}

bool untouched(const std::vector<uint8_t>& bytes, uint32_t offset, uint32_t count) {
    return ::untouched(bytes, offset, count, kFill);
}

TEST_F(AscendCMaskCast, RepeatFormsOfCastAndTheMaskModes) {
    std::vector<_Float16> xh(512);
    std::vector<float> xf(256);
    for (int i = 0; i < 512; ++i) {
        const double v = ((i * 37) % 69) * 0.25 - 9.0 + (i % 3 == 0 ? 0.1 : 0.0);
        xh[i] = static_cast<_Float16>(v);
    }
    for (int i = 0; i < 256; ++i) {
        xf[i] = (i % 2 == 0 ? 1.0f : -1.0f) * (1.0f + static_cast<float>(i) * 0.0123457f);
    }
    void* dh = to_device(xh);
    void* df = to_device(xf);
    void* dout = to_device(std::vector<uint8_t>(kBytes, 0));
    ASSERT_EQ(launch_mask_cast(stream_, dh, df, dout), 0u);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS) << aclGetRecentErrMsg();
    const std::vector<uint8_t> out = to_host<uint8_t>(dout, kBytes);
    auto h = [&](int i) { return static_cast<double>(xh[i]); };
    auto f = [&](int i) { return static_cast<double>(xf[i]); };

    // half -> int4, CAST_CEIL, 4 x 128: element i in nibble i % 2 of byte i / 2.
    for (int i = 0; i < 512; ++i) {
        const int got = (out[kInt4Ceil + i / 2] >> (4 * (i % 2))) & 0xF;
        EXPECT_EQ(got, nibble_of(std::ceil(h(i)))) << "int4 ceil, element " << i;
    }
    // mask 100 of 128, CAST_RINT: bytes 50..63 of each 64-byte repeat keep the fill.
    for (int r = 0; r < 2; ++r) {
        for (int k = 0; k < 128; ++k) {
            const int i = r * 128 + k;
            const int got = (out[kInt4Masked + i / 2] >> (4 * (i % 2))) & 0xF;
            const int fill = (kFill >> (4 * (i % 2))) & 0xF;
            EXPECT_EQ(got, k < 100 ? nibble_of(std::nearbyint(h(i))) : fill) << "int4 rint " << i;
        }
    }
    // half -> int32 FLOOR: 64 per repeat, src repeat stride 4 blocks (contiguous halves).
    for (int i = 0; i < 128; ++i) {
        EXPECT_EQ(read_at<int32_t>(out, kHalfToInt32, i), static_cast<int32_t>(std::floor(h(i))))
            << "half -> int32, element " << i;
    }
    // float -> half ODD, bit-wise mask 0xF0 per byte, src repeats 16 blocks (128 floats) apart.
    const uint64_t alternate = 0xF0F0F0F0F0F0F0F0ull;
    for (int r = 0; r < 2; ++r) {
        for (int k = 0; k < 64; ++k) {
            const uint16_t bits = read_at<uint16_t>(out, kFloatToHalf, r * 64 + k);
            if (((alternate >> k) & 1u) == 0) {
                EXPECT_EQ(bits, 0x5A5Au) << "float -> half, unselected " << k;
                continue;
            }
            _Float16 got;
            std::memcpy(&got, &bits, sizeof got);
            EXPECT_EQ(static_cast<double>(got), round_half_odd(f(r * 128 + k)))
                << "float -> half ODD, repeat " << r << " element " << k;
        }
    }
    // int4 -> half: the first 256 nibbles back, exactly.
    for (int i = 0; i < 256; ++i) {
        const double c = std::ceil(h(i));
        const double want = c < -8 ? -8 : c > 7 ? 7 : c;
        EXPECT_EQ(static_cast<double>(read_at<_Float16>(out, kInt4ToHalf, i)), want)
            << "int4 -> half, element " << i;
    }
    // Counter mode, 150 elements from the register over 3 repeats; the rest untouched.
    for (int i = 0; i < 150; ++i) {
        EXPECT_EQ(static_cast<double>(read_at<float>(out, kCounterCast, i)), h(i)) << i;
    }
    EXPECT_TRUE(untouched(out, kCounterCast + 150 * 4, 42 * 4)) << "counter mode stops at 150";
    // Normal mode, register mask 0x00FF... (isSetMask = false), 2 repeats.
    for (int i = 0; i < 128; ++i) {
        const bool picked = ((0x00FF00FF00FF00FFull >> (i % 64)) & 1u) != 0;
        const float got = read_at<float>(out, kRegisterAdds, i);
        if (picked) {
            EXPECT_EQ(static_cast<double>(got), static_cast<double>(static_cast<float>(f(i) + 1.0)))
                << "Adds register mask, element " << i;
        } else {
            EXPECT_TRUE(untouched(out, kRegisterAdds + i * 4, 4)) << "Adds skipped " << i;
        }
    }
    // Counter mode, mask argument 100: 100 elements over 2 repeats.
    for (int i = 0; i < 100; ++i) {
        EXPECT_EQ(static_cast<double>(read_at<float>(out, kCounterMuls, i)), 2.0 * f(i)) << i;
    }
    EXPECT_TRUE(untouched(out, kCounterMuls + 100 * 4, 28 * 4)) << "counter Muls stops at 100";
    // float -> bfloat16 TRUNC, 64 elements.
    for (int i = 0; i < 64; ++i) {
        const uint32_t bits = static_cast<uint32_t>(read_at<uint16_t>(out, kFloatToBf16, i)) << 16;
        float got;
        std::memcpy(&got, &bits, sizeof got);
        EXPECT_EQ(static_cast<double>(got), trunc_bf16(f(i))) << "float -> bf16, element " << i;
    }
}

}  // namespace
