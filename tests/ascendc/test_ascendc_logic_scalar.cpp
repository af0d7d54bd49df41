// Ors / Ands with the scalar on either side and the shifts by a tensor of counts
// (kernels/logic_scalar_kernels.cpp) on the backend ACLEMU_BACKEND names (ctest: cpu and
// gpusim). References computed here: bitwise or / and with the scalar; a logical left shift of
// uint16 (a count of 16 or more gives 0); an arithmetic right shift of int16 (a count of 16 or
// more gives 0, or -1 for a negative value).
#include "device_test_fixture.h"
#include "logic_scalar_kernels.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace {

using namespace logic_scalar_layout;
using AscendCLogicScalar = DeviceFixture;

TEST_F(AscendCLogicScalar, ScalarOnEitherSideAndShiftsByATensor) {
    std::vector<uint16_t> a(256);
    std::vector<int16_t> counts(256), c(256);
    for (int i = 0; i < 256; ++i) {
        a[i] = static_cast<uint16_t>((i * 2654435761u) >> 16);
        counts[i] = static_cast<int16_t>(i % 18);
        c[i] = static_cast<int16_t>((i % 2 == 0 ? -1 : 1) * (i * 97 % 30000));
    }
    void* da = to_device(a);
    void* dcounts = to_device(counts);
    void* dc = to_device(c);
    void* dout = to_device(std::vector<uint8_t>(kBytes, 0));
    ASSERT_EQ(launch_logic_scalar(stream_, da, dcounts, dc, dout), 0u);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS) << aclGetRecentErrMsg();
    const std::vector<uint8_t> out = to_host<uint8_t>(dout, kBytes);

    for (int i = 0; i < 256; ++i) {
        EXPECT_EQ(read_at<uint16_t>(out, kOrsScalarFirst, i), a[16] | a[i]) << "Ors first " << i;
        const uint16_t ors = read_at<uint16_t>(out, kOrsRepeat, i);
        if (i % 128 < 64) {
            EXPECT_EQ(ors, a[i] | a[32]) << "Ors repeat form " << i;
        } else {
            EXPECT_TRUE(untouched(out, kOrsRepeat + 2 * i, 2, kFill)) << "Ors masked out " << i;
        }
        EXPECT_EQ(read_at<uint16_t>(out, kAnds, i), a[i] & 0x0F0F) << "Ands " << i;
        const int n = counts[i];
        const uint16_t left = n >= 16 ? 0 : static_cast<uint16_t>(static_cast<uint32_t>(a[i]) << n);
        EXPECT_EQ(read_at<uint16_t>(out, kShiftLeft, i), left) << "ShiftLeft " << i;
        // Division rounding toward -inf is the arithmetic shift.
        int right = c[i];
        for (int k = 0; k < n && k < 16; ++k) {
            right = right >= 0 ? right / 2 : -((-right + 1) / 2);
        }
        EXPECT_EQ(read_at<int16_t>(out, kShiftRight, i), right) << "ShiftRight " << i;
    }
}

}  // namespace
