// Ascend C kernels (tests/ascendc/kernels) launched with <<<>>> on the backend ACLEMU_BACKEND
// names (ctest runs this file on cpu and on gpusim): tier 1 (GM scalars, block_idx, printf in
// block order, Trap and assert as 507035), tier 2 (double-buffered TPipe/TQue vector add),
// Cast + ReduceSum, SyncAll. References are computed here in double precision.
#include "acl/acl.h"

#include "device_test_fixture.h"
#include "kernel_checks.h"
#include "kernels/test_kernels.h"
#include "tiling/platform/platform_ascendc.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <future>
#include <pthread.h>
#include <string>
#include <thread>
#include <vector>

namespace {

// A device, a stream and device buffers freed after each test, and the checks test_ascendc_gpu.cpp
// runs too (kernel_checks.h).
class AscendCKernels : public KernelChecks {};

TEST_F(AscendCKernels, ScalarKernelSeesItsBlockIndex) {
    check_scalar_kernel_sees_its_block_index(8);
}

TEST_F(AscendCKernels, LaunchesRunInStreamOrder) {
    std::vector<int32_t> values(4 * 16, 0);
    void* data = to_device(values);
    for (int i = 0; i < 5; ++i) {
        ASSERT_EQ(launch_scalar_add_block(4, stream_, data), 0u);
    }
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
    const std::vector<int32_t> out = to_host<int32_t>(data, values.size());
    for (int b = 0; b < 4; ++b) {
        EXPECT_EQ(out[b * 16], 5 * (b + 1));
    }
}

TEST_F(AscendCKernels, CapturedLaunchRunsOncePerExecution) {
    check_captured_launch_runs_once_per_execution();
}

TEST_F(AscendCKernels, PrintfAppearsInBlockOrderWhenTheTaskEnds) {
    ::testing::internal::CaptureStdout();
    ASSERT_EQ(launch_print_blocks(4, stream_, 42), 0u);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
    const std::string out = ::testing::internal::GetCapturedStdout();
    EXPECT_EQ(
        out,
        "block 0 of 4 tag 42\nblock 1 of 4 tag 42\nblock 2 of 4 tag 42\nblock 3 of 4 tag 42\n");
}

// Each execution of a captured launch prints its own output, once: a replay starts over.
TEST_F(AscendCKernels, CapturedLaunchPrintsEachExecutionOnce) {
    ASSERT_EQ(aclmdlRICaptureBegin(stream_, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL), ACL_SUCCESS);
    ASSERT_EQ(launch_print_blocks(2, stream_, 5), 0u);
    aclmdlRI model = nullptr;
    ASSERT_EQ(aclmdlRICaptureEnd(stream_, &model), ACL_SUCCESS) << aclGetRecentErrMsg();
    for (int run = 1; run <= 2; ++run) {
        ::testing::internal::CaptureStdout();
        ASSERT_EQ(aclmdlRIExecuteAsync(model, stream_), ACL_SUCCESS) << aclGetRecentErrMsg();
        ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
        EXPECT_EQ(::testing::internal::GetCapturedStdout(),
                  "block 0 of 2 tag 5\nblock 1 of 2 tag 5\n")
            << "execution " << run;
    }
    EXPECT_EQ(aclmdlRIDestroy(model), ACL_SUCCESS);
}

TEST_F(AscendCKernels, TrapFailsTheTaskWith507035AndOtherBlocksRun) {
    std::vector<int32_t> values(4 * 16, 0);
    void* data = to_device(values);
    ASSERT_EQ(launch_trap_in_block(4, stream_, data, 2), 0u);
    EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_ERROR_RT_VECTOR_CORE_EXCEPTION);
    const std::string message = aclGetRecentErrMsg();
    EXPECT_NE(message.find("trap_in_block"), std::string::npos) << message;
    EXPECT_NE(message.find("block 2"), std::string::npos) << message;
    // Reported once; the stream (default failure mode) keeps running later tasks.
    EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
    const std::vector<int32_t> out = to_host<int32_t>(data, values.size());
    EXPECT_EQ(out[0], 7);
    EXPECT_EQ(out[2 * 16], 0);
    EXPECT_EQ(out[3 * 16], 7);
}

TEST_F(AscendCKernels, StopOnFailureDropsTheLaterTasks) {
    ASSERT_EQ(aclrtSetStreamFailureMode(stream_, ACL_STOP_ON_FAILURE), ACL_SUCCESS);
    std::vector<int32_t> values(16, 0);
    void* data = to_device(values);
    ASSERT_EQ(launch_trap_in_block(1, stream_, data, 0), 0u);
    ASSERT_EQ(launch_scalar_add_block(1, stream_, data), 0u);
    EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_ERROR_RT_VECTOR_CORE_EXCEPTION);
    EXPECT_EQ(to_host<int32_t>(data, 1)[0], 0);  // neither kernel wrote
}

void count_call(void* calls) {
    ++*static_cast<std::atomic<int>*>(calls);
}

// CANN's callback/2_callback_exception: a callback launched after a kernel that traps, on a
// stream that stops on failure, is dropped with the rest of the stream's later work.
TEST_F(AscendCKernels, StopOnFailureDropsALaterCallback) {
    ASSERT_EQ(aclrtSetStreamFailureMode(stream_, ACL_STOP_ON_FAILURE), ACL_SUCCESS);
    std::atomic<bool> stop{false};
    std::promise<uint64_t> id;
    std::thread reporter([&] {
        id.set_value(static_cast<uint64_t>(pthread_self()));
        while (!stop.load()) {
            aclrtProcessReport(20);
        }
    });
    const uint64_t reporter_id = id.get_future().get();
    ASSERT_EQ(aclrtSubscribeReport(reporter_id, stream_), ACL_SUCCESS);
    std::vector<int32_t> values(16, 0);
    void* data = to_device(values);
    std::atomic<int> calls{0};
    ASSERT_EQ(aclrtLaunchCallback(count_call, &calls, ACL_CALLBACK_BLOCK, stream_), ACL_SUCCESS);
    ASSERT_EQ(launch_trap_in_block(1, stream_, data, 0), 0u);
    ASSERT_EQ(aclrtLaunchCallback(count_call, &calls, ACL_CALLBACK_BLOCK, stream_), ACL_SUCCESS);
    EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_ERROR_RT_VECTOR_CORE_EXCEPTION);
    stop = true;
    reporter.join();
    EXPECT_EQ(aclrtUnSubscribeReport(reporter_id, stream_), ACL_SUCCESS);
    EXPECT_EQ(calls.load(), 1);  // the callback before the trap only
}

TEST_F(AscendCKernels, AssertPrintsCannsLineAndFails) {
    ::testing::internal::CaptureStdout();
    ASSERT_EQ(launch_assert_positive(stream_, -3), 0u);
    EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_ERROR_RT_VECTOR_CORE_EXCEPTION);
    const std::string out = ::testing::internal::GetCapturedStdout();
    EXPECT_NE(out.find("[ASSERT] "), std::string::npos) << out;
    EXPECT_NE(out.find("test_kernels.cpp:"), std::string::npos) << out;  // the user's file
    EXPECT_NE(out.find("Assertion `value > 0' value -3"), std::string::npos) << out;
    ASSERT_EQ(launch_assert_positive(stream_, 5), 0u);
    EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
}

TEST_F(AscendCKernels, DoubleBufferedVectorAddOfHalf) {
    constexpr uint32_t kBlocks = 8;
    constexpr uint32_t kPerBlock = 2048;
    constexpr uint32_t kTile = 128;
    const size_t n = kBlocks * kPerBlock;
    std::vector<_Float16> x(n), y(n);
    for (size_t i = 0; i < n; ++i) {
        x[i] = static_cast<_Float16>(static_cast<double>(i % 97) * 0.37 - 11.0);
        y[i] = static_cast<_Float16>(static_cast<double>(i % 31) * 1.13 + 0.001);
    }
    void* dx = to_device(x);
    void* dy = to_device(y);
    void* dz = to_device(std::vector<_Float16>(n, static_cast<_Float16>(0)));
    ASSERT_EQ(launch_add_custom(kBlocks, stream_, dx, dy, dz, AddTiling{kPerBlock, kTile}), 0u);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
    const std::vector<_Float16> z = to_host<_Float16>(dz, n);
    for (size_t i = 0; i < n; ++i) {
        // The exact sum rounded once to half.
        const _Float16 expected =
            static_cast<_Float16>(static_cast<double>(x[i]) + static_cast<double>(y[i]));
        ASSERT_EQ(std::memcmp(&z[i], &expected, 2), 0) << "element " << i;
    }
}

TEST_F(AscendCKernels, CastAndReduceSumPerBlock) {
    check_cast_and_reduce_sum_per_block();
}

TEST_F(AscendCKernels, SyncAllIsABarrierAcrossBlocks) {
    check_sync_all_is_a_barrier_across_blocks();
}

TEST_F(AscendCKernels, DataCopyPadAtomicAddAndDumpTensor) {
    constexpr uint32_t kBlocks = 4;
    constexpr uint32_t kCount = 13;  // 52 bytes: not a multiple of 32
    std::vector<float> x(kCount);
    for (uint32_t i = 0; i < kCount; ++i) {
        x[i] = static_cast<float>(i) * 0.5f - 2.0f;
    }
    void* dx = to_device(x);
    void* total = to_device(std::vector<float>(kCount + 3, 100.0f));  // +3: must stay untouched
    ASSERT_EQ(aclrtMemset(total, kCount * sizeof(float), 0, kCount * sizeof(float)), ACL_SUCCESS);
    ::testing::internal::CaptureStdout();
    ASSERT_EQ(launch_pad_and_accumulate(kBlocks, stream_, dx, total, kCount), 0u);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
    const std::string out = ::testing::internal::GetCapturedStdout();
    const std::vector<float> sums = to_host<float>(total, kCount + 3);
    for (uint32_t i = 0; i < kCount; ++i) {
        // sum over blocks b of x * (b + 1): x * 10, exact for these values.
        EXPECT_EQ(static_cast<double>(sums[i]), static_cast<double>(x[i]) * 10.0) << i;
    }
    for (uint32_t i = kCount; i < kCount + 3; ++i) {
        EXPECT_EQ(sums[i], 100.0f);
    }
    EXPECT_NE(
        out.find("[AIV Block 0] DumpTensor: desc=7, addr=0x0, data_type=float32, position=UB, "
                 "dump_size=16\n[-2.000000, -1.500000, "),
        std::string::npos)
        << out;
    EXPECT_NE(out.find("4.000000, 0.000000, 0.000000, 0.000000]\n"), std::string::npos) << out;
}

// IEEE binary16 bits -> double, written here independently of the kernel headers.
double half_value(uint16_t bits) {
    const int exponent = (bits >> 10) & 0x1F;
    const int mantissa = bits & 0x3FF;
    const double sign = (bits & 0x8000) != 0 ? -1.0 : 1.0;
    if (exponent == 0x1F) {
        return mantissa != 0 ? NAN : sign * INFINITY;
    }
    if (exponent == 0) {
        return sign * std::ldexp(mantissa, -24);
    }
    return sign * std::ldexp(1024 + mantissa, exponent - 25);
}

// The half in `mode` for v, by search over every finite half: the neighbours below and above.
uint16_t expected_half(double v, int mode) {
    uint16_t below = 0xFC00, above = 0x7C00;  // -inf, +inf
    for (uint32_t b = 0; b < 0x10000; ++b) {
        const double h = half_value(static_cast<uint16_t>(b));
        if (std::isnan(h) || (h == 0 && (b & 0x8000) != 0)) {
            continue;  // NaNs, and -0 (a cast of a nonzero value never gives it here)
        }
        if (h <= v && (h > half_value(below) || below == 0xFC00)) {
            below = static_cast<uint16_t>(b);
        }
        if (h >= v && (h < half_value(above) || above == 0x7C00)) {
            above = static_cast<uint16_t>(b);
        }
    }
    if (half_value(below) == v) {
        return below;
    }
    const double lo = v - half_value(below), hi = half_value(above) - v;
    switch (mode) {
        case 0:  // RINT: nearest, ties to the even significand
            return lo < hi ? below : hi < lo ? above : ((below & 1) == 0 ? below : above);
        case 1:
            return below;
        case 2:
            return above;
        case 3:  // ROUND: nearest, ties away from zero
            return lo < hi ? below : hi < lo ? above : (v < 0 ? below : above);
        case 4:
            return v < 0 ? above : below;
        default:  // ODD
            return (below & 1) != 0 ? below : above;
    }
}

TEST_F(AscendCKernels, CastRoundModes) {
    std::vector<float> x(64);
    for (int i = 0; i < 64; ++i) {
        // Values between halves, exact ties (1 + 2^-11 is halfway), negatives and integers .5.
        x[i] = static_cast<float>((i - 32) * 0.3751) + ((i % 4 == 0) ? 0.00048828125f : 0.0f);
    }
    x[0] = 1.00048828125f;  // halfway between 1 and 1 + 2^-10
    x[1] = -1.00048828125f;
    x[2] = 2.5f;
    x[3] = -2.5f;
    void* dx = to_device(x);
    void* dh = to_device(std::vector<uint16_t>(64 * 6, 0));
    void* di = to_device(std::vector<int32_t>(64 * 6, 0));
    ASSERT_EQ(launch_cast_modes(stream_, dx, dh, di), 0u);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
    const std::vector<uint16_t> h = to_host<uint16_t>(dh, 64 * 6);
    const std::vector<int32_t> n = to_host<int32_t>(di, 64 * 6);
    for (int mode = 0; mode < 6; ++mode) {
        for (int i = 0; i < 64; ++i) {
            const double v = static_cast<double>(x[i]);
            EXPECT_EQ(h[mode * 64 + i], expected_half(v, mode))
                << "mode " << mode << " value " << v;
            if (mode == 5) {
                continue;
            }
            const double r = mode == 0   ? std::nearbyint(v)
                             : mode == 1 ? std::floor(v)
                             : mode == 2 ? std::ceil(v)
                             : mode == 3 ? std::round(v)
                                         : std::trunc(v);
            EXPECT_EQ(n[mode * 64 + i], static_cast<int32_t>(r))
                << "mode " << mode << " value " << v;
        }
    }
}

// v rounded to the nearest half, ties to even, as a double (|v| inside half's normal range or
// below it; no overflow here).
double round_to_half(double v) {
    if (v == 0) {
        return v;
    }
    const double quantum = std::ldexp(1.0, std::max(std::ilogb(v), -14) - 10);
    return std::nearbyint(v / quantum) * quantum;
}

TEST_F(AscendCKernels, HalfCountFormsRoundEachResultOnce) {
    // Halves of both signs from 2^-2 up to 2^3 with varied significands; y never 0.
    std::vector<uint16_t> x(kHalfOps), y(kHalfOps);
    for (uint32_t i = 0; i < kHalfOps; ++i) {
        x[i] = static_cast<uint16_t>((i % 2 != 0 ? 0x8000u : 0u) | ((13u + i % 5u) << 10)
                                     | ((i * 37u) & 0x3FFu));
        y[i] = static_cast<uint16_t>((i % 3 == 0 ? 0x8000u : 0u) | ((14u + i % 3u) << 10)
                                     | ((i * 101u + 7u) & 0x3FFu));
    }
    void* dx = to_device(x);
    void* dy = to_device(y);
    void* dout = to_device(std::vector<uint16_t>(kHalfOps * 5, 0));
    ASSERT_EQ(launch_half_ops(stream_, dx, dy, dout), 0u);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
    const std::vector<uint16_t> out = to_host<uint16_t>(dout, kHalfOps * 5);
    for (uint32_t i = 0; i < kHalfOps; ++i) {
        const double a = half_value(x[i]), b = half_value(y[i]);
        const double expected[5] = {round_to_half(a - b),
                                    round_to_half(a / b),
                                    round_to_half(a * 1.5),
                                    round_to_half(std::sqrt(std::fabs(a))),
                                    round_to_half(a + b)};
        for (uint32_t row = 0; row < 5; ++row) {
            EXPECT_EQ(half_value(out[row * kHalfOps + i]), expected[row])
                << "row " << row << " element " << i << ": " << a << ", " << b;
        }
    }
}

TEST_F(AscendCKernels, MulMaxMinCountFormsOfHalfAndFloat) {
    // Halves as in HalfCountFormsRoundEachResultOnce, with NaNs (Max and Min give the second
    // operand unless the first is strictly larger / smaller) and signed zeros mixed in.
    std::vector<uint16_t> x(kHalfOps), y(kHalfOps);
    std::vector<float> fx(kHalfOps), fy(kHalfOps);
    for (uint32_t i = 0; i < kHalfOps; ++i) {
        x[i] = static_cast<uint16_t>((i % 2 != 0 ? 0x8000u : 0u) | ((13u + i % 5u) << 10)
                                     | ((i * 37u) & 0x3FFu));
        y[i] = static_cast<uint16_t>((i % 3 == 0 ? 0x8000u : 0u) | ((14u + i % 3u) << 10)
                                     | ((i * 101u + 7u) & 0x3FFu));
        if (i % 97 == 5) {
            x[i] = 0x7E00;  // NaN
        } else if (i % 97 == 6) {
            y[i] = 0x7E00;
        } else if (i % 97 == 7) {
            x[i] = 0x8000;  // -0 against +0
            y[i] = 0x0000;
        }
        fx[i] = static_cast<float>(half_value(x[i]) * 1.000001);
        fy[i] = static_cast<float>(half_value(y[i]) * 0.999999);
    }
    void* dx = to_device(x);
    void* dy = to_device(y);
    void* dout = to_device(std::vector<uint16_t>(kHalfOps * 3, 0));
    void* dfx = to_device(fx);
    void* dfy = to_device(fy);
    void* dfout = to_device(std::vector<float>(kHalfOps * 4, 0.0f));
    ASSERT_EQ(launch_mul_max_min_ops(stream_, dx, dy, dout, dfx, dfy, dfout), 0u);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
    const std::vector<uint16_t> out = to_host<uint16_t>(dout, kHalfOps * 3);
    const std::vector<float> fout = to_host<float>(dfout, kHalfOps * 4);
    const auto max_of = [](double a, double b) { return a > b ? a : b; };
    const auto min_of = [](double a, double b) { return a < b ? a : b; };
    for (uint32_t i = 0; i < kHalfOps; ++i) {
        const double a = half_value(x[i]), b = half_value(y[i]);
        const double expected[3] = {round_to_half(a * b), max_of(a, b), min_of(a, b)};
        for (uint32_t row = 0; row < 3; ++row) {
            const double got = half_value(out[row * kHalfOps + i]);
            if (std::isnan(expected[row])) {
                EXPECT_TRUE(std::isnan(got)) << "row " << row << " element " << i;
            } else {
                EXPECT_EQ(got, expected[row]) << "row " << row << " element " << i;
                EXPECT_EQ(std::signbit(got), std::signbit(expected[row])) << "row " << row;
            }
        }
        const double fa = fx[i], fb = fy[i];
        // Float products and sums of these floats are exact in double: one rounding to float.
        const double fexpected[4] = {static_cast<float>(fa * fb),
                                     max_of(fa, fb),
                                     min_of(fa, fb),
                                     static_cast<float>(fa + fb)};
        for (uint32_t row = 0; row < 4; ++row) {
            const double got = fout[row * kHalfOps + i];
            if (std::isnan(fexpected[row])) {
                EXPECT_TRUE(std::isnan(got)) << "float row " << row << " element " << i;
            } else {
                EXPECT_EQ(got, fexpected[row]) << "float row " << row << " element " << i;
                EXPECT_EQ(std::signbit(got), std::signbit(fexpected[row])) << "float row " << row;
            }
        }
    }
}

TEST_F(AscendCKernels, MaskAndRepeatForms) {
    std::vector<float> x(256), y(256);
    for (int i = 0; i < 256; ++i) {
        x[i] = static_cast<float>(i);
        y[i] = static_cast<float>(1000 + 2 * i);
    }
    void* dx = to_device(x);
    void* dy = to_device(y);
    void* out = to_device(std::vector<float>(256, 0.0f));
    void* strided = to_device(std::vector<float>(64, 0.0f));
    ASSERT_EQ(launch_repeat_forms(stream_, dx, dy, out, strided), 0u);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
    const std::vector<float> c = to_host<float>(out, 256);
    const uint64_t bits = 0xF0F0F0F00000FFFFull;
    for (int i = 0; i < 256; ++i) {
        const int k = i % 64;  // position in its repeat
        const bool selected = i < 128 ? k < 40 : ((bits >> k) & 1u) != 0;
        EXPECT_EQ(c[i], selected ? static_cast<float>(x[i] + y[i]) : -7.0f) << i;
    }
    const std::vector<float> d = to_host<float>(strided, 64);
    for (int i = 0; i < 64; ++i) {
        const int source = (i / 8) * 16 + i % 8;  // DataBlock i/8 read from DataBlock 2*(i/8)
        EXPECT_EQ(d[i], 3.0f * x[source]) << i;
    }
}

// References: the comparisons in double, bit i of byte i / 8 per element.
TEST_F(AscendCKernels, CompareWritesBitMasksAndSelectPicksByThem) {
    constexpr int kCount = 64;
    std::vector<float> x(2 * kCount), y(2 * kCount);
    for (int i = 0; i < 2 * kCount; ++i) {
        x[i] = static_cast<float>((i * 7) % 5) * 0.25f;  // 0, 0.25, .. 1: many equal pairs
        y[i] = static_cast<float>((i * 3) % 4) * 0.25f + (i % 9 == 0 ? 0.125f : 0.0f);
    }
    void* dx = to_device(x);
    void* dy = to_device(y);
    void* masks = to_device(std::vector<uint8_t>(8 * 32, 0));
    void* selected = to_device(std::vector<float>(4 * kCount, 0.0f));
    ASSERT_EQ(launch_compare_select(stream_, dx, dy, masks, selected), 0u);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS) << aclGetRecentErrMsg();
    const std::vector<uint8_t> m = to_host<uint8_t>(masks, 8 * 32);
    auto bit = [&](int mask, int i) { return ((m[32 * mask + i / 8] >> (i % 8)) & 1) != 0; };
    for (int i = 0; i < kCount; ++i) {
        const double a = x[i], b = y[i];
        EXPECT_EQ(bit(0, i), a < b) << "LT " << i;
        EXPECT_EQ(bit(1, i), a > b) << "GT " << i;
        EXPECT_EQ(bit(2, i), a == b) << "EQ " << i;
        EXPECT_EQ(bit(3, i), a <= b) << "LE " << i;
        EXPECT_EQ(bit(4, i), a >= b) << "GE " << i;
        EXPECT_EQ(bit(5, i), a != b) << "NE " << i;
        EXPECT_EQ(bit(6, i), a > 0.5) << "Compares GT " << i;
    }
    for (int i = 0; i < 24; ++i) {
        EXPECT_EQ(bit(7, i), i < 20 && static_cast<double>(x[i]) <= 0.5) << "CompareScalar " << i;
    }
    EXPECT_EQ(m[32 * 7 + 3], 0xA5) << "bytes past the mask are not written";
    EXPECT_EQ(m[32 * 0 + 8], 0xA5);

    const std::vector<float> s = to_host<float>(selected, 4 * kCount);
    for (int i = 0; i < kCount; ++i) {
        EXPECT_EQ(s[i], x[i] < y[i] ? x[i] : y[i]) << "mode 2 " << i;
        EXPECT_EQ(s[kCount + i], x[i] > 0.5f ? x[i] : -1.0f) << "mode 1 " << i;
    }
    for (int i = 0; i < 2 * kCount; ++i) {
        const int k = i % kCount;  // mode 0: every repeat uses the first repeat's bits
        EXPECT_EQ(s[2 * kCount + i], x[k] > y[k] ? x[i] : y[i]) << "mode 0 " << i;
    }
}

TEST(AscendCPlatform, TheEmulatedSocsCoresAndUb) {
    auto* platform = platform_ascendc::PlatformAscendCManager::GetInstance();
    EXPECT_EQ(platform->GetCoreNumAiv(), 48u);
    EXPECT_EQ(platform->GetCoreNumAic(), 24u);
    uint64_t ub = 0;
    platform->GetCoreMemSize(platform_ascendc::CoreMemType::UB, ub);
    EXPECT_EQ(ub, 196608u);
}

// Host tiling code (platform_ascendc) and the runtime agree on the device's cores.
TEST_F(AscendCKernels, RuntimeAndPlatformAgreeOnTheCores) {
    auto* platform = platform_ascendc::PlatformAscendCManager::GetInstance();
    int64_t value = 0;
    ASSERT_EQ(aclrtGetDeviceInfo(0, ACL_DEV_ATTR_VECTOR_CORE_NUM, &value), ACL_SUCCESS);
    EXPECT_EQ(value, static_cast<int64_t>(platform->GetCoreNumAiv()));
    ASSERT_EQ(aclrtGetDeviceInfo(0, ACL_DEV_ATTR_AICORE_CORE_NUM, &value), ACL_SUCCESS);
    EXPECT_EQ(value, static_cast<int64_t>(platform->GetCoreNumAic()));
    uint32_t budget = 0;
    ASSERT_EQ(aclrtGetDeviceResLimit(0, ACL_RT_DEV_RES_VECTOR_CORE, &budget), ACL_SUCCESS);
    EXPECT_EQ(budget, platform->GetCoreNumAiv());
}

bool strict_checks() {
    const char* strict = std::getenv("ACLEMU_ASCENDC_STRICT");
    return strict != nullptr && std::string(strict) == "1";
}

TEST_F(AscendCKernels, DataCopyRoundsDownToWholeBlocksAndWarns) {
    if (strict_checks()) {
        GTEST_SKIP() << "ACLEMU_ASCENDC_STRICT=1 turns the warning into a failure";
    }
    std::vector<float> x(64);
    for (uint32_t i = 0; i < 64; ++i) {
        x[i] = static_cast<float>(i);
    }
    void* dx = to_device(x);
    void* dy = to_device(std::vector<float>(64, 0.0f));
    ::testing::internal::CaptureStderr();
    ASSERT_EQ(launch_copy_count(stream_, dx, dy, 13), 0u);  // 52 bytes: 32 are copied
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
    const std::string err = ::testing::internal::GetCapturedStderr();
    const std::vector<float> y = to_host<float>(dy, 64);
    for (uint32_t i = 0; i < 64; ++i) {
        EXPECT_EQ(y[i], i < 8 ? static_cast<float>(i) : -1.0f) << i;
    }
    EXPECT_NE(err.find("kernel copy_count, block 0, DataCopy: 13 elements are 52 bytes"),
              std::string::npos)
        << err;
}

TEST_F(AscendCKernels, StrictModeMakesACheckFailTheKernel) {
    if (!strict_checks()) {
        GTEST_SKIP() << "runs under ACLEMU_ASCENDC_STRICT=1 (ctest ascendc_kernels_strict)";
    }
    void* dx = to_device(std::vector<float>(64, 1.0f));
    void* dy = to_device(std::vector<float>(64, 0.0f));
    ASSERT_EQ(launch_copy_count(stream_, dx, dy, 13), 0u);
    EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_ERROR_RT_VECTOR_CORE_EXCEPTION);
    EXPECT_NE(std::string(aclGetRecentErrMsg()).find("DataCopy"), std::string::npos);
    EXPECT_EQ(to_host<float>(dy, 1)[0], 0.0f);  // the block stopped before its store
}

TEST_F(AscendCKernels, BadBlockCountIsRejected) {
    std::vector<int32_t> values(16, 0);
    void* data = to_device(values);
    EXPECT_EQ(launch_scalar_add_block(0, stream_, data),
              static_cast<uint32_t>(ACL_ERROR_INVALID_PARAM));
    EXPECT_NE(std::string(aclGetRecentErrMsg()).find("numBlocks"), std::string::npos);
}

}  // namespace
