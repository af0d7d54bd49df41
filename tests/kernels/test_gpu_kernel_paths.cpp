// Every kernel of kernels_cu/ and every branch in it, at sizes chosen for the GPU simulator's
// tiny profile (ACLEMU_GPUSIM_PROFILE=tiny: 1 SM, so grid_for caps a grid at 8 blocks, and
// grid.y at most 4; ctest runs this suite under it as well, docs/testing.md): second rounds of
// every grid-stride loop, BatchNorm's loops over grid.y, its multi-split reductions and a
// finalize over more channels than one grid covers, the scatter's bins past the last one, bf16
// everywhere, and the 64-bit-index strided kernels through the launchers' test seam. Under any
// other device the same tests pass and check the same values. References are computed here in
// double from the dtype-rounded inputs.
#include "acl/acl.h"

#include "kernels/gpu_launcher_fixture.h"
#include "kernels_cu/launch.h"
#include "kernels_cu/math/batch_norm_reduce_backward.h"
#include "kernels_cu/math/log_sigmoid_backward.h"
#include "kernels_cu/math/logit_grad.h"
#include "kernels_cu/math/upsample_nearest_exact.h"
#include "support/compare.h"
#include "support/reference_dtype.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace aclemu::test {
namespace {

class GpuKernelPaths : public GpuLauncherTest {};

// More elements than the tiny profile's grid covers in one grid-stride round (8 blocks of 256
// threads; the elementwise kernels take 4 elements per thread and the vector path 16).
constexpr int64_t kPastOneRound = 8 * 256 * 16 + 8 * 256 + 77;

double ref_log_sigmoid_backward(double dy, double x) {
    return dy / (1.0 + std::exp(x));
}

double ref_logit_grad(double x, double dy, float lo, float hi, bool nan_fill) {
    if (x >= lo && x <= hi) {
        return dy / (x * (1.0 - x));
    }
    return nan_fill ? std::numeric_limits<double>::quiet_NaN() : 0.0;
}

// The path the elementwise launchers take for a geometry and its pointers.
enum class Layout { Contiguous, MixedMisalignment, Transposed, ZeroDim };

const char* layout_name(Layout l) {
    switch (l) {
        case Layout::Contiguous:
            return "contiguous";
        case Layout::MixedMisalignment:
            return "mixed misalignment";
        case Layout::Transposed:
            return "transposed";
        case Layout::ZeroDim:
            break;
    }
    return "0-d";
}

// Runs one elementwise operator over `n` elements laid out as `layout` (Transposed: the output
// row-major [rows, cols], both inputs column-major) and compares with `reference(a, b)`.
template <typename Args, typename Launch, typename Reference>
void check_elementwise(GpuLauncherTest* test,
                       DType dtype,
                       Layout layout,
                       int64_t n,
                       Args args,
                       Launch launch,
                       Reference reference) {
    SCOPED_TRACE(std::string(label(dtype)) + " " + layout_name(layout) + " n " + std::to_string(n));
    const int64_t cols = layout == Layout::Transposed ? 97 : n;
    const int64_t rows = layout == Layout::Transposed ? (n + cols - 1) / cols : 1;
    if (layout == Layout::Transposed) {
        n = rows * cols;
    }
    const std::vector<double> a = values(n, -0.2, 1.2, 101u + static_cast<uint32_t>(n), dtype);
    const std::vector<double> b = values(n, -3.0, 3.0, 103u + static_cast<uint32_t>(n), dtype);
    const size_t a_offset = layout == Layout::MixedMisalignment ? 1 : 0;
    const size_t b_offset = layout == Layout::MixedMisalignment ? 2 : 0;
    DeviceBuffer a_d = test->upload_at(a, dtype, a_offset);
    DeviceBuffer b_d = test->upload_at(b, dtype, b_offset);
    DeviceBuffer out_d = test->upload_at(std::vector<double>(n, 0.0), dtype, 0);
    kernels::ElementwiseGeometry& g = args.geometry;
    g.numel = n;
    if (layout == Layout::Transposed) {
        g.ndim = 2;
        g.sizes[0] = rows;
        g.sizes[1] = cols;
        g.strides[0][0] = cols;
        g.strides[0][1] = 1;
        for (int k = 1; k < 3; ++k) {
            g.strides[k][0] = 1;
            g.strides[k][1] = rows;
        }
    } else if (layout == Layout::ZeroDim) {
        g.ndim = 0;
    } else {
        g.ndim = 1;
        g.contiguous = true;
        g.sizes[0] = n;
        for (auto& s : g.strides) {
            s[0] = 1;
        }
    }
    ASSERT_EQ(launch(args,
                     GpuLauncherTest::at(out_d, dtype, 0),
                     GpuLauncherTest::at(a_d, dtype, a_offset),
                     GpuLauncherTest::at(b_d, dtype, b_offset)),
              0);
    test->synchronize();
    std::vector<double> expected(n);
    for (int64_t i = 0; i < n; ++i) {
        // Transposed: output (r, c) reads input element c * rows + r.
        const int64_t src = layout == Layout::Transposed ? (i % cols) * rows + i / cols : i;
        expected[i] = round_to_dtype(reference(a[src], b[src]), acl_of(dtype));
    }
    expect_close(test->download_at(out_d, dtype, 0, n), expected, acl_of(dtype));
}

// Every elementwise path of both operators, each past one grid-stride round, in every dtype; the
// strided ones also with 64-bit indices (the launchers' seam makes any size take that path).
TEST_P(GpuKernelPaths, ElementwiseEveryPathPastOneGridRound) {
    for (bool index64 : {false, true}) {
        const int64_t previous = gpu().set_strided_index32_limit(index64 ? 0 : INT64_MAX);
        for (DType dtype : {DType::Float32, DType::Float16, DType::BFloat16}) {
            for (Layout layout : {Layout::Contiguous,
                                  Layout::MixedMisalignment,
                                  Layout::Transposed,
                                  Layout::ZeroDim}) {
                if (index64
                    && (layout == Layout::Contiguous || layout == Layout::MixedMisalignment)) {
                    continue;  // contiguous paths index in 64 bits anyway
                }
                SCOPED_TRACE(index64 ? "64-bit index" : "32-bit index");
                const int64_t n = layout == Layout::ZeroDim ? 1 : kPastOneRound;
                kernels::LogSigmoidBackwardArgs ls;
                ls.dtype = dtype;
                check_elementwise(
                    this,
                    dtype,
                    layout,
                    n,
                    ls,
                    [&](kernels::LogSigmoidBackwardArgs args, void* out, void* a, void* b) {
                        args.grad_input = out;
                        args.grad_output = b;
                        args.self = a;
                        return gpu().log_sigmoid_backward(args, native());
                    },
                    [](double x, double dy) { return ref_log_sigmoid_backward(dy, x); });
                for (bool nan_fill : {false, true}) {
                    SCOPED_TRACE(nan_fill ? "logit grad, NaN fill" : "logit grad, zero fill");
                    kernels::LogitGradArgs lg;
                    lg.dtype = dtype;
                    lg.lo = nan_fill ? 0.0f : 0.05f;
                    lg.hi = nan_fill ? 1.0f : 0.95f;
                    lg.nan_fill = nan_fill;
                    check_elementwise(
                        this,
                        dtype,
                        layout,
                        n,
                        lg,
                        [&](kernels::LogitGradArgs args, void* out, void* a, void* b) {
                            args.out = out;
                            args.x = a;
                            args.dy = b;
                            return gpu().logit_grad(args, native());
                        },
                        [&](double x, double dy) {
                            return ref_logit_grad(x, dy, lg.lo, lg.hi, nan_fill);
                        });
                }
            }
        }
        gpu().set_strided_index32_limit(previous);
    }
}

struct UpsampleCase {
    int64_t n, c, l_in, l_out;
    float scale;
};

void check_upsample(GpuLauncherTest* test,
                    const kernels::GpuLaunchers& gpu,
                    DType dtype,
                    UpsampleCase k,
                    kernels::UpsampleAlgorithm algorithm) {
    SCOPED_TRACE(std::string(label(dtype)) + " N " + std::to_string(k.n) + " C "
                 + std::to_string(k.c) + " L_in " + std::to_string(k.l_in) + " L_out "
                 + std::to_string(k.l_out) + " scale " + std::to_string(k.scale)
                 + (algorithm == kernels::UpsampleAlgorithm::Gather ? " gather" : " scatter"));
    const int64_t rows = k.n * k.c;
    const std::vector<double> go = values(rows * k.l_out, -1.0, 1.0, 211u, dtype);
    DeviceBuffer go_d = test->upload_at(go, dtype, 0);
    DeviceBuffer out_d = test->upload_at(std::vector<double>(rows * k.l_in, 0.0), dtype, 0);
    kernels::UpsampleNearestExact1dBackwardArgs args;
    args.n = k.n;
    args.c = k.c;
    args.l_in = k.l_in;
    args.l_out = k.l_out;
    args.scale = k.scale;
    args.dtype = dtype;
    args.algorithm = algorithm;
    args.grad_output = go_d.get();
    args.grad_output_strides[0] = k.c * k.l_out;
    args.grad_output_strides[1] = k.l_out;
    args.grad_output_strides[2] = 1;
    args.out = out_d.get();
    args.out_strides[0] = k.c * k.l_in;
    args.out_strides[1] = k.l_in;
    args.out_strides[2] = 1;
    DeviceBuffer workspace(gpu.upsample_nearest_exact1d_backward_workspace_bytes(args));
    ASSERT_EQ(gpu.upsample_nearest_exact1d_backward(args, workspace.get(), test->native()), 0);
    test->synchronize();
    // lo(i) = min(ceil(fp32(fp32(i * S) - 0.5)), L_out): the spec's bins, in float as it says.
    const auto bound = [&](int64_t i) {
        const float product = static_cast<float>(static_cast<double>(i) * k.scale);
        const float v = std::ceil(product - 0.5f);
        return std::min<int64_t>(static_cast<int64_t>(v), k.l_out);
    };
    std::vector<double> expected(rows * k.l_in);
    for (int64_t row = 0; row < rows; ++row) {
        for (int64_t i = 0; i < k.l_in; ++i) {
            double sum = 0.0;
            for (int64_t j = bound(i); j < bound(i + 1); ++j) {
                sum += go[row * k.l_out + j];
            }
            expected[row * k.l_in + i] = round_to_dtype(sum, acl_of(dtype));
        }
    }
    expect_close(test->download_at(out_d, dtype, 0, rows * k.l_in), expected, acl_of(dtype));
}

// Gather, scatter and convert past one grid-stride round in every dtype; a scale smaller than
// L_out / L_in leaves grad_output elements past the last bin, which both algorithms drop.
TEST_P(GpuKernelPaths, UpsampleEveryKernelPastOneGridRoundAndBeyondTheLastBin) {
    const UpsampleCase cases[] = {
        {2, 3, 700, 1500, 1500.0f / 700.0f},  // upsampled: several sources per output
        {3, 2, 1200, 450, 0.375f},            // downsampled: empty bins
        {2, 2, 700, 1500, 2.0f},              // bins end at 1400: 100 elements per row dropped
    };
    for (DType dtype : {DType::Float32, DType::Float16, DType::BFloat16}) {
        for (const UpsampleCase& k : cases) {
            for (auto algorithm :
                 {kernels::UpsampleAlgorithm::Gather, kernels::UpsampleAlgorithm::AtomicScatter}) {
                check_upsample(this, gpu(), dtype, k, algorithm);
            }
        }
    }
}

struct BatchNormCase {
    const char* name;
    int64_t channels;
    std::vector<int64_t> reduce_sizes;  // the reduce dims, outermost first
    bool channels_last;                 // channel stride 1 (else the channel dim follows dim 0)
    size_t offset;                      // elements: 1 breaks the vector path's alignment
};

// The logical tensor is [reduce_sizes[0], C, reduce_sizes[1..]] (channels-last: C innermost).
void check_batch_norm(GpuLauncherTest* test,
                      const kernels::GpuLaunchers& gpu,
                      DType dtype,
                      const BatchNormCase& k) {
    SCOPED_TRACE(std::string(label(dtype)) + " " + k.name);
    const int64_t channels = k.channels;
    const int ndim = static_cast<int>(k.reduce_sizes.size());
    int64_t reduce_numel = 1;
    for (int64_t s : k.reduce_sizes) {
        reduce_numel *= s;
    }
    // Row-major strides of the reduce dims with the channel dim placed as the layout says.
    std::vector<int64_t> strides(ndim);
    int64_t channel_stride = 1;
    int64_t next = 1;
    if (k.channels_last) {
        next = channels;
    }
    for (int d = ndim - 1; d >= 0; --d) {
        if (!k.channels_last && d == 0) {
            channel_stride = next;
            next *= channels;
        }
        strides[d] = next;
        next *= k.reduce_sizes[d];
    }
    if (ndim == 0) {
        channel_stride = 1;
        next = channels;
    }
    // An empty reduction still gets a one-element buffer (nothing reads it).
    const int64_t total = std::max<int64_t>(next, 1);
    const std::vector<double> dy = values(total, -1.0, 1.0, 307u, dtype);
    const std::vector<double> x = values(total, -2.0, 2.0, 311u, dtype);
    const std::vector<double> mean = values(channels, -0.5, 0.5, 313u, DType::Float32);
    const std::vector<double> invstd = values(channels, 0.5, 2.0, 317u, DType::Float32);
    DeviceBuffer dy_d = test->upload_at(dy, dtype, k.offset);
    DeviceBuffer x_d = test->upload_at(x, dtype, k.offset);
    DeviceBuffer mean_d = test->upload_at(mean, DType::Float32, 0);
    DeviceBuffer invstd_d = test->upload_at(invstd, DType::Float32, 0);
    DeviceBuffer outs[4];
    for (auto& o : outs) {
        o = test->upload_at(std::vector<double>(channels, 7.0), DType::Float32, 0);
    }
    kernels::BatchNormReduceBackwardArgs a;
    a.channels = channels;
    a.reduce_numel = reduce_numel;
    a.reduce_ndim = ndim;
    for (int d = 0; d < ndim; ++d) {
        a.reduce_sizes[d] = k.reduce_sizes[d];
        a.dy_reduce_strides[d] = a.x_reduce_strides[d] = strides[d];
    }
    a.dy_channel_stride = a.x_channel_stride = channel_stride;
    a.io_dtype = dtype;
    a.dy = GpuLauncherTest::at(dy_d, dtype, k.offset);
    a.x = GpuLauncherTest::at(x_d, dtype, k.offset);
    a.mean = {mean_d.get(), DType::Float32, 1};
    a.invstd = {invstd_d.get(), DType::Float32, 1};
    a.sum_dy = {outs[0].get(), DType::Float32, 1};
    a.sum_dy_xmu = {outs[1].get(), DType::Float32, 1};
    a.grad_weight = {outs[2].get(), DType::Float32, 1};
    a.grad_bias = {outs[3].get(), DType::Float32, 1};
    DeviceBuffer partials(gpu.batch_norm_reduce_backward_workspace_bytes(a) + 1);
    ASSERT_EQ(gpu.batch_norm_reduce_backward(a, partials.get(), test->native()), 0);
    test->synchronize();
    std::vector<double> expected[4];
    for (auto& e : expected) {
        e.assign(channels, 0.0);
    }
    for (int64_t c = 0; c < channels; ++c) {
        double sum_dy = 0.0;
        double sum_dy_xmu = 0.0;
        for (int64_t r = 0; r < reduce_numel; ++r) {
            int64_t rest = r;
            int64_t offset = c * channel_stride;
            for (int d = ndim - 1; d >= 0; --d) {
                offset += (rest % k.reduce_sizes[d]) * strides[d];
                rest /= k.reduce_sizes[d];
            }
            sum_dy += dy[offset];
            sum_dy_xmu += dy[offset] * (x[offset] - mean[c]);
        }
        expected[0][c] = sum_dy;
        expected[1][c] = sum_dy_xmu;
        expected[2][c] = sum_dy_xmu * invstd[c];
        expected[3][c] = sum_dy;
    }
    // fp32 accumulation over up to ~10^5 terms of magnitude <= 3.
    const double bound = 1e-5 * std::max<double>(64, static_cast<double>(reduce_numel));
    for (int o = 0; o < 4; ++o) {
        SCOPED_TRACE("output " + std::to_string(o));
        EXPECT_TRUE(all_close(test->download_at(outs[o], DType::Float32, 0, channels),
                              expected[o],
                              Tolerance{bound, 1e-4}));
    }
}

// Stage 1 split several ways per channel and looping over grid.y, its channels-last variant over
// more channel tiles than grid.y holds, reduce dims of rank 0 to 3, an empty reduction, and a
// finalize over more channels than its grid covers.
TEST_P(GpuKernelPaths, BatchNormSplitsChannelLoopsAndFinalizePastOneGridRound) {
    const BatchNormCase cases[] = {
        {"NCL, 3 splits per channel, 6 channels", 6, {2, 10000}, false, 0},
        {"NCL misaligned, 3 splits, 6 channels", 6, {2, 10000}, false, 1},
        {"N C H W, rank-3 reduce", 7, {3, 5, 8}, false, 0},
        {"channels-last, 163 channels (6 tiles)", 163, {2, 3}, true, 0},
        {"channels-last rank-3 reduce", 70, {2, 3, 4}, true, 0},
        {"channels-last, 4 splits", 3, {24600}, true, 0},
        {"no reduce dims", 9, {}, false, 0},
        {"empty reduction", 5, {0, 4}, false, 0},
        {"finalize over 1100 channels", 1100, {2, 2}, false, 0},
    };
    for (DType dtype : {DType::Float32, DType::Float16, DType::BFloat16}) {
        for (const BatchNormCase& k : cases) {
            check_batch_norm(this, gpu(), dtype, k);
        }
    }
}

ACLEMU_INSTANTIATE_GPU_ONLY(GpuKernelPaths);

}  // namespace
}  // namespace aclemu::test
