// Ascend C calls whose counts, scalars, masks, repeat times, copy parameters and round modes are
// namespace-scope constants (kernels/namespace_const_kernels.cpp), on the backend ACLEMU_BACKEND
// names (ctest: cpu and gpusim); a CUDA/HIP build also compiles the kernels with nvcc/hipcc,
// which refuses a host constant bound to a const reference in device code. The references are
// computed in double from the documented semantics.
#include "device_test_fixture.h"
#include "namespace_const_kernels.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace {

using AscendCNamespaceConst = DeviceFixture;

constexpr int kTile = 64;

TEST_F(AscendCNamespaceConst, FloatCountScalarRepeatAndCopyForms) {
    std::vector<float> x(kTile), y(kTile);
    for (int i = 0; i < kTile; ++i) {
        x[i] = static_cast<float>(i - 32) * 0.375f;  // every result below is exact in float
        y[i] = static_cast<float>(i % 7) * 0.5f - 1.25f;
    }
    void* dx = to_device(x);
    void* dy = to_device(y);
    void* out = to_device(std::vector<float>(kConstRows * kTile, -99.0f));
    void* copy = to_device(std::vector<float>(kTile, -99.0f));
    ::testing::internal::CaptureStdout();
    ASSERT_EQ(launch_const_float_ops(stream_, dx, dy, out, copy), 0u);
    const aclError synced = aclrtSynchronizeStream(stream_);
    const std::string printed = ::testing::internal::GetCapturedStdout();
    ASSERT_EQ(synced, ACL_SUCCESS) << recent_message();
    EXPECT_NE(printed.find("tile 64 scale 2.500000"), std::string::npos) << printed;
    const std::vector<float> got = to_host<float>(out, kConstRows * kTile);
    const std::vector<float> got_copy = to_host<float>(copy, kTile);
    const char* names[kConstRows] = {"Add",
                                     "Sub",
                                     "Muls",
                                     "Adds",
                                     "Maxs",
                                     "Mins",
                                     "Abs",
                                     "Relu",
                                     "Duplicate",
                                     "Muls (mask, repeat)",
                                     "CreateVecIndex"};
    for (int i = 0; i < kTile; ++i) {
        const double a = x[i], b = y[i];
        const double want[kConstRows] = {a + b,
                                         a - b,
                                         a * 2.5,
                                         a - 0.75,
                                         std::max(a, 0.5),
                                         std::min(a, 0.5),
                                         std::fabs(a),
                                         std::max(a, 0.0),
                                         2.5,
                                         a * 2.5,
                                         i < 48 ? -3.0 + i : 2.5};
        for (int row = 0; row < kConstRows; ++row) {
            EXPECT_EQ(static_cast<double>(got[row * kTile + i]), want[row])
                << names[row] << ", element " << i;
        }
        EXPECT_EQ(static_cast<double>(got_copy[i]), i == 0 ? 2.5 : a)
            << "DataCopyParams copy with SetValue(0), element " << i;
    }
}

TEST_F(AscendCNamespaceConst, CastRoundModeShiftsOrsAndDivCeil) {
    std::vector<float> x(kTile);
    std::vector<int16_t> s(kTile);
    for (int i = 0; i < kTile; ++i) {
        x[i] = static_cast<float>(i - 32) * 0.25f;  // ties at every .5: CAST_RINT goes to even
        s[i] = static_cast<int16_t>((i * 1031) % 65536 - 32768);
    }
    void* dx = to_device(x);
    void* ds = to_device(s);
    void* out = to_device(std::vector<int32_t>(kTile, 99));
    void* out16 = to_device(std::vector<int16_t>(4 * kTile, 99));
    ASSERT_EQ(launch_const_int_ops(stream_, dx, out, ds, out16), 0u);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS) << recent_message();
    const std::vector<int32_t> got = to_host<int32_t>(out, kTile);
    const std::vector<int16_t> g16 = to_host<int16_t>(out16, 4 * kTile);
    auto wrap16 = [](double v) {  // v into [-32768, 32768)
        double r = std::fmod(v, 65536.0);
        if (r < 0) {
            r += 65536.0;
        }
        return r >= 32768.0 ? r - 65536.0 : r;
    };
    for (int i = 0; i < kTile; ++i) {
        const double v = x[i];
        const double floor_v = std::floor(v);
        const double frac = v - floor_v;
        const double rint = frac < 0.5 ? floor_v
                            : frac > 0.5
                                ? floor_v + 1.0
                                : (std::fmod(floor_v, 2.0) == 0.0 ? floor_v : floor_v + 1.0);
        EXPECT_EQ(static_cast<double>(got[i]), rint)
            << "Cast CAST_RINT, element " << i << " (" << v << ")";
        const double sv = s[i];
        EXPECT_EQ(static_cast<double>(g16[i]), wrap16(sv * 8.0)) << "ShiftLeft 3, element " << i;
        EXPECT_EQ(static_cast<double>(g16[kTile + i]), std::floor(sv / 8.0))
            << "ShiftRight 3, element " << i;
        // OR with 0x0F0F: each of the bits 0-3 and 8-11 set, the others as they were.
        const double bits = static_cast<uint16_t>(s[i]);
        double want_or = 0;
        for (int bit = 0; bit < 16; ++bit) {
            const double weight = std::ldexp(1.0, bit);
            const bool set = std::fmod(std::floor(bits / weight), 2.0) == 1.0;
            const bool forced = (bit < 4) || (bit >= 8 && bit < 12);
            want_or += set || forced ? weight : 0.0;
        }
        EXPECT_EQ(static_cast<double>(static_cast<uint16_t>(g16[2 * kTile + i])), want_or)
            << "Ors 0x0F0F, element " << i;
        // DivCeil(64, 24) = ceil(2.67) = 3 in the first ceil(64 / 2) = 32 slots.
        EXPECT_EQ(static_cast<double>(g16[3 * kTile + i]),
                  i < std::ceil(64.0 / 2.0) ? std::ceil(64.0 / 24.0) : 0.0)
            << "DivCeil, element " << i;
    }
}

}  // namespace
