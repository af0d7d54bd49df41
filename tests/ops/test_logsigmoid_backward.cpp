// aclnnLogSigmoidBackward through the public two-phase API on every backend (Cpu/..., and
// Gpu/... when a GPU answers): op_semantics §1.5 worked examples and the seed sample, a matrix
// of dtype x rank x layout against a double reference written here, empty tensors, every
// validation row of §1.3 with its exact code and the parameter named in aclGetRecentErrMsg(),
// device-memory checks at run time, and executor reuse (repeatable, re-pointed, single-use).
#include "acl/acl.h"
#include "aclnn/aclnn_base.h"
#include "aclnnop/aclnn_logsigmoid_backward.h"

#include "ops/elementwise_op_layouts.h"
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
#include <cstdlib>
#include <limits>
#include <string>
#include <vector>

namespace aclemu::test {
namespace {

using elementwise::LayoutKind;
using ::testing::HasSubstr;

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// d/dx log(sigmoid(x)) = 1 / (1 + e^x).
double reference(double dy, double x) {
    return dy / (1.0 + std::exp(x));
}

class LogSigmoidBackwardTest : public BackendTest {
protected:
    TwoPhaseResult run(const DeviceTensor& dy,
                       const DeviceTensor& x,
                       const DeviceTensor& buffer,
                       const DeviceTensor& out) {
        return run_two_phase(aclnnLogSigmoidBackwardGetWorkspaceSize,
                             aclnnLogSigmoidBackward,
                             stream(),
                             static_cast<const aclTensor*>(dy.get()),
                             static_cast<const aclTensor*>(x.get()),
                             static_cast<const aclTensor*>(buffer.get()),
                             out.get());
    }

    // Phase 1 only, returning its status; `expect_param` must appear in the error message.
    void expect_phase1(aclnnStatus want,
                       const aclTensor* dy,
                       const aclTensor* x,
                       const aclTensor* buffer,
                       aclTensor* out,
                       const std::string& expect_param,
                       bool null_ws = false,
                       bool null_exec = false) {
        take_recent_error();
        uint64_t ws = 0;
        aclOpExecutor* exec = nullptr;
        const aclnnStatus got = aclnnLogSigmoidBackwardGetWorkspaceSize(
            dy, x, buffer, out, null_ws ? nullptr : &ws, null_exec ? nullptr : &exec);
        EXPECT_EQ(got, want);
        if (want == ACLNN_SUCCESS) {
            EXPECT_EQ(ws, 0u);
            if (exec != nullptr) {
                EXPECT_EQ(aclDestroyAclOpExecutor(exec), ACLNN_SUCCESS);
            }
        } else {
            const std::string msg = take_recent_error();
            EXPECT_THAT(msg, HasSubstr("aclnnLogSigmoidBackward")) << msg;
            EXPECT_THAT(msg, HasSubstr(expect_param + ":")) << msg;
        }
    }
};

TEST_P(LogSigmoidBackwardTest, WorkedExample) {
    const std::vector<double> x = {1, 2, 3, 4, -2, 0, 3, -kInf, kInf, kNaN};
    const std::vector<double> dy = {1, 1, 1, 1, 1, 2, -1, 0.5, 1, 1};
    const std::vector<double> want = {0.26894143,
                                      0.11920292,
                                      0.04742587,
                                      0.01798621,
                                      0.88079709,
                                      1.0,
                                      -0.04742587,
                                      0.5,
                                      0.0,
                                      kNaN};
    auto tx = DeviceTensor::contiguous({10}, ACL_FLOAT, x);
    auto tdy = DeviceTensor::contiguous({10}, ACL_FLOAT, dy);
    auto buffer = DeviceTensor::filled({0}, ACL_FLOAT, 0);
    auto out = DeviceTensor::filled({10}, ACL_FLOAT, -7);
    const auto r = run(tdy, tx, buffer, out);
    ASSERT_TRUE(r.ok()) << r;
    EXPECT_EQ(r.workspace_size, 0u);
    EXPECT_TRUE(all_close(out.read(), want, Tolerance{1e-7, 2e-7}));
}

TEST_P(LogSigmoidBackwardTest, SeedSample) {
    // The page's sample: 2 x 2 FLOAT, gradOutput all 1, self [1, 2, 3, 4], buffer = self.
    auto dy = DeviceTensor::contiguous({2, 2}, ACL_FLOAT, {1, 1, 1, 1});
    auto x = DeviceTensor::contiguous({2, 2}, ACL_FLOAT, {1, 2, 3, 4});
    auto buffer = DeviceTensor::contiguous({2, 2}, ACL_FLOAT, {1, 2, 3, 4});
    auto out = DeviceTensor::filled({2, 2}, ACL_FLOAT, 0);
    const auto r = run(dy, x, buffer, out);
    ASSERT_TRUE(r.ok()) << r;
    EXPECT_TRUE(all_close(
        out.read(), {0.26894143, 0.11920292, 0.04742587, 0.01798621}, Tolerance{1e-7, 2e-7}));
}

TEST_P(LogSigmoidBackwardTest, HalfAndBf16RoundOnce) {
    // op_semantics §1.5: x = -3, dy = 1 -> fp32 0.95257413 -> 0.95263672 (fp16), 0.953125 (bf16).
    for (aclDataType t : {ACL_FLOAT16, ACL_BF16}) {
        auto x = DeviceTensor::contiguous({1}, t, {-3});
        auto dy = DeviceTensor::contiguous({1}, t, {1});
        auto buffer = DeviceTensor::filled({1}, t, 0);
        auto out = DeviceTensor::filled({1}, t, 0);
        const auto r = run(dy, x, buffer, out);
        ASSERT_TRUE(r.ok()) << r;
        EXPECT_EQ(out.read()[0], t == ACL_FLOAT16 ? 0.95263671875 : 0.953125);
    }
}

TEST_P(LogSigmoidBackwardTest, EdgeValues) {
    // x = +inf with dy = inf: 0 * inf = NaN; x = -inf: dy; x = +-0: dy / 2; x = 100: e^-100 is
    // an fp32 subnormal, kept.
    const std::vector<double> x = {kInf, -kInf, -0.0, 0.0, 100, -100, 20, -20};
    const std::vector<double> dy = {kInf, -3, 3, -5, 1, 2, 1, 1};
    auto tx = DeviceTensor::contiguous({8}, ACL_FLOAT, x);
    auto tdy = DeviceTensor::contiguous({8}, ACL_FLOAT, dy);
    auto buffer = DeviceTensor::filled({1}, ACL_FLOAT16, 0);
    auto out = DeviceTensor::filled({8}, ACL_FLOAT, 0);
    const auto r = run(tdy, tx, buffer, out);
    ASSERT_TRUE(r.ok()) << r;
    const auto got = out.read();
    EXPECT_TRUE(std::isnan(got[0]));
    EXPECT_EQ(got[1], -3.0);
    EXPECT_EQ(got[2], 1.5);
    EXPECT_EQ(got[3], -2.5);
    EXPECT_GT(got[4], 0.0);
    EXPECT_NEAR(got[4], reference(1, 100), 1e-45);
    std::vector<double> want;
    for (size_t i = 4; i < x.size(); ++i) {
        want.push_back(reference(dy[i], x[i]));
    }
    EXPECT_TRUE(
        all_close(std::vector<double>(got.begin() + 4, got.end()), want, Tolerance{1e-44, 1e-6}));
}

// dtype x rank x layout, against the double reference on the (rounded) inputs; the output's
// storage outside the view stays untouched.
TEST_P(LogSigmoidBackwardTest, DtypeRankLayoutMatrix) {
    const std::vector<std::vector<int64_t>> shapes = {
        {}, {37}, {3, 5, 7}, {2, 3, 1, 4, 5}, {2, 1, 3, 2, 2, 1, 3, 2}};
    const LayoutKind kinds[] = {LayoutKind::Contiguous,
                                LayoutKind::Permuted,
                                LayoutKind::Offsets,
                                LayoutKind::SharedOffset,
                                LayoutKind::ZeroStride};
    constexpr double kSentinel = -1536.0;
    uint32_t seed = 1;
    for (aclDataType t : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        for (const auto& dims : shapes) {
            for (LayoutKind kind : kinds) {
                SCOPED_TRACE(::testing::Message()
                             << "dtype " << t << " dims " << ::testing::PrintToString(dims)
                             << " layout " << elementwise::layout_name(kind));
                const auto vo = elementwise::make_view(kind, dims, 0);
                const auto vdy = elementwise::make_view(kind, dims, 1);
                const auto vx = elementwise::make_view(kind, dims, 2);
                const auto sdy = elementwise::uniform_values(vdy.storage_numel, -2, 2, seed++);
                const auto sx = elementwise::uniform_values(vx.storage_numel, -12, 12, seed++);
                auto dy = elementwise::make_tensor(dims, vdy, t, sdy);
                auto x = elementwise::make_tensor(dims, vx, t, sx);
                auto out = elementwise::make_tensor(
                    dims, vo, t, std::vector<double>(vo.storage_numel, kSentinel));
                auto buffer = DeviceTensor::filled({0}, t, 0);
                const auto r = run(dy, x, buffer, out);
                ASSERT_TRUE(r.ok()) << r;

                const auto dyv = elementwise::view_values(dims, vdy, sdy);
                const auto xv = elementwise::view_values(dims, vx, sx);
                std::vector<double> want(dyv.size());
                for (size_t i = 0; i < want.size(); ++i) {
                    want[i] = reference(round_to_dtype(dyv[i], t), round_to_dtype(xv[i], t));
                }
                EXPECT_TRUE(all_close(out.read(), want, t));
                const auto storage = out.read_storage();
                const auto mask = elementwise::view_mask(dims, vo);
                for (size_t i = 0; i < storage.size(); ++i) {
                    if (!mask[i]) {
                        EXPECT_EQ(storage[i], kSentinel) << "storage element " << i;
                    }
                }
            }
        }
    }
}

TEST_P(LogSigmoidBackwardTest, LargeContiguousAndMisaligned) {
    // Enough elements for many GPU blocks and CPU threads, with a tail that is not a multiple
    // of any vector width; then the same with the three views misaligned differently.
    const int64_t n = 300007;
    const std::vector<int64_t> dims = {n};
    for (LayoutKind kind :
         {LayoutKind::Contiguous, LayoutKind::Offsets, LayoutKind::SharedOffset}) {
        for (aclDataType t : {ACL_FLOAT, ACL_BF16}) {
            SCOPED_TRACE(::testing::Message() << elementwise::layout_name(kind) << " dtype " << t);
            const auto vo = elementwise::make_view(kind, dims, 0);
            const auto vdy = elementwise::make_view(kind, dims, 1);
            const auto vx = elementwise::make_view(kind, dims, 2);
            const auto sdy = elementwise::uniform_values(vdy.storage_numel, -2, 2, 77);
            const auto sx = elementwise::uniform_values(vx.storage_numel, -30, 30, 78);
            auto dy = elementwise::make_tensor(dims, vdy, t, sdy);
            auto x = elementwise::make_tensor(dims, vx, t, sx);
            auto out = elementwise::make_tensor(dims, vo, t, {});
            auto buffer = DeviceTensor::filled({0}, t, 0);
            const auto r = run(dy, x, buffer, out);
            ASSERT_TRUE(r.ok()) << r;
            const auto dyv = elementwise::view_values(dims, vdy, sdy);
            const auto xv = elementwise::view_values(dims, vx, sx);
            std::vector<double> want(dyv.size());
            for (size_t i = 0; i < want.size(); ++i) {
                want[i] = reference(round_to_dtype(dyv[i], t), round_to_dtype(xv[i], t));
            }
            EXPECT_TRUE(all_close(out.read(), want, t));
        }
    }
}

TEST_P(LogSigmoidBackwardTest, NineDimsAccepted) {
    // CANN has no rank limit (its UT runs 9-D); a permuted 9-D view still plans.
    const std::vector<int64_t> dims = {2, 1, 2, 3, 1, 2, 2, 1, 3};
    const auto vo = elementwise::make_view(LayoutKind::Permuted, dims, 0);
    const auto vi = elementwise::make_view(LayoutKind::Contiguous, dims, 2);
    const auto sdy = elementwise::uniform_values(vi.storage_numel, -1, 1, 5);
    const auto sx = elementwise::uniform_values(vi.storage_numel, -5, 5, 6);
    auto dy = elementwise::make_tensor(dims, vi, ACL_FLOAT, sdy);
    auto x = elementwise::make_tensor(dims, vi, ACL_FLOAT, sx);
    auto out = elementwise::make_tensor(dims, vo, ACL_FLOAT, {});
    auto buffer = DeviceTensor::filled({0}, ACL_FLOAT, 0);
    const auto r = run(dy, x, buffer, out);
    ASSERT_TRUE(r.ok()) << r;
    std::vector<double> want(sdy.size());
    for (size_t i = 0; i < want.size(); ++i) {
        want[i] = reference(round_to_dtype(sdy[i], ACL_FLOAT), round_to_dtype(sx[i], ACL_FLOAT));
    }
    EXPECT_TRUE(all_close(out.read(), want, ACL_FLOAT));
}

TEST_P(LogSigmoidBackwardTest, EmptyTensorsSucceedWithoutWork) {
    for (aclDataType t : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        auto dy = DeviceTensor::filled({2, 0, 3}, t, 0);
        auto x = DeviceTensor::filled({2, 0, 3}, t, 0);
        auto out = DeviceTensor::filled({2, 0, 3}, t, 0);
        auto buffer = DeviceTensor::filled({0}, t, 0);
        const auto r = run(dy, x, buffer, out);
        ASSERT_TRUE(r.ok()) << r;
        EXPECT_EQ(r.workspace_size, 0u);
    }
    // An empty gradOutput with a non-empty gradInput is a shape mismatch (CANN cases 019-020).
    auto dy = DeviceTensor::filled({0}, ACL_FLOAT, 0);
    auto x = DeviceTensor::filled({4}, ACL_FLOAT, 0);
    auto out = DeviceTensor::filled({4}, ACL_FLOAT, 0);
    auto buffer = DeviceTensor::filled({0}, ACL_FLOAT, 0);
    expect_phase1(
        ACLNN_ERR_PARAM_INVALID, dy.get(), x.get(), buffer.get(), out.get(), "gradOutput");
}

// ---- Validation: §1.3 in order --------------------------------------------------------------

TEST_P(LogSigmoidBackwardTest, NullWorkspaceSizeOrExecutorFirst) {
    auto t = DeviceTensor::filled({2}, ACL_FLOAT, 0);
    // Even with a null tensor, the out-pointers are checked first.
    expect_phase1(
        ACLNN_ERR_PARAM_NULLPTR, nullptr, t.get(), t.get(), t.get(), "workspaceSize", true);
    expect_phase1(
        ACLNN_ERR_PARAM_NULLPTR, nullptr, t.get(), t.get(), t.get(), "executor", false, true);
}

TEST_P(LogSigmoidBackwardTest, NullTensors) {
    auto a = DeviceTensor::filled({2}, ACL_FLOAT, 0);
    auto b = DeviceTensor::filled({2}, ACL_FLOAT, 0);
    auto c = DeviceTensor::filled({2}, ACL_FLOAT, 0);
    auto d = DeviceTensor::filled({2}, ACL_FLOAT, 0);
    expect_phase1(ACLNN_ERR_PARAM_NULLPTR, nullptr, b.get(), c.get(), d.get(), "gradOutput");
    expect_phase1(ACLNN_ERR_PARAM_NULLPTR, a.get(), nullptr, c.get(), d.get(), "self");
    expect_phase1(ACLNN_ERR_PARAM_NULLPTR, a.get(), b.get(), nullptr, d.get(), "buffer");
    expect_phase1(ACLNN_ERR_PARAM_NULLPTR, a.get(), b.get(), c.get(), nullptr, "gradInput");
    // Nulls are checked before dtypes.
    auto bad = DeviceTensor::filled({2}, ACL_INT32, 0);
    expect_phase1(ACLNN_ERR_PARAM_NULLPTR, bad.get(), b.get(), nullptr, d.get(), "buffer");
}

TEST_P(LogSigmoidBackwardTest, Dtypes) {
    auto f32 = DeviceTensor::filled({2}, ACL_FLOAT, 0);
    auto f16 = DeviceTensor::filled({2}, ACL_FLOAT16, 0);
    auto i32 = DeviceTensor::filled({2}, ACL_INT32, 0);
    auto f64 = DeviceTensor::filled({2}, ACL_DOUBLE, 0);
    auto out = DeviceTensor::filled({2}, ACL_FLOAT, 0);
    // gradOutput's dtype is checked against the list first, then self's.
    expect_phase1(
        ACLNN_ERR_PARAM_INVALID, i32.get(), f64.get(), f32.get(), out.get(), "gradOutput");
    expect_phase1(ACLNN_ERR_PARAM_INVALID, f32.get(), f64.get(), f32.get(), out.get(), "self");
    // Then each must equal gradInput's.
    expect_phase1(
        ACLNN_ERR_PARAM_INVALID, f16.get(), f32.get(), f32.get(), out.get(), "gradOutput");
    expect_phase1(ACLNN_ERR_PARAM_INVALID, f32.get(), f16.get(), f32.get(), out.get(), "self");
    auto out_i32 = DeviceTensor::filled({2}, ACL_INT32, 0);
    expect_phase1(
        ACLNN_ERR_PARAM_INVALID, f32.get(), f32.get(), f32.get(), out_i32.get(), "gradOutput");
    // Dtype before shape: a dtype and a shape error together report the dtype.
    auto f16_long = DeviceTensor::filled({3}, ACL_FLOAT16, 0);
    expect_phase1(
        ACLNN_ERR_PARAM_INVALID, f16_long.get(), f32.get(), f32.get(), out.get(), "gradOutput");
}

TEST_P(LogSigmoidBackwardTest, BufferIsOnlyNullChecked) {
    auto dy = DeviceTensor::contiguous({2}, ACL_FLOAT, {1, 1});
    auto x = DeviceTensor::contiguous({2}, ACL_FLOAT, {0, 0});
    auto out = DeviceTensor::filled({2}, ACL_FLOAT, 0);
    // Any dtype, any shape, even a view that does not fit its (absent) storage.
    auto odd = DeviceTensor::strided({5, 7}, {7, 1}, 3, {1}, ACL_INT64);
    const auto r = run(dy, x, odd, out);
    ASSERT_TRUE(r.ok()) << r;
    EXPECT_TRUE(all_close(out.read(), {0.5, 0.5}, ACL_FLOAT));
}

TEST_P(LogSigmoidBackwardTest, Shapes) {
    auto s23 = DeviceTensor::filled({2, 3}, ACL_FLOAT, 0);
    auto s32 = DeviceTensor::filled({3, 2}, ACL_FLOAT, 0);
    auto s6 = DeviceTensor::filled({6}, ACL_FLOAT, 0);
    auto out = DeviceTensor::filled({2, 3}, ACL_FLOAT, 0);
    expect_phase1(
        ACLNN_ERR_PARAM_INVALID, s32.get(), s23.get(), s23.get(), out.get(), "gradOutput");
    expect_phase1(ACLNN_ERR_PARAM_INVALID, s23.get(), s6.get(), s23.get(), out.get(), "self");
    // No broadcasting: [1, 3] against [2, 3] is a mismatch.
    auto s13 = DeviceTensor::filled({1, 3}, ACL_FLOAT, 0);
    expect_phase1(ACLNN_ERR_PARAM_INVALID, s23.get(), s13.get(), s23.get(), out.get(), "self");
}

TEST_P(LogSigmoidBackwardTest, AnyFormatAccepted) {
    for (aclFormat f :
         {ACL_FORMAT_NCHW, ACL_FORMAT_NC1HWC0, ACL_FORMAT_FRACTAL_NZ, ACL_FORMAT_HWCN}) {
        auto dy = DeviceTensor::filled({1, 2, 2, 2}, ACL_FLOAT, 0, f);
        auto x = DeviceTensor::filled({1, 2, 2, 2}, ACL_FLOAT, 0, ACL_FORMAT_ND);
        auto out = DeviceTensor::filled({1, 2, 2, 2}, ACL_FLOAT, 0, f);
        auto buffer = DeviceTensor::filled({0}, ACL_FLOAT, 0);
        expect_phase1(ACLNN_SUCCESS, dy.get(), x.get(), buffer.get(), out.get(), "");
    }
}

TEST_P(LogSigmoidBackwardTest, ViewsMustFitStorage) {
    auto ok = DeviceTensor::filled({4}, ACL_FLOAT, 0);
    auto buffer = DeviceTensor::filled({0}, ACL_FLOAT, 0);
    // 4 elements at offset 1 of a 4-element storage reach element 4.
    auto past_end = DeviceTensor::strided({4}, {1}, 1, {4}, ACL_FLOAT);
    expect_phase1(
        ACLNN_ERR_PARAM_INVALID, past_end.get(), ok.get(), buffer.get(), ok.get(), "gradOutput");
    expect_phase1(
        ACLNN_ERR_PARAM_INVALID, ok.get(), past_end.get(), buffer.get(), ok.get(), "self");
    expect_phase1(
        ACLNN_ERR_PARAM_INVALID, ok.get(), ok.get(), buffer.get(), past_end.get(), "gradInput");
}

TEST_P(LogSigmoidBackwardTest, OutputMustNotOverlapItself) {
    auto in = DeviceTensor::filled({3, 4}, ACL_FLOAT, 0);
    auto buffer = DeviceTensor::filled({0}, ACL_FLOAT, 0);
    auto broadcast_out = DeviceTensor::strided({3, 4}, {0, 1}, 0, {4}, ACL_FLOAT);
    expect_phase1(ACLNN_ERR_PARAM_INVALID,
                  in.get(),
                  in.get(),
                  buffer.get(),
                  broadcast_out.get(),
                  "gradInput");
}

TEST_P(LogSigmoidBackwardTest, HostMemoryRejectedAtRunTime) {
    std::vector<float> host(4, 1.0f);
    const int64_t dims[] = {4};
    const int64_t strides[] = {1};
    aclTensor* host_tensor =
        aclCreateTensor(dims, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, dims, 1, host.data());
    ASSERT_NE(host_tensor, nullptr);
    auto dev = DeviceTensor::filled({4}, ACL_FLOAT, 1);
    auto out = DeviceTensor::filled({4}, ACL_FLOAT, 0);
    auto buffer = DeviceTensor::filled({0}, ACL_FLOAT, 0);
    take_recent_error();
    const auto r = run_two_phase(aclnnLogSigmoidBackwardGetWorkspaceSize,
                                 aclnnLogSigmoidBackward,
                                 stream(),
                                 static_cast<const aclTensor*>(dev.get()),
                                 static_cast<const aclTensor*>(host_tensor),
                                 static_cast<const aclTensor*>(buffer.get()),
                                 out.get());
    EXPECT_EQ(r.get_workspace, ACLNN_SUCCESS);  // phase 1 does not look at memory
    EXPECT_EQ(r.run, ACLNN_ERR_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("self:"));
    EXPECT_EQ(aclDestroyTensor(host_tensor), ACL_SUCCESS);
}

// ---- Executors ------------------------------------------------------------------------------

TEST_P(LogSigmoidBackwardTest, RepeatableExecutorRerunsAndFollowsNewAddresses) {
    auto dy = DeviceTensor::contiguous({4}, ACL_FLOAT, {1, 1, 1, 1});
    auto x = DeviceTensor::contiguous({4}, ACL_FLOAT, {1, 2, 3, 4});
    auto x2 = DeviceTensor::contiguous({4}, ACL_FLOAT, {-1, -2, 0, 50});
    auto buffer = DeviceTensor::filled({0}, ACL_FLOAT, 0);
    auto out = DeviceTensor::filled({4}, ACL_FLOAT, 0);
    uint64_t ws = 1;
    aclOpExecutor* exec = nullptr;
    ASSERT_EQ(aclnnLogSigmoidBackwardGetWorkspaceSize(
                  dy.get(), x.get(), buffer.get(), out.get(), &ws, &exec),
              ACLNN_SUCCESS);
    ASSERT_EQ(ws, 0u);
    ASSERT_EQ(aclSetAclOpExecutorRepeatable(exec), ACLNN_SUCCESS);
    const std::vector<double> want1 = {
        reference(1, 1), reference(1, 2), reference(1, 3), reference(1, 4)};
    for (int i = 0; i < 2; ++i) {
        ASSERT_EQ(aclnnLogSigmoidBackward(nullptr, 0, exec, stream()), ACLNN_SUCCESS);
        ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
        EXPECT_TRUE(all_close(out.read(), want1, ACL_FLOAT)) << "run " << i;
    }
    // Input 1 is self (CANN order: gradOutput, self, buffer; output gradInput).
    ASSERT_EQ(aclSetInputTensorAddr(exec, 1, nullptr, x2.data()), ACLNN_SUCCESS);
    auto out2 = DeviceTensor::filled({4}, ACL_FLOAT, 0);
    ASSERT_EQ(aclSetOutputTensorAddr(exec, 0, nullptr, out2.data()), ACLNN_SUCCESS);
    ASSERT_EQ(aclnnLogSigmoidBackward(nullptr, 0, exec, stream()), ACLNN_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    EXPECT_TRUE(all_close(out2.read(),
                          {reference(1, -1), reference(1, -2), reference(1, 0), reference(1, 50)},
                          ACL_FLOAT));
    EXPECT_TRUE(all_close(out.read(), want1, ACL_FLOAT));  // the old output is left alone
    EXPECT_EQ(aclDestroyAclOpExecutor(exec), ACLNN_SUCCESS);
}

TEST_P(LogSigmoidBackwardTest, SingleUseExecutorCannotRunTwice) {
    auto t = DeviceTensor::contiguous({2}, ACL_FLOAT, {1, 2});
    auto buffer = DeviceTensor::filled({0}, ACL_FLOAT, 0);
    auto out = DeviceTensor::filled({2}, ACL_FLOAT, 0);
    uint64_t ws = 0;
    aclOpExecutor* exec = nullptr;
    ASSERT_EQ(aclnnLogSigmoidBackwardGetWorkspaceSize(
                  t.get(), t.get(), buffer.get(), out.get(), &ws, &exec),
              ACLNN_SUCCESS);
    ASSERT_EQ(aclnnLogSigmoidBackward(nullptr, ws, exec, stream()), ACLNN_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    take_recent_error();
    EXPECT_EQ(aclnnLogSigmoidBackward(nullptr, ws, exec, stream()), ACLNN_ERR_INNER);
    EXPECT_THAT(take_recent_error(), HasSubstr("executor"));
    EXPECT_EQ(aclnnLogSigmoidBackward(nullptr, 0, nullptr, stream()), ACLNN_ERR_PARAM_NULLPTR);
}

TEST_P(LogSigmoidBackwardTest, InPlaceGradInputOverGradOutput) {
    auto dy = DeviceTensor::contiguous({5}, ACL_FLOAT, {1, 2, 3, 4, 5});
    auto x = DeviceTensor::contiguous({5}, ACL_FLOAT, {0, 1, -1, 2, -2});
    auto buffer = DeviceTensor::filled({0}, ACL_FLOAT, 0);
    const auto r = run(dy, x, buffer, dy);
    ASSERT_TRUE(r.ok()) << r;
    EXPECT_TRUE(all_close(
        dy.read(),
        {reference(1, 0), reference(2, 1), reference(3, -1), reference(4, 2), reference(5, -2)},
        ACL_FLOAT));
}

ACLEMU_INSTANTIATE_BACKENDS(LogSigmoidBackwardTest);

}  // namespace
}  // namespace aclemu::test
