// aclnnBatchNormReduceBackward through the public two-phase API, on every backend that answers:
// the seed sample and op_semantics §2.6 examples, a dtype x rank x layout matrix against a
// double-precision reference, masks, null weight, mixed dtypes, the channel axis under every
// format tag, empty inputs, one test per validation row (code and parameter named in the
// message), the workspace contract and executor reuse.
#include "aclnnop/aclnn_batch_norm_backward_reduce.h"

#include "support/backend_fixture.h"
#include "support/compare.h"
#include "support/device_tensor.h"
#include "support/error_message.h"
#include "support/reference_dtype.h"
#include "support/two_phase.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

namespace {

using aclemu::test::all_close;
using aclemu::test::DeviceTensor;
using aclemu::test::round_to_dtype;
using aclemu::test::take_recent_error;
using aclemu::test::Tolerance;

constexpr const char* kApi = "[aclnnBatchNormReduceBackward] ";

class BatchNormReduceBackwardTest : public aclemu::test::BackendTest {};

// ---- Views --------------------------------------------------------------------------------

enum class Layout {
    Contiguous,
    ChannelsLast,  // C innermost in memory (NHWC-like), logical shape unchanged
    Permuted,      // memory order reversed: the outermost logical dim is innermost
    Sliced,        // every other element of the last dim, offset 1
};

struct View {
    std::vector<int64_t> dims, strides, storage_dims;
    int64_t offset = 0;
};

View make_layout(const std::vector<int64_t>& dims, Layout layout) {
    View v;
    v.dims = dims;
    const size_t nd = dims.size();
    std::vector<size_t> order(nd);  // logical dims from outermost to innermost in memory
    for (size_t d = 0; d < nd; ++d) {
        order[d] = d;
    }
    if (layout == Layout::ChannelsLast) {
        order.erase(order.begin() + 1);
        order.push_back(1);
    } else if (layout == Layout::Permuted) {
        std::reverse(order.begin(), order.end());
    }
    v.strides.assign(nd, 0);
    int64_t s = 1;
    for (size_t k = nd; k-- > 0;) {
        v.strides[order[k]] = s;
        s *= dims[order[k]];
    }
    v.storage_dims = {s};
    if (layout == Layout::Sliced) {
        for (int64_t& st : v.strides) {
            st *= 2;
        }
        v.offset = 1;
        v.storage_dims = {2 * s + 1};
    }
    return v;
}

// A device tensor showing `logical` (row-major over v.dims) through view v.
DeviceTensor upload_view(const View& v,
                         aclDataType dtype,
                         const std::vector<double>& logical,
                         aclFormat format = ACL_FORMAT_ND) {
    const int64_t storage = aclemu::test::product(v.storage_dims);
    std::vector<double> values(static_cast<size_t>(storage), 0.0);
    std::vector<int64_t> idx(v.dims.size(), 0);
    for (size_t e = 0; e < logical.size(); ++e) {
        int64_t off = v.offset;
        for (size_t d = 0; d < v.dims.size(); ++d) {
            off += idx[d] * v.strides[d];
        }
        values[static_cast<size_t>(off)] = logical[e];
        for (size_t d = v.dims.size(); d-- > 0;) {
            if (++idx[d] < v.dims[d]) {
                break;
            }
            idx[d] = 0;
        }
    }
    return DeviceTensor::strided(
        v.dims, v.strides, v.offset, v.storage_dims, dtype, values, format);
}

// ---- Reference ----------------------------------------------------------------------------

struct Expected {
    std::vector<double> out[4];  // sumDy, sumDyXmu, gradWeight, gradBias
};

// Per channel (dim 1), in double, from the values as stored (already rounded to their dtype).
Expected reference(const std::vector<int64_t>& dims,
                   const std::vector<double>& dy,
                   const std::vector<double>& x,
                   const std::vector<double>& mean,
                   const std::vector<double>& invstd) {
    const int64_t c_count = dims[1];
    int64_t inner = 1;
    for (size_t d = 2; d < dims.size(); ++d) {
        inner *= dims[d];
    }
    Expected e;
    e.out[0].assign(c_count, 0.0);
    e.out[1].assign(c_count, 0.0);
    for (size_t k = 0; k < dy.size(); ++k) {
        const int64_t c = (static_cast<int64_t>(k) / inner) % c_count;
        e.out[0][c] += dy[k];
        e.out[1][c] += dy[k] * (x[k] - mean[c]);
    }
    for (int64_t c = 0; c < c_count; ++c) {
        e.out[2].push_back(e.out[1][c] * invstd[c]);
        e.out[3].push_back(e.out[0][c]);
    }
    return e;
}

std::vector<double> rounded(std::vector<double> v, aclDataType t) {
    for (double& x : v) {
        x = round_to_dtype(x, t);
    }
    return v;
}

// fp32 accumulation over n terms of size ~1, plus the output dtype's rounding.
Tolerance sum_tolerance(aclDataType out, int64_t n) {
    Tolerance t{2e-6 * std::sqrt(static_cast<double>(n)) + 1e-5, 1e-4};
    if (out == ACL_FLOAT16) {
        t.rtol += 1e-3;
    } else if (out == ACL_BF16) {
        t.rtol += 8e-3;
    }
    return t;
}

aclnnStatus phase1(const aclTensor* grad_out,
                   const aclTensor* input,
                   const aclTensor* mean,
                   const aclTensor* invstd,
                   const aclTensor* weight,
                   bool input_g,
                   bool weight_g,
                   bool bias_g,
                   aclTensor* const outs[4],
                   uint64_t* ws,
                   aclOpExecutor** exec) {
    return aclnnBatchNormReduceBackwardGetWorkspaceSize(grad_out,
                                                        input,
                                                        mean,
                                                        invstd,
                                                        weight,
                                                        input_g,
                                                        weight_g,
                                                        bias_g,
                                                        outs[0],
                                                        outs[1],
                                                        outs[2],
                                                        outs[3],
                                                        ws,
                                                        exec);
}

// ---- A full random case -------------------------------------------------------------------

struct Case {
    std::vector<int64_t> dims;
    aclDataType io = ACL_FLOAT;
    aclDataType mean_t = ACL_FLOAT;
    aclDataType invstd_t = ACL_FLOAT;
    aclDataType out_t[4] = {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT};
    bool input_g = true, weight_g = true, bias_g = true;
    Layout layout = Layout::Contiguous;
    aclFormat format = ACL_FORMAT_ND;
    bool with_weight = true;
    // Outputs whose mask is false: passed as null (false) or as poisoned tensors (true).
    bool poison_unrequested = false;
};

constexpr double kPoison = 777.0;

void run_case(aclrtStream stream, const Case& k, uint32_t seed) {
    SCOPED_TRACE(::testing::Message()
                 << "dims " << aclemu::test::product(k.dims) << " io " << k.io << " layout "
                 << static_cast<int>(k.layout) << " seed " << seed);
    std::mt19937 gen(seed);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    const int64_t n = aclemu::test::product(k.dims);
    const int64_t c_count = k.dims[1];
    std::vector<double> dy(n), x(n), mean(c_count), invstd(c_count), weight(c_count);
    for (int64_t i = 0; i < n; ++i) {
        dy[i] = u(gen);
        x[i] = 3.0 + u(gen);
    }
    for (int64_t c = 0; c < c_count; ++c) {
        mean[c] = 3.0 + 0.1 * u(gen);
        invstd[c] = 1.25 + 0.75 * u(gen);
        weight[c] = u(gen);
    }
    const View view = make_layout(k.dims, k.layout);
    DeviceTensor t_dy = upload_view(view, k.io, dy, k.format);
    DeviceTensor t_x = upload_view(view, k.io, x, k.format);
    DeviceTensor t_mean = DeviceTensor::contiguous({c_count}, k.mean_t, mean);
    DeviceTensor t_invstd = DeviceTensor::contiguous({c_count}, k.invstd_t, invstd);
    DeviceTensor t_weight = DeviceTensor::contiguous({c_count}, ACL_FLOAT, weight);
    const bool want[4] = {k.input_g, k.input_g, k.weight_g, k.bias_g};
    DeviceTensor t_out[4];
    aclTensor* outs[4] = {};
    for (int o = 0; o < 4; ++o) {
        if (want[o] || k.poison_unrequested) {
            t_out[o] = DeviceTensor::filled({c_count}, k.out_t[o], kPoison);
            outs[o] = t_out[o].get();
        }
    }
    auto r = aclemu::test::run_two_phase(aclnnBatchNormReduceBackwardGetWorkspaceSize,
                                         aclnnBatchNormReduceBackward,
                                         stream,
                                         t_dy.get(),
                                         t_x.get(),
                                         t_mean.get(),
                                         t_invstd.get(),
                                         k.with_weight ? t_weight.get() : nullptr,
                                         k.input_g,
                                         k.weight_g,
                                         k.bias_g,
                                         outs[0],
                                         outs[1],
                                         outs[2],
                                         outs[3]);
    ASSERT_TRUE(r.ok()) << r << " " << take_recent_error();

    const Expected e = reference(k.dims,
                                 rounded(dy, k.io),
                                 rounded(x, k.io),
                                 rounded(mean, k.mean_t),
                                 rounded(invstd, k.invstd_t));
    for (int o = 0; o < 4; ++o) {
        if (want[o]) {
            EXPECT_TRUE(
                all_close(t_out[o].read(), e.out[o], sum_tolerance(k.out_t[o], n / c_count)))
                << "output " << o;
        } else if (k.poison_unrequested) {
            EXPECT_EQ(t_out[o].read(), std::vector<double>(c_count, kPoison))
                << "unrequested output " << o << " was written";
        }
    }
}

// ---- Worked examples ----------------------------------------------------------------------

TEST_P(BatchNormReduceBackwardTest, SeedSample) {
    auto dy = DeviceTensor::contiguous({4, 2}, ACL_FLOAT, {1, 1, 1, 2, 2, 2, 3, 3});
    auto x = DeviceTensor::contiguous({4, 2}, ACL_FLOAT, {0, 1, 2, 3, 4, 5, 6, 7});
    auto mean = DeviceTensor::contiguous({2}, ACL_FLOAT, {1, 1});
    auto invstd = DeviceTensor::contiguous({2}, ACL_FLOAT, {1, 1});
    auto weight = DeviceTensor::contiguous({2}, ACL_FLOAT, {1, 1});
    auto s = DeviceTensor::filled({2}, ACL_FLOAT, 0);
    auto sx = DeviceTensor::filled({2}, ACL_FLOAT, 0);
    auto gw = DeviceTensor::filled({2}, ACL_FLOAT, 0);
    auto gb = DeviceTensor::filled({2}, ACL_FLOAT, 0);
    auto r = aclemu::test::run_two_phase(aclnnBatchNormReduceBackwardGetWorkspaceSize,
                                         aclnnBatchNormReduceBackward,
                                         stream(),
                                         dy.get(),
                                         x.get(),
                                         mean.get(),
                                         invstd.get(),
                                         weight.get(),
                                         true,
                                         true,
                                         true,
                                         s.get(),
                                         sx.get(),
                                         gw.get(),
                                         gb.get());
    ASSERT_TRUE(r.ok()) << r << " " << take_recent_error();
    EXPECT_EQ(s.read(), (std::vector<double>{7, 8}));
    EXPECT_EQ(sx.read(), (std::vector<double>{21, 30}));
    EXPECT_EQ(gw.read(), (std::vector<double>{21, 30}));
    EXPECT_EQ(gb.read(), (std::vector<double>{7, 8}));
}

TEST_P(BatchNormReduceBackwardTest, SecondWorkedExampleNcl) {
    auto x = DeviceTensor::contiguous(
        {2, 3, 2}, ACL_FLOAT, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, ACL_FORMAT_NCL);
    auto dy = DeviceTensor::contiguous(
        {2, 3, 2}, ACL_FLOAT, {1, -1, .5, .5, 2, 0, 1, 1, -1, .5, 0, 1}, ACL_FORMAT_NCL);
    auto mean = DeviceTensor::contiguous({3}, ACL_FLOAT, {4.5, 6.5, 8.5});
    auto invstd = DeviceTensor::contiguous({3}, ACL_FLOAT, {0.5, 0.25, 2});
    auto s = DeviceTensor::filled({3}, ACL_FLOAT, 0);
    auto sx = DeviceTensor::filled({3}, ACL_FLOAT, 0);
    auto gw = DeviceTensor::filled({3}, ACL_FLOAT, 0);
    auto gb = DeviceTensor::filled({3}, ACL_FLOAT, 0);
    auto r = aclemu::test::run_two_phase(aclnnBatchNormReduceBackwardGetWorkspaceSize,
                                         aclnnBatchNormReduceBackward,
                                         stream(),
                                         dy.get(),
                                         x.get(),
                                         mean.get(),
                                         invstd.get(),
                                         nullptr,
                                         true,
                                         true,
                                         true,
                                         s.get(),
                                         sx.get(),
                                         gw.get(),
                                         gb.get());
    ASSERT_TRUE(r.ok()) << r << " " << take_recent_error();
    EXPECT_EQ(s.read(), (std::vector<double>{2, 0.5, 3}));
    EXPECT_EQ(sx.read(), (std::vector<double>{5, -3.75, -3.5}));
    EXPECT_EQ(gw.read(), (std::vector<double>{2.5, -0.9375, -7}));
    EXPECT_EQ(gb.read(), (std::vector<double>{2, 0.5, 3}));
}

// §2.3: where CANN's expanded form gives -0.012695, the accurate form gives -0.011719.
TEST_P(BatchNormReduceBackwardTest, AccurateSumDyXmuWhereCannCancels) {
    const int n = 1000;
    std::vector<double> x(n), dy(n);
    double sum_x = 0;
    for (int k = 0; k < n; ++k) {
        x[k] = static_cast<float>(10000.0f + 0.01f * static_cast<float>(k % 7));
        dy[k] = static_cast<float>(static_cast<float>((37 * k) % 11 - 5) / 5.0f);
        sum_x += x[k];
    }
    auto t_x = DeviceTensor::contiguous({n, 1}, ACL_FLOAT, x);
    auto t_dy = DeviceTensor::contiguous({n, 1}, ACL_FLOAT, dy);
    auto mean = DeviceTensor::contiguous({1}, ACL_FLOAT, {static_cast<float>(sum_x / n)});
    auto invstd = DeviceTensor::contiguous({1}, ACL_FLOAT, {1});
    auto sx = DeviceTensor::filled({1}, ACL_FLOAT, 0);
    aclTensor* none = nullptr;
    auto r = aclemu::test::run_two_phase(aclnnBatchNormReduceBackwardGetWorkspaceSize,
                                         aclnnBatchNormReduceBackward,
                                         stream(),
                                         t_dy.get(),
                                         t_x.get(),
                                         mean.get(),
                                         invstd.get(),
                                         nullptr,
                                         true,
                                         false,
                                         false,
                                         none,
                                         sx.get(),
                                         none,
                                         none);
    // inputG requests sumDy too, and it is null: 161001.
    EXPECT_EQ(r.get_workspace, ACLNN_ERR_PARAM_NULLPTR);
    auto s = DeviceTensor::filled({1}, ACL_FLOAT, 0);
    r = aclemu::test::run_two_phase(aclnnBatchNormReduceBackwardGetWorkspaceSize,
                                    aclnnBatchNormReduceBackward,
                                    stream(),
                                    t_dy.get(),
                                    t_x.get(),
                                    mean.get(),
                                    invstd.get(),
                                    nullptr,
                                    true,
                                    false,
                                    false,
                                    s.get(),
                                    sx.get(),
                                    none,
                                    none);
    ASSERT_TRUE(r.ok()) << r << " " << take_recent_error();
    EXPECT_NEAR(sx.read()[0], -0.011719, 2e-6);
    EXPECT_NEAR(s.read()[0], -0.4, 1e-5);
}

// ---- Matrix -------------------------------------------------------------------------------

TEST_P(BatchNormReduceBackwardTest, DtypeRankLayoutMatrix) {
    const std::vector<std::vector<int64_t>> shapes = {
        {37, 5}, {4, 3, 29}, {2, 3, 4, 5, 6}, {2, 3, 2, 1, 3, 2, 2, 3}};
    uint32_t seed = 100;
    for (aclDataType io : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        for (const auto& dims : shapes) {
            for (Layout layout :
                 {Layout::Contiguous, Layout::ChannelsLast, Layout::Permuted, Layout::Sliced}) {
                Case k;
                k.dims = dims;
                k.io = io;
                k.layout = layout;
                // Outputs in the input dtype for some cases, fp32 for the others.
                if (seed % 2 == 0) {
                    for (aclDataType& t : k.out_t) {
                        t = io;
                    }
                }
                run_case(stream(), k, ++seed);
            }
        }
    }
}

TEST_P(BatchNormReduceBackwardTest, LargeChannelsFirstAndChannelsLast) {
    // Many elements per channel (several CPU chunks, many GPU splits) and few channels.
    for (Layout layout : {Layout::Contiguous, Layout::ChannelsLast}) {
        Case k;
        k.dims = {8, 3, 64, 97};
        k.layout = layout;
        run_case(stream(), k, 7);
        k.io = ACL_BF16;
        run_case(stream(), k, 8);
    }
    // Many channels, few elements each.
    Case k;
    k.dims = {3, 3000, 2};
    k.io = ACL_FLOAT16;
    run_case(stream(), k, 9);
    k.layout = Layout::ChannelsLast;
    run_case(stream(), k, 10);
}

TEST_P(BatchNormReduceBackwardTest, AllMaskCombinations) {
    for (int mask = 0; mask < 8; ++mask) {
        for (bool poison : {false, true}) {
            Case k;
            k.dims = {5, 4, 6};
            k.input_g = mask & 1;
            k.weight_g = mask & 2;
            k.bias_g = mask & 4;
            k.poison_unrequested = poison;
            run_case(stream(), k, 20 + mask);
        }
    }
}

TEST_P(BatchNormReduceBackwardTest, NullWeightGivesTheSameResult) {
    Case k;
    k.dims = {6, 3, 5};
    k.with_weight = false;
    run_case(stream(), k, 30);
    k.with_weight = true;
    run_case(stream(), k, 30);
}

TEST_P(BatchNormReduceBackwardTest, MixedDtypesOfStatsAndOutputs) {
    Case k;
    k.dims = {4, 5, 7};
    k.io = ACL_FLOAT16;
    k.mean_t = ACL_FLOAT;
    k.invstd_t = ACL_BF16;
    k.out_t[0] = ACL_BF16;
    k.out_t[1] = ACL_FLOAT16;
    k.out_t[2] = ACL_FLOAT;
    k.out_t[3] = ACL_FLOAT16;
    run_case(stream(), k, 40);
    k.io = ACL_BF16;
    k.mean_t = ACL_FLOAT16;
    k.invstd_t = ACL_FLOAT;
    run_case(stream(), k, 41);
}

// The channel is view dim 1 for every format tag: an NHWC-tagged [N, H, W, C] view reduces per
// H, as on the NPU.
TEST_P(BatchNormReduceBackwardTest, ChannelIsDimOneForEveryFormatTag) {
    const struct {
        aclFormat format;
        std::vector<int64_t> dims;
    } tags[] = {{ACL_FORMAT_ND, {3, 4, 5}},
                {ACL_FORMAT_NCL, {3, 4, 5}},
                {ACL_FORMAT_NCHW, {2, 3, 4, 5}},
                {ACL_FORMAT_NHWC, {2, 3, 4, 5}},
                {ACL_FORMAT_HWCN, {2, 3, 4, 5}},
                {ACL_FORMAT_NCDHW, {2, 3, 2, 2, 3}},
                {ACL_FORMAT_NDHWC, {2, 3, 2, 2, 3}}};
    uint32_t seed = 50;
    for (const auto& t : tags) {
        Case k;
        k.dims = t.dims;
        k.format = t.format;
        run_case(stream(), k, ++seed);
    }
}

TEST_P(BatchNormReduceBackwardTest, EmptyInputZeroFillsRequestedOutputs) {
    for (const std::vector<int64_t>& dims :
         {std::vector<int64_t>{0, 3}, std::vector<int64_t>{2, 3, 0, 5}}) {
        auto x = DeviceTensor::contiguous(dims, ACL_FLOAT16, {});
        auto dy16 = DeviceTensor::contiguous(dims, ACL_FLOAT16, {});
        auto mean = DeviceTensor::contiguous({3}, ACL_FLOAT, {1, 2, 3});
        auto invstd = DeviceTensor::contiguous(
            {3}, ACL_FLOAT, {1, std::numeric_limits<double>::infinity(), 3});
        auto s = DeviceTensor::filled({3}, ACL_FLOAT, kPoison);
        auto sx = DeviceTensor::filled({3}, ACL_FLOAT16, kPoison);
        auto gw = DeviceTensor::filled({3}, ACL_BF16, kPoison);
        auto gb = DeviceTensor::filled({3}, ACL_FLOAT, kPoison);
        auto r = aclemu::test::run_two_phase(aclnnBatchNormReduceBackwardGetWorkspaceSize,
                                             aclnnBatchNormReduceBackward,
                                             stream(),
                                             dy16.get(),
                                             x.get(),
                                             mean.get(),
                                             invstd.get(),
                                             nullptr,
                                             true,
                                             true,
                                             false,
                                             s.get(),
                                             sx.get(),
                                             gw.get(),
                                             gb.get());
        ASSERT_TRUE(r.ok()) << r << " " << take_recent_error();
        EXPECT_EQ(r.workspace_size, 0u);
        const std::vector<double> zeros(3, 0.0);
        EXPECT_EQ(s.read(), zeros);
        EXPECT_EQ(sx.read(), zeros);
        EXPECT_EQ(gw.read(), zeros);                            // not NaN from 0 * inf
        EXPECT_EQ(gb.read(), std::vector<double>(3, kPoison));  // biasG false: untouched
    }
}

TEST_P(BatchNormReduceBackwardTest, RepeatedRunsAreBitwiseIdentical) {
    const int64_t c_count = 3;
    const std::vector<int64_t> dims = {16, c_count, 50, 41};
    std::mt19937 gen(3);
    std::uniform_real_distribution<double> u(-1, 1);
    std::vector<double> dy(aclemu::test::product(dims)), x(dy.size());
    for (size_t i = 0; i < dy.size(); ++i) {
        dy[i] = u(gen);
        x[i] = u(gen);
    }
    auto t_dy = DeviceTensor::contiguous(dims, ACL_FLOAT, dy);
    auto t_x = DeviceTensor::contiguous(dims, ACL_FLOAT, x);
    auto mean = DeviceTensor::contiguous({c_count}, ACL_FLOAT, {0.1, 0.2, 0.3});
    auto invstd = DeviceTensor::contiguous({c_count}, ACL_FLOAT, {1, 2, 3});
    std::vector<double> first;
    for (int run = 0; run < 3; ++run) {
        auto s = DeviceTensor::filled({c_count}, ACL_FLOAT, 0);
        auto sx = DeviceTensor::filled({c_count}, ACL_FLOAT, 0);
        auto r = aclemu::test::run_two_phase(aclnnBatchNormReduceBackwardGetWorkspaceSize,
                                             aclnnBatchNormReduceBackward,
                                             stream(),
                                             t_dy.get(),
                                             t_x.get(),
                                             mean.get(),
                                             invstd.get(),
                                             nullptr,
                                             true,
                                             false,
                                             false,
                                             s.get(),
                                             sx.get(),
                                             nullptr,
                                             nullptr);
        ASSERT_TRUE(r.ok()) << r;
        std::vector<double> all = s.read();
        const std::vector<double> b = sx.read();
        all.insert(all.end(), b.begin(), b.end());
        if (run == 0) {
            first = all;
        } else {
            EXPECT_EQ(all, first);  // exact: same bits every run
        }
    }
}

// ---- Validation: one row each, exact code, parameter named --------------------------------

struct Args {
    DeviceTensor dy = DeviceTensor::shape_only({4, 3, 5}, ACL_FLOAT);
    DeviceTensor x = DeviceTensor::shape_only({4, 3, 5}, ACL_FLOAT);
    DeviceTensor mean = DeviceTensor::shape_only({3}, ACL_FLOAT);
    DeviceTensor invstd = DeviceTensor::shape_only({3}, ACL_FLOAT);
    DeviceTensor weight = DeviceTensor::shape_only({3}, ACL_FLOAT);
    DeviceTensor out[4] = {DeviceTensor::shape_only({3}, ACL_FLOAT),
                           DeviceTensor::shape_only({3}, ACL_FLOAT),
                           DeviceTensor::shape_only({3}, ACL_FLOAT),
                           DeviceTensor::shape_only({3}, ACL_FLOAT)};
    bool g[3] = {true, true, true};
    // Overrides: a null pointer for these parameters.
    bool null_dy = false, null_x = false, null_mean = false, null_invstd = false;
    bool null_out[4] = {false, false, false, false};

    aclnnStatus call(uint64_t* ws, aclOpExecutor** exec) {
        aclTensor* outs[4];
        for (int o = 0; o < 4; ++o) {
            outs[o] = null_out[o] ? nullptr : out[o].get();
        }
        return phase1(null_dy ? nullptr : dy.get(),
                      null_x ? nullptr : x.get(),
                      null_mean ? nullptr : mean.get(),
                      null_invstd ? nullptr : invstd.get(),
                      weight.get(),
                      g[0],
                      g[1],
                      g[2],
                      outs,
                      ws,
                      exec);
    }
};

// Phase 1 must fail with `code` and a message naming `param`.
void expect_rejected(Args& a, aclnnStatus code, const std::string& param) {
    take_recent_error();
    uint64_t ws = 0;
    aclOpExecutor* exec = nullptr;
    EXPECT_EQ(a.call(&ws, &exec), code) << "param " << param;
    EXPECT_EQ(exec, nullptr);
    const std::string msg = take_recent_error();
    EXPECT_NE(msg.find(kApi + param + ": "), std::string::npos) << msg;
}

void expect_accepted(Args& a) {
    uint64_t ws = 0;
    aclOpExecutor* exec = nullptr;
    ASSERT_EQ(a.call(&ws, &exec), ACLNN_SUCCESS) << take_recent_error();
    EXPECT_EQ(aclDestroyAclOpExecutor(exec), ACLNN_SUCCESS);
}

TEST_P(BatchNormReduceBackwardTest, RejectsNullWorkspaceSizeOrExecutor) {
    Args a;
    aclOpExecutor* exec = nullptr;
    uint64_t ws = 0;
    take_recent_error();
    EXPECT_EQ(a.call(nullptr, &exec), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_NE(take_recent_error().find("workspaceSize"), std::string::npos);
    EXPECT_EQ(a.call(&ws, nullptr), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_NE(take_recent_error().find("executor"), std::string::npos);
}

TEST_P(BatchNormReduceBackwardTest, RejectsNullInputsInOrder) {
    {
        Args a;
        a.null_dy = a.null_x = true;
        expect_rejected(a, ACLNN_ERR_PARAM_NULLPTR, "gradOut");
    }
    {
        Args a;
        a.null_x = a.null_mean = true;
        expect_rejected(a, ACLNN_ERR_PARAM_NULLPTR, "input");
    }
    {
        Args a;
        a.null_mean = true;
        expect_rejected(a, ACLNN_ERR_PARAM_NULLPTR, "mean");
    }
    {
        Args a;
        a.null_invstd = true;
        expect_rejected(a, ACLNN_ERR_PARAM_NULLPTR, "invstd");
    }
}

TEST_P(BatchNormReduceBackwardTest, RejectsNullRequestedOutputsInOrder) {
    const char* names[4] = {"sumDy", "sumDyXmu", "gradWeight", "gradBias"};
    for (int o = 0; o < 4; ++o) {
        Args a;
        for (int later = o; later < 4; ++later) {
            a.null_out[later] = true;
        }
        expect_rejected(a, ACLNN_ERR_PARAM_NULLPTR, names[o]);
    }
    // The null-output check comes before the format checks (CANN's UT).
    Args a;
    a.null_out[0] = true;
    a.x = DeviceTensor::shape_only({4, 3, 5}, ACL_FLOAT, ACL_FORMAT_NC1HWC0);
    expect_rejected(a, ACLNN_ERR_PARAM_NULLPTR, "sumDy");
}

TEST_P(BatchNormReduceBackwardTest, UnrequestedOutputsAreNotValidated) {
    Args a;
    a.g[0] = a.g[1] = a.g[2] = false;
    a.null_out[0] = true;
    a.out[1] = DeviceTensor::shape_only({2, 7}, ACL_INT32, ACL_FORMAT_FRACTAL_NZ);
    a.out[2] = DeviceTensor::shape_only({5}, ACL_DOUBLE);
    a.null_out[3] = true;
    expect_accepted(a);
    // A null weight is fine; weight's dtype is not checked.
    Args b;
    b.weight = DeviceTensor::shape_only({3}, ACL_INT64);
    expect_accepted(b);
}

TEST_P(BatchNormReduceBackwardTest, RejectsDtypes) {
    {
        Args a;
        a.dy = DeviceTensor::shape_only({4, 3, 5}, ACL_INT32);
        expect_rejected(a, ACLNN_ERR_PARAM_INVALID, "gradOut");
    }
    {
        Args a;
        a.x = DeviceTensor::shape_only({4, 3, 5}, ACL_DOUBLE);
        expect_rejected(a, ACLNN_ERR_PARAM_INVALID, "input");
    }
    {
        Args a;
        a.mean = DeviceTensor::shape_only({3}, ACL_INT64);
        expect_rejected(a, ACLNN_ERR_PARAM_INVALID, "mean");
    }
    {
        Args a;
        a.invstd = DeviceTensor::shape_only({3}, ACL_BOOL);
        expect_rejected(a, ACLNN_ERR_PARAM_INVALID, "invstd");
    }
    {
        Args a;  // gradOut must have input's dtype
        a.dy = DeviceTensor::shape_only({4, 3, 5}, ACL_FLOAT16);
        expect_rejected(a, ACLNN_ERR_PARAM_INVALID, "gradOut");
    }
    const char* names[4] = {"sumDy", "sumDyXmu", "gradWeight", "gradBias"};
    for (int o = 0; o < 4; ++o) {
        Args a;
        a.out[o] = DeviceTensor::shape_only({3}, ACL_INT8);
        expect_rejected(a, ACLNN_ERR_PARAM_INVALID, names[o]);
    }
    // mean and invstd may differ from input and from each other.
    Args ok;
    ok.x = DeviceTensor::shape_only({4, 3, 5}, ACL_BF16);
    ok.dy = DeviceTensor::shape_only({4, 3, 5}, ACL_BF16);
    ok.mean = DeviceTensor::shape_only({3}, ACL_FLOAT16);
    ok.invstd = DeviceTensor::shape_only({3}, ACL_FLOAT);
    expect_accepted(ok);
}

TEST_P(BatchNormReduceBackwardTest, RejectsFormats) {
    {
        Args a;  // gradOut's format must equal input's
        a.dy = DeviceTensor::shape_only({4, 3, 5}, ACL_FLOAT, ACL_FORMAT_NCL);
        expect_rejected(a, ACLNN_ERR_PARAM_INVALID, "gradOut");
    }
    {
        Args a;
        a.dy = DeviceTensor::shape_only({4, 3, 5}, ACL_FLOAT, ACL_FORMAT_NC1HWC0);
        a.x = DeviceTensor::shape_only({4, 3, 5}, ACL_FLOAT, ACL_FORMAT_NC1HWC0);
        expect_rejected(a, ACLNN_ERR_PARAM_INVALID, "gradOut");
    }
    {
        Args a;
        a.mean = DeviceTensor::shape_only({3}, ACL_FLOAT, ACL_FORMAT_FRACTAL_Z);
        expect_rejected(a, ACLNN_ERR_PARAM_INVALID, "mean");
    }
    {
        Args a;
        a.invstd = DeviceTensor::shape_only({3}, ACL_FLOAT, ACL_FORMAT_FRACTAL_NZ);
        expect_rejected(a, ACLNN_ERR_PARAM_INVALID, "invstd");
    }
    {
        Args a;
        a.out[2] = DeviceTensor::shape_only({3}, ACL_FLOAT, ACL_FORMAT_NDC1HWC0);
        expect_rejected(a, ACLNN_ERR_PARAM_INVALID, "gradWeight");
    }
    // Public formats need not match between the stats, outputs and inputs.
    Args ok;
    ok.dy = DeviceTensor::shape_only({4, 3, 5}, ACL_FLOAT, ACL_FORMAT_NCL);
    ok.x = DeviceTensor::shape_only({4, 3, 5}, ACL_FLOAT, ACL_FORMAT_NCL);
    ok.mean = DeviceTensor::shape_only({3}, ACL_FLOAT, ACL_FORMAT_NCHW);
    ok.out[0] = DeviceTensor::shape_only({3}, ACL_FLOAT, ACL_FORMAT_NHWC);
    expect_accepted(ok);
}

TEST_P(BatchNormReduceBackwardTest, RejectsRanksAndZeroChannels) {
    {
        Args a;
        a.dy = DeviceTensor::shape_only({12}, ACL_FLOAT);
        a.x = DeviceTensor::shape_only({12}, ACL_FLOAT);
        expect_rejected(a, ACLNN_ERR_PARAM_INVALID, "gradOut");
    }
    {
        Args a;
        a.dy = DeviceTensor::shape_only({1, 3, 1, 1, 1, 1, 1, 1, 1}, ACL_FLOAT);
        expect_rejected(a, ACLNN_ERR_PARAM_INVALID, "gradOut");
    }
    {
        Args a;
        a.x = DeviceTensor::shape_only({1, 3, 1, 1, 1, 1, 1, 1, 1}, ACL_FLOAT);
        expect_rejected(a, ACLNN_ERR_PARAM_INVALID, "input");
    }
    {
        Args a;
        a.dy = DeviceTensor::shape_only({4, 0, 5}, ACL_FLOAT);
        a.x = DeviceTensor::shape_only({4, 0, 5}, ACL_FLOAT);
        expect_rejected(a, ACLNN_ERR_PARAM_INVALID, "input");
    }
    // Ranks 2 and 8 are the limits.
    Args two;
    two.dy = DeviceTensor::shape_only({4, 3}, ACL_FLOAT);
    two.x = DeviceTensor::shape_only({4, 3}, ACL_FLOAT);
    expect_accepted(two);
    Args eight;
    eight.dy = DeviceTensor::shape_only({1, 3, 1, 2, 1, 1, 1, 1}, ACL_FLOAT);
    eight.x = DeviceTensor::shape_only({1, 3, 1, 2, 1, 1, 1, 1}, ACL_FLOAT);
    expect_accepted(eight);
}

TEST_P(BatchNormReduceBackwardTest, RejectsRequestedOutputShapes) {
    const char* names[4] = {"sumDy", "sumDyXmu", "gradWeight", "gradBias"};
    for (int o = 0; o < 4; ++o) {
        Args a;
        a.out[o] = DeviceTensor::shape_only({4}, ACL_FLOAT);
        expect_rejected(a, ACLNN_ERR_PARAM_INVALID, names[o]);
        Args b;
        b.out[o] = DeviceTensor::shape_only({1, 3}, ACL_FLOAT);
        expect_rejected(b, ACLNN_ERR_PARAM_INVALID, names[o]);
    }
}

// Stricter than CANN (docs/compatibility.md): shapes CANN leaves unchecked.
TEST_P(BatchNormReduceBackwardTest, RejectsMismatchedShapesStricterThanCann) {
    {
        Args a;
        a.dy = DeviceTensor::shape_only({4, 3, 6}, ACL_FLOAT);
        expect_rejected(a, ACLNN_ERR_PARAM_INVALID, "gradOut");
    }
    {
        Args a;
        a.mean = DeviceTensor::shape_only({4}, ACL_FLOAT);
        expect_rejected(a, ACLNN_ERR_PARAM_INVALID, "mean");
    }
    {
        Args a;
        a.invstd = DeviceTensor::shape_only({3, 1}, ACL_FLOAT);
        expect_rejected(a, ACLNN_ERR_PARAM_INVALID, "invstd");
    }
    {
        Args a;
        a.weight = DeviceTensor::shape_only({2}, ACL_FLOAT);
        expect_rejected(a, ACLNN_ERR_PARAM_INVALID, "weight");
    }
}

TEST_P(BatchNormReduceBackwardTest, RejectsViewsOutsideStorageAndOverlappingOutputs) {
    {
        Args a;  // a [4, 3, 5] view over 59 elements
        a.x = DeviceTensor::strided({4, 3, 5}, {15, 5, 1}, 0, {59}, ACL_FLOAT);
        expect_rejected(a, ACLNN_ERR_PARAM_INVALID, "input");
    }
    {
        Args a;
        a.mean = DeviceTensor::strided({3}, {1}, 1, {3}, ACL_FLOAT);
        expect_rejected(a, ACLNN_ERR_PARAM_INVALID, "mean");
    }
    {
        Args a;
        a.out[3] = DeviceTensor::strided({3}, {0}, 0, {1}, ACL_FLOAT);
        expect_rejected(a, ACLNN_ERR_PARAM_INVALID, "gradBias");
    }
}

// ---- Workspace and executors --------------------------------------------------------------

TEST_P(BatchNormReduceBackwardTest, WorkspaceOneByteShortIsRejected) {
    const std::vector<int64_t> dims = {8, 2, 3000};
    auto dy = DeviceTensor::filled(dims, ACL_FLOAT, 1);
    auto x = DeviceTensor::filled(dims, ACL_FLOAT, 2);
    auto mean = DeviceTensor::filled({2}, ACL_FLOAT, 1);
    auto invstd = DeviceTensor::filled({2}, ACL_FLOAT, 1);
    auto gb = DeviceTensor::filled({2}, ACL_FLOAT, kPoison);
    aclTensor* outs[4] = {nullptr, nullptr, nullptr, gb.get()};
    uint64_t ws = 0;
    aclOpExecutor* exec = nullptr;
    ASSERT_EQ(phase1(dy.get(),
                     x.get(),
                     mean.get(),
                     invstd.get(),
                     nullptr,
                     false,
                     false,
                     true,
                     outs,
                     &ws,
                     &exec),
              ACLNN_SUCCESS);
    ASSERT_GT(ws, 0u);  // per-chunk partials
    aclemu::test::DeviceBuffer short_ws(ws - 1);
    EXPECT_EQ(aclnnBatchNormReduceBackward(short_ws.get(), ws - 1, exec, stream()),
              ACLNN_ERR_PARAM_INVALID);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    EXPECT_EQ(gb.read(), std::vector<double>(2, kPoison));  // nothing ran

    // A fresh executor with the full workspace runs.
    ASSERT_EQ(phase1(dy.get(),
                     x.get(),
                     mean.get(),
                     invstd.get(),
                     nullptr,
                     false,
                     false,
                     true,
                     outs,
                     &ws,
                     &exec),
              ACLNN_SUCCESS);
    aclemu::test::DeviceBuffer full_ws(ws);
    EXPECT_EQ(aclnnBatchNormReduceBackward(full_ws.get(), ws, exec, stream()), ACLNN_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    EXPECT_EQ(gb.read(), std::vector<double>(2, 24000.0));
}

TEST_P(BatchNormReduceBackwardTest, ExecutorReuseAndSnapshots) {
    const std::vector<int64_t> dims = {4, 2};
    auto dy = DeviceTensor::contiguous(dims, ACL_FLOAT, {1, 1, 1, 2, 2, 2, 3, 3});
    auto x = DeviceTensor::contiguous(dims, ACL_FLOAT, {0, 1, 2, 3, 4, 5, 6, 7});
    auto dy2 = DeviceTensor::contiguous(dims, ACL_FLOAT, {2, 2, 2, 4, 4, 4, 6, 6});
    auto mean = DeviceTensor::contiguous({2}, ACL_FLOAT, {1, 1});
    auto invstd = DeviceTensor::contiguous({2}, ACL_FLOAT, {1, 1});
    auto gb = DeviceTensor::filled({2}, ACL_FLOAT, 0);
    aclTensor* outs[4] = {nullptr, nullptr, nullptr, gb.get()};
    uint64_t ws = 0;
    aclOpExecutor* exec = nullptr;
    ASSERT_EQ(phase1(dy.get(),
                     x.get(),
                     mean.get(),
                     invstd.get(),
                     nullptr,
                     false,
                     false,
                     true,
                     outs,
                     &ws,
                     &exec),
              ACLNN_SUCCESS);
    ASSERT_EQ(aclSetAclOpExecutorRepeatable(exec), ACLNN_SUCCESS);
    aclemu::test::DeviceBuffer workspace(ws);

    ASSERT_EQ(aclnnBatchNormReduceBackward(workspace.get(), ws, exec, stream()), ACLNN_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    EXPECT_EQ(gb.read(), (std::vector<double>{7, 8}));

    // Point gradOut (input 0) at other data: the next run reads it.
    ASSERT_EQ(aclSetInputTensorAddr(exec, 0, nullptr, dy2.data()), ACLNN_SUCCESS);
    ASSERT_EQ(aclnnBatchNormReduceBackward(workspace.get(), ws, exec, stream()), ACLNN_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    EXPECT_EQ(gb.read(), (std::vector<double>{14, 16}));
    EXPECT_EQ(aclDestroyAclOpExecutor(exec), ACLNN_SUCCESS);

    // A non-repeatable executor runs once; the user may destroy the tensors after phase 1.
    ASSERT_EQ(phase1(dy.get(),
                     x.get(),
                     mean.get(),
                     invstd.get(),
                     nullptr,
                     false,
                     false,
                     true,
                     outs,
                     &ws,
                     &exec),
              ACLNN_SUCCESS);
    aclTensor* released = dy.release_tensor();
    EXPECT_EQ(aclDestroyTensor(released), ACLNN_SUCCESS);
    ASSERT_EQ(aclnnBatchNormReduceBackward(workspace.get(), ws, exec, stream()), ACLNN_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    EXPECT_EQ(gb.read(), (std::vector<double>{7, 8}));
    EXPECT_EQ(aclnnBatchNormReduceBackward(workspace.get(), ws, exec, stream()), ACLNN_ERR_INNER);
}

ACLEMU_INSTANTIATE_BACKENDS(BatchNormReduceBackwardTest);

}  // namespace
