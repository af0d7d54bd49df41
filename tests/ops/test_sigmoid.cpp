// aclnnSigmoid, aclnnInplaceSigmoid and aclnnSigmoidBackward through the public two-phase API on
// every backend: the CANN sample's values, edge values, dtype x rank x layout against a double
// reference written here, large and misaligned runs, empty tensors, in place, and each
// validation step with its exact code and the parameter named in aclGetRecentErrMsg().
#include "acl/acl.h"
#include "aclnn/aclnn_base.h"
#include "aclnnop/aclnn_sigmoid.h"
#include "aclnnop/aclnn_sigmoid_backward.h"

#include "ops/elementwise_op_layouts.h"
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

using elementwise::LayoutKind;
using ::testing::HasSubstr;

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

double sigmoid(double x) {
    return 1.0 / (1.0 + std::exp(-x));
}

double sigmoid_backward(double dy, double y) {
    return dy * y * (1.0 - y);
}

class SigmoidTest : public BackendTest {
protected:
    TwoPhaseResult run(const DeviceTensor& self, const DeviceTensor& out) {
        return run_two_phase(aclnnSigmoidGetWorkspaceSize,
                             aclnnSigmoid,
                             stream(),
                             static_cast<const aclTensor*>(self.get()),
                             out.get());
    }
    TwoPhaseResult run_inplace(const DeviceTensor& self) {
        return run_two_phase(
            aclnnInplaceSigmoidGetWorkspaceSize, aclnnInplaceSigmoid, stream(), self.get());
    }
    TwoPhaseResult run_backward(const DeviceTensor& dy,
                                const DeviceTensor& y,
                                const DeviceTensor& out) {
        return run_two_phase(aclnnSigmoidBackwardGetWorkspaceSize,
                             aclnnSigmoidBackward,
                             stream(),
                             static_cast<const aclTensor*>(dy.get()),
                             static_cast<const aclTensor*>(y.get()),
                             out.get());
    }

    // Phase 1's status for an arbitrary call; a failure's message names `api` and `param`.
    template <typename Call>
    void expect_status(aclnnStatus want, const char* api, const std::string& param, Call call) {
        take_recent_error();
        uint64_t ws = 0;
        aclOpExecutor* exec = nullptr;
        const aclnnStatus got = call(&ws, &exec);
        EXPECT_EQ(got, want);
        if (want == ACLNN_SUCCESS) {
            EXPECT_EQ(ws, 0u);
            if (exec != nullptr) {
                EXPECT_EQ(aclDestroyAclOpExecutor(exec), ACLNN_SUCCESS);
            }
        } else {
            const std::string msg = take_recent_error();
            EXPECT_THAT(msg, HasSubstr(api)) << msg;
            EXPECT_THAT(msg, HasSubstr(param + ":")) << msg;
        }
    }
    void expect_sigmoid(aclnnStatus want, const aclTensor* self, aclTensor* out, const char* p) {
        expect_status(want, "aclnnSigmoid", p, [&](uint64_t* ws, aclOpExecutor** e) {
            return aclnnSigmoidGetWorkspaceSize(self, out, ws, e);
        });
    }
    void expect_backward(
        aclnnStatus want, const aclTensor* dy, const aclTensor* y, aclTensor* out, const char* p) {
        expect_status(want, "aclnnSigmoidBackward", p, [&](uint64_t* ws, aclOpExecutor** e) {
            return aclnnSigmoidBackwardGetWorkspaceSize(dy, y, out, ws, e);
        });
    }
};

TEST_P(SigmoidTest, SampleAndEdgeValues) {
    const std::vector<double> x = {0, 1, 2, 3, -1, -2, 20, -20, 100, -100, kInf, -kInf, kNaN};
    auto self = DeviceTensor::contiguous({13}, ACL_FLOAT, x);
    auto out = DeviceTensor::filled({13}, ACL_FLOAT, -7);
    const auto r = run(self, out);
    ASSERT_TRUE(r.ok()) << r;
    std::vector<double> want;
    for (double v : x) {
        want.push_back(std::isnan(v) ? kNaN : sigmoid(v));
    }
    // -100: e^-100 / (1 + e^-100) is an fp32 subnormal, kept.
    EXPECT_TRUE(all_close(out.read(), want, Tolerance{1e-44, 2e-7}));
    EXPECT_EQ(out.read()[11], 0.0);
    EXPECT_EQ(out.read()[10], 1.0);
}

TEST_P(SigmoidTest, HalfAndBf16RoundOnce) {
    // sigmoid(1) = 0.7310585786 -> fp16 0.73095703125, bf16 0.73046875.
    for (aclDataType t : {ACL_FLOAT16, ACL_BF16}) {
        auto x = DeviceTensor::contiguous({1}, t, {1});
        auto out = DeviceTensor::filled({1}, t, 0);
        const auto r = run(x, out);
        ASSERT_TRUE(r.ok()) << r;
        EXPECT_EQ(out.read()[0], round_to_dtype(sigmoid(1.0), t));
    }
}

TEST_P(SigmoidTest, DtypeRankLayoutMatrix) {
    elementwise::check_unary_matrix(
        [&](const DeviceTensor& x, const DeviceTensor& out) { return run(x, out); },
        sigmoid,
        -12,
        12,
        {ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
}

TEST_P(SigmoidTest, InplaceMatrix) {
    // In place: the output view is the input view.
    for (aclDataType t : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        for (LayoutKind kind :
             {LayoutKind::Contiguous, LayoutKind::Permuted, LayoutKind::Offsets}) {
            const std::vector<int64_t> dims = {3, 5, 7};
            const auto v = elementwise::make_view(kind, dims, 0);
            const auto s = elementwise::uniform_values(v.storage_numel, -9, 9, 3);
            auto x = elementwise::make_tensor(dims, v, t, s);
            const auto r = run_inplace(x);
            ASSERT_TRUE(r.ok()) << r;
            const auto xv = elementwise::view_values(dims, v, s);
            std::vector<double> want(xv.size());
            for (size_t i = 0; i < want.size(); ++i) {
                want[i] = sigmoid(round_to_dtype(xv[i], t));
            }
            EXPECT_TRUE(all_close(x.read(), want, t)) << elementwise::layout_name(kind);
        }
    }
}

TEST_P(SigmoidTest, LargeContiguousAndMisaligned) {
    elementwise::check_unary_large(
        [&](const DeviceTensor& x, const DeviceTensor& out) { return run(x, out); },
        sigmoid,
        -30,
        30);
}

TEST_P(SigmoidTest, EmptyTensorsSucceedWithoutWork) {
    for (aclDataType t : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        auto x = DeviceTensor::filled({2, 0, 3}, t, 0);
        auto out = DeviceTensor::filled({2, 0, 3}, t, 0);
        auto r = run(x, out);
        ASSERT_TRUE(r.ok()) << r;
        r = run_inplace(x);
        ASSERT_TRUE(r.ok()) << r;
        auto dy = DeviceTensor::filled({2, 0, 3}, t, 0);
        r = run_backward(dy, x, out);
        ASSERT_TRUE(r.ok()) << r;
        EXPECT_EQ(r.workspace_size, 0u);
    }
}

TEST_P(SigmoidTest, Validation) {
    auto f32 = DeviceTensor::filled({2, 3}, ACL_FLOAT, 0);
    auto out = DeviceTensor::filled({2, 3}, ACL_FLOAT, 0);
    auto f16 = DeviceTensor::filled({2, 3}, ACL_FLOAT16, 0);
    auto i32 = DeviceTensor::filled({2, 3}, ACL_INT32, 0);
    auto s32 = DeviceTensor::filled({3, 2}, ACL_FLOAT, 0);
    auto rank9 = DeviceTensor::filled({1, 1, 1, 1, 1, 1, 1, 2, 3}, ACL_FLOAT, 0);
    auto out9 = DeviceTensor::filled({1, 1, 1, 1, 1, 1, 1, 2, 3}, ACL_FLOAT, 0);
    expect_status(ACLNN_ERR_PARAM_NULLPTR, "aclnnSigmoid", "workspaceSize", [&](auto, auto e) {
        return aclnnSigmoidGetWorkspaceSize(nullptr, out.get(), nullptr, e);
    });
    expect_status(ACLNN_ERR_PARAM_NULLPTR, "aclnnSigmoid", "executor", [&](auto ws, auto) {
        return aclnnSigmoidGetWorkspaceSize(nullptr, out.get(), ws, nullptr);
    });
    expect_sigmoid(ACLNN_ERR_PARAM_NULLPTR, nullptr, out.get(), "self");
    expect_sigmoid(ACLNN_ERR_PARAM_NULLPTR, f32.get(), nullptr, "out");
    auto c64 = DeviceTensor::shape_only({2, 3}, ACL_COMPLEX64);
    expect_sigmoid(ACLNN_ERR_PARAM_NULLPTR, c64.get(), nullptr, "out");     // nulls first
    expect_sigmoid(ACLNN_ERR_PARAM_INVALID, c64.get(), out.get(), "self");  // aclemu: no complex
    expect_sigmoid(ACLNN_ERR_PARAM_INVALID, f32.get(), i32.get(), "out");
    expect_sigmoid(ACLNN_ERR_PARAM_INVALID, f32.get(), s32.get(), "out");      // shape
    expect_sigmoid(ACLNN_ERR_PARAM_INVALID, rank9.get(), out9.get(), "self");  // rank > 8
    // Mixed dtypes and an integer self are accepted (CANN casts).
    expect_sigmoid(ACLNN_SUCCESS, f16.get(), out.get(), "out");
    expect_sigmoid(ACLNN_SUCCESS, i32.get(), out.get(), "self");
    // Views must fit their storage; the output must not overlap itself.
    auto past_end = DeviceTensor::strided({2, 3}, {3, 1}, 1, {6}, ACL_FLOAT);
    expect_sigmoid(ACLNN_ERR_PARAM_INVALID, past_end.get(), out.get(), "self");
    auto overlapping = DeviceTensor::strided({2, 3}, {0, 1}, 0, {3}, ACL_FLOAT);
    expect_sigmoid(ACLNN_ERR_PARAM_INVALID, f32.get(), overlapping.get(), "out");

    // InplaceSigmoid: selfRef's null and dtype first, then Sigmoid's checks.
    expect_status(ACLNN_ERR_PARAM_NULLPTR, "aclnnInplaceSigmoid", "selfRef", [&](auto ws, auto e) {
        return aclnnInplaceSigmoidGetWorkspaceSize(nullptr, ws, e);
    });
    expect_status(ACLNN_ERR_PARAM_INVALID, "aclnnInplaceSigmoid", "selfRef", [&](auto ws, auto e) {
        return aclnnInplaceSigmoidGetWorkspaceSize(i32.get(), ws, e);
    });
    expect_status(ACLNN_ERR_PARAM_INVALID, "aclnnInplaceSigmoid", "selfRef", [&](auto ws, auto e) {
        return aclnnInplaceSigmoidGetWorkspaceSize(overlapping.get(), ws, e);
    });
}

TEST_P(SigmoidTest, BackwardValues) {
    const std::vector<double> dy = {1, 2, -3, 0.5, kInf, 1, 1};
    const std::vector<double> y = {0.5, 0.25, 0.9, 0, 0.5, 1, kNaN};
    auto tdy = DeviceTensor::contiguous({7}, ACL_FLOAT, dy);
    auto ty = DeviceTensor::contiguous({7}, ACL_FLOAT, y);
    auto out = DeviceTensor::filled({7}, ACL_FLOAT, -7);
    const auto r = run_backward(tdy, ty, out);
    ASSERT_TRUE(r.ok()) << r;
    std::vector<double> want;
    for (size_t i = 0; i < dy.size(); ++i) {
        want.push_back(sigmoid_backward(dy[i], round_to_dtype(y[i], ACL_FLOAT)));
    }
    EXPECT_TRUE(all_close(out.read(), want, ACL_FLOAT));
}

TEST_P(SigmoidTest, BackwardDtypeRankLayoutMatrix) {
    const std::vector<std::vector<int64_t>> shapes = {{}, {37}, {3, 5, 7}, {2, 3, 1, 4, 5}};
    const LayoutKind kinds[] = {
        LayoutKind::Contiguous, LayoutKind::Permuted, LayoutKind::Offsets, LayoutKind::ZeroStride};
    uint32_t seed = 40;
    for (aclDataType t : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        for (const auto& dims : shapes) {
            for (LayoutKind kind : kinds) {
                SCOPED_TRACE(::testing::Message()
                             << "dtype " << t << " dims " << ::testing::PrintToString(dims)
                             << " layout " << elementwise::layout_name(kind));
                const auto vo = elementwise::make_view(kind, dims, 0);
                const auto vdy = elementwise::make_view(kind, dims, 1);
                const auto vy = elementwise::make_view(kind, dims, 2);
                const auto sdy = elementwise::uniform_values(vdy.storage_numel, -2, 2, seed++);
                const auto sy = elementwise::uniform_values(vy.storage_numel, 0, 1, seed++);
                auto dy = elementwise::make_tensor(dims, vdy, t, sdy);
                auto y = elementwise::make_tensor(dims, vy, t, sy);
                auto out = elementwise::make_tensor(dims, vo, t, {});
                const auto r = run_backward(dy, y, out);
                ASSERT_TRUE(r.ok()) << r;
                const auto dyv = elementwise::view_values(dims, vdy, sdy);
                const auto yv = elementwise::view_values(dims, vy, sy);
                std::vector<double> want(dyv.size());
                for (size_t i = 0; i < want.size(); ++i) {
                    want[i] = sigmoid_backward(round_to_dtype(dyv[i], t), round_to_dtype(yv[i], t));
                }
                EXPECT_TRUE(all_close(out.read(), want, t));
            }
        }
    }
}

TEST_P(SigmoidTest, BackwardValidation) {
    auto a = DeviceTensor::filled({2, 3}, ACL_FLOAT, 0);
    auto b = DeviceTensor::filled({2, 3}, ACL_FLOAT, 0);
    auto out = DeviceTensor::filled({2, 3}, ACL_FLOAT, 0);
    auto i32 = DeviceTensor::filled({2, 3}, ACL_INT32, 0);
    auto f16 = DeviceTensor::filled({2, 3}, ACL_FLOAT16, 0);
    auto s13 = DeviceTensor::filled({1, 3}, ACL_FLOAT, 0);
    auto rank9 = DeviceTensor::filled({1, 1, 1, 1, 1, 1, 1, 2, 3}, ACL_FLOAT, 0);
    expect_backward(ACLNN_ERR_PARAM_NULLPTR, nullptr, b.get(), out.get(), "gradOutput");
    expect_backward(ACLNN_ERR_PARAM_NULLPTR, a.get(), nullptr, out.get(), "output");
    expect_backward(ACLNN_ERR_PARAM_NULLPTR, a.get(), b.get(), nullptr, "gradInput");
    expect_backward(ACLNN_ERR_PARAM_INVALID, i32.get(), b.get(), out.get(), "gradOutput");
    expect_backward(ACLNN_ERR_PARAM_INVALID, a.get(), i32.get(), out.get(), "output");
    expect_backward(ACLNN_ERR_PARAM_INVALID, a.get(), b.get(), i32.get(), "gradInput");
    expect_backward(ACLNN_ERR_PARAM_INVALID, rank9.get(), b.get(), out.get(), "gradOutput");
    expect_backward(ACLNN_ERR_PARAM_INVALID, a.get(), rank9.get(), out.get(), "output");
    auto c64 = DeviceTensor::shape_only({2, 3}, ACL_COMPLEX64);
    expect_backward(ACLNN_ERR_PARAM_INVALID, a.get(), c64.get(), out.get(), "output");
    // Promotion and broadcasting as CANN: gradInput must be the broadcast shape.
    expect_backward(ACLNN_SUCCESS, f16.get(), b.get(), out.get(), "gradOutput");
    expect_backward(ACLNN_SUCCESS, a.get(), s13.get(), out.get(), "output");
    auto s4 = DeviceTensor::filled({4}, ACL_FLOAT, 0);
    expect_backward(ACLNN_ERR_PARAM_INVALID, a.get(), s4.get(), out.get(), "output");
    auto s32 = DeviceTensor::filled({3, 2}, ACL_FLOAT, 0);
    expect_backward(ACLNN_ERR_PARAM_INVALID, a.get(), s13.get(), s32.get(), "gradInput");
    auto s23_f16 = DeviceTensor::filled({2, 3}, ACL_FLOAT16, 0);
    expect_backward(ACLNN_ERR_PARAM_INVALID, s13.get(), s13.get(), out.get(), "gradInput");
    expect_backward(ACLNN_SUCCESS, s13.get(), a.get(), s23_f16.get(), "gradInput");
    auto overlapping = DeviceTensor::strided({2, 3}, {0, 1}, 0, {3}, ACL_FLOAT);
    expect_backward(ACLNN_ERR_PARAM_INVALID, a.get(), b.get(), overlapping.get(), "gradInput");
}

ACLEMU_INSTANTIATE_BACKENDS(SigmoidTest);

}  // namespace
}  // namespace aclemu::test
