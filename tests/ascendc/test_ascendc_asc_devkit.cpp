// What CANN's public asc-devkit examples needed (kernels/asc_devkit_kernels.cpp), on the backend
// ACLEMU_BACKEND names (ctest: cpu and gpusim): SetPadValue with DataCopyPad, SetAtomicMax/Min,
// ShiftLeft/ShiftRight, and the printf header the examples include instead of kernel_operator.h.
// The expected values follow the documented rules: GM -> UB DataCopyPad pads each block to 32
// bytes, with the SetPadValue value when isPad is false and with paddingValue when it is true.
#include "asc_devkit_kernels.h"
#include "device_test_fixture.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace {

using AscendCAscDevkit = DeviceFixture;

constexpr uint16_t kHalfOne = 0x3C00;  // 1.0 in IEEE binary16

TEST_F(AscendCAscDevkit, SetPadValueFillsTheHalfPadding) {
    std::vector<uint16_t> x(20);
    for (int i = 0; i < 20; ++i) {
        x[i] = static_cast<uint16_t>(0x4000 + 37 * i);  // 2.0 and up: finite, none is 1.0
    }
    void* dx = to_device(x);
    void* out = to_device(std::vector<uint16_t>(32, 0x7BFF));
    ASSERT_EQ(launch_pad_value_half(stream_, dx, out), 0u);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS) << recent_message();
    const std::vector<uint16_t> got = to_host<uint16_t>(out, 32);
    for (int i = 0; i < 32; ++i) {
        EXPECT_EQ(got[i], i < 20 ? x[i] : kHalfOne) << "element " << i;
    }
}

TEST_F(AscendCAscDevkit, SetPadValueForRowsAndIsPadValueWins) {
    std::vector<float> x(15);
    for (int i = 0; i < 15; ++i) {
        x[i] = 0.75f * static_cast<float>(i) + 1.0f;
    }
    void* dx = to_device(x);
    void* out = to_device(std::vector<float>(48, 99.0f));
    ASSERT_EQ(launch_pad_value_rows(stream_, dx, out), 0u);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS) << recent_message();
    const std::vector<float> got = to_host<float>(out, 48);
    for (int copy = 0; copy < 2; ++copy) {
        const double pad = copy == 0 ? -2.5 : 4.0;
        for (int row = 0; row < 3; ++row) {
            for (int k = 0; k < 8; ++k) {
                const double want = k < 5 ? 0.75 * (row * 5 + k) + 1.0 : pad;
                EXPECT_EQ(static_cast<double>(got[copy * 24 + row * 8 + k]), want)
                    << "copy " << copy << " row " << row << " slot " << k;
            }
        }
    }
}

TEST_F(AscendCAscDevkit, SetAtomicMaxAndMinKeepTheExtremeOfEveryBlock) {
    constexpr int kRow = 64;
    std::vector<float> x(3 * kRow);
    std::vector<int32_t> xi(3 * kRow);
    for (int b = 0; b < 3; ++b) {
        for (int k = 0; k < kRow; ++k) {
            x[b * kRow + k] = static_cast<float>(((k + 5 * b) * 7) % 23) - 11.5f;
            xi[b * kRow + k] = ((k * 13 + b * 29) % 41) - 20;
        }
    }
    std::vector<float> max0(kRow);
    std::vector<int32_t> min0(kRow);
    for (int k = 0; k < kRow; ++k) {
        max0[k] = k % 4 == 0 ? 50.0f : -50.0f;  // some slots keep what was in GM
        min0[k] = k % 5 == 0 ? -100 : 100;
    }
    void* dx = to_device(x);
    void* dxi = to_device(xi);
    void* dmax = to_device(max0);
    void* dmin = to_device(min0);
    void* plain = to_device(std::vector<float>(3 * kRow, 0.0f));
    ASSERT_EQ(launch_atomic_max_min(stream_, dx, dxi, dmax, dmin, plain), 0u);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS) << recent_message();
    const std::vector<float> got_max = to_host<float>(dmax, kRow);
    const std::vector<int32_t> got_min = to_host<int32_t>(dmin, kRow);
    const std::vector<float> got_plain = to_host<float>(plain, 3 * kRow);
    for (int k = 0; k < kRow; ++k) {
        double want_max = max0[k];
        long long want_min = min0[k];
        for (int b = 0; b < 3; ++b) {
            want_max = std::max(want_max, static_cast<double>(x[b * kRow + k]));
            want_min = std::min(want_min, static_cast<long long>(xi[b * kRow + k]));
        }
        EXPECT_EQ(static_cast<double>(got_max[k]), want_max) << "max, element " << k;
        EXPECT_EQ(static_cast<long long>(got_min[k]), want_min) << "min, element " << k;
    }
    for (int i = 0; i < 3 * kRow; ++i) {
        EXPECT_EQ(got_plain[i], x[i]) << "after DisableDmaAtomic a copy is plain, element " << i;
    }
}

TEST_F(AscendCAscDevkit, CastCeilBesideAnUninstantiatedInt4Scenario) {
    std::vector<float> x(64);
    for (int i = 0; i < 64; ++i) {
        x[i] = static_cast<float>(i - 32) * 0.375f;  // negatives, integers and fractions
    }
    x[0] = 3.0e9f;  // beyond int32: saturates
    x[1] = -3.0e9f;
    void* dx = to_device(x);
    void* dy = to_device(std::vector<int32_t>(64, 7));
    ASSERT_EQ(launch_cast_ceil_scenario(stream_, dx, dy), 0u);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS) << recent_message();
    const std::vector<int32_t> got = to_host<int32_t>(dy, 64);
    for (int i = 0; i < 64; ++i) {
        const double c = std::ceil(static_cast<double>(x[i]));
        const double want = std::min(2147483647.0, std::max(-2147483648.0, c));
        EXPECT_EQ(static_cast<double>(got[i]), want) << "element " << i << " (" << x[i] << ")";
    }
}

// References by arithmetic, not by shifting: x >> n is floor(x / 2^n), x << n is x * 2^n
// wrapped to the type's width.
TEST_F(AscendCAscDevkit, ShiftLeftAndShiftRightFollowTheSign) {
    constexpr int kCount = 64;
    std::vector<int16_t> x(kCount);
    std::vector<uint16_t> u(kCount);
    std::vector<int32_t> w(kCount);
    for (int i = 0; i < kCount; ++i) {
        x[i] = static_cast<int16_t>((i * 1237) % 65536 - 32768);
        u[i] = static_cast<uint16_t>((i * 4099 + 7) % 65536);
        w[i] = static_cast<int32_t>((i - 32) * 67108859);
    }
    void* dx = to_device(x);
    void* du = to_device(u);
    void* dw = to_device(w);
    void* o16 = to_device(std::vector<int16_t>(4 * kCount, 0));
    void* o32 = to_device(std::vector<int32_t>(2 * kCount, 0));
    ASSERT_EQ(launch_shifts(stream_, dx, du, dw, o16, o32), 0u);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS) << recent_message();
    const std::vector<int16_t> g16 = to_host<int16_t>(o16, 4 * kCount);
    const std::vector<int32_t> g32 = to_host<int32_t>(o32, 2 * kCount);
    auto wrap = [](double v, double modulus) {  // v into [-modulus/2, modulus/2)
        double r = std::fmod(v, modulus);
        if (r < 0) {
            r += modulus;
        }
        return r >= modulus / 2 ? r - modulus : r;
    };
    for (int i = 0; i < kCount; ++i) {
        const double xv = x[i], wv = w[i];
        EXPECT_EQ(g16[i], std::floor(xv / 8.0)) << "int16 >> 3, element " << i;
        EXPECT_EQ(g16[kCount + i], wrap(xv * 32.0, 65536.0)) << "int16 << 5, element " << i;
        EXPECT_EQ(g16[2 * kCount + i], xv < 0 ? -1.0 : 0.0) << "int16 >> 16, element " << i;
        EXPECT_EQ(static_cast<uint16_t>(g16[3 * kCount + i]), std::floor(u[i] / 8.0))
            << "uint16 >> 3 (logical), element " << i;
        EXPECT_EQ(g32[i], std::floor(wv / 2147483648.0)) << "int32 >> 31, element " << i;
        EXPECT_EQ(g32[kCount + i], wrap(wv * 128.0, 4294967296.0)) << "int32 << 7, element " << i;
    }
}

TEST_F(AscendCAscDevkit, AddReluAndSubReluClampAtZero) {
    constexpr int kCount = 64;
    std::vector<float> a(kCount), b(kCount);
    std::vector<int16_t> p(kCount), q(kCount);
    for (int i = 0; i < kCount; ++i) {
        a[i] = static_cast<float>(i % 9) * 0.25f - 1.0f;  // sums and differences are exact
        b[i] = static_cast<float>((i * 5) % 7) * 0.5f - 1.5f;
        p[i] = static_cast<int16_t>((i * 37) % 201 - 100);
        q[i] = static_cast<int16_t>((i * 53) % 151 - 75);
    }
    void* da = to_device(a);
    void* db = to_device(b);
    void* dp = to_device(p);
    void* dq = to_device(q);
    void* out = to_device(std::vector<float>(2 * kCount, -9.0f));
    void* out16 = to_device(std::vector<int16_t>(2 * kCount, -9));
    ASSERT_EQ(launch_add_sub_relu(stream_, da, db, dp, dq, out, out16), 0u);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS) << recent_message();
    const std::vector<float> g = to_host<float>(out, 2 * kCount);
    const std::vector<int16_t> g16 = to_host<int16_t>(out16, 2 * kCount);
    for (int i = 0; i < kCount; ++i) {
        const double ad = a[i], bd = b[i], pd = p[i], qd = q[i];
        EXPECT_EQ(g[i], std::max(0.0, ad + bd)) << "AddRelu float, element " << i;
        EXPECT_EQ(g[kCount + i], std::max(0.0, ad - bd)) << "SubRelu float, element " << i;
        EXPECT_EQ(g16[i], std::max(0.0, pd + qd)) << "AddRelu int16, element " << i;
        EXPECT_EQ(g16[kCount + i], std::max(0.0, pd - qd)) << "SubRelu int16, element " << i;
    }
}

TEST_F(AscendCAscDevkit, CreateVecIndexCountsUpFromTheFirstValue) {
    void* o16 = to_device(std::vector<int16_t>(128, 0));
    void* o32 = to_device(std::vector<int32_t>(128, 0));
    void* of = to_device(std::vector<float>(128, 0.0f));
    ASSERT_EQ(launch_vec_index(stream_, o16, o32, of), 0u);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS) << recent_message();
    const std::vector<int16_t> g16 = to_host<int16_t>(o16, 128);
    const std::vector<int32_t> g32 = to_host<int32_t>(o32, 128);
    const std::vector<float> gf = to_host<float>(of, 128);
    for (int i = 0; i < 128; ++i) {
        EXPECT_EQ(g16[i], i < 96 ? -40.0 + i : 7.0) << "int16, element " << i;
        EXPECT_EQ(g32[i], i < 80 ? 1000000.0 + i : 7.0) << "int32, element " << i;
        EXPECT_EQ(gf[i], i < 72 ? -2.5 + i : 7.0) << "float, element " << i;
    }
}

}  // namespace
