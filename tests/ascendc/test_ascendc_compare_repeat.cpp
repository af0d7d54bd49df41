// The mask/repeat forms of Compare, Compares/CompareScalar and Select
// (kernels/compare_repeat_kernels.cpp) on the backend ACLEMU_BACKEND names (ctest: cpu and
// gpusim). The references are computed here in double precision from the documented rules: each
// repeat reads 8 DataBlocks through the strides; a compare's mask is reserved on A2/A3 and its
// bits of repeat r follow repeat r - 1's; Select writes the elements its mask picks, taking the
// bit of element k of repeat r at k (mode 0) or r * 64 + k (modes 1 and 2).
#include "compare_repeat_kernels.h"
#include "device_test_fixture.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace {

constexpr int kCount = 256;
constexpr int kPerRepeat = 64;  // floats in 256 bytes

using AscendCCompareRepeat = DeviceFixture;

TEST_F(AscendCCompareRepeat, RepeatFormsFollowTheStridesAndMasks) {
    std::vector<float> x(kCount), y(kCount);
    for (int i = 0; i < kCount; ++i) {
        x[i] = static_cast<float>((i * 7) % 5) * 0.25f;  // 0 .. 1, many equal pairs
        y[i] = static_cast<float>((i * 3) % 4) * 0.25f + (i % 9 == 0 ? 0.125f : 0.0f);
    }
    void* dx = to_device(x);
    void* dy = to_device(y);
    void* masks = to_device(std::vector<uint8_t>(8 * 32, 0));
    void* selected = to_device(std::vector<float>(3 * kCount, 0.0f));
    ASSERT_EQ(launch_compare_select_repeat(stream_, dx, dy, masks, selected), 0u);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS) << aclGetRecentErrMsg();

    const std::vector<uint8_t> m = to_host<uint8_t>(masks, 8 * 32);
    auto bit = [&](int mask, int i) { return ((m[32 * mask + i / 8] >> (i % 8)) & 1) != 0; };
    auto xd = [&](int i) { return static_cast<double>(x[i]); };
    auto yd = [&](int i) { return static_cast<double>(y[i]); };
    for (int i = 0; i < 2 * kPerRepeat; ++i) {
        EXPECT_EQ(bit(0, i), xd(i) < yd(i)) << "Compare LT, 2 repeats, bit " << i;
        EXPECT_EQ(bit(3, i), xd(i) > 0.5) << "Compares GT, bit " << i;
        const int r = i / kPerRepeat, k = i % kPerRepeat;
        EXPECT_EQ(bit(4, i), xd(r * 128 + k) <= 0.25) << "Compares repeat stride 16, bit " << i;
    }
    for (int k = 0; k < kPerRepeat; ++k) {
        const int every_other_block = (k / 8) * 16 + k % 8;
        EXPECT_EQ(bit(1, k), xd(every_other_block) >= yd(k)) << "Compare block stride 2, " << k;
        EXPECT_EQ(bit(2, k), xd(k) == yd(k)) << "Compare EQ with a reserved mask, bit " << k;
        EXPECT_EQ(bit(5, k), xd(k) != 0.5) << "CompareScalar NE, bit " << k;
    }
    EXPECT_EQ(m[16], 0xA5) << "a 2-repeat float compare writes 16 bytes";
    EXPECT_EQ(m[32 + 8], 0xA5) << "a 1-repeat float compare writes 8 bytes";
    EXPECT_EQ(m[6 * 32], 0xA5);

    const std::vector<float> s = to_host<float>(selected, 3 * kCount);
    const uint64_t alternate = 0xF0F0F0F00000FFFFull;
    for (int i = 0; i < kCount; ++i) {
        const int r = i / kPerRepeat, k = i % kPerRepeat;
        const bool in_repeats = r < 2;
        // Mode 2, count mask 40: bit r * 64 + k of the LT mask.
        const double mode2 = in_repeats && k < 40 ? (bit(0, i) ? xd(i) : yd(i)) : -7.0;
        EXPECT_EQ(s[i], static_cast<float>(mode2)) << "mode 2, element " << i;
        // Mode 0, bit-wise mask: bit k of the first repeat; src1 repeat stride 0.
        const bool picked = ((alternate >> k) & 1u) != 0;
        const double mode0 = in_repeats && picked ? (bit(0, k) ? xd(i) : yd(k)) : -7.0;
        EXPECT_EQ(s[kCount + i], static_cast<float>(mode0)) << "mode 0, element " << i;
    }
    for (int i = 0; i < kCount; ++i) {
        // Mode 1 with dst repeat stride 16: repeat r lands at r * 128; the gaps keep -7.
        const int r = i / 128, k = i % 128;
        const int source = r * kPerRepeat + k;
        const double mode1 = k < kPerRepeat ? (bit(3, source) ? xd(source) : -1.0) : -7.0;
        EXPECT_EQ(s[2 * kCount + i], static_cast<float>(mode1)) << "mode 1, element " << i;
    }
}

// half (128 elements per repeat): the inputs are exact in fp16 (multiples of 1/4 below 4), so
// the references compare and select the same values in double.
TEST_F(AscendCCompareRepeat, HalfRepeatsHold128Elements) {
    std::vector<_Float16> x(kCount), y(kCount);
    for (int i = 0; i < kCount; ++i) {
        x[i] = static_cast<_Float16>(static_cast<float>((i * 5) % 11) * 0.25f);
        y[i] = static_cast<_Float16>(static_cast<float>((i * 3) % 7) * 0.5f);
    }
    void* dx = to_device(x);
    void* dy = to_device(y);
    void* masks = to_device(std::vector<uint8_t>(64, 0));
    void* selected = to_device(std::vector<_Float16>(kCount, 0));
    ASSERT_EQ(launch_compare_select_half(stream_, dx, dy, masks, selected), 0u);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS) << aclGetRecentErrMsg();
    const std::vector<uint8_t> m = to_host<uint8_t>(masks, 64);
    const std::vector<_Float16> s = to_host<_Float16>(selected, kCount);
    for (int i = 0; i < kCount; ++i) {
        const double a = static_cast<double>(x[i]), b = static_cast<double>(y[i]);
        const bool gt = ((m[i / 8] >> (i % 8)) & 1) != 0;
        EXPECT_EQ(gt, a > b) << "Compare GT, bit " << i;
        const double want = i % 128 < 100 ? (gt ? a : b) : -7.0;
        EXPECT_EQ(static_cast<double>(s[i]), want) << "Select mode 2, element " << i;
    }
    EXPECT_EQ(m[32], 0xA5) << "a 2-repeat half compare writes 32 bytes";
}

}  // namespace
