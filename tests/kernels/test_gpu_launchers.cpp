// The GPU launchers of kernels_cu/launch.h called directly, without aclTensor or the operator
// layer, on the GPU backend that answers (the GPU simulator when no GPU does): the kernel paths
// the operators reach only with particular pointers and shapes (the vector path's peel and tail,
// mixed misalignments, strided and broadcast operands, the scatter's workspace, BatchNorm's
// three stage-1 kernels), and the launch protocol (an unknown dtype fails). References are
// computed here in double from the dtype-rounded inputs.
#include "acl/acl.h"

#include "kernels/gpu_launcher_fixture.h"
#include "kernels_cu/kernel_args.h"
#include "kernels_cu/launch.h"
#include "kernels_cu/math/batch_norm_reduce_backward.h"
#include "kernels_cu/math/log_sigmoid_backward.h"
#include "kernels_cu/math/logit_grad.h"
#include "kernels_cu/math/upsample_nearest_exact.h"
#include "support/compare.h"
#include "support/elementwise_geometry.h"
#include "support/reference_dtype.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace aclemu::test {
namespace {

class GpuLaunchers : public GpuLauncherTest {};

double ref_log_sigmoid_backward(double dy, double x) {
    return dy / (1.0 + std::exp(x));  // dy * sigmoid(-x)
}

double ref_logit_grad(double x, double dy, float lo, float hi, bool nan_fill) {
    if (x >= lo && x <= hi) {
        return dy / (x * (1.0 - x));
    }
    return nan_fill ? std::numeric_limits<double>::quiet_NaN() : 0.0;
}

TEST_P(GpuLaunchers, UnknownDtypeFailsWithInvalidValue) {
    const auto unknown = static_cast<DType>(99);
    DeviceBuffer buffer(4096);
    kernels::LogSigmoidBackwardArgs ls;
    ls.geometry = contiguous_geometry(16);
    ls.dtype = unknown;
    ls.grad_input = buffer.get();
    ls.grad_output = ls.self = buffer.get();
    EXPECT_EQ(gpu().log_sigmoid_backward(ls, native()), kInvalidValue);

    kernels::LogitGradArgs lg;
    lg.geometry = contiguous_geometry(16);
    lg.dtype = unknown;
    lg.out = buffer.get();
    lg.x = lg.dy = buffer.get();
    EXPECT_EQ(gpu().logit_grad(lg, native()), kInvalidValue);

    kernels::BatchNormReduceBackwardArgs bn;
    bn.channels = 2;
    bn.reduce_numel = 4;
    bn.reduce_ndim = 1;
    bn.reduce_sizes[0] = 4;
    bn.dy_reduce_strides[0] = bn.x_reduce_strides[0] = 1;
    bn.dy_channel_stride = bn.x_channel_stride = 4;
    bn.io_dtype = unknown;
    bn.dy = bn.x = buffer.get();
    bn.mean.data = bn.invstd.data = buffer.get();
    bn.sum_dy.data = buffer.get();
    DeviceBuffer partials(gpu().batch_norm_reduce_backward_workspace_bytes(bn) + 1);
    EXPECT_EQ(gpu().batch_norm_reduce_backward(bn, partials.get(), native()), kInvalidValue);

    kernels::UpsampleNearestExact1dBackwardArgs up;
    up.n = up.c = 1;
    up.l_in = 4;
    up.l_out = 8;
    up.scale = 2.0f;
    up.dtype = unknown;
    up.grad_output = buffer.get();
    up.out = buffer.get();
    up.grad_output_strides[0] = up.grad_output_strides[1] = 8;
    up.grad_output_strides[2] = 1;
    up.out_strides[0] = up.out_strides[1] = 4;
    up.out_strides[2] = 1;
    EXPECT_EQ(gpu().upsample_nearest_exact1d_backward(up, nullptr, native()), kInvalidValue);

    EXPECT_EQ(std::string(gpu().error_string(kInvalidValue)), "invalid argument");
    synchronize();
}

// Same misalignment on every pointer: the 16-byte vector path with a scalar peel in front and
// a scalar tail behind, at sizes around the kernel's tile (256 threads x 16 elements).
TEST_P(GpuLaunchers, LogSigmoidBackwardVectorPathPeelsAndTails) {
    for (DType dtype : {DType::Float32, DType::Float16, DType::BFloat16}) {
        for (size_t offset : {0, 1, 3}) {
            for (int64_t n : {1, 7, 257, 4096 + 5, 3 * 4096 + 4096 / 2 + 3}) {
                SCOPED_TRACE(std::string(label(dtype)) + " offset " + std::to_string(offset) + " n "
                             + std::to_string(n));
                const std::vector<double> dy = values(n, -3.0, 3.0, 7u + n, dtype);
                const std::vector<double> x = values(n, -12.0, 12.0, 11u + n, dtype);
                DeviceBuffer dy_d = upload_at(dy, dtype, offset);
                DeviceBuffer x_d = upload_at(x, dtype, offset);
                DeviceBuffer out_d = upload_at(std::vector<double>(n, 0.0), dtype, offset);
                kernels::LogSigmoidBackwardArgs args;
                args.geometry = contiguous_geometry(n);
                args.dtype = dtype;
                args.grad_input = at(out_d, dtype, offset);
                args.grad_output = at(dy_d, dtype, offset);
                args.self = at(x_d, dtype, offset);
                ASSERT_EQ(gpu().log_sigmoid_backward(args, native()), 0);
                synchronize();
                std::vector<double> expected(n);
                for (int64_t i = 0; i < n; ++i) {
                    expected[i] = ref_log_sigmoid_backward(dy[i], x[i]);
                }
                expect_close(download_at(out_d, dtype, offset, n), expected, acl_of(dtype));
            }
        }
    }
}

// Pointers of different misalignment cannot share vectors: the contiguous scalar path.
TEST_P(GpuLaunchers, LogitGradMixedMisalignmentTakesTheScalarPath) {
    for (DType dtype : {DType::Float32, DType::Float16, DType::BFloat16}) {
        SCOPED_TRACE(label(dtype));
        const int64_t n = 5000;
        const std::vector<double> x = values(n, -0.1, 1.1, 3u, dtype);
        const std::vector<double> dy = values(n, -2.0, 2.0, 5u, dtype);
        DeviceBuffer x_d = upload_at(x, dtype, 1);
        DeviceBuffer dy_d = upload_at(dy, dtype, 2);
        DeviceBuffer out_d = upload_at(std::vector<double>(n, 0.0), dtype, 0);
        for (bool nan_fill : {false, true}) {
            kernels::LogitGradArgs args;
            args.geometry = contiguous_geometry(n);
            args.dtype = dtype;
            args.out = at(out_d, dtype, 0);
            args.x = at(x_d, dtype, 1);
            args.dy = at(dy_d, dtype, 2);
            args.lo = nan_fill ? 0.0f : 0.05f;
            args.hi = nan_fill ? 1.0f : 0.95f;
            args.nan_fill = nan_fill;
            ASSERT_EQ(gpu().logit_grad(args, native()), 0);
            synchronize();
            std::vector<double> expected(n);
            for (int64_t i = 0; i < n; ++i) {
                expected[i] = round_to_dtype(
                    ref_logit_grad(x[i], dy[i], args.lo, args.hi, nan_fill), acl_of(dtype));
            }
            expect_close(download_at(out_d, dtype, 0, n), expected, acl_of(dtype));
        }
    }
}

// A transposed operand, a broadcast one (stride 0) and a negative stride, through the strided
// kernel: out[i][j] = f(a[j][i], b[j]) over a [rows, cols] output.
TEST_P(GpuLaunchers, StridedTransposedBroadcastAndNegativeOperands) {
    const DType dtype = DType::Float32;
    const int64_t rows = 37;
    const int64_t cols = 53;
    const std::vector<double> a = values(rows * cols, -4.0, 4.0, 17u, dtype);  // [cols][rows]
    const std::vector<double> b = values(cols, -1.0, 1.0, 19u, dtype);
    DeviceBuffer a_d = upload_at(a, dtype, 0);
    DeviceBuffer b_d = upload_at(b, dtype, 0);
    DeviceBuffer out_d = upload_at(std::vector<double>(rows * cols, 0.0), dtype, 0);
    kernels::LogSigmoidBackwardArgs args;
    args.dtype = dtype;
    kernels::ElementwiseGeometry& g = args.geometry;
    g.numel = rows * cols;
    g.ndim = 2;
    g.sizes[0] = rows;
    g.sizes[1] = cols;
    g.strides[0][0] = cols;  // out: row-major
    g.strides[0][1] = 1;
    g.strides[1][0] = 0;  // grad_output = b[j], read back to front: b + (cols - 1) - j
    g.strides[1][1] = -1;
    g.strides[2][0] = 1;  // self = a transposed
    g.strides[2][1] = rows;
    args.grad_input = out_d.get();
    args.grad_output = static_cast<float*>(b_d.get()) + (cols - 1);
    args.self = a_d.get();
    ASSERT_EQ(gpu().log_sigmoid_backward(args, native()), 0);
    synchronize();
    std::vector<double> expected(rows * cols);
    for (int64_t i = 0; i < rows; ++i) {
        for (int64_t j = 0; j < cols; ++j) {
            expected[i * cols + j] = ref_log_sigmoid_backward(b[cols - 1 - j], a[j * rows + i]);
        }
    }
    expect_close(download_at(out_d, dtype, 0, rows * cols), expected, ACL_FLOAT);
}

// out[n, c, i] = sum of grad_output[n, c, j] over j in [ceil(i S - 0.5), ceil((i+1) S - 0.5)),
// the bounds in float and clamped to L_out, for both algorithms.
TEST_P(GpuLaunchers, UpsampleGatherAndScatterMatchTheReference) {
    struct Case {
        int64_t l_in, l_out;
        float scale;
    };
    for (DType dtype : {DType::Float32, DType::Float16}) {
        for (Case k : {Case{16, 40, 2.5f}, Case{40, 16, 0.4f}, Case{7, 7, 1.0f}}) {
            for (auto algorithm :
                 {kernels::UpsampleAlgorithm::Gather, kernels::UpsampleAlgorithm::AtomicScatter}) {
                SCOPED_TRACE(
                    std::string(label(dtype)) + " L_in " + std::to_string(k.l_in) + " L_out "
                    + std::to_string(k.l_out)
                    + (algorithm == kernels::UpsampleAlgorithm::Gather ? " gather" : " scatter"));
                const int64_t n = 2;
                const int64_t c = 3;
                const std::vector<double> go = values(n * c * k.l_out, -1.0, 1.0, 23u, dtype);
                DeviceBuffer go_d = upload_at(go, dtype, 0);
                DeviceBuffer out_d = upload_at(std::vector<double>(n * c * k.l_in, 0.0), dtype, 0);
                kernels::UpsampleNearestExact1dBackwardArgs args;
                args.n = n;
                args.c = c;
                args.l_in = k.l_in;
                args.l_out = k.l_out;
                args.scale = k.scale;
                args.dtype = dtype;
                args.algorithm = algorithm;
                args.grad_output = go_d.get();
                args.grad_output_strides[0] = c * k.l_out;
                args.grad_output_strides[1] = k.l_out;
                args.grad_output_strides[2] = 1;
                args.out = out_d.get();
                args.out_strides[0] = c * k.l_in;
                args.out_strides[1] = k.l_in;
                args.out_strides[2] = 1;
                DeviceBuffer workspace(
                    gpu().upsample_nearest_exact1d_backward_workspace_bytes(args));
                ASSERT_EQ(gpu().upsample_nearest_exact1d_backward(args, workspace.get(), native()),
                          0);
                synchronize();
                const auto bound = [&](int64_t i) {
                    const float v = std::ceil(static_cast<float>(i) * k.scale - 0.5f);
                    return std::min<int64_t>(static_cast<int64_t>(v), k.l_out);
                };
                std::vector<double> expected(n * c * k.l_in);
                for (int64_t row = 0; row < n * c; ++row) {
                    for (int64_t i = 0; i < k.l_in; ++i) {
                        double sum = 0.0;
                        for (int64_t j = bound(i); j < bound(i + 1); ++j) {
                            sum += go[row * k.l_out + j];
                        }
                        expected[row * k.l_in + i] = round_to_dtype(sum, acl_of(dtype));
                    }
                }
                expect_close(download_at(out_d, dtype, 0, n * c * k.l_in), expected, acl_of(dtype));
            }
        }
    }
}

// The three stage-1 kernels of BatchNormReduceBackward: NC-major rows with 16-byte vectors,
// the same rows misaligned (scalar loads), and channels-last; every output requested.
TEST_P(GpuLaunchers, BatchNormStageOneKernelsMatchTheReference) {
    struct Layout {
        const char* name;
        bool channels_last;
        size_t offset;  // elements: 1 breaks the vector path's alignment
    };
    const int64_t batch = 3;
    const int64_t channels = 5;
    const int64_t spatial = 24;  // a multiple of every dtype's vector width
    for (DType dtype : {DType::Float32, DType::BFloat16}) {
        for (Layout layout : {Layout{"NCL vectors", false, 0},
                              Layout{"NCL misaligned", false, 1},
                              Layout{"NLC", true, 0}}) {
            SCOPED_TRACE(std::string(label(dtype)) + " " + layout.name);
            const int64_t total = batch * channels * spatial;
            const std::vector<double> dy = values(total, -1.0, 1.0, 29u, dtype);
            const std::vector<double> x = values(total, -2.0, 2.0, 31u, dtype);
            const std::vector<double> mean = values(channels, -0.5, 0.5, 37u, DType::Float32);
            const std::vector<double> invstd = values(channels, 0.5, 2.0, 41u, DType::Float32);
            DeviceBuffer dy_d = upload_at(dy, dtype, layout.offset);
            DeviceBuffer x_d = upload_at(x, dtype, layout.offset);
            DeviceBuffer mean_d = upload_at(mean, DType::Float32, 0);
            DeviceBuffer invstd_d = upload_at(invstd, DType::Float32, 0);
            DeviceBuffer outs[4];
            for (auto& o : outs) {
                o = upload_at(std::vector<double>(channels, 0.0), DType::Float32, 0);
            }
            kernels::BatchNormReduceBackwardArgs a;
            a.channels = channels;
            a.reduce_numel = batch * spatial;
            a.reduce_ndim = 2;
            a.reduce_sizes[0] = batch;
            a.reduce_sizes[1] = spatial;
            // Element (n, c, l) of the logical [N, C, L] tensor.
            const int64_t s_n = channels * spatial;
            const int64_t s_c = layout.channels_last ? 1 : spatial;
            const int64_t s_l = layout.channels_last ? channels : 1;
            a.dy_reduce_strides[0] = a.x_reduce_strides[0] = s_n;
            a.dy_reduce_strides[1] = a.x_reduce_strides[1] = s_l;
            a.dy_channel_stride = a.x_channel_stride = s_c;
            a.io_dtype = dtype;
            a.dy = at(dy_d, dtype, layout.offset);
            a.x = at(x_d, dtype, layout.offset);
            a.mean = {mean_d.get(), DType::Float32, 1};
            a.invstd = {invstd_d.get(), DType::Float32, 1};
            a.sum_dy = {outs[0].get(), DType::Float32, 1};
            a.sum_dy_xmu = {outs[1].get(), DType::Float32, 1};
            a.grad_weight = {outs[2].get(), DType::Float32, 1};
            a.grad_bias = {outs[3].get(), DType::Float32, 1};
            DeviceBuffer partials(gpu().batch_norm_reduce_backward_workspace_bytes(a));
            ASSERT_EQ(gpu().batch_norm_reduce_backward(a, partials.get(), native()), 0);
            synchronize();
            std::vector<double> expected[4];
            for (auto& e : expected) {
                e.assign(channels, 0.0);
            }
            for (int64_t c = 0; c < channels; ++c) {
                double sum_dy = 0.0;
                double sum_dy_xmu = 0.0;
                for (int64_t n = 0; n < batch; ++n) {
                    for (int64_t l = 0; l < spatial; ++l) {
                        const int64_t i = n * s_n + c * s_c + l * s_l;
                        sum_dy += dy[i];
                        sum_dy_xmu += dy[i] * (x[i] - mean[c]);
                    }
                }
                expected[0][c] = sum_dy;
                expected[1][c] = sum_dy_xmu;
                expected[2][c] = sum_dy_xmu * invstd[c];
                expected[3][c] = sum_dy;
            }
            for (int o = 0; o < 4; ++o) {
                SCOPED_TRACE("output " + std::to_string(o));
                EXPECT_TRUE(all_close(download_at(outs[o], DType::Float32, 0, channels),
                                      expected[o],
                                      Tolerance{1e-4, 1e-4}));
            }
        }
    }
}

ACLEMU_INSTANTIATE_GPU_ONLY(GpuLaunchers);

}  // namespace
}  // namespace aclemu::test
