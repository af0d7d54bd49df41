// DataCopyPad's PaddingMode::Compact and loop mode (kernels/copy_loop_kernels.cpp) on the backend
// ACLEMU_BACKEND names (ctest: cpu and gpusim). References from the documented rules: Compact
// packs the blocks and fills from the end of the data (rightPadding included) to the next 32
// bytes, with paddingValue or, without isPad, the last block's first element; Normal pads each
// block to 32 bytes; the loop mode repeats the copy loop1Size x loop2Size times, moving source
// and destination by the loop strides (bytes).
#include "copy_loop_kernels.h"
#include "device_test_fixture.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace {

using namespace copy_loop_layout;
using AscendCCopyLoop = DeviceFixture;

TEST_F(AscendCCopyLoop, CompactAndLoopModeInBothDirections) {
    std::vector<uint8_t> bytes(512);
    std::vector<_Float16> halves(128);
    for (int i = 0; i < 512; ++i) {
        bytes[i] = static_cast<uint8_t>(i * 7 + 3);
    }
    for (int i = 0; i < 128; ++i) {
        halves[i] = static_cast<_Float16>(static_cast<float>(i) * 0.5f - 20.0f);
    }
    void* db = to_device(bytes);
    void* dh = to_device(halves);
    void* dout = to_device(std::vector<uint8_t>(kBytes, 0));
    void* dout2 = to_device(std::vector<uint8_t>(kOutBytes, kFill));
    ASSERT_EQ(launch_copy_loop(stream_, db, dh, dout, dout2), 0u);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS) << aclGetRecentErrMsg();
    const std::vector<uint8_t> out = to_host<uint8_t>(dout, kBytes);
    const std::vector<uint8_t> out2 = to_host<uint8_t>(dout2, kOutBytes);

    // Compact, 3 x 24 halves from GM rows of 28: 72 packed, then 7 up to 80 (160 bytes).
    for (int i = 0; i < 80; ++i) {
        const double want = i < 72 ? static_cast<double>(halves[(i / 24) * 28 + i % 24]) : 7.0;
        EXPECT_EQ(static_cast<double>(read_at<_Float16>(out, kCompactPad, i)), want) << i;
    }
    // Compact without isPad: 40 halves, then the last block's first element (halves[20]) to 48.
    for (int i = 0; i < 48; ++i) {
        const double want = static_cast<double>(halves[i < 40 ? i : 20]);
        EXPECT_EQ(static_cast<double>(read_at<_Float16>(out, kCompactDummy, i)), want) << i;
    }
    // The loop repetitions: source i1 * 80 + i2 * 160, destination i1 * 128 + i2 * 288.
    std::vector<uint8_t> normal(576, kFill), compact(576, kFill);
    for (int i2 = 0; i2 < 2; ++i2) {
        for (int i1 = 0; i1 < 2; ++i1) {
            const int from = i1 * 80 + i2 * 160, to = i1 * 128 + i2 * 288;
            for (int b = 0; b < 2; ++b) {
                for (int e = 0; e < 64; ++e) {  // Normal: each 40-byte block padded to 64
                    normal[to + b * 64 + e] = e < 40 ? bytes[from + b * 40 + e] : 0xFF;
                }
            }
            for (int e = 0; e < 96; ++e) {  // Compact: 80 bytes, padded to 96
                compact[to + e] = e < 80 ? bytes[from + e] : 0xFF;
            }
        }
    }
    for (int i = 0; i < 576; ++i) {
        EXPECT_EQ(out[kNormalLoop + i], normal[i]) << "Normal loop, byte " << i;
        EXPECT_EQ(out[kCompactLoop + i], compact[i]) << "Compact loop, byte " << i;
    }
    for (int i = 0; i < 64; ++i) {  // after ResetLoopModePara: one copy
        EXPECT_EQ(out[kAfterReset + i], i < 40 ? bytes[7 + i] : 0xEE) << "after reset " << i;
    }
    // UB -> GM, Compact, 2 repetitions: UB 128 bytes apart, GM 200; 2 blocks 8 bytes apart.
    std::vector<uint8_t> gm(kOutBytes, kFill);
    for (int i1 = 0; i1 < 2; ++i1) {
        for (int b = 0; b < 2; ++b) {
            for (int e = 0; e < 40; ++e) {
                gm[i1 * 200 + b * 48 + e] = compact[i1 * 128 + b * 40 + e];
            }
        }
    }
    for (uint32_t i = 0; i < kOutBytes; ++i) {
        EXPECT_EQ(out2[i], gm[i]) << "UB -> GM loop, byte " << i;
    }
}

}  // namespace
