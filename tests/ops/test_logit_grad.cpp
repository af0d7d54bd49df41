// aclnnLogitGrad through the public two-phase API on every backend (Cpu/..., and Gpu/... when a
// GPU answers): the op_semantics §3.7 doc sample and eps x x grid, eps narrowing, a matrix of
// dtype x rank x layout against a double reference written here, empty tensors, every
// validation row of §3.6 (plus aclemu's stricter shape / rank / view checks) with its exact code
// and the parameter named in aclGetRecentErrMsg(), and executor reuse.
#include "acl/acl.h"
#include "aclnn/aclnn_base.h"
#include "aclnnop/aclnn_logit_grad.h"
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

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace aclemu::test {
namespace {

using elementwise::LayoutKind;
using ::testing::HasSubstr;

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// The CANN kernel's rule, written from op_semantics §3.3: eps narrowed to float (C++'s
// conversion, plus IEEE overflow to inf), compared in float; hi = 1 - eps rounded to float.
struct Bounds {
    double lo, hi;
    bool nan_fill;
};
Bounds bounds_for(double eps) {
    float e;
    if (std::isnan(eps)) {
        e = std::numeric_limits<float>::quiet_NaN();
    } else if (std::fabs(eps) >= static_cast<double>(FLT_MAX) + std::ldexp(1.0, 103)) {
        e = eps > 0 ? std::numeric_limits<float>::infinity()
                    : -std::numeric_limits<float>::infinity();
    } else {
        e = static_cast<float>(eps);
    }
    if (e >= 0.0f) {
        return {e, static_cast<double>(static_cast<float>(1.0 - static_cast<double>(e))), false};
    }
    return {0.0, 1.0, true};
}

double reference(double x, double dy, double eps) {
    const Bounds b = bounds_for(eps);
    if (x >= b.lo && x <= b.hi) {
        return dy / (x * (1.0 - x));
    }
    return b.nan_fill ? kNaN : 0.0;
}

class LogitGradTest : public BackendTest {
protected:
    TwoPhaseResult run(const DeviceTensor& x,
                       const DeviceTensor& dy,
                       double eps,
                       const DeviceTensor& out) {
        return run_two_phase(aclnnLogitGradGetWorkspaceSize,
                             aclnnLogitGrad,
                             stream(),
                             static_cast<const aclTensor*>(x.get()),
                             static_cast<const aclTensor*>(dy.get()),
                             eps,
                             static_cast<const aclTensor*>(out.get()));
    }

    void expect_phase1(aclnnStatus want,
                       const aclTensor* x,
                       const aclTensor* dy,
                       const aclTensor* out,
                       const std::string& expect_param,
                       bool null_ws = false,
                       bool null_exec = false) {
        take_recent_error();
        uint64_t ws = 0;
        aclOpExecutor* exec = nullptr;
        const aclnnStatus got = aclnnLogitGradGetWorkspaceSize(
            x, dy, -1.0, out, null_ws ? nullptr : &ws, null_exec ? nullptr : &exec);
        EXPECT_EQ(got, want);
        if (want == ACLNN_SUCCESS) {
            EXPECT_EQ(ws, 0u);
            if (exec != nullptr) {
                EXPECT_EQ(aclDestroyAclOpExecutor(exec), ACLNN_SUCCESS);
            }
        } else {
            const std::string msg = take_recent_error();
            EXPECT_THAT(msg, HasSubstr("aclnnLogitGrad")) << msg;
            EXPECT_THAT(msg, HasSubstr(expect_param + ":")) << msg;
        }
    }
};

TEST_P(LogitGradTest, DocSample) {
    auto x = DeviceTensor::contiguous({4}, ACL_FLOAT, {0.1, 0.2, 0.3, 0.4});
    auto dy = DeviceTensor::contiguous({4}, ACL_FLOAT, {1, 2, 3, 4});
    {
        auto out = DeviceTensor::filled({4}, ACL_FLOAT, -9);
        const auto r = run(x, dy, -1, out);
        ASSERT_TRUE(r.ok()) << r;
        EXPECT_EQ(r.workspace_size, 0u);
        EXPECT_TRUE(all_close(
            out.read(), {11.1111116, 12.4999990, 14.2857141, 16.6666660}, Tolerance{1e-6, 2e-7}));
    }
    {
        auto out = DeviceTensor::filled({4}, ACL_FLOAT, -9);
        const auto r = run(x, dy, 0.25, out);
        ASSERT_TRUE(r.ok()) << r;
        EXPECT_TRUE(all_close(out.read(), {0, 0, 14.2857141, 16.6666660}, Tolerance{1e-6, 2e-7}));
    }
}

// The §3.7 grid with dy = 1, rows written from the spec's table.
TEST_P(LogitGradTest, EpsGrid) {
    const std::vector<double> xs = {-0.5, 0, 0.1, 0.25, 0.5, 0.75, 1, 1.5, kInf, kNaN};
    const double a = 1 / (0.1 * 0.9), b = 1 / (0.25 * 0.75), c = 4;
    const std::vector<double> nan_row = {kNaN, kInf, a, b, c, b, kInf, kNaN, kNaN, kNaN};
    const std::vector<double> zeros(xs.size(), 0.0);
    const std::vector<std::pair<double, std::vector<double>>> table = {
        {-1, nan_row},
        {0, {0, kInf, a, b, c, b, kInf, 0, 0, 0}},
        {0.2, {0, 0, 0, b, c, b, 0, 0, 0, 0}},
        {0.5, {0, 0, 0, 0, c, 0, 0, 0, 0, 0}},
        {0.6, zeros},
        {1, zeros},
        {2, zeros},
        {kInf, zeros},
        {kNaN, nan_row}};
    for (aclDataType t : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        auto x = DeviceTensor::contiguous({static_cast<int64_t>(xs.size())}, t, xs);
        auto dy = DeviceTensor::filled({static_cast<int64_t>(xs.size())}, t, 1);
        for (const auto& [eps, want] : table) {
            SCOPED_TRACE(::testing::Message() << "dtype " << t << " eps " << eps);
            auto out = DeviceTensor::filled({static_cast<int64_t>(xs.size())}, t, -9);
            const auto r = run(x, dy, eps, out);
            ASSERT_TRUE(r.ok()) << r;
            // 0.1 is not exact in fp16 / bf16: the table's 11.11 moves by the input rounding.
            std::vector<double> expected = want;
            expected[2] = want[2] == a ? 1 / (round_to_dtype(0.1, t) * (1 - round_to_dtype(0.1, t)))
                                       : want[2];
            EXPECT_TRUE(all_close(out.read(), expected, t));
        }
    }
}

TEST_P(LogitGradTest, SignedInfinityAndZeroOverZero) {
    // dy = -1, x = 0 -> -inf; dy = 0, x = 1 -> NaN; x = -0.0 -> -inf (eps = -1).
    auto x = DeviceTensor::contiguous({3}, ACL_FLOAT, {0, 1, -0.0});
    auto dy = DeviceTensor::contiguous({3}, ACL_FLOAT, {-1, 0, 1});
    auto out = DeviceTensor::filled({3}, ACL_FLOAT, 0);
    const auto r = run(x, dy, -1, out);
    ASSERT_TRUE(r.ok()) << r;
    const auto got = out.read();
    EXPECT_EQ(got[0], -kInf);
    EXPECT_TRUE(std::isnan(got[1]));
    EXPECT_EQ(got[2], -kInf);
}

TEST_P(LogitGradTest, EpsNarrowedToFloat) {
    const double x01 = static_cast<float>(0.1);
    struct Case {
        double eps;
        double x;
    };
    // Slightly above float(0.1) in double, narrowing to it; a tiny negative eps narrowing to
    // -0.0f (>= 0: fill 0); a tiny positive eps (x = 0 in range); huge magnitudes.
    const std::vector<Case> cases = {{x01 + 1e-12, x01},
                                     {x01 + 1e-12, 1 - x01},
                                     {-1e-50, 1.5},
                                     {-1e-50, 0.5},
                                     {1e-50, 0.0},
                                     {1e300, 0.5},
                                     {-1e300, 1.5},
                                     {-1e300, 0.5}};
    for (const Case& c : cases) {
        SCOPED_TRACE(::testing::Message() << "eps " << c.eps << " x " << c.x);
        auto x = DeviceTensor::contiguous({1}, ACL_FLOAT, {c.x});
        auto dy = DeviceTensor::contiguous({1}, ACL_FLOAT, {1});
        auto out = DeviceTensor::filled({1}, ACL_FLOAT, -9);
        const auto r = run(x, dy, c.eps, out);
        ASSERT_TRUE(r.ok()) << r;
        const double xv = round_to_dtype(c.x, ACL_FLOAT);
        EXPECT_TRUE(all_close(out.read(), {reference(xv, 1, c.eps)}, ACL_FLOAT));
    }
    // Spelled out, independent of the reference: -1e-50 gives 0 (not NaN) outside [0, 1].
    auto x = DeviceTensor::contiguous({1}, ACL_FLOAT, {1.5});
    auto dy = DeviceTensor::contiguous({1}, ACL_FLOAT, {1});
    auto out = DeviceTensor::filled({1}, ACL_FLOAT, -9);
    ASSERT_TRUE(run(x, dy, -1e-50, out).ok());
    EXPECT_EQ(out.read()[0], 0.0);
}

TEST_P(LogitGradTest, DtypeRankLayoutMatrix) {
    const std::vector<std::vector<int64_t>> shapes = {
        {}, {41}, {3, 5, 7}, {2, 3, 1, 4, 5}, {2, 1, 3, 2, 2, 1, 3, 2}};
    const LayoutKind kinds[] = {LayoutKind::Contiguous,
                                LayoutKind::Permuted,
                                LayoutKind::Offsets,
                                LayoutKind::SharedOffset,
                                LayoutKind::ZeroStride};
    constexpr double kSentinel = -1536.0;
    uint32_t seed = 100;
    for (double eps : {-1.0, 0.1}) {
        for (aclDataType t : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
            for (const auto& dims : shapes) {
                for (LayoutKind kind : kinds) {
                    SCOPED_TRACE(::testing::Message()
                                 << "eps " << eps << " dtype " << t << " dims "
                                 << ::testing::PrintToString(dims) << " layout "
                                 << elementwise::layout_name(kind));
                    const auto vo = elementwise::make_view(kind, dims, 0);
                    const auto vx = elementwise::make_view(kind, dims, 1);
                    const auto vdy = elementwise::make_view(kind, dims, 2);
                    auto sx = elementwise::uniform_values(vx.storage_numel, -0.2, 1.2, seed++);
                    // Keep away from 0 and 1, where 16-bit results would overflow.
                    for (auto& v : sx) {
                        if (std::fabs(v) < 0.02 || std::fabs(1 - v) < 0.02) {
                            v = 0.5;
                        }
                    }
                    const auto sdy = elementwise::uniform_values(vdy.storage_numel, -2, 2, seed++);
                    auto x = elementwise::make_tensor(dims, vx, t, sx);
                    auto dy = elementwise::make_tensor(dims, vdy, t, sdy);
                    auto out = elementwise::make_tensor(
                        dims, vo, t, std::vector<double>(vo.storage_numel, kSentinel));
                    const auto r = run(x, dy, eps, out);
                    ASSERT_TRUE(r.ok()) << r;

                    const auto xv = elementwise::view_values(dims, vx, sx);
                    const auto dyv = elementwise::view_values(dims, vdy, sdy);
                    std::vector<double> want(xv.size());
                    for (size_t i = 0; i < want.size(); ++i) {
                        want[i] =
                            reference(round_to_dtype(xv[i], t), round_to_dtype(dyv[i], t), eps);
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
}

TEST_P(LogitGradTest, LargeContiguousAndMisaligned) {
    const int64_t n = 250001;
    const std::vector<int64_t> dims = {n};
    for (LayoutKind kind :
         {LayoutKind::Contiguous, LayoutKind::Offsets, LayoutKind::SharedOffset}) {
        for (aclDataType t : {ACL_FLOAT, ACL_FLOAT16}) {
            SCOPED_TRACE(::testing::Message() << elementwise::layout_name(kind) << " dtype " << t);
            const auto vo = elementwise::make_view(kind, dims, 0);
            const auto vx = elementwise::make_view(kind, dims, 1);
            const auto vdy = elementwise::make_view(kind, dims, 2);
            auto sx = elementwise::uniform_values(vx.storage_numel, -0.1, 1.1, 7);
            for (auto& v : sx) {
                if (std::fabs(v) < 0.02 || std::fabs(1 - v) < 0.02) {
                    v = 0.25;
                }
            }
            const auto sdy = elementwise::uniform_values(vdy.storage_numel, -2, 2, 8);
            auto x = elementwise::make_tensor(dims, vx, t, sx);
            auto dy = elementwise::make_tensor(dims, vdy, t, sdy);
            auto out = elementwise::make_tensor(dims, vo, t, {});
            const auto r = run(x, dy, -1, out);
            ASSERT_TRUE(r.ok()) << r;
            const auto xv = elementwise::view_values(dims, vx, sx);
            const auto dyv = elementwise::view_values(dims, vdy, sdy);
            std::vector<double> want(xv.size());
            for (size_t i = 0; i < want.size(); ++i) {
                want[i] = reference(round_to_dtype(xv[i], t), round_to_dtype(dyv[i], t), -1);
            }
            EXPECT_TRUE(all_close(out.read(), want, t));
        }
    }
}

TEST_P(LogitGradTest, EmptyTensorsSucceedWithoutWork) {
    for (aclDataType t : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        auto x = DeviceTensor::filled({0, 4}, t, 0);
        auto dy = DeviceTensor::filled({0, 4}, t, 0);
        auto out = DeviceTensor::filled({0, 4}, t, 0);
        const auto r = run(x, dy, 0.1, out);
        ASSERT_TRUE(r.ok()) << r;
        EXPECT_EQ(r.workspace_size, 0u);
    }
}

// ---- Validation: §3.6 in order, then aclemu's stricter checks --------------------------------

TEST_P(LogitGradTest, NullPointers) {
    auto t = DeviceTensor::filled({2}, ACL_FLOAT, 0);
    expect_phase1(ACLNN_ERR_PARAM_NULLPTR, nullptr, t.get(), t.get(), "workspaceSize", true);
    expect_phase1(ACLNN_ERR_PARAM_NULLPTR, nullptr, t.get(), t.get(), "executor", false, true);
    expect_phase1(ACLNN_ERR_PARAM_NULLPTR, nullptr, t.get(), t.get(), "x");
    expect_phase1(ACLNN_ERR_PARAM_NULLPTR, t.get(), nullptr, t.get(), "dy");
    expect_phase1(ACLNN_ERR_PARAM_NULLPTR, t.get(), t.get(), nullptr, "out");
    auto bad = DeviceTensor::filled({2}, ACL_INT8, 0);
    expect_phase1(ACLNN_ERR_PARAM_NULLPTR, bad.get(), t.get(), nullptr, "out");  // nulls first
}

TEST_P(LogitGradTest, Dtypes) {
    auto f32 = DeviceTensor::filled({2}, ACL_FLOAT, 0);
    auto f16 = DeviceTensor::filled({2}, ACL_FLOAT16, 0);
    auto bf16 = DeviceTensor::filled({2}, ACL_BF16, 0);
    auto f64 = DeviceTensor::filled({2}, ACL_DOUBLE, 0);
    auto i32 = DeviceTensor::filled({2}, ACL_INT32, 0);
    expect_phase1(ACLNN_ERR_PARAM_INVALID, f64.get(), f64.get(), f64.get(), "x");
    expect_phase1(ACLNN_ERR_PARAM_INVALID, i32.get(), i32.get(), i32.get(), "x");
    expect_phase1(ACLNN_ERR_PARAM_INVALID, f32.get(), f16.get(), f32.get(), "dy");
    expect_phase1(ACLNN_ERR_PARAM_INVALID, bf16.get(), bf16.get(), f32.get(), "out");
    expect_phase1(ACLNN_SUCCESS, bf16.get(), bf16.get(), bf16.get(), "");
    expect_phase1(ACLNN_SUCCESS, f16.get(), f16.get(), f16.get(), "");
}

TEST_P(LogitGradTest, Formats) {
    const aclFormat dhwcn = static_cast<aclFormat>(31);  // GE's FORMAT_DHWCN
    for (aclFormat f : {ACL_FORMAT_ND,
                        ACL_FORMAT_NCL,
                        ACL_FORMAT_NCDHW,
                        dhwcn,
                        ACL_FORMAT_NHWC,
                        ACL_FORMAT_NCHW}) {
        SCOPED_TRACE(::testing::Message() << "format " << f);
        auto a = DeviceTensor::filled({1, 2, 2, 2, 1}, ACL_FLOAT, 0.5, f);
        auto b = DeviceTensor::filled({1, 2, 2, 2, 1}, ACL_FLOAT, 1, ACL_FORMAT_ND);
        auto out = DeviceTensor::filled({1, 2, 2, 2, 1}, ACL_FLOAT, 0, f);
        expect_phase1(ACLNN_SUCCESS, a.get(), b.get(), out.get(), "");
    }
    for (aclFormat f : {ACL_FORMAT_NC1HWC0,
                        ACL_FORMAT_FRACTAL_Z,
                        ACL_FORMAT_FRACTAL_NZ,
                        ACL_FORMAT_NDC1HWC0,
                        ACL_FORMAT_HWCN,
                        ACL_FORMAT_NDHWC,
                        ACL_FORMAT_NC}) {
        SCOPED_TRACE(::testing::Message() << "format " << f);
        auto good = DeviceTensor::filled({2, 2, 2, 2}, ACL_FLOAT, 0);
        auto odd = DeviceTensor::filled({2, 2, 2, 2}, ACL_FLOAT, 0, f);
        expect_phase1(ACLNN_ERR_PARAM_INVALID, odd.get(), good.get(), good.get(), "x");
        expect_phase1(ACLNN_ERR_PARAM_INVALID, good.get(), odd.get(), good.get(), "dy");
        expect_phase1(ACLNN_ERR_PARAM_INVALID, good.get(), good.get(), odd.get(), "out");
    }
}

TEST_P(LogitGradTest, ShapesAndRank) {
    auto s23 = DeviceTensor::filled({2, 3}, ACL_FLOAT, 0.5);
    auto s32 = DeviceTensor::filled({3, 2}, ACL_FLOAT, 0.5);
    auto s13 = DeviceTensor::filled({1, 3}, ACL_FLOAT, 0.5);
    expect_phase1(ACLNN_ERR_PARAM_INVALID, s23.get(), s32.get(), s23.get(), "dy");
    expect_phase1(ACLNN_ERR_PARAM_INVALID, s23.get(), s23.get(), s13.get(), "out");
    // Rank 8 is the limit; 9 is rejected (stricter than CANN, which checks nothing).
    const std::vector<int64_t> r8(8, 1), r9(9, 1);
    auto t8 = DeviceTensor::filled(r8, ACL_FLOAT, 0.5);
    auto t9 = DeviceTensor::filled(r9, ACL_FLOAT, 0.5);
    expect_phase1(ACLNN_SUCCESS, t8.get(), t8.get(), t8.get(), "");
    expect_phase1(ACLNN_ERR_PARAM_INVALID, t9.get(), t9.get(), t9.get(), "x");
    // Rank 0 works (numel 1).
    auto s0 = DeviceTensor::contiguous({}, ACL_FLOAT, {0.5});
    auto d0 = DeviceTensor::contiguous({}, ACL_FLOAT, {3});
    auto o0 = DeviceTensor::filled({}, ACL_FLOAT, 0);
    const auto r = run(s0, d0, -1, o0);
    ASSERT_TRUE(r.ok()) << r;
    EXPECT_EQ(o0.read()[0], 12.0);
}

TEST_P(LogitGradTest, ViewsMustFitAndOutputMustNotOverlap) {
    auto ok = DeviceTensor::filled({4}, ACL_FLOAT, 0.5);
    auto past_end = DeviceTensor::strided({4}, {2}, 0, {6}, ACL_FLOAT);
    expect_phase1(ACLNN_ERR_PARAM_INVALID, past_end.get(), ok.get(), ok.get(), "x");
    expect_phase1(ACLNN_ERR_PARAM_INVALID, ok.get(), past_end.get(), ok.get(), "dy");
    expect_phase1(ACLNN_ERR_PARAM_INVALID, ok.get(), ok.get(), past_end.get(), "out");
    auto negative_offset = DeviceTensor::strided({4}, {1}, -1, {8}, ACL_FLOAT);
    expect_phase1(ACLNN_ERR_PARAM_INVALID, negative_offset.get(), ok.get(), ok.get(), "x");
    auto overlapping = DeviceTensor::strided({4}, {0}, 0, {1}, ACL_FLOAT);
    expect_phase1(ACLNN_ERR_PARAM_INVALID, ok.get(), ok.get(), overlapping.get(), "out");
}

TEST_P(LogitGradTest, HostMemoryRejectedAtRunTime) {
    std::vector<float> host(4, 0.5f);
    const int64_t dims[] = {4};
    aclTensor* host_tensor =
        aclCreateTensor(dims, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims, 1, host.data());
    ASSERT_NE(host_tensor, nullptr);
    auto dev = DeviceTensor::filled({4}, ACL_FLOAT, 0.5);
    take_recent_error();
    const auto r = run_two_phase(aclnnLogitGradGetWorkspaceSize,
                                 aclnnLogitGrad,
                                 stream(),
                                 static_cast<const aclTensor*>(dev.get()),
                                 static_cast<const aclTensor*>(dev.get()),
                                 -1.0,
                                 static_cast<const aclTensor*>(host_tensor));
    EXPECT_EQ(r.get_workspace, ACLNN_SUCCESS);
    EXPECT_EQ(r.run, ACLNN_ERR_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("out:"));
    EXPECT_EQ(aclDestroyTensor(host_tensor), ACL_SUCCESS);
}

// ---- Executors ------------------------------------------------------------------------------

TEST_P(LogitGradTest, RepeatableExecutorRerunsAndFollowsNewAddresses) {
    auto x = DeviceTensor::contiguous({3}, ACL_FLOAT, {0.5, 0.25, 2});
    auto dy = DeviceTensor::contiguous({3}, ACL_FLOAT, {1, 1, 1});
    auto dy2 = DeviceTensor::contiguous({3}, ACL_FLOAT, {-2, 3, 5});
    auto out = DeviceTensor::filled({3}, ACL_FLOAT, 0);
    uint64_t ws = 1;
    aclOpExecutor* exec = nullptr;
    ASSERT_EQ(aclnnLogitGradGetWorkspaceSize(x.get(), dy.get(), 0.1, out.get(), &ws, &exec),
              ACLNN_SUCCESS);
    ASSERT_EQ(ws, 0u);
    ASSERT_EQ(aclSetAclOpExecutorRepeatable(exec), ACLNN_SUCCESS);
    for (int i = 0; i < 2; ++i) {
        ASSERT_EQ(aclnnLogitGrad(nullptr, 0, exec, stream()), ACLNN_SUCCESS);
        ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
        EXPECT_TRUE(all_close(out.read(), {4, 1 / (0.25 * 0.75), 0}, ACL_FLOAT)) << "run " << i;
    }
    // Input 1 is dy (CANN order: x, dy; output out). aclSetTensorAddr counts inputs first.
    ASSERT_EQ(aclSetInputTensorAddr(exec, 1, dy.get(), dy2.data()), ACLNN_SUCCESS);
    auto out2 = DeviceTensor::filled({3}, ACL_FLOAT, 0);
    ASSERT_EQ(aclSetTensorAddr(exec, 2, nullptr, out2.data()), ACLNN_SUCCESS);
    ASSERT_EQ(aclnnLogitGrad(nullptr, 0, exec, stream()), ACLNN_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    EXPECT_TRUE(all_close(out2.read(), {-8, 3 / (0.25 * 0.75), 0}, ACL_FLOAT));
    EXPECT_EQ(aclDestroyAclOpExecutor(exec), ACLNN_SUCCESS);
    // Out-of-range index.
    aclOpExecutor* exec2 = nullptr;
    ASSERT_EQ(aclnnLogitGradGetWorkspaceSize(x.get(), dy2.get(), 0.1, out.get(), &ws, &exec2),
              ACLNN_SUCCESS);
    EXPECT_EQ(aclSetInputTensorAddr(exec2, 2, nullptr, dy2.data()), ACLNN_ERR_PARAM_INVALID);
    EXPECT_EQ(aclDestroyAclOpExecutor(exec2), ACLNN_SUCCESS);
}

TEST_P(LogitGradTest, SingleUseExecutorCannotRunTwice) {
    auto x = DeviceTensor::contiguous({2}, ACL_FLOAT, {0.5, 0.5});
    auto out = DeviceTensor::filled({2}, ACL_FLOAT, 0);
    uint64_t ws = 0;
    aclOpExecutor* exec = nullptr;
    ASSERT_EQ(aclnnLogitGradGetWorkspaceSize(x.get(), x.get(), -1, out.get(), &ws, &exec),
              ACLNN_SUCCESS);
    ASSERT_EQ(aclnnLogitGrad(nullptr, ws, exec, stream()), ACLNN_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    EXPECT_TRUE(all_close(out.read(), {2, 2}, ACL_FLOAT));
    take_recent_error();
    EXPECT_EQ(aclnnLogitGrad(nullptr, ws, exec, stream()), ACLNN_ERR_INNER);
    EXPECT_THAT(take_recent_error(), HasSubstr("executor"));
}

TEST_P(LogitGradTest, ExecutorOfAnotherOpRejected) {
    auto t = DeviceTensor::contiguous({2}, ACL_FLOAT, {0.5, 0.5});
    auto out = DeviceTensor::filled({2}, ACL_FLOAT, 0);
    uint64_t ws = 0;
    aclOpExecutor* exec = nullptr;
    ASSERT_EQ(
        aclnnLogSigmoidBackwardGetWorkspaceSize(t.get(), t.get(), t.get(), out.get(), &ws, &exec),
        ACLNN_SUCCESS);
    take_recent_error();
    EXPECT_EQ(aclnnLogitGrad(nullptr, ws, exec, stream()), ACLNN_ERR_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("aclnnLogSigmoidBackward"));
    EXPECT_EQ(out.read(), std::vector<double>({0, 0}));  // nothing ran
}

ACLEMU_INSTANTIATE_BACKENDS(LogitGradTest);

}  // namespace
}  // namespace aclemu::test
