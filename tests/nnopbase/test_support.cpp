// The shared op-test helpers of tests/support: the independent fp16/bf16 model (checked against
// IEEE facts, exhaustively for self-consistency, and against the kernels' conversions), all_close,
// DeviceTensor uploads and view read-back, and run_two_phase over a test-only executor.
#include "kernels_cu/math/dtype.h"
#include "nnopbase/executor.h"
#include "support/backend_fixture.h"
#include "support/compare.h"
#include "support/device_tensor.h"
#include "support/error_message.h"
#include "support/reference_dtype.h"
#include "support/two_phase.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <random>
#include <vector>

namespace aclemu::test {
namespace {

using ::testing::HasSubstr;

TEST(ReferenceDtype, HalfKnownValues) {
    EXPECT_EQ(half_bits(1.0), 0x3C00);
    EXPECT_EQ(half_bits(-2.0), 0xC000);
    EXPECT_EQ(half_bits(0.0), 0x0000);
    EXPECT_EQ(half_bits(-0.0), 0x8000);
    EXPECT_EQ(half_bits(65504.0), 0x7BFF);   // largest finite
    EXPECT_EQ(half_bits(65519.99), 0x7BFF);  // below the rounding boundary
    EXPECT_EQ(half_bits(65520.0), 0x7C00);   // tie rounds to even: overflow
    EXPECT_EQ(half_bits(HUGE_VAL), 0x7C00);
    EXPECT_EQ(half_bits(-HUGE_VAL), 0xFC00);
    EXPECT_EQ(half_bits(std::ldexp(1.0, -14)), 0x0400);  // smallest normal
    EXPECT_EQ(half_bits(std::ldexp(1.0, -24)), 0x0001);  // smallest subnormal
    EXPECT_EQ(half_bits(std::ldexp(1.0, -25)), 0x0000);  // tie to even: zero
    EXPECT_EQ(half_bits(std::ldexp(3.0, -25)), 0x0002);  // 1.5 quanta: tie to even 2
    EXPECT_EQ(half_bits(std::ldexp(1.0, -14) - std::ldexp(1.0, -25)), 0x0400);  // carry
    EXPECT_EQ(half_bits(1.0 + std::ldexp(1.0, -11)), 0x3C00);                   // tie: even
    EXPECT_EQ(half_bits(1.0 + std::ldexp(3.0, -11)), 0x3C02);                   // tie: even
    EXPECT_EQ(half_bits(1.0 / 3.0), 0x3555);
    EXPECT_EQ(half_bits(0.1), 0x2E66);
    EXPECT_TRUE(std::isnan(half_value(half_bits(std::nan("")))));
    EXPECT_EQ(half_value(0x3555), 0.333251953125);
    EXPECT_EQ(half_value(0x0001), std::ldexp(1.0, -24));
    EXPECT_EQ(half_value(0xFC00), -HUGE_VAL);
}

TEST(ReferenceDtype, Bf16KnownValues) {
    EXPECT_EQ(bf16_bits(1.0), 0x3F80);
    EXPECT_EQ(bf16_bits(-1.0), 0xBF80);
    EXPECT_EQ(bf16_bits(1.0 + std::ldexp(1.0, -8)), 0x3F80);  // tie: even
    EXPECT_EQ(bf16_bits(1.0 + std::ldexp(3.0, -8)), 0x3F82);  // tie: even
    EXPECT_EQ(bf16_bits(0.1), 0x3DCD);
    EXPECT_EQ(bf16_bits(std::ldexp(255.0, 120)), 0x7F7F);             // largest finite
    EXPECT_EQ(bf16_bits(std::numeric_limits<float>::max()), 0x7F80);  // rounds to inf
    EXPECT_EQ(bf16_bits(std::ldexp(1.0, -133)), 0x0001);              // smallest subnormal
    EXPECT_EQ(bf16_bits(std::ldexp(1.0, -126)), 0x0080);              // smallest normal
    EXPECT_TRUE(std::isnan(bf16_value(bf16_bits(-std::nan("")))));
    EXPECT_EQ(bf16_value(0x3DCD), 0.10009765625);
}

TEST(ReferenceDtype, EveryValueRoundTrips) {
    for (uint32_t b = 0; b <= 0xFFFF; ++b) {
        const auto bits = static_cast<uint16_t>(b);
        const double h = half_value(bits);
        if (!std::isnan(h)) {
            ASSERT_EQ(half_bits(h), bits) << std::hex << b;
        }
        const double f = bf16_value(bits);
        if (!std::isnan(f)) {
            ASSERT_EQ(bf16_bits(f), bits) << std::hex << b;
        }
    }
}

TEST(ReferenceDtype, AgreesWithTheKernelConversions) {
    // Two independent implementations of round-to-nearest-even from float.
    std::mt19937 rng(1234);
    std::uniform_int_distribution<uint32_t> any_bits;
    for (int i = 0; i < 200000; ++i) {
        const uint32_t u = any_bits(rng);
        float f;
        std::memcpy(&f, &u, sizeof f);
        if (std::isnan(f)) {
            continue;
        }
        ASSERT_EQ(kernels::float_to_half_bits(f), half_bits(f)) << f;
        ASSERT_EQ(kernels::float_to_bf16_bits(f), bf16_bits(f)) << f;
    }
}

TEST(ReferenceDtype, RoundToDtype) {
    EXPECT_EQ(round_to_dtype(0.1, ACL_FLOAT), static_cast<double>(0.1f));
    EXPECT_EQ(round_to_dtype(0.1, ACL_FLOAT16), half_value(0x2E66));
    EXPECT_EQ(round_to_dtype(0.1, ACL_BF16), bf16_value(0x3DCD));
    EXPECT_EQ(round_to_dtype(0.1, ACL_DOUBLE), 0.1);
}

TEST(Compare, Tolerances) {
    EXPECT_TRUE(all_close({1.0, 2.0}, {1.0, 2.0}, ACL_FLOAT));
    EXPECT_TRUE(all_close({1.000005}, {1.0}, ACL_FLOAT));
    EXPECT_FALSE(all_close({1.0001}, {1.0}, ACL_FLOAT));
    EXPECT_TRUE(all_close({1.0009}, {1.0}, ACL_FLOAT16));
    EXPECT_FALSE(all_close({1.002}, {1.0}, ACL_FLOAT16));
    EXPECT_TRUE(all_close({1.007}, {1.0}, ACL_BF16));
    EXPECT_FALSE(all_close({1.01}, {1.0}, ACL_BF16));
    EXPECT_TRUE(all_close({1.5}, {1.0}, Tolerance{0.5, 0.0}));
    EXPECT_TRUE(all_close({3.0}, {3.0}, ACL_INT32));  // other dtypes: exact
    EXPECT_FALSE(all_close({3.0}, {4.0}, ACL_INT32));
}

TEST(Compare, SpecialValues) {
    const double nan = std::nan("");
    EXPECT_TRUE(all_close({nan, HUGE_VAL, -HUGE_VAL}, {nan, HUGE_VAL, -HUGE_VAL}, ACL_FLOAT));
    EXPECT_FALSE(all_close({nan}, {1.0}, ACL_FLOAT));
    EXPECT_FALSE(all_close({1.0}, {nan}, ACL_FLOAT));
    EXPECT_FALSE(all_close({HUGE_VAL}, {-HUGE_VAL}, ACL_FLOAT));
    EXPECT_FALSE(all_close({1e300}, {HUGE_VAL}, Tolerance{1e300, 1.0}));
}

TEST(Compare, MessageNamesTheMismatches) {
    const auto r = all_close({1.0, 5.0, 3.0, 9.0}, {1.0, 2.0, 3.0, 4.0}, ACL_FLOAT);
    ASSERT_FALSE(r);
    const std::string message = r.message();
    EXPECT_THAT(message, HasSubstr("2 of 4 elements differ"));
    EXPECT_THAT(message, HasSubstr("[1] actual 5, expected 2"));
    EXPECT_THAT(message, HasSubstr("largest error 5 at [3]"));
    EXPECT_THAT(std::string(all_close({1.0}, {1.0, 2.0}, ACL_FLOAT).message()),
                HasSubstr("size 1 != expected size 2"));
}

TEST(DeviceValues, EncodeDecode) {
    const std::vector<double> values{0.0, 1.0, -2.5, 100.0};
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_INT32, ACL_INT64}) {
        EXPECT_EQ(
            decode_values(encode_values(values, dt), dt),
            (dt == ACL_INT32 || dt == ACL_INT64 ? std::vector<double>{0, 1, -2, 100} : values))
            << dt;
    }
    EXPECT_EQ(decode_values(encode_values({0.0, 3.0}, ACL_BOOL), ACL_BOOL),
              (std::vector<double>{0, 1}));
    EXPECT_EQ(encode_values({0.1}, ACL_FLOAT16), (std::vector<uint8_t>{0x66, 0x2E}));
}

class DeviceTensorTest : public BackendTest {};

TEST_P(DeviceTensorTest, ContiguousRoundTrip) {
    const std::vector<double> values{1, -2, 3.5, 0.25, 1e-3, 7};
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        DeviceTensor t = DeviceTensor::contiguous({2, 3}, dt, values);
        ASSERT_NE(t.get(), nullptr);
        ASSERT_NE(t.data(), nullptr);
        std::vector<double> expected;
        for (double v : values) {
            expected.push_back(round_to_dtype(v, dt));
        }
        EXPECT_EQ(t.read(), expected) << dt;
        EXPECT_EQ(t.numel(), 6);
        aclDataType got;
        aclGetDataType(t.get(), &got);
        EXPECT_EQ(got, dt);
    }
}

TEST_P(DeviceTensorTest, StridedViewsReadInViewOrder) {
    // Storage 0..5 as a 2x3 matrix; the view is its transpose.
    DeviceTensor t =
        DeviceTensor::strided({3, 2}, {1, 3}, 0, {2, 3}, ACL_FLOAT, {0, 1, 2, 3, 4, 5});
    EXPECT_EQ(t.read(), (std::vector<double>{0, 3, 1, 4, 2, 5}));
    EXPECT_EQ(t.read_storage(), (std::vector<double>{0, 1, 2, 3, 4, 5}));
    int64_t offset = -1;
    aclGetViewOffset(t.get(), &offset);
    EXPECT_EQ(offset, 0);
    // Offset, negative stride.
    DeviceTensor r = DeviceTensor::strided({3}, {-2}, 5, {6}, ACL_FLOAT16, {0, 1, 2, 3, 4, 5});
    EXPECT_EQ(r.read(), (std::vector<double>{5, 3, 1}));
    // Default storage values are zeros.
    DeviceTensor z = DeviceTensor::strided({2}, {2}, 1, {4}, ACL_BF16);
    EXPECT_EQ(z.read_storage(), (std::vector<double>(4, 0.0)));
}

TEST_P(DeviceTensorTest, FilledShapeOnlyAndRelease) {
    DeviceTensor f = DeviceTensor::filled({3}, ACL_FLOAT, 2.0);
    EXPECT_EQ(f.read(), (std::vector<double>{2, 2, 2}));
    DeviceTensor s = DeviceTensor::shape_only({4, 4}, ACL_FLOAT16, ACL_FORMAT_NCL);
    ASSERT_NE(s.get(), nullptr);
    void* addr = &addr;
    aclGetRawTensorAddr(s.get(), &addr);
    EXPECT_EQ(addr, nullptr);
    aclFormat format;
    aclGetFormat(s.get(), &format);
    EXPECT_EQ(format, ACL_FORMAT_NCL);
    DeviceTensor e = DeviceTensor::contiguous({0, 3}, ACL_FLOAT, {});
    EXPECT_TRUE(e.read().empty());
    aclTensor* released = f.release_tensor();
    EXPECT_EQ(f.get(), nullptr);
    aclDestroyTensor(released);
}

// A phase-1/phase-2 pair over a test-only executor that writes 42 into its output on the stream.
struct WriteExecutor final : aclOpExecutor {
    aclnnStatus run(void* workspace, const rt::StreamTarget& stream) override {
        if (workspace == nullptr) {
            return ACLNN_ERR_INNER;
        }
        const float value = 42.0f;
        return aclrtMemcpyAsync(outputs[0].data,
                                sizeof value,
                                &value,
                                sizeof value,
                                ACL_MEMCPY_HOST_TO_DEVICE,
                                stream.handle)
                       == ACL_SUCCESS
                   ? ACLNN_SUCCESS
                   : ACLNN_ERR_RUNTIME_ERROR;
    }
};

aclnnStatus fake_get_workspace(const aclTensor* out, uint64_t* size, aclOpExecutor** executor) {
    if (out == nullptr) {
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    auto e = std::make_unique<WriteExecutor>();
    e->op_name = "aclnnWrite";
    e->workspace_size = 300;
    e->outputs = {*out};
    return nn::publish_executor(std::move(e), size, executor);
}

aclnnStatus fake_run(void* ws, uint64_t size, aclOpExecutor* executor, aclrtStream stream) {
    return nn::execute("aclnnWrite", ws, size, executor, stream);
}

TEST_P(DeviceTensorTest, RunTwoPhase) {
    DeviceTensor out = DeviceTensor::filled({1}, ACL_FLOAT, 0.0);
    const TwoPhaseResult r = run_two_phase(fake_get_workspace, fake_run, stream(), out.get());
    ASSERT_TRUE(r.ok()) << r;
    EXPECT_EQ(r.workspace_size, 300u);
    EXPECT_EQ(out.read(), (std::vector<double>{42}));

    const TwoPhaseResult bad = run_two_phase(
        fake_get_workspace, fake_run, stream(), static_cast<const aclTensor*>(nullptr));
    EXPECT_FALSE(bad.ok());
    EXPECT_EQ(bad.get_workspace, ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(bad.run, kNotRun);
    take_recent_error();
}

ACLEMU_INSTANTIATE_BACKENDS(DeviceTensorTest);

}  // namespace
}  // namespace aclemu::test
