// The SyncBatchNorm family through the public two-phase API on every backend:
// aclnnBatchNormStats, aclnnBatchNormGatherStatsWithCounts, aclnnBatchNormElemt and
// aclnnBatchNormElemtBackward. Double-precision references written here; dtypes, NCHW and
// channels-last views, reduce ranges longer than one statistics chunk, empty batches, and the
// validation steps with CANN's codes and the parameter named in aclGetRecentErrMsg().
// (The multi-device SyncBatchNorm is samples/sync_batch_norm.)
#include "acl/acl.h"
#include "aclnn/aclnn_base.h"
#include "aclnnop/aclnn_batch_norm_elemt.h"
#include "aclnnop/aclnn_batch_norm_elemt_backward.h"
#include "aclnnop/aclnn_batch_norm_gather_stats_with_counts.h"
#include "aclnnop/aclnn_batch_norm_stats.h"

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
#include <limits>
#include <string>
#include <vector>

namespace aclemu::test {
namespace {

using ::testing::HasSubstr;

// A [N, C, H, W] view over its own storage: row-major NCHW, channels-last (NHWC memory), or
// NCHW at a storage offset.
enum class Layout { Nchw, ChannelsLast, Offset };

struct View4 {
    std::vector<int64_t> dims;
    std::vector<int64_t> strides;
    int64_t offset = 0;
    int64_t storage = 0;
};

View4 make_view4(const std::vector<int64_t>& d, Layout layout) {
    View4 v;
    v.dims = d;
    const int64_t n = d[0], c = d[1], h = d[2], w = d[3];
    if (layout == Layout::ChannelsLast) {
        v.strides = {h * w * c, 1, w * c, c};
    } else {
        v.strides = {c * h * w, h * w, w, 1};
    }
    v.offset = layout == Layout::Offset ? 5 : 0;
    v.storage = v.offset + n * c * h * w;
    return v;
}

DeviceTensor tensor4(const View4& v, aclDataType t, const std::vector<double>& storage) {
    return DeviceTensor::strided(v.dims, v.strides, v.offset, {v.storage}, t, storage);
}

// Element (n, c, k) of a view's storage values, k over H * W in row-major order.
double at(const View4& v, const std::vector<double>& s, int64_t n, int64_t c, int64_t k) {
    const int64_t h = k / v.dims[3], w = k % v.dims[3];
    return s[v.offset + n * v.strides[0] + c * v.strides[1] + h * v.strides[2] + w * v.strides[3]];
}

std::vector<double> values(size_t n, double lo, double hi, uint32_t seed) {
    return elementwise::uniform_values(n, lo, hi, seed);
}

class SyncBatchNormTest : public BackendTest {
protected:
    // aclnnBatchNormElemtBackward's two phases on the test's stream.
    TwoPhaseResult elemt_backward(const aclTensor* grad_out,
                                  const aclTensor* input,
                                  const aclTensor* mean,
                                  const aclTensor* invstd,
                                  const aclTensor* weight,
                                  const aclTensor* sum_dy,
                                  const aclTensor* sum_dy_xmu,
                                  aclTensor* counter,
                                  aclTensor* grad_in) {
        return run_two_phase(aclnnBatchNormElemtBackwardGetWorkspaceSize,
                             aclnnBatchNormElemtBackward,
                             stream(),
                             grad_out,
                             input,
                             mean,
                             invstd,
                             weight,
                             sum_dy,
                             sum_dy_xmu,
                             counter,
                             grad_in);
    }

    template <typename Call>
    void expect_status(aclnnStatus want, const char* api, const std::string& param, Call call) {
        take_recent_error();
        uint64_t ws = 0;
        aclOpExecutor* exec = nullptr;
        EXPECT_EQ(call(&ws, &exec), want);
        if (want == ACLNN_SUCCESS) {
            if (exec != nullptr) {
                EXPECT_EQ(aclDestroyAclOpExecutor(exec), ACLNN_SUCCESS);
            }
            return;
        }
        const std::string msg = take_recent_error();
        EXPECT_THAT(msg, HasSubstr(api)) << msg;
        EXPECT_THAT(msg, HasSubstr(param + ":")) << msg;
    }
};

// ---- BatchNormStats ------------------------------------------------------------------------

TEST_P(SyncBatchNormTest, StatsDocSample) {
    auto input = DeviceTensor::contiguous({2, 3}, ACL_FLOAT, {1, 2, 3, 4, 5, 6});
    auto mean = DeviceTensor::filled({3}, ACL_FLOAT, 0);
    auto invstd = DeviceTensor::filled({3}, ACL_FLOAT, 0);
    const auto r = run_two_phase(aclnnBatchNormStatsGetWorkspaceSize,
                                 aclnnBatchNormStats,
                                 stream(),
                                 static_cast<const aclTensor*>(input.get()),
                                 1e-5,
                                 mean.get(),
                                 invstd.get());
    ASSERT_TRUE(r.ok()) << r;
    EXPECT_TRUE(all_close(mean.read(), {2.5, 3.5, 4.5}, ACL_FLOAT));
    const double inv = 1.0 / std::sqrt(2.25 + 1e-5);
    EXPECT_TRUE(all_close(invstd.read(), {inv, inv, inv}, ACL_FLOAT));
}

TEST_P(SyncBatchNormTest, StatsDtypesLayoutsAndLongChannels) {
    // [3, 4, 100, 70]: 21000 elements per channel, more than one statistics chunk; values far
    // from 0 (mean 50) so a naive sum of squares would lose the variance.
    const std::vector<int64_t> dims = {3, 4, 100, 70};
    const int64_t hw = 100 * 70;
    for (aclDataType t : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        for (Layout layout : {Layout::Nchw, Layout::ChannelsLast, Layout::Offset}) {
            SCOPED_TRACE(::testing::Message() << "dtype " << t << " layout " << int(layout));
            const View4 v = make_view4(dims, layout);
            auto s = values(v.storage, 45, 55, 7);
            for (double& x : s) {
                x = round_to_dtype(x, t);
            }
            auto input = tensor4(v, t, s);
            auto mean = DeviceTensor::filled({4}, ACL_FLOAT, 0);
            auto invstd = DeviceTensor::filled({4}, ACL_FLOAT, 0);
            const auto r = run_two_phase(aclnnBatchNormStatsGetWorkspaceSize,
                                         aclnnBatchNormStats,
                                         stream(),
                                         static_cast<const aclTensor*>(input.get()),
                                         1e-3,
                                         mean.get(),
                                         invstd.get());
            ASSERT_TRUE(r.ok()) << r;
            std::vector<double> want_mean(4), want_invstd(4);
            for (int64_t c = 0; c < 4; ++c) {
                double sum = 0;
                for (int64_t n = 0; n < 3; ++n) {
                    for (int64_t k = 0; k < hw; ++k) {
                        sum += at(v, s, n, c, k);
                    }
                }
                const double m = sum / (3 * hw);
                double sq = 0;
                for (int64_t n = 0; n < 3; ++n) {
                    for (int64_t k = 0; k < hw; ++k) {
                        sq += (at(v, s, n, c, k) - m) * (at(v, s, n, c, k) - m);
                    }
                }
                want_mean[c] = m;
                want_invstd[c] = 1.0 / std::sqrt(sq / (3 * hw) + static_cast<double>(1e-3f));
            }
            EXPECT_TRUE(all_close(mean.read(), want_mean, Tolerance{1e-5, 2e-6}));
            EXPECT_TRUE(all_close(invstd.read(), want_invstd, Tolerance{1e-6, 1e-4}));
        }
    }
}

TEST_P(SyncBatchNormTest, StatsEmptyBatch) {
    auto input = DeviceTensor::filled({0, 2, 3}, ACL_FLOAT, 0);
    auto mean = DeviceTensor::filled({2}, ACL_FLOAT, 9);
    auto invstd = DeviceTensor::filled({2}, ACL_FLOAT, 9);
    const auto r = run_two_phase(aclnnBatchNormStatsGetWorkspaceSize,
                                 aclnnBatchNormStats,
                                 stream(),
                                 static_cast<const aclTensor*>(input.get()),
                                 1e-5,
                                 mean.get(),
                                 invstd.get());
    ASSERT_TRUE(r.ok()) << r;
    EXPECT_EQ(mean.read(), std::vector<double>({0, 0}));
    EXPECT_TRUE(std::isnan(invstd.read()[0]) && std::isnan(invstd.read()[1]));
}

TEST_P(SyncBatchNormTest, StatsValidation) {
    auto input = DeviceTensor::filled({2, 3, 4}, ACL_FLOAT, 0);
    auto c3 = DeviceTensor::filled({3}, ACL_FLOAT, 0);
    auto c4 = DeviceTensor::filled({4}, ACL_FLOAT, 0);
    auto c3_f16 = DeviceTensor::filled({3}, ACL_FLOAT16, 0);
    auto i32 = DeviceTensor::filled({2, 3, 4}, ACL_INT32, 0);
    auto rank1 = DeviceTensor::filled({3}, ACL_FLOAT, 0);
    auto c0 = DeviceTensor::filled({2, 0, 4}, ACL_FLOAT, 0);
    auto nz = DeviceTensor::filled({2, 3, 4}, ACL_FLOAT, 0, ACL_FORMAT_FRACTAL_NZ);
    const char* api = "aclnnBatchNormStats";
    auto call = [&](const aclTensor* in, aclTensor* m, aclTensor* s) {
        return [=](uint64_t* ws, aclOpExecutor** e) {
            return aclnnBatchNormStatsGetWorkspaceSize(in, 1e-5, m, s, ws, e);
        };
    };
    expect_status(ACLNN_ERR_PARAM_NULLPTR, api, "input", call(nullptr, c3.get(), c3.get()));
    expect_status(ACLNN_ERR_PARAM_NULLPTR, api, "mean", call(input.get(), nullptr, c3.get()));
    expect_status(ACLNN_ERR_PARAM_NULLPTR, api, "invstd", call(input.get(), c3.get(), nullptr));
    expect_status(ACLNN_ERR_PARAM_INVALID, api, "input", call(i32.get(), c3.get(), c3.get()));
    expect_status(ACLNN_ERR_PARAM_INVALID, api, "mean", call(input.get(), c3_f16.get(), c3.get()));
    expect_status(ACLNN_ERR_PARAM_INVALID, api, "input", call(nz.get(), c3.get(), c3.get()));
    expect_status(ACLNN_ERR_PARAM_INVALID, api, "input", call(rank1.get(), c3.get(), c3.get()));
    expect_status(ACLNN_ERR_PARAM_INVALID, api, "input", call(c0.get(), c3.get(), c3.get()));
    expect_status(ACLNN_ERR_PARAM_INVALID, api, "invstd", call(input.get(), c3.get(), c4.get()));
    expect_status(ACLNN_SUCCESS, api, "", call(input.get(), c3.get(), c3.get()));
}

// ---- BatchNormGatherStatsWithCounts ---------------------------------------------------------

TEST_P(SyncBatchNormTest, GatherStatsMergesDevices) {
    // Three devices' statistics of one channel set, merged against the statistics of the union
    // computed here in double; running statistics updated with momentum 0.1.
    const int64_t w = 3, c = 2;
    const std::vector<double> counts = {4, 6, 10};
    const std::vector<double> mean = {1.0, -2.0, 1.5, -1.0, 0.5, 0.0};  // [w][c]
    const std::vector<double> var = {0.5, 2.0, 1.0, 0.25, 2.0, 1.5};
    const double eps = 1e-5, momentum = 0.1;
    std::vector<double> invstd(w * c);
    for (size_t i = 0; i < invstd.size(); ++i) {
        invstd[i] = round_to_dtype(1.0 / std::sqrt(var[i] + eps), ACL_FLOAT);
    }
    for (aclDataType t : {ACL_FLOAT, ACL_FLOAT16}) {
        SCOPED_TRACE(::testing::Message() << "dtype " << t);
        auto input = DeviceTensor::filled({20, c}, t, 0);
        auto tmean = DeviceTensor::contiguous({w, c}, ACL_FLOAT, mean);
        auto tinvstd = DeviceTensor::contiguous({w, c}, ACL_FLOAT, invstd);
        auto tcounts = DeviceTensor::contiguous({w}, t, counts);
        auto running_mean = DeviceTensor::contiguous({c}, ACL_FLOAT, {0.5, 0.5});
        auto running_var = DeviceTensor::contiguous({c}, ACL_FLOAT, {1.0, 2.0});
        auto mean_all = DeviceTensor::filled({c}, t, 0);
        auto invstd_all = DeviceTensor::filled({c}, ACL_FLOAT, 0);
        const auto r = run_two_phase(aclnnBatchNormGatherStatsWithCountsGetWorkspaceSize,
                                     aclnnBatchNormGatherStatsWithCounts,
                                     stream(),
                                     static_cast<const aclTensor*>(input.get()),
                                     static_cast<const aclTensor*>(tmean.get()),
                                     static_cast<const aclTensor*>(tinvstd.get()),
                                     running_mean.get(),
                                     running_var.get(),
                                     momentum,
                                     eps,
                                     static_cast<const aclTensor*>(tcounts.get()),
                                     mean_all.get(),
                                     invstd_all.get());
        ASSERT_TRUE(r.ok()) << r;
        std::vector<double> want_mean(c), want_invstd(c), want_rm(c), want_rv(c);
        const std::vector<double> rm0 = {0.5, 0.5}, rv0 = {1.0, 2.0};
        for (int64_t ch = 0; ch < c; ++ch) {
            double n = 0, sum = 0;
            for (int64_t d = 0; d < w; ++d) {
                n += counts[d];
                sum += counts[d] * mean[d * c + ch];
            }
            const double m = sum / n;
            double m2 = 0;  // sum over devices of count * (var_d + (mean_d - m)^2)
            for (int64_t d = 0; d < w; ++d) {
                const double var_d = 1.0 / (invstd[d * c + ch] * invstd[d * c + ch]) - eps;
                m2 += counts[d] * (var_d + (mean[d * c + ch] - m) * (mean[d * c + ch] - m));
            }
            want_mean[ch] = m;
            want_invstd[ch] = 1.0 / std::sqrt(m2 / n + eps);
            want_rm[ch] = (1 - momentum) * rm0[ch] + momentum * m;
            want_rv[ch] = (1 - momentum) * rv0[ch] + momentum * m2 / (n - 1);
        }
        EXPECT_TRUE(all_close(mean_all.read(), want_mean, t));
        EXPECT_TRUE(all_close(invstd_all.read(), want_invstd, Tolerance{1e-6, 1e-5}));
        EXPECT_TRUE(all_close(running_mean.read(), want_rm, Tolerance{1e-6, 1e-5}));
        EXPECT_TRUE(all_close(running_var.read(), want_rv, Tolerance{1e-6, 1e-5}));
    }
}

TEST_P(SyncBatchNormTest, GatherStatsWithoutRunningStatsOrDevices) {
    auto input = DeviceTensor::filled({4, 2}, ACL_FLOAT, 0);
    auto mean = DeviceTensor::filled({0, 2}, ACL_FLOAT, 0);
    auto invstd = DeviceTensor::filled({0, 2}, ACL_FLOAT, 0);
    auto counts = DeviceTensor::filled({0}, ACL_FLOAT, 0);
    auto mean_all = DeviceTensor::filled({2}, ACL_FLOAT, 7);
    auto invstd_all = DeviceTensor::filled({2}, ACL_FLOAT, 7);
    const auto r = run_two_phase(aclnnBatchNormGatherStatsWithCountsGetWorkspaceSize,
                                 aclnnBatchNormGatherStatsWithCounts,
                                 stream(),
                                 static_cast<const aclTensor*>(input.get()),
                                 static_cast<const aclTensor*>(mean.get()),
                                 static_cast<const aclTensor*>(invstd.get()),
                                 static_cast<aclTensor*>(nullptr),
                                 static_cast<aclTensor*>(nullptr),
                                 0.1,
                                 1e-5,
                                 static_cast<const aclTensor*>(counts.get()),
                                 mean_all.get(),
                                 invstd_all.get());
    ASSERT_TRUE(r.ok()) << r;
    EXPECT_EQ(mean_all.read(), std::vector<double>({0, 0}));
    EXPECT_TRUE(std::isnan(invstd_all.read()[0]));
}

TEST_P(SyncBatchNormTest, GatherStatsValidation) {
    auto input = DeviceTensor::filled({4, 2}, ACL_FLOAT, 0);
    auto m32 = DeviceTensor::filled({3, 2}, ACL_FLOAT, 1);
    auto m33 = DeviceTensor::filled({3, 3}, ACL_FLOAT, 1);
    auto m22 = DeviceTensor::filled({2, 2}, ACL_FLOAT, 1);
    auto m3 = DeviceTensor::filled({3}, ACL_FLOAT, 1);
    auto c2 = DeviceTensor::filled({2}, ACL_FLOAT, 1);
    auto c3 = DeviceTensor::filled({3}, ACL_FLOAT, 1);
    auto counts = DeviceTensor::filled({3}, ACL_FLOAT, 1);
    auto counts_i32 = DeviceTensor::filled({3}, ACL_INT32, 1);
    auto counts_2d = DeviceTensor::filled({3, 1}, ACL_FLOAT, 1);
    const char* api = "aclnnBatchNormGatherStatsWithCounts";
    auto call = [&](const aclTensor* in,
                    const aclTensor* m,
                    const aclTensor* s,
                    aclTensor* rm,
                    const aclTensor* n,
                    aclTensor* ma,
                    aclTensor* sa) {
        return [=](uint64_t* ws, aclOpExecutor** e) {
            return aclnnBatchNormGatherStatsWithCountsGetWorkspaceSize(
                in, m, s, rm, nullptr, 0.1, 1e-5, n, ma, sa, ws, e);
        };
    };
    auto* i = input.get();
    expect_status(ACLNN_ERR_PARAM_NULLPTR,
                  api,
                  "input",
                  call(nullptr, m32.get(), m32.get(), nullptr, counts.get(), c2.get(), c2.get()));
    expect_status(ACLNN_ERR_PARAM_NULLPTR,
                  api,
                  "counts",
                  call(i, m32.get(), m32.get(), nullptr, nullptr, c2.get(), c2.get()));
    expect_status(ACLNN_ERR_PARAM_NULLPTR,
                  api,
                  "invstdAll",
                  call(i, m32.get(), m32.get(), nullptr, counts.get(), c2.get(), nullptr));
    expect_status(ACLNN_ERR_PARAM_INVALID,
                  api,
                  "counts",
                  call(i, m32.get(), m32.get(), nullptr, counts_i32.get(), c2.get(), c2.get()));
    expect_status(ACLNN_ERR_PARAM_INVALID,
                  api,
                  "mean",
                  call(i, m3.get(), m32.get(), nullptr, counts.get(), c2.get(), c2.get()));
    expect_status(ACLNN_ERR_PARAM_INVALID,
                  api,
                  "invstd",
                  call(i, m32.get(), m22.get(), nullptr, counts.get(), c2.get(), c2.get()));
    expect_status(ACLNN_ERR_PARAM_INVALID,
                  api,
                  "mean",
                  call(i, m33.get(), m33.get(), nullptr, counts.get(), c2.get(), c2.get()));
    expect_status(ACLNN_ERR_PARAM_INVALID,
                  api,
                  "runningMean",
                  call(i, m32.get(), m32.get(), c3.get(), counts.get(), c2.get(), c2.get()));
    expect_status(ACLNN_ERR_PARAM_INVALID,
                  api,
                  "counts",
                  call(i, m32.get(), m32.get(), nullptr, counts_2d.get(), c2.get(), c2.get()));
    expect_status(ACLNN_ERR_PARAM_INVALID,
                  api,
                  "meanAll",
                  call(i, m32.get(), m32.get(), nullptr, counts.get(), c3.get(), c2.get()));
    expect_status(ACLNN_SUCCESS,
                  api,
                  "",
                  call(i, m32.get(), m32.get(), c2.get(), counts.get(), c2.get(), c2.get()));
}

// ---- BatchNormElemt -------------------------------------------------------------------------

TEST_P(SyncBatchNormTest, ElemtDtypesAndLayouts) {
    const std::vector<int64_t> dims = {2, 3, 5, 7};
    const std::vector<double> mean = {0.5, -1.0, 2.0}, invstd = {2.0, 0.5, 1.5};
    const std::vector<double> weight = {1.5, -0.5, 2.0}, bias = {0.25, 1.0, -3.0};
    for (aclDataType t : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        for (Layout layout : {Layout::Nchw, Layout::ChannelsLast, Layout::Offset}) {
            for (bool affine : {true, false}) {
                SCOPED_TRACE(::testing::Message()
                             << "dtype " << t << " layout " << int(layout) << " affine " << affine);
                const View4 v = make_view4(dims, layout);
                const auto s = values(v.storage, -4, 4, 3);
                auto input = tensor4(v, t, s);
                auto out = tensor4(v, t, std::vector<double>(v.storage, -99));
                auto tm = DeviceTensor::contiguous({3}, ACL_FLOAT, mean);
                auto ti = DeviceTensor::contiguous({3}, ACL_FLOAT, invstd);
                auto tw = DeviceTensor::contiguous({3}, t, weight);
                auto tb = DeviceTensor::contiguous({3}, ACL_FLOAT, bias);
                const auto r =
                    run_two_phase(aclnnBatchNormElemtGetWorkspaceSize,
                                  aclnnBatchNormElemt,
                                  stream(),
                                  static_cast<const aclTensor*>(input.get()),
                                  static_cast<const aclTensor*>(affine ? tw.get() : nullptr),
                                  static_cast<const aclTensor*>(affine ? tb.get() : nullptr),
                                  tm.get(),
                                  ti.get(),
                                  1e-5,
                                  out.get());
                ASSERT_TRUE(r.ok()) << r;
                std::vector<double> want;
                for (int64_t n = 0; n < 2; ++n) {
                    for (int64_t c = 0; c < 3; ++c) {
                        for (int64_t k = 0; k < 35; ++k) {
                            const double x = round_to_dtype(at(v, s, n, c, k), t);
                            const double wt = affine ? round_to_dtype(weight[c], t) : 1.0;
                            want.push_back((x - mean[c]) * invstd[c] * wt + (affine ? bias[c] : 0));
                        }
                    }
                }
                EXPECT_TRUE(all_close(out.read(), want, t));
            }
        }
    }
}

TEST_P(SyncBatchNormTest, ElemtValidation) {
    auto input = DeviceTensor::filled({2, 3, 4}, ACL_FLOAT, 0);
    auto out = DeviceTensor::filled({2, 3, 4}, ACL_FLOAT, 0);
    auto out_f16 = DeviceTensor::filled({2, 3, 4}, ACL_FLOAT16, 0);
    auto out_nchw = DeviceTensor::filled({2, 3, 4}, ACL_FLOAT, 0, ACL_FORMAT_NCL);
    auto out_short = DeviceTensor::filled({2, 3, 3}, ACL_FLOAT, 0);
    auto c3 = DeviceTensor::filled({3}, ACL_FLOAT, 1);
    auto c4 = DeviceTensor::filled({4}, ACL_FLOAT, 1);
    auto i32 = DeviceTensor::filled({3}, ACL_INT32, 1);
    const char* api = "aclnnBatchNormElemt";
    aclTensor* invstd = c3.get();
    auto call = [&](const aclTensor* in, const aclTensor* w, aclTensor* m, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** e) {
            return aclnnBatchNormElemtGetWorkspaceSize(in, w, nullptr, m, invstd, 1e-5, o, ws, e);
        };
    };
    // CANN answers a NULL required tensor of this op with 161002.
    expect_status(
        ACLNN_ERR_PARAM_INVALID, api, "input", call(nullptr, nullptr, c3.get(), out.get()));
    expect_status(
        ACLNN_ERR_PARAM_INVALID, api, "mean", call(input.get(), nullptr, nullptr, out.get()));
    expect_status(
        ACLNN_ERR_PARAM_INVALID, api, "output", call(input.get(), nullptr, c3.get(), nullptr));
    expect_status(
        ACLNN_ERR_PARAM_INVALID, api, "weight", call(input.get(), i32.get(), c3.get(), out.get()));
    expect_status(ACLNN_ERR_PARAM_INVALID,
                  api,
                  "output",
                  call(input.get(), nullptr, c3.get(), out_nchw.get()));
    expect_status(ACLNN_ERR_PARAM_INVALID,
                  api,
                  "output",
                  call(input.get(), nullptr, c3.get(), out_short.get()));
    expect_status(
        ACLNN_ERR_PARAM_INVALID, api, "weight", call(input.get(), c4.get(), c3.get(), out.get()));
    expect_status(ACLNN_ERR_PARAM_INVALID,
                  api,
                  "output",
                  call(input.get(), nullptr, c3.get(), out_f16.get()));
    expect_status(ACLNN_SUCCESS, api, "", call(input.get(), c3.get(), c3.get(), out.get()));
}

TEST_P(SyncBatchNormTest, EmptyBatchStillRejectsHostChannelVectors) {
    // N = 0: nothing to compute, but a non-empty channel vector in host memory is still the
    // caller's error at run time (found by the fuzzer: Elemt and ElemtBackward returned 0).
    std::vector<float> host(3, 1.0f);
    const int64_t c_dims[] = {3};
    aclTensor* host_c =
        aclCreateTensor(c_dims, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, c_dims, 1, host.data());
    ASSERT_NE(host_c, nullptr);
    auto empty = DeviceTensor::filled({0, 3, 4}, ACL_FLOAT, 0);
    auto empty_out = DeviceTensor::filled({0, 3, 4}, ACL_FLOAT, 0);
    auto c3 = DeviceTensor::filled({3}, ACL_FLOAT, 1);
    auto counter = DeviceTensor::filled({2}, ACL_FLOAT, 4);
    take_recent_error();
    const auto elemt = run_two_phase(aclnnBatchNormElemtGetWorkspaceSize,
                                     aclnnBatchNormElemt,
                                     stream(),
                                     static_cast<const aclTensor*>(empty.get()),
                                     static_cast<const aclTensor*>(host_c),
                                     static_cast<const aclTensor*>(nullptr),
                                     c3.get(),
                                     c3.get(),
                                     1e-5,
                                     empty_out.get());
    EXPECT_EQ(elemt.get_workspace, ACLNN_SUCCESS);
    EXPECT_EQ(elemt.run, ACLNN_ERR_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("weight:"));
    const auto backward = elemt_backward(empty.get(),
                                         empty.get(),
                                         c3.get(),
                                         c3.get(),
                                         nullptr,
                                         host_c,
                                         c3.get(),
                                         counter.get(),
                                         empty_out.get());
    EXPECT_EQ(backward.get_workspace, ACLNN_SUCCESS);
    EXPECT_EQ(backward.run, ACLNN_ERR_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("sumDy:"));
    EXPECT_EQ(aclDestroyTensor(host_c), ACL_SUCCESS);
}

// ---- BatchNormElemtBackward ----------------------------------------------------------------

TEST_P(SyncBatchNormTest, ElemtBackwardDtypesLayoutsAndCounters) {
    const std::vector<int64_t> dims = {2, 3, 4, 5};
    const std::vector<double> mean = {0.5, -1.0, 2.0}, invstd = {2.0, 0.5, 1.5};
    const std::vector<double> weight = {1.5, -0.5, 2.0};
    const std::vector<double> sum_dy = {3.0, -2.0, 0.5}, sum_dy_xmu = {1.0, 4.0, -2.5};
    const std::vector<double> counter = {40, 40, 80};  // n = 160: this batch is a quarter
    for (aclDataType t : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        for (Layout layout : {Layout::Nchw, Layout::ChannelsLast}) {
            for (aclDataType ct : {ACL_INT32, ACL_FLOAT}) {
                SCOPED_TRACE(::testing::Message()
                             << "dtype " << t << " layout " << int(layout) << " counter " << ct);
                const View4 v = make_view4(dims, layout);
                const auto sdy = values(v.storage, -2, 2, 4);
                const auto sx = values(v.storage, -3, 3, 5);
                auto dy = tensor4(v, t, sdy);
                auto x = tensor4(v, t, sx);
                auto gi = tensor4(v, t, {});
                auto tm = DeviceTensor::contiguous({3}, ACL_FLOAT, mean);
                auto ti = DeviceTensor::contiguous({3}, ACL_FLOAT, invstd);
                auto tw = DeviceTensor::contiguous({3}, ACL_FLOAT, weight);
                auto tsd = DeviceTensor::contiguous({3}, ACL_FLOAT, sum_dy);
                auto tsx = DeviceTensor::contiguous({3}, ACL_FLOAT, sum_dy_xmu);
                auto tc = DeviceTensor::contiguous({3}, ct, counter);
                const auto r = elemt_backward(dy.get(),
                                              x.get(),
                                              tm.get(),
                                              ti.get(),
                                              tw.get(),
                                              tsd.get(),
                                              tsx.get(),
                                              tc.get(),
                                              gi.get());
                ASSERT_TRUE(r.ok()) << r;
                std::vector<double> want;
                for (int64_t n = 0; n < 2; ++n) {
                    for (int64_t c = 0; c < 3; ++c) {
                        for (int64_t k = 0; k < 20; ++k) {
                            const double d = round_to_dtype(at(v, sdy, n, c, k), t);
                            const double xv = round_to_dtype(at(v, sx, n, c, k), t);
                            want.push_back(
                                (d - sum_dy[c] / 160
                                 - (xv - mean[c]) * invstd[c] * invstd[c] * sum_dy_xmu[c] / 160)
                                * invstd[c] * weight[c]);
                        }
                    }
                }
                EXPECT_TRUE(all_close(gi.read(), want, t));
            }
        }
    }
}

// Long unit-stride runs (NCHW, H * W = 3300: three staged blocks of 1024 and a tail) take the
// CPU's staged float-block path for 16-bit dtypes; channels-last views (inner stride C) take the
// element-by-element one. Both must give the same bits, and match the double reference.
std::vector<double> storage_of(const View4& v, const std::vector<double>& logical) {
    std::vector<double> s(v.storage, 0.0);
    const int64_t hw = v.dims[2] * v.dims[3];
    for (int64_t n = 0; n < v.dims[0]; ++n) {
        for (int64_t c = 0; c < v.dims[1]; ++c) {
            for (int64_t k = 0; k < hw; ++k) {
                const int64_t h = k / v.dims[3], w = k % v.dims[3];
                s[v.offset + n * v.strides[0] + c * v.strides[1] + h * v.strides[2]
                  + w * v.strides[3]] = logical[(n * v.dims[1] + c) * hw + k];
            }
        }
    }
    return s;
}

TEST_P(SyncBatchNormTest, ElemtAndBackwardLongRunsSameBitsAsStridedViews) {
    const std::vector<int64_t> dims = {2, 2, 3, 1100};
    const int64_t hw = 3300, numel = 2 * 2 * hw;
    const std::vector<double> mean = {0.5, -1.0}, invstd = {2.0, 0.75};
    const std::vector<double> weight = {1.5, -0.5}, bias = {0.25, 1.0};
    const std::vector<double> sum_dy = {3.0, -2.0}, sum_dy_xmu = {1.0, 4.0}, counter = {13200};
    const auto lx = values(numel, -4, 4, 11);
    const auto ldy = values(numel, -2, 2, 12);
    for (aclDataType t : {ACL_FLOAT16, ACL_BF16, ACL_FLOAT}) {
        SCOPED_TRACE(::testing::Message() << "dtype " << t);
        auto tm = DeviceTensor::contiguous({2}, ACL_FLOAT, mean);
        auto ti = DeviceTensor::contiguous({2}, ACL_FLOAT, invstd);
        auto tw = DeviceTensor::contiguous({2}, ACL_FLOAT, weight);
        auto twt = DeviceTensor::contiguous({2}, t, weight);  // Elemt: weight of input's dtype
        auto tb = DeviceTensor::contiguous({2}, ACL_FLOAT, bias);
        auto tsd = DeviceTensor::contiguous({2}, ACL_FLOAT, sum_dy);
        auto tsx = DeviceTensor::contiguous({2}, ACL_FLOAT, sum_dy_xmu);
        auto tc = DeviceTensor::contiguous({1}, ACL_FLOAT, counter);
        std::vector<std::vector<double>> elemt_out, backward_out;
        for (Layout layout : {Layout::Nchw, Layout::ChannelsLast}) {
            const View4 v = make_view4(dims, layout);
            auto x = tensor4(v, t, storage_of(v, lx));
            auto dy = tensor4(v, t, storage_of(v, ldy));
            auto out = tensor4(v, t, std::vector<double>(v.storage, -99));
            auto gi = tensor4(v, t, std::vector<double>(v.storage, -99));
            const auto r1 = run_two_phase(aclnnBatchNormElemtGetWorkspaceSize,
                                          aclnnBatchNormElemt,
                                          stream(),
                                          static_cast<const aclTensor*>(x.get()),
                                          static_cast<const aclTensor*>(twt.get()),
                                          static_cast<const aclTensor*>(tb.get()),
                                          tm.get(),
                                          ti.get(),
                                          1e-5,
                                          out.get());
            ASSERT_TRUE(r1.ok()) << r1;
            const auto r2 = elemt_backward(dy.get(),
                                           x.get(),
                                           tm.get(),
                                           ti.get(),
                                           tw.get(),
                                           tsd.get(),
                                           tsx.get(),
                                           tc.get(),
                                           gi.get());
            ASSERT_TRUE(r2.ok()) << r2;
            elemt_out.push_back(out.read());
            backward_out.push_back(gi.read());
        }
        EXPECT_EQ(elemt_out[0], elemt_out[1]);
        EXPECT_EQ(backward_out[0], backward_out[1]);
        std::vector<double> want_elemt, want_backward;
        for (int64_t i = 0; i < numel; ++i) {
            const int64_t c = (i / hw) % 2;
            const double xv = round_to_dtype(lx[i], t), d = round_to_dtype(ldy[i], t);
            want_elemt.push_back((xv - mean[c]) * invstd[c] * weight[c] + bias[c]);
            want_backward.push_back(
                (d - sum_dy[c] / counter[0]
                 - (xv - mean[c]) * invstd[c] * invstd[c] * sum_dy_xmu[c] / counter[0])
                * invstd[c] * weight[c]);
        }
        EXPECT_TRUE(all_close(elemt_out[0], want_elemt, t));
        EXPECT_TRUE(all_close(backward_out[0], want_backward, t));
    }
}

TEST_P(SyncBatchNormTest, ElemtBackwardValidation) {
    auto x = DeviceTensor::filled({2, 3, 4}, ACL_FLOAT, 0);
    auto gi = DeviceTensor::filled({2, 3, 4}, ACL_FLOAT, 0);
    auto gi_f16 = DeviceTensor::filled({2, 3, 4}, ACL_FLOAT16, 0);
    auto x_short = DeviceTensor::filled({2, 3, 3}, ACL_FLOAT, 0);
    auto c3 = DeviceTensor::filled({3}, ACL_FLOAT, 1);
    auto c2 = DeviceTensor::filled({2}, ACL_FLOAT, 1);
    auto counter = DeviceTensor::filled({2}, ACL_INT32, 4);
    auto counter_i64 = DeviceTensor::filled({2}, ACL_INT64, 4);
    auto counter_bf16 = DeviceTensor::filled({2}, ACL_BF16, 4);
    const char* api = "aclnnBatchNormElemtBackward";
    const aclTensor* input = x.get();
    const aclTensor* vec = c3.get();
    auto call = [&](const aclTensor* dy,
                    const aclTensor* m,
                    const aclTensor* sd,
                    aclTensor* cnt,
                    aclTensor* out) {
        return [=](uint64_t* ws, aclOpExecutor** e) {
            return aclnnBatchNormElemtBackwardGetWorkspaceSize(
                dy, input, m, vec, nullptr, sd, vec, cnt, out, ws, e);
        };
    };
    expect_status(ACLNN_ERR_PARAM_NULLPTR,
                  api,
                  "gradOut",
                  call(nullptr, c3.get(), c3.get(), counter.get(), gi.get()));
    expect_status(ACLNN_ERR_PARAM_NULLPTR,
                  api,
                  "counter",
                  call(x.get(), c3.get(), c3.get(), nullptr, gi.get()));
    expect_status(ACLNN_ERR_PARAM_INVALID,
                  api,
                  "counter",
                  call(x.get(), c3.get(), c3.get(), counter_i64.get(), gi.get()));
    expect_status(ACLNN_ERR_PARAM_INVALID,
                  api,
                  "counter",
                  call(x.get(), c3.get(), c3.get(), counter_bf16.get(), gi.get()));
    expect_status(ACLNN_ERR_PARAM_INVALID,
                  api,
                  "gradOut",
                  call(x_short.get(), c3.get(), c3.get(), counter.get(), gi.get()));
    expect_status(ACLNN_ERR_PARAM_INVALID,
                  api,
                  "mean",
                  call(x.get(), c2.get(), c3.get(), counter.get(), gi.get()));
    expect_status(ACLNN_ERR_PARAM_INVALID,
                  api,
                  "sumDy",
                  call(x.get(), c3.get(), c2.get(), counter.get(), gi.get()));
    expect_status(ACLNN_ERR_PARAM_INVALID,
                  api,
                  "gradInput",
                  call(x.get(), c3.get(), c3.get(), counter.get(), gi_f16.get()));
    expect_status(
        ACLNN_SUCCESS, api, "", call(x.get(), c3.get(), c3.get(), counter.get(), gi.get()));
    // Empty batch: nothing to do.
    auto e = DeviceTensor::filled({0, 3, 4}, ACL_FLOAT, 0);
    auto ge = DeviceTensor::filled({0, 3, 4}, ACL_FLOAT, 0);
    const auto r = elemt_backward(
        e.get(), e.get(), c3.get(), c3.get(), nullptr, c3.get(), c3.get(), counter.get(), ge.get());
    EXPECT_TRUE(r.ok()) << r;
}

ACLEMU_INSTANTIATE_BACKENDS(SyncBatchNormTest);

}  // namespace
}  // namespace aclemu::test
