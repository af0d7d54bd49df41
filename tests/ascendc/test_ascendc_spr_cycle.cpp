// The reductions' special registers, GetSystemCycle, the count forms' <T, isSetMask> spelling
// and AscendC::Std's scalar math (kernels/spr_cycle_kernels.cpp) on the backend ACLEMU_BACKEND
// names (ctest: cpu and gpusim). References in double from the documented rules:
// GetReduceRepeatMaxMinSpr gives the first extreme over all repeats and its index (repeat *
// elements per repeat + position, as the bits of the element type); with isSetMask = false a count
// form runs one repeat through the mask register (in Counter mode, its element count) and ignores
// its count argument; every other count form leaves the register in Normal mode, every element
// (CANN's A2 count forms switch to Counter mode and back). The inputs are multiples of 1/4 (or 1/2
// for half), so every sum is exact whatever the order. GetSystemCycle counts 50 MHz cycles of the
// host's steady clock: the kernel's two readings lie between the host's readings before the launch
// and after the synchronize (an order, not a duration).
#include "device_test_fixture.h"
#include "spr_cycle_kernels.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <vector>

namespace {

using namespace spr_cycle_layout;
using AscendCSprCycle = DeviceFixture;

struct Extreme {
    double value;
    uint32_t index;
};

// The first maximum (or minimum) of v[first, first + count).
template <typename T>
Extreme first_extreme(const std::vector<T>& v, size_t first, size_t count, bool max) {
    Extreme best{static_cast<double>(v[first]), 0};
    for (size_t i = 1; i < count; ++i) {
        const double x = static_cast<double>(v[first + i]);
        if (max ? x > best.value : x < best.value) {
            best = {x, static_cast<uint32_t>(i)};
        }
    }
    return best;
}

int64_t host_cycles() {
    const auto since = std::chrono::steady_clock::now().time_since_epoch();
    return std::chrono::duration_cast<std::chrono::nanoseconds>(since).count() / 20;
}

TEST_F(AscendCSprCycle, RegistersCounterAndIsSetMaskCountForms) {
    std::vector<float> x(256);
    std::vector<_Float16> xh(256);
    for (int i = 0; i < 256; ++i) {
        x[i] = static_cast<float>((i * 29) % 61) * 0.25f - 7.5f;
        xh[i] = static_cast<_Float16>(static_cast<float>((i * 37) % 101 - 50) * 0.5f);
    }
    void* dx = to_device(x);
    void* dh = to_device(xh);
    void* dout = to_device(std::vector<uint8_t>(kBytes, 0));
    const int64_t host_before = host_cycles();
    ASSERT_EQ(launch_spr_cycle(stream_, dx, dh, dout), 0u);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS) << aclGetRecentErrMsg();
    const int64_t host_after = host_cycles();
    const std::vector<uint8_t> out = to_host<uint8_t>(dout, kBytes);

    const int64_t kernel_before = read_at<int64_t>(out, kCycles, 0);
    const int64_t kernel_after = read_at<int64_t>(out, kCycles, 1);
    EXPECT_LE(host_before, kernel_before);
    EXPECT_LE(kernel_before, kernel_after);
    EXPECT_LE(kernel_after, host_after);

    auto expect_spr = [&](uint32_t at, const Extreme& e, const char* what) {
        EXPECT_EQ(read_at<float>(out, at, 0), e.value) << what;
        EXPECT_EQ(read_at<uint32_t>(out, at, 1), e.index) << what << ": index";
    };
    expect_spr(kRepeatMaxSpr, first_extreme(x, 0, 256, true), "WholeReduceMax, 4 repeats");
    // The first 48 of each 64: the reference's positions mapped back to 64 to a repeat.
    std::vector<float> picked;
    std::vector<uint32_t> where;
    for (uint32_t r = 0; r < 2; ++r) {
        for (uint32_t k = 0; k < 48; ++k) {
            picked.push_back(x[r * 64 + k]);
            where.push_back(r * 64 + k);
        }
    }
    Extreme min48 = first_extreme(picked, 0, picked.size(), false);
    min48.index = where[min48.index];
    expect_spr(kRepeatMinSpr, min48, "ReduceRepeat MIN, mask 48");
    const Extreme hmax = first_extreme(xh, 0, 256, true);
    EXPECT_EQ(static_cast<double>(read_at<_Float16>(out, kHalfMaxSpr, 0)), hmax.value);
    EXPECT_EQ(read_at<uint16_t>(out, kHalfMaxSpr, 1), hmax.index) << "half index bits";
    expect_spr(kReduceMaxSpr, first_extreme(x, 0, 200, true), "ReduceMax count form");
    expect_spr(kReduceMinRepeatSpr, first_extreme(x, 0, 192, false), "ReduceMin repeat form");
    expect_spr(kOldNameSpr, first_extreme(x, 128, 128, false), "GetReduceMaxMinCount");
    EXPECT_EQ(read_at<float>(out, kValueOnlySpr, 0), first_extreme(x, 0, 64, true).value);
    double sum100 = 0;
    for (int i = 0; i < 100; ++i) {
        sum100 += x[i];
    }
    EXPECT_EQ(read_at<float>(out, kAccVal, 0), sum100) << "GetAccVal";

    for (int i = 0; i < 128; ++i) {
        const double adds = i < 100 ? x[i] + 2.0 : kUnwritten;
        EXPECT_EQ(read_at<float>(out, kAddsRegister, i), adds) << "Adds<float, false> " << i;
        const bool bit = i < 64 && ((0x0F0F0F0F0F0F0F0Full >> i) & 1u) != 0;
        const double muls = bit ? x[i] * 3.0 : kUnwritten;
        EXPECT_EQ(read_at<float>(out, kMulsRegister, i), muls) << "Muls<float, false> " << i;
        const double set = i < 70 ? x[i] + 1.5 : kUnwritten;
        EXPECT_EQ(read_at<float>(out, kAddsSetMask, i), set) << "Adds<float, true> " << i;
    }
    auto sum = [&](int n) {
        double s = 0;
        for (int i = 0; i < n; ++i) {
            s += x[i];
        }
        return s;
    };
    EXPECT_EQ(read_at<float>(out, kSumCounter, 0), sum(150)) << "ReduceSum<float, false>, Counter";
    EXPECT_EQ(read_at<float>(out, kSumNormal, 0), sum(16)) << "ReduceSum<float, false>, Normal";
    EXPECT_EQ(read_at<float>(out, kSumSetMask, 0), sum(90)) << "ReduceSum<float, true>";
    EXPECT_EQ(read_at<float>(out, kSumAfter, 0), sum(90)) << "GetReduceRepeatSumSpr after it";
    for (int i = 0; i < 128; ++i) {
        EXPECT_EQ(read_at<float>(out, kAfterCountForm, i), x[i] * 3.0)
            << "after a count form: Normal mode, every element, 2 repeats: " << i;
    }
    EXPECT_EQ(read_at<float>(out, kStdMath, 0), 2.0f) << "Std::ceil_div(100, 64)";
    EXPECT_EQ(read_at<float>(out, kStdMath, 1), 3.5f) << "Std::abs(-3.5)";
    EXPECT_EQ(read_at<float>(out, kStdMath, 2), 4.5f) << "Std::sqrt(20.25)";
}

}  // namespace
