// aclnnLogit through the public two-phase API on every backend: worked values for each eps
// regime (none, clamping, eps > 0.5, NaN), fp32 clamp bounds for 16-bit dtypes, dtype x rank x
// layout against a double reference written here, large and misaligned runs, empty tensors, and
// each validation step with its exact code and the parameter named in aclGetRecentErrMsg().
#include "acl/acl.h"
#include "aclnn/aclnn_base.h"
#include "aclnnop/aclnn_logit.h"

#include "ops/unary_op_matrix.h"
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
#include <limits>
#include <string>
#include <vector>

namespace aclemu::test {
namespace {

using ::testing::HasSubstr;

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// CANN's kernel: eps narrowed to float; eps >= 0 clamps x (x > hi -> hi, then x < lo -> lo,
// tested on the original x; NaN stays NaN) with lo = eps, hi = float(1 - eps); then
// log(z / (1 - z)).
double logit(double x, double eps) {
    const float e = static_cast<float>(eps);
    double z = x;
    if (e >= 0.0f) {
        const double lo = e;
        const double hi = static_cast<float>(1.0f - e);
        z = x <= hi ? x : hi;
        z = x >= lo ? z : lo;
        z = std::isnan(x) ? x : z;
    }
    return std::log(z / (1.0 - z));
}

class LogitTest : public BackendTest {
protected:
    TwoPhaseResult run(const DeviceTensor& x, double eps, const DeviceTensor& out) {
        return run_two_phase(aclnnLogitGetWorkspaceSize,
                             aclnnLogit,
                             stream(),
                             static_cast<const aclTensor*>(x.get()),
                             eps,
                             static_cast<const aclTensor*>(out.get()));
    }

    void expect_phase1(aclnnStatus want,
                       const aclTensor* x,
                       const aclTensor* out,
                       const std::string& param,
                       bool null_ws = false,
                       bool null_exec = false) {
        take_recent_error();
        uint64_t ws = 0;
        aclOpExecutor* exec = nullptr;
        const aclnnStatus got = aclnnLogitGetWorkspaceSize(
            x, -1.0, out, null_ws ? nullptr : &ws, null_exec ? nullptr : &exec);
        EXPECT_EQ(got, want);
        if (want == ACLNN_SUCCESS) {
            if (exec != nullptr) {
                EXPECT_EQ(aclDestroyAclOpExecutor(exec), ACLNN_SUCCESS);
            }
            return;
        }
        const std::string msg = take_recent_error();
        EXPECT_THAT(msg, HasSubstr("aclnnLogit")) << msg;
        EXPECT_THAT(msg, HasSubstr(param + ":")) << msg;
    }
};

TEST_P(LogitTest, EpsRegimes) {
    const std::vector<double> x = {-0.5, 0, 0.1, 0.25, 0.5, 0.75, 0.9, 1, 1.5, kInf, kNaN};
    struct Case {
        double eps;
        std::vector<double> want;
    };
    const double l = std::log(0.25);  // logit(0.2)
    const std::vector<Case> cases = {
        // No clamp: out of (0, 1) is NaN (a negative ratio), 0 and 1 are -inf and +inf.
        {-1,
         {kNaN,
          -kInf,
          std::log(0.1f / (1 - 0.1f)),
          std::log(1.0 / 3),
          0,
          std::log(3.0),
          std::log(0.9f / (1 - 0.9f)),
          kInf,
          kNaN,
          kNaN,
          kNaN}},
        // eps = 0.2: clamped to [0.2, 0.8]; NaN stays NaN.
        {0.2, {logit(-0.5, 0.2), l, l, std::log(1.0 / 3), 0, std::log(3.0), -l, -l, -l, -l, kNaN}},
        // eps = NaN behaves as eps < 0.
        {kNaN,
         {kNaN,
          -kInf,
          std::log(0.1f / (1 - 0.1f)),
          std::log(1.0 / 3),
          0,
          std::log(3.0),
          std::log(0.9f / (1 - 0.9f)),
          kInf,
          kNaN,
          kNaN,
          kNaN}},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(::testing::Message() << "eps " << c.eps);
        auto tx = DeviceTensor::contiguous({11}, ACL_FLOAT, x);
        auto out = DeviceTensor::filled({11}, ACL_FLOAT, -7);
        const auto r = run(tx, c.eps, out);
        ASSERT_TRUE(r.ok()) << r;
        EXPECT_TRUE(all_close(out.read(), c.want, Tolerance{2e-7, 2e-6}));
    }
}

TEST_P(LogitTest, EpsAboveHalfClampsToTheBounds) {
    // eps = 0.7: lo = 0.7 > hi = 0.3. x < 0.7 gives lo, any other x gives hi.
    const std::vector<double> x = {0.1, 0.5, 0.7, 0.8, 2};
    auto tx = DeviceTensor::contiguous({5}, ACL_FLOAT, x);
    auto out = DeviceTensor::filled({5}, ACL_FLOAT, 0);
    const auto r = run(tx, 0.7, out);
    ASSERT_TRUE(r.ok()) << r;
    std::vector<double> want;
    for (double v : x) {
        want.push_back(logit(round_to_dtype(v, ACL_FLOAT), 0.7));
    }
    EXPECT_TRUE(all_close(out.read(), want, ACL_FLOAT));
    EXPECT_GT(out.read()[0], 0.0);
    EXPECT_LT(out.read()[3], 0.0);
}

TEST_P(LogitTest, SixteenBitTypesClampInFloat) {
    // The bounds stay fp32: eps = 1e-3 on fp16 input 0 gives logit(float(1e-3)), not the
    // logit of fp16(1e-3) = 0.0010004.
    for (aclDataType t : {ACL_FLOAT16, ACL_BF16}) {
        auto tx = DeviceTensor::contiguous({2}, t, {0, 1});
        auto out = DeviceTensor::filled({2}, t, 0);
        const auto r = run(tx, 1e-3, out);
        ASSERT_TRUE(r.ok()) << r;
        EXPECT_EQ(out.read()[0], round_to_dtype(logit(0, 1e-3), t));
        EXPECT_EQ(out.read()[1], round_to_dtype(logit(1, 1e-3), t));
    }
}

TEST_P(LogitTest, EverySixteenBitInputMatchesDouble) {
    // Every FLOAT16 and BFLOAT16 value against the double reference: computing in float and
    // rounding once stays within a 16-bit rounding. A kernel that rounded an intermediate to
    // the 16-bit type (PyTorch CPU rounds 1 - x and the ratio to bfloat16) is off by up to half
    // the value near x = 0.5: bf16 x = 0.498046875 gives -0.0039 instead of -0.0078.
    for (aclDataType t : {ACL_FLOAT16, ACL_BF16}) {
        std::vector<double> x;
        for (uint32_t bits = 0; bits <= 0xFFFF; ++bits) {
            const auto b = static_cast<uint16_t>(bits);
            x.push_back(t == ACL_BF16 ? bf16_value(b) : half_value(b));
        }
        const auto n = static_cast<int64_t>(x.size());
        for (double eps : {-1.0, 1e-6, 0.01}) {
            SCOPED_TRACE(::testing::Message() << "dtype " << t << " eps " << eps);
            auto tx = DeviceTensor::contiguous({n}, t, x);
            auto out = DeviceTensor::filled({n}, t, 0);
            const auto r = run(tx, eps, out);
            ASSERT_TRUE(r.ok()) << r;
            std::vector<double> want(x.size());
            for (size_t i = 0; i < x.size(); ++i) {
                want[i] = logit(x[i], eps);
            }
            EXPECT_TRUE(all_close(out.read(), want, t));
        }
    }
}

TEST_P(LogitTest, DtypeRankLayoutMatrix) {
    for (double eps : {-1.0, 0.05}) {
        SCOPED_TRACE(::testing::Message() << "eps " << eps);
        elementwise::check_unary_matrix(
            [&](const DeviceTensor& x, const DeviceTensor& out) { return run(x, eps, out); },
            [&](double v) { return logit(v, eps); },
            0.01,
            0.99,
            {ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
    }
}

TEST_P(LogitTest, LargeContiguousAndMisaligned) {
    elementwise::check_unary_large(
        [&](const DeviceTensor& x, const DeviceTensor& out) { return run(x, 0.02, out); },
        [](double v) { return logit(v, 0.02); },
        -0.2,
        1.2);
}

TEST_P(LogitTest, EmptyTensors) {
    for (aclDataType t : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        auto x = DeviceTensor::filled({0, 4}, t, 0);
        auto out = DeviceTensor::filled({0, 4}, t, 0);
        const auto r = run(x, -1, out);
        ASSERT_TRUE(r.ok()) << r;
        EXPECT_EQ(r.workspace_size, 0u);
    }
}

TEST_P(LogitTest, Validation) {
    auto f32 = DeviceTensor::filled({2, 3}, ACL_FLOAT, 0);
    auto out = DeviceTensor::filled({2, 3}, ACL_FLOAT, 0);
    auto f16 = DeviceTensor::filled({2, 3}, ACL_FLOAT16, 0);
    auto f64 = DeviceTensor::filled({2, 3}, ACL_DOUBLE, 0);
    auto s32 = DeviceTensor::filled({3, 2}, ACL_FLOAT, 0);
    auto nz = DeviceTensor::filled({2, 3}, ACL_FLOAT, 0, ACL_FORMAT_FRACTAL_NZ);
    auto rank9 = DeviceTensor::filled({1, 1, 1, 1, 1, 1, 1, 2, 3}, ACL_FLOAT, 0);
    auto out9 = DeviceTensor::filled({1, 1, 1, 1, 1, 1, 1, 2, 3}, ACL_FLOAT, 0);
    expect_phase1(ACLNN_ERR_PARAM_NULLPTR, nullptr, out.get(), "workspaceSize", true);
    expect_phase1(ACLNN_ERR_PARAM_NULLPTR, nullptr, out.get(), "executor", false, true);
    expect_phase1(ACLNN_ERR_PARAM_NULLPTR, nullptr, out.get(), "input");
    expect_phase1(ACLNN_ERR_PARAM_NULLPTR, f64.get(), nullptr, "out");
    expect_phase1(ACLNN_ERR_PARAM_INVALID, f64.get(), out.get(), "input");
    expect_phase1(ACLNN_ERR_PARAM_INVALID, f32.get(), f16.get(), "out");
    expect_phase1(ACLNN_ERR_PARAM_INVALID, nz.get(), out.get(), "input");
    expect_phase1(ACLNN_ERR_PARAM_INVALID, f32.get(), nz.get(), "out");
    expect_phase1(ACLNN_ERR_PARAM_INVALID, rank9.get(), out9.get(), "input");
    expect_phase1(ACLNN_ERR_PARAM_INVALID, f32.get(), s32.get(), "out");
    auto overlapping = DeviceTensor::strided({2, 3}, {0, 1}, 0, {3}, ACL_FLOAT);
    expect_phase1(ACLNN_ERR_PARAM_INVALID, f32.get(), overlapping.get(), "out");
    for (aclFormat f : {ACL_FORMAT_NCHW, ACL_FORMAT_NCL, ACL_FORMAT_NHWC}) {
        auto a = DeviceTensor::filled({2, 3}, ACL_FLOAT, 0, f);
        expect_phase1(ACLNN_SUCCESS, a.get(), out.get(), "");
    }
}

ACLEMU_INSTANTIATE_BACKENDS(LogitTest);

}  // namespace
}  // namespace aclemu::test
