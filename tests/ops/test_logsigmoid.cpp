// aclnnLogSigmoid and aclnnLogSigmoidForward through the public two-phase API on every backend:
// the CANN sample's values, edge values, dtype x rank x layout against a double reference
// written here, large and misaligned runs, empty tensors, the unused buffer, and each
// validation step with its exact code and the parameter named in aclGetRecentErrMsg().
#include "acl/acl.h"
#include "aclnn/aclnn_base.h"
#include "aclnnop/aclnn_logsigmoid.h"

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
#include <limits>
#include <string>
#include <vector>

namespace aclemu::test {
namespace {

using ::testing::HasSubstr;

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// log(1 / (1 + e^-x)), without overflow for either sign.
double log_sigmoid(double x) {
    return x >= 0 ? -std::log1p(std::exp(-x)) : x - std::log1p(std::exp(x));
}

class LogSigmoidTest : public BackendTest {
protected:
    TwoPhaseResult run(const DeviceTensor& self, const DeviceTensor& out) {
        return run_two_phase(aclnnLogSigmoidGetWorkspaceSize,
                             aclnnLogSigmoid,
                             stream(),
                             static_cast<const aclTensor*>(self.get()),
                             out.get());
    }
    TwoPhaseResult run_forward(const DeviceTensor& self, const DeviceTensor& out, aclTensor* buf) {
        return run_two_phase(aclnnLogSigmoidForwardGetWorkspaceSize,
                             aclnnLogSigmoidForward,
                             stream(),
                             static_cast<const aclTensor*>(self.get()),
                             out.get(),
                             buf);
    }

    void expect_phase1(aclnnStatus want,
                       const aclTensor* self,
                       aclTensor* out,
                       const std::string& param,
                       bool forward = false,
                       bool null_ws = false,
                       bool null_exec = false) {
        take_recent_error();
        uint64_t ws = 0;
        aclOpExecutor* exec = nullptr;
        uint64_t* wsp = null_ws ? nullptr : &ws;
        aclOpExecutor** ep = null_exec ? nullptr : &exec;
        const aclnnStatus got =
            forward ? aclnnLogSigmoidForwardGetWorkspaceSize(self, out, nullptr, wsp, ep)
                    : aclnnLogSigmoidGetWorkspaceSize(self, out, wsp, ep);
        EXPECT_EQ(got, want);
        if (want == ACLNN_SUCCESS) {
            if (exec != nullptr) {
                EXPECT_EQ(aclDestroyAclOpExecutor(exec), ACLNN_SUCCESS);
            }
            return;
        }
        const std::string msg = take_recent_error();
        EXPECT_THAT(msg, HasSubstr(forward ? "aclnnLogSigmoidForward" : "aclnnLogSigmoid")) << msg;
        EXPECT_THAT(msg, HasSubstr(param + ":")) << msg;
    }
};

TEST_P(LogSigmoidTest, SampleValues) {
    // The CANN sample: a 4 x 2 FLOAT tensor 1..8, through LogSigmoidForward with a 4 x 2 buffer.
    std::vector<double> x = {1, 2, 3, 4, 5, 6, 7, 8};
    auto self = DeviceTensor::contiguous({4, 2}, ACL_FLOAT, x);
    auto out = DeviceTensor::filled({4, 2}, ACL_FLOAT, 0);
    auto buffer = DeviceTensor::filled({4, 2}, ACL_FLOAT, 5);
    const auto r = run_forward(self, out, buffer.get());
    ASSERT_TRUE(r.ok()) << r;
    std::vector<double> want;
    for (double v : x) {
        want.push_back(log_sigmoid(v));
    }
    EXPECT_TRUE(all_close(out.read(), want, Tolerance{1e-7, 2e-7}));
    EXPECT_EQ(buffer.read(), std::vector<double>(8, 5.0));  // unused, untouched
}

TEST_P(LogSigmoidTest, EdgeValues) {
    const std::vector<double> x = {0, -0.0, 1e-8, -1e-8, 20, -20, 90, -90, 200, kInf, -kInf, kNaN};
    auto self = DeviceTensor::contiguous({12}, ACL_FLOAT, x);
    auto out = DeviceTensor::filled({12}, ACL_FLOAT, -7);
    const auto r = run(self, out);
    ASSERT_TRUE(r.ok()) << r;
    std::vector<double> want;
    for (double v : x) {
        want.push_back(std::isnan(v) ? kNaN : log_sigmoid(round_to_dtype(v, ACL_FLOAT)));
    }
    // 90: -e^-90 is an fp32 subnormal-free tiny value (8e-40 is subnormal): kept to 1e-44.
    EXPECT_TRUE(all_close(out.read(), want, Tolerance{1e-44, 2e-7}));
    EXPECT_EQ(out.read()[9], 0.0);
    EXPECT_EQ(out.read()[10], -kInf);
}

TEST_P(LogSigmoidTest, DtypeRankLayoutMatrix) {
    elementwise::check_unary_matrix(
        [&](const DeviceTensor& x, const DeviceTensor& out) { return run(x, out); },
        log_sigmoid,
        -15,
        15,
        {ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
}

TEST_P(LogSigmoidTest, ForwardMatchesLogSigmoid) {
    elementwise::check_unary_matrix(
        [&](const DeviceTensor& x, const DeviceTensor& out) {
            return run_forward(x, out, nullptr);  // a NULL buffer is accepted
        },
        log_sigmoid,
        -6,
        6,
        {ACL_FLOAT, ACL_BF16});
}

TEST_P(LogSigmoidTest, LargeContiguousAndMisaligned) {
    elementwise::check_unary_large(
        [&](const DeviceTensor& x, const DeviceTensor& out) { return run(x, out); },
        log_sigmoid,
        -40,
        40);
}

TEST_P(LogSigmoidTest, EmptyAndNineDims) {
    for (aclDataType t : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        auto x = DeviceTensor::filled({2, 0, 3}, t, 0);
        auto out = DeviceTensor::filled({2, 0, 3}, t, 0);
        const auto r = run(x, out);
        ASSERT_TRUE(r.ok()) << r;
        EXPECT_EQ(r.workspace_size, 0u);
    }
    // No rank limit (CANN reshapes more than 8 dims to 1-D).
    auto x = DeviceTensor::contiguous({1, 1, 1, 1, 1, 1, 1, 1, 2}, ACL_FLOAT, {1, -1});
    auto out = DeviceTensor::filled({1, 1, 1, 1, 1, 1, 1, 1, 2}, ACL_FLOAT, 0);
    const auto r = run(x, out);
    ASSERT_TRUE(r.ok()) << r;
    EXPECT_TRUE(all_close(out.read(), {log_sigmoid(1), log_sigmoid(-1)}, ACL_FLOAT));
}

TEST_P(LogSigmoidTest, Validation) {
    auto f32 = DeviceTensor::filled({2, 3}, ACL_FLOAT, 0);
    auto out = DeviceTensor::filled({2, 3}, ACL_FLOAT, 0);
    auto f16 = DeviceTensor::filled({2, 3}, ACL_FLOAT16, 0);
    auto i32 = DeviceTensor::filled({2, 3}, ACL_INT32, 0);
    auto s32 = DeviceTensor::filled({3, 2}, ACL_FLOAT, 0);
    for (bool forward : {false, true}) {
        SCOPED_TRACE(forward ? "forward" : "logsigmoid");
        expect_phase1(ACLNN_ERR_PARAM_NULLPTR, nullptr, out.get(), "workspaceSize", forward, true);
        expect_phase1(
            ACLNN_ERR_PARAM_NULLPTR, nullptr, out.get(), "executor", forward, false, true);
        expect_phase1(ACLNN_ERR_PARAM_NULLPTR, nullptr, out.get(), "self", forward);
        expect_phase1(ACLNN_ERR_PARAM_NULLPTR, i32.get(), nullptr, "out", forward);
        expect_phase1(ACLNN_ERR_PARAM_INVALID, i32.get(), out.get(), "self", forward);
        expect_phase1(ACLNN_ERR_PARAM_INVALID, f32.get(), i32.get(), "out", forward);
        expect_phase1(ACLNN_ERR_PARAM_INVALID, f16.get(), out.get(), "self", forward);  // dtypes
        expect_phase1(ACLNN_ERR_PARAM_INVALID, f32.get(), s32.get(), "self", forward);  // shapes
        auto past_end = DeviceTensor::strided({2, 3}, {3, 1}, 1, {6}, ACL_FLOAT);
        expect_phase1(ACLNN_ERR_PARAM_INVALID, f32.get(), past_end.get(), "out", forward);
        auto overlapping = DeviceTensor::strided({2, 3}, {0, 1}, 0, {3}, ACL_FLOAT);
        expect_phase1(ACLNN_ERR_PARAM_INVALID, f32.get(), overlapping.get(), "out", forward);
    }
}

ACLEMU_INSTANTIATE_BACKENDS(LogSigmoidTest);

}  // namespace
}  // namespace aclemu::test
