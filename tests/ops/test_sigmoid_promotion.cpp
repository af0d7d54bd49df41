// aclnnSigmoid, aclnnInplaceSigmoid and aclnnSigmoidBackward on every backend with the dtypes and
// shapes CANN accepts beyond one FLOAT/FLOAT16/BF16 dtype: Sigmoid of an integer or BOOL self
// (converted to out's dtype first), of DOUBLE, and into another out dtype; SigmoidBackward with
// mixed dtypes (computed in their promoted dtype), DOUBLE, and gradOutput and output broadcast
// against each other. References in double precision, written here.
#include "acl/acl.h"
#include "aclnn/aclnn_base.h"
#include "aclnnop/aclnn_sigmoid.h"
#include "aclnnop/aclnn_sigmoid_backward.h"

#include "support/backend_fixture.h"
#include "support/broadcast_index.h"
#include "support/compare.h"
#include "support/device_tensor.h"
#include "support/reference_dtype.h"
#include "support/two_phase.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace aclemu::test {
namespace {

constexpr Tolerance kDoubleTolerance{1e-300, 1e-15};

double sigmoid(double x) {
    return 1.0 / (1.0 + std::exp(-x));
}

double sigmoid_backward(double dy, double y) {
    return dy * (1.0 - y) * y;
}

/// PyTorch's (and CANN's) promotion of two floating dtypes.
aclDataType promote(aclDataType a, aclDataType b) {
    if (a == b) {
        return a;
    }
    if (a == ACL_DOUBLE || b == ACL_DOUBLE) {
        return ACL_DOUBLE;
    }
    return ACL_FLOAT;  // FLOAT with a 16-bit type, or FLOAT16 with BF16
}

/// The coarser of two dtypes' tolerances (the result is rounded to both).
Tolerance tolerance_of(aclDataType a, aclDataType b) {
    const auto one = [](aclDataType t) {
        return t == ACL_DOUBLE ? kDoubleTolerance : default_tolerance(t);
    };
    const Tolerance x = one(a);
    const Tolerance y = one(b);
    return {std::max(x.atol, y.atol), std::max(x.rtol, y.rtol)};
}

class SigmoidPromotionTest : public BackendTest {
protected:
    TwoPhaseResult run(const DeviceTensor& self, const DeviceTensor& out) {
        return run_two_phase(aclnnSigmoidGetWorkspaceSize,
                             aclnnSigmoid,
                             stream(),
                             static_cast<const aclTensor*>(self.get()),
                             out.get());
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
};

TEST_P(SigmoidPromotionTest, IntegerAndBoolSelfComputeInOutDtype) {
    const std::vector<double> ints = {-100, -20, -3, -1, 0, 1, 2, 5, 20, 100};
    for (aclDataType in : {ACL_INT8, ACL_INT16, ACL_INT32, ACL_INT64}) {
        for (aclDataType out_t : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE}) {
            SCOPED_TRACE(::testing::Message() << "self " << in << " out " << out_t);
            auto self = DeviceTensor::contiguous({10}, in, ints);
            auto out = DeviceTensor::filled({10}, out_t, -7);
            const auto r = run(self, out);
            ASSERT_TRUE(r.ok()) << r;
            std::vector<double> want;
            for (double v : ints) {
                want.push_back(round_to_dtype(sigmoid(round_to_dtype(v, out_t)), out_t));
            }
            EXPECT_TRUE(all_close(out.read(), want, tolerance_of(out_t, out_t)));
        }
    }
    const std::vector<double> bytes = {0, 1, 2, 200, 255};
    auto u8 = DeviceTensor::contiguous({5}, ACL_UINT8, bytes);
    auto out = DeviceTensor::filled({5}, ACL_FLOAT, -7);
    ASSERT_TRUE(run(u8, out).ok());
    std::vector<double> want;
    for (double v : bytes) {
        want.push_back(sigmoid(v));
    }
    EXPECT_TRUE(all_close(out.read(), want, ACL_FLOAT));

    auto b = DeviceTensor::contiguous({2}, ACL_BOOL, {0, 1});
    auto out16 = DeviceTensor::filled({2}, ACL_FLOAT16, -7);
    ASSERT_TRUE(run(b, out16).ok());
    EXPECT_TRUE(
        all_close(out16.read(), {0.5, round_to_dtype(sigmoid(1.0), ACL_FLOAT16)}, ACL_FLOAT16));
}

TEST_P(SigmoidPromotionTest, FloatingSelfComputesInItsDtypeThenConverts) {
    const std::vector<double> x = {-30, -7.25, -1, -0.1, 0, 0.3, 1, 2.5, 9, 40};
    for (aclDataType in : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE}) {
        for (aclDataType out_t : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE}) {
            SCOPED_TRACE(::testing::Message() << "self " << in << " out " << out_t);
            auto self = DeviceTensor::contiguous({2, 5}, in, x);
            auto out = DeviceTensor::filled({2, 5}, out_t, -7);
            const auto r = run(self, out);
            ASSERT_TRUE(r.ok()) << r;
            std::vector<double> want;
            for (double v : x) {
                const double in_value = round_to_dtype(v, in);
                want.push_back(round_to_dtype(round_to_dtype(sigmoid(in_value), in), out_t));
            }
            EXPECT_TRUE(all_close(out.read(), want, tolerance_of(in, out_t)));
        }
    }
}

TEST_P(SigmoidPromotionTest, DoubleEdgesStridedAndInplace) {
    const double inf = std::numeric_limits<double>::infinity();
    const std::vector<double> x = {-800, -inf, inf, 800, -1e-300, 36.5};
    // A transposed [3, 2] view of a [2, 3] storage.
    auto self = DeviceTensor::strided({3, 2}, {1, 3}, 0, {2, 3}, ACL_DOUBLE, x);
    auto out = DeviceTensor::filled({3, 2}, ACL_DOUBLE, -7);
    ASSERT_TRUE(run(self, out).ok());
    std::vector<double> want;
    for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 2; ++j) {
            want.push_back(sigmoid(x[static_cast<size_t>(j * 3 + i)]));
        }
    }
    EXPECT_TRUE(all_close(out.read(), want, kDoubleTolerance));

    auto inplace = DeviceTensor::contiguous({6}, ACL_DOUBLE, x);
    const auto r = run_two_phase(
        aclnnInplaceSigmoidGetWorkspaceSize, aclnnInplaceSigmoid, stream(), inplace.get());
    ASSERT_TRUE(r.ok()) << r;
    want.clear();
    for (double v : x) {
        want.push_back(sigmoid(v));
    }
    EXPECT_TRUE(all_close(inplace.read(), want, kDoubleTolerance));
}

TEST_P(SigmoidPromotionTest, BackwardMixedDtypes) {
    const std::vector<double> dy = {1, -2, 0.375, 3.5, -0.8125, 7};
    const std::vector<double> y = {0.5, 0.25, 0.9, 0.01, 0.999, 0.3};
    const aclDataType kinds[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE};
    for (aclDataType dt : kinds) {
        for (aclDataType yt : kinds) {
            for (aclDataType gt : kinds) {
                if (dt == yt && yt == gt && gt != ACL_DOUBLE) {
                    continue;  // the one-dtype path has its own tests
                }
                SCOPED_TRACE(::testing::Message()
                             << "gradOutput " << dt << " output " << yt << " gradInput " << gt);
                auto tdy = DeviceTensor::contiguous({6}, dt, dy);
                auto ty = DeviceTensor::contiguous({6}, yt, y);
                auto out = DeviceTensor::filled({6}, gt, -7);
                const auto r = run_backward(tdy, ty, out);
                ASSERT_TRUE(r.ok()) << r;
                const aclDataType p = promote(dt, yt);
                std::vector<double> want;
                for (size_t i = 0; i < dy.size(); ++i) {
                    const double v =
                        sigmoid_backward(round_to_dtype(dy[i], dt), round_to_dtype(y[i], yt));
                    want.push_back(round_to_dtype(round_to_dtype(v, p), gt));
                }
                EXPECT_TRUE(all_close(out.read(), want, tolerance_of(p, gt)));
            }
        }
    }
}

TEST_P(SigmoidPromotionTest, BackwardBroadcasts) {
    struct Case {
        std::vector<int64_t> dy_dims, y_dims, out_dims;
    };
    const Case cases[] = {
        {{3, 1}, {1, 4}, {3, 4}},
        {{4}, {2, 3, 4}, {2, 3, 4}},
        {{}, {5}, {5}},
        {{2, 1, 3}, {2, 3}, {2, 2, 3}},
    };
    const auto numel = [](const std::vector<int64_t>& d) {
        int64_t n = 1;
        for (int64_t v : d) {
            n *= v;
        }
        return n;
    };
    for (aclDataType gt : {ACL_FLOAT, ACL_BF16}) {
        for (const Case& c : cases) {
            SCOPED_TRACE(::testing::Message()
                         << "gradOutput " << ::testing::PrintToString(c.dy_dims) << " output "
                         << ::testing::PrintToString(c.y_dims) << " gradInput " << gt);
            std::vector<double> dy(static_cast<size_t>(numel(c.dy_dims)));
            std::vector<double> y(static_cast<size_t>(numel(c.y_dims)));
            for (size_t i = 0; i < dy.size(); ++i) {
                dy[i] = 0.25 * static_cast<double>(i) - 1.0;
            }
            for (size_t i = 0; i < y.size(); ++i) {
                y[i] = 0.05 + 0.07 * static_cast<double>(i);
            }
            auto tdy = DeviceTensor::contiguous(c.dy_dims, ACL_FLOAT, dy);
            auto ty = DeviceTensor::contiguous(c.y_dims, ACL_FLOAT16, y);
            auto out = DeviceTensor::filled(c.out_dims, gt, -7);
            const auto r = run_backward(tdy, ty, out);
            ASSERT_TRUE(r.ok()) << r;
            std::vector<double> want(static_cast<size_t>(numel(c.out_dims)));
            for (size_t i = 0; i < want.size(); ++i) {
                const int64_t flat = static_cast<int64_t>(i);
                const double a =
                    dy[static_cast<size_t>(broadcast_source_index(flat, c.out_dims, c.dy_dims))];
                const double b = round_to_dtype(
                    y[static_cast<size_t>(broadcast_source_index(flat, c.out_dims, c.y_dims))],
                    ACL_FLOAT16);
                want[i] = round_to_dtype(round_to_dtype(sigmoid_backward(a, b), ACL_FLOAT), gt);
            }
            EXPECT_TRUE(all_close(out.read(), want, tolerance_of(ACL_FLOAT, gt)));
        }
    }
    // One dtype broadcast: the shared loops with a stride-0 operand.
    auto dy = DeviceTensor::contiguous({2, 1}, ACL_FLOAT16, {1, -2});
    auto y = DeviceTensor::contiguous({3}, ACL_FLOAT16, {0.25, 0.5, 0.75});
    auto out = DeviceTensor::filled({2, 3}, ACL_FLOAT16, -7);
    ASSERT_TRUE(run_backward(dy, y, out).ok());
    std::vector<double> want;
    for (double a : {1.0, -2.0}) {
        for (double b : {0.25, 0.5, 0.75}) {
            want.push_back(round_to_dtype(sigmoid_backward(a, b), ACL_FLOAT16));
        }
    }
    EXPECT_TRUE(all_close(out.read(), want, ACL_FLOAT16));
    // An empty broadcast shape succeeds without work.
    auto e_dy = DeviceTensor::filled({0, 1}, ACL_FLOAT, 0);
    auto e_y = DeviceTensor::filled({1, 3}, ACL_FLOAT16, 0);
    auto e_out = DeviceTensor::filled({0, 3}, ACL_FLOAT, 0);
    EXPECT_TRUE(run_backward(e_dy, e_y, e_out).ok());
}

ACLEMU_INSTANTIATE_BACKENDS(SigmoidPromotionTest);

}  // namespace
}  // namespace aclemu::test
