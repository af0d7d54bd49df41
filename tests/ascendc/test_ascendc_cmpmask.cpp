// The CMPMASK register (kernels/cmpmask_kernels.cpp) on the backend ACLEMU_BACKEND names (ctest:
// cpu and gpusim). The references are computed here in double precision from the documented
// rules: a register compare covers one 256-byte repeat and changes only the bits its mask
// selects; GetCmpMask stores the register's 16 bytes; Select without a selMask writes the
// elements the vector mask register picks, taking register bit k (mode 0), the register's
// scalar against bit r * 64 + k of selMask (mode 1), or bit r * 64 + k at the address the
// register holds (mode 2).
#include "cmpmask_kernels.h"
#include "device_test_fixture.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

namespace {

constexpr int kCount = 256;
constexpr int kPerRepeat = 64;  // floats in 256 bytes

using AscendCCmpMask = DeviceFixture;

TEST_F(AscendCCmpMask, CompareIntoTheRegisterAndSelectFromIt) {
    std::vector<float> x(kCount), y(kCount);
    for (int i = 0; i < kCount; ++i) {
        x[i] = static_cast<float>((i * 7) % 5) * 0.25f;
        y[i] = static_cast<float>((i * 3) % 4) * 0.25f + (i % 9 == 0 ? 0.125f : 0.0f);
    }
    void* dx = to_device(x);
    void* dy = to_device(y);
    void* masks = to_device(std::vector<uint8_t>(3 * 128, 0));
    void* selected = to_device(std::vector<float>(4 * kCount, 0.0f));
    ASSERT_EQ(launch_cmpmask_select(stream_, dx, dy, masks, selected), 0u);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS) << aclGetRecentErrMsg();

    const std::vector<uint8_t> m = to_host<uint8_t>(masks, 3 * 128);
    auto bit = [&](int mask, int i) { return ((m[128 * mask + i / 8] >> (i % 8)) & 1) != 0; };
    auto xd = [&](int i) { return static_cast<double>(x[i]); };
    auto yd = [&](int i) { return static_cast<double>(y[i]); };

    // The register after each compare, computed here.
    std::vector<bool> after_lt(128, false), after_gt(128, false);
    for (int k = 0; k < kPerRepeat; ++k) {
        after_lt[k] = xd(k) < yd(k);
        after_gt[k] = k < 32 ? xd(64 + k) > yd(64 + k) : after_lt[k];
    }
    for (int i = 0; i < 128; ++i) {
        EXPECT_EQ(bit(0, i), after_lt[i]) << "GetCmpMask after Compare LT, bit " << i;
        EXPECT_EQ(bit(1, i), after_gt[i]) << "GetCmpMask after the masked Compare GT, bit " << i;
        EXPECT_EQ(bit(2, i), xd(i) != yd(i)) << "Compare NE (tensor), bit " << i;
    }
    EXPECT_EQ(m[16], 0xA5) << "GetCmpMask stores 16 bytes";
    EXPECT_EQ(m[128 + 16], 0xA5) << "GetCmpMask stores 16 bytes";

    const std::vector<float> s = to_host<float>(selected, 4 * kCount);
    const uint64_t bitwise = 0xF0F0F0F00000FFFFull;
    for (int i = 0; i < kCount; ++i) {
        const int r = i / kPerRepeat, k = i % kPerRepeat;
        const bool in_repeats = r < 2;
        const double mode0 = in_repeats && k < 48 ? (after_gt[k] ? xd(i) : yd(i)) : -7.0;
        EXPECT_EQ(s[i], static_cast<float>(mode0)) << "mode 0, element " << i;
        const double mode1 = in_repeats ? (bit(2, i) ? xd(i) : 2.5) : -7.0;
        EXPECT_EQ(s[kCount + i], static_cast<float>(mode1)) << "mode 1, element " << i;
        const bool picked = in_repeats && ((bitwise >> k) & 1u) != 0;
        const double mode2 = picked ? (bit(2, i) ? xd(i) : yd(k)) : -7.0;
        EXPECT_EQ(s[2 * kCount + i], static_cast<float>(mode2)) << "mode 2, element " << i;
        const double counter = i < 100 ? (bit(2, i) ? xd(i) : yd(i)) : -7.0;
        EXPECT_EQ(s[3 * kCount + i], static_cast<float>(counter))
            << "mode 2, 32-bit address, Counter mode, element " << i;
    }
}

// half: the register's 128 bits are one repeat of 128 elements. The inputs are exact in fp16
// (multiples of 1/4 below 4), so the references compare and select the same values in double.
TEST_F(AscendCCmpMask, HalfUsesAll128Bits) {
    std::vector<_Float16> x(128), y(128);
    for (int i = 0; i < 128; ++i) {
        x[i] = static_cast<_Float16>(static_cast<float>((i * 5) % 11) * 0.25f);
        y[i] = static_cast<_Float16>(static_cast<float>((i * 3) % 7) * 0.5f);
    }
    void* dx = to_device(x);
    void* dy = to_device(y);
    void* mask = to_device(std::vector<uint8_t>(32, 0xEE));
    void* selected = to_device(std::vector<_Float16>(256, 0));
    ASSERT_EQ(launch_cmpmask_half(stream_, dx, dy, mask, selected), 0u);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS) << aclGetRecentErrMsg();
    const std::vector<uint8_t> m = to_host<uint8_t>(mask, 32);
    const std::vector<_Float16> s = to_host<_Float16>(selected, 256);
    for (int i = 0; i < 128; ++i) {
        const double a = static_cast<double>(x[i]), b = static_cast<double>(y[i]);
        const bool masked_out = i >= 64 && i < 72;
        const bool ge = !masked_out && a >= b;
        EXPECT_EQ(((m[i / 8] >> (i % 8)) & 1) != 0, ge) << "register bit " << i;
        // src0 and src1 repeat stride 0: both repeats read elements 0..127.
        EXPECT_EQ(static_cast<double>(s[i]), ge ? a : b) << "mode 0, element " << i;
        EXPECT_EQ(static_cast<double>(s[128 + i]), ge ? a : b) << "mode 0, element " << 128 + i;
    }
}

TEST_F(AscendCCmpMask, ModeTwoWithoutAUbAddressFailsTheBlock) {
    void* out = to_device(std::vector<float>(64, 0.0f));
    ASSERT_EQ(launch_cmpmask_bad_address(stream_, out), 0u);
    EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_ERROR_RT_VECTOR_CORE_EXCEPTION);
    const std::string message = aclGetRecentErrMsg();
    EXPECT_NE(message.find("Select"), std::string::npos) << message;
    EXPECT_NE(message.find("CMPMASK"), std::string::npos) << message;
}

}  // namespace
