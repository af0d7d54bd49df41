// The GPU launchers of BatchNormStats, BatchNormElemt and BatchNormElemtBackward called directly
// (no aclTensor), on every path they pick: NC-major layouts with 16-byte vectors (aligned rows)
// or scalar (a misaligned operand, an odd row length, operands of different layouts), rank-1 to
// rank-3 reduce dims and none, statistics over several chunks, channels-last layouts, empty
// reductions. Sizes are chosen for the GPU simulator's tiny profile (ctest runs the suite under
// it too: grid.y of at most 4, 8 blocks per grid), so the loops over grid.y, the splits of one
// channel, the merge's second grid-stride round and the channels-last pass's second round all
// run. References are computed here in double from the dtype-rounded inputs; Elemt and
// ElemtBackward must also give the CPU kernels' bits (their per-element math is the same).
#include "kernels/gpu_launcher_fixture.h"
#include "kernels_cpu/cpu_kernels.h"
#include "kernels_cu/launch.h"
#include "kernels_cu/math/sync_batch_norm.h"
#include "support/compare.h"
#include "support/reference_dtype.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace aclemu::test {
namespace {

using kernels::ChannelGeometry;
using kernels::ChannelVector;

// One operand's layout of the logical tensor [r0, C, r1, r2, ...] (r = the reduce dims).
struct OperandLayout {
    bool channels_last = false;  // channel stride 1 (else the channel dim follows r0)
    size_t offset = 0;           // elements before the view: 1 misaligns it
};

struct Case {
    const char* name;
    int64_t channels;
    std::vector<int64_t> reduce_sizes;
    std::vector<OperandLayout> operands;  // out first; missing ones copy the last
};

// Strides of one operand in elements and the storage it spans (from its offset).
struct Placement {
    std::vector<int64_t> strides;  // of the reduce dims
    int64_t channel_stride = 1;
    int64_t storage = 1;
};

Placement place(const Case& k, const OperandLayout& l) {
    Placement p;
    const int ndim = static_cast<int>(k.reduce_sizes.size());
    p.strides.assign(ndim, 0);
    int64_t next = l.channels_last ? k.channels : 1;
    for (int d = ndim - 1; d >= 0; --d) {
        if (!l.channels_last && d == 0) {
            p.channel_stride = next;
            next *= k.channels;
        }
        p.strides[d] = next;
        next *= k.reduce_sizes[d];
    }
    if (ndim == 0) {
        p.channel_stride = 1;
        next = k.channels;
    }
    p.storage = std::max<int64_t>(next, 1) + static_cast<int64_t>(l.offset);
    return p;
}

int64_t reduce_numel(const Case& k) {
    int64_t n = 1;
    for (int64_t s : k.reduce_sizes) {
        n *= s;
    }
    return n;
}

// Storage offset (from the view's start) of element (c, r) of an operand, r the flattened
// reduce index.
int64_t offset_of(const Case& k, const Placement& p, int64_t c, int64_t r) {
    int64_t off = c * p.channel_stride;
    for (int d = static_cast<int>(k.reduce_sizes.size()) - 1; d >= 0; --d) {
        off += (r % k.reduce_sizes[d]) * p.strides[d];
        r /= k.reduce_sizes[d];
    }
    return off;
}

// The case's operands: `count` placements, the last given layout repeated.
std::vector<OperandLayout> layouts(const Case& k, int count) {
    std::vector<OperandLayout> out;
    for (int o = 0; o < count; ++o) {
        out.push_back(k.operands[std::min<size_t>(o, k.operands.size() - 1)]);
    }
    return out;
}

ChannelGeometry geometry(const Case& k, const std::vector<Placement>& ps) {
    ChannelGeometry g;
    g.channels = k.channels;
    g.reduce_numel = reduce_numel(k);
    g.reduce_ndim = static_cast<int32_t>(k.reduce_sizes.size());
    for (int d = 0; d < g.reduce_ndim; ++d) {
        g.reduce_sizes[d] = k.reduce_sizes[d];
        for (size_t o = 0; o < ps.size(); ++o) {
            g.reduce_strides[o][d] = ps[o].strides[d];
        }
    }
    for (size_t o = 0; o < ps.size(); ++o) {
        g.channel_strides[o] = ps[o].channel_stride;
    }
    return g;
}

// A host copy of dtype-rounded values at an element offset, as the CPU kernels take them.
struct HostBuffer {
    std::vector<uint8_t> bytes;
    HostBuffer(const std::vector<double>& v, DType t, size_t offset) {
        const size_t width = dtype_bytes(acl_of(t));
        bytes.assign(offset * width, 0);
        const std::vector<uint8_t> data = encode_values(v, acl_of(t));
        bytes.insert(bytes.end(), data.begin(), data.end());
    }
    void* at(DType t, size_t offset) { return bytes.data() + offset * dtype_bytes(acl_of(t)); }
    std::vector<double> values(DType t, size_t offset, size_t n) const {
        const size_t width = dtype_bytes(acl_of(t));
        return decode_values(std::vector<uint8_t>(bytes.begin() + offset * width,
                                                  bytes.begin() + (offset + n) * width),
                             acl_of(t));
    }
};

class GpuSyncBatchNormKernels : public GpuLauncherTest {
protected:
    void check_stats(DType dtype, const Case& k);
    void check_elemt(DType dtype, const Case& k);
    void check_elemt_backward(DType dtype, const Case& k);

    // Uploads `values` as `dtype` and keeps a host copy; points `device` and `host` (the same
    // channel vector of the GPU's and the CPU's args) at them.
    void bind(const std::vector<double>& values,
              DType dtype,
              ChannelVector* device,
              ChannelVector* host) {
        device_.push_back(upload_at(values, dtype, 0));
        host_.emplace_back(values, dtype, 0);
        *device = {device_.back().get(), dtype, 1};
        *host = {host_.back().at(dtype, 0), dtype, 1};
    }

    // The output operand (n elements from `offset`) against the double reference and the CPU
    // kernel's bits.
    void expect_output(const DeviceBuffer& device,
                       const HostBuffer& host,
                       DType dtype,
                       size_t offset,
                       size_t n,
                       const std::vector<double>& want) {
        const std::vector<double> got = download_at(device, dtype, offset, n);
        EXPECT_TRUE(all_close(got, want, acl_of(dtype)));
        EXPECT_EQ(got, host.values(dtype, offset, n)) << "the CPU kernel's bits";
    }

private:
    std::vector<DeviceBuffer> device_;
    std::vector<HostBuffer> host_;
};

void GpuSyncBatchNormKernels::check_stats(DType dtype, const Case& k) {
    SCOPED_TRACE(std::string("stats ") + label(dtype) + " " + k.name);
    const OperandLayout l = layouts(k, 1)[0];
    const Placement p = place(k, l);
    const int64_t r = reduce_numel(k);
    // Far from 0 (mean ~10): a sum of squares without centring would lose the variance.
    const std::vector<double> x = values(p.storage - l.offset, 8.0, 12.0, 401u, dtype);
    DeviceBuffer x_d = upload_at(x, dtype, l.offset);
    DeviceBuffer mean_d = upload_at(std::vector<double>(k.channels, 7.0), DType::Float32, 0);
    DeviceBuffer invstd_d = upload_at(std::vector<double>(k.channels, 7.0), DType::Float32, 0);
    kernels::BatchNormStatsArgs a;
    a.geometry = geometry(k, {p});
    a.dtype = dtype;
    a.input = at(x_d, dtype, l.offset);
    a.eps = 1e-5f;
    a.mean = {mean_d.get(), DType::Float32, 1};
    a.invstd = {invstd_d.get(), DType::Float32, 1};
    DeviceBuffer partials(gpu().batch_norm_stats_workspace_bytes(a) + 1);
    ASSERT_EQ(gpu().batch_norm_stats(a, partials.get(), native()), 0);
    synchronize();
    std::vector<double> want_mean(k.channels), want_invstd(k.channels);
    for (int64_t c = 0; c < k.channels; ++c) {
        double sum = 0.0;
        for (int64_t i = 0; i < r; ++i) {
            sum += x[offset_of(k, p, c, i)];
        }
        const double m = sum / static_cast<double>(r);
        double sq = 0.0;
        for (int64_t i = 0; i < r; ++i) {
            const double d = x[offset_of(k, p, c, i)] - m;
            sq += d * d;
        }
        // An empty channel: mean 0, invstd NaN (0 / 0 variance).
        want_mean[c] = r > 0 ? m : 0.0;
        want_invstd[c] = 1.0 / std::sqrt(sq / static_cast<double>(r) + 1e-5);
    }
    EXPECT_TRUE(all_close(
        download_at(mean_d, DType::Float32, 0, k.channels), want_mean, Tolerance{1e-5, 2e-6}));
    EXPECT_TRUE(all_close(
        download_at(invstd_d, DType::Float32, 0, k.channels), want_invstd, Tolerance{1e-6, 1e-4}));
}

const std::vector<double> kChannelValues = {0.5, -1.0, 2.0, 0.25, -0.75, 1.5, 3.0, -2.0, 1.0};

std::vector<double> per_channel(int64_t channels, double scale, double shift) {
    std::vector<double> v(channels);
    for (int64_t c = 0; c < channels; ++c) {
        v[c] = kChannelValues[c % kChannelValues.size()] * scale + shift;
    }
    return v;
}

void GpuSyncBatchNormKernels::check_elemt(DType dtype, const Case& k) {
    SCOPED_TRACE(std::string("elemt ") + label(dtype) + " " + k.name);
    const std::vector<OperandLayout> ls = layouts(k, 2);
    const std::vector<Placement> ps = {place(k, ls[0]), place(k, ls[1])};
    const int64_t r = reduce_numel(k);
    const std::vector<double> x = values(ps[1].storage - ls[1].offset, -4.0, 4.0, 409u, dtype);
    const std::vector<double> out0(ps[0].storage - ls[0].offset, -99.0);
    const std::vector<double> mean = per_channel(k.channels, 1.0, 0.0);
    const std::vector<double> invstd = per_channel(k.channels, 0.5, 2.0);
    // Weight in the input's dtype (as aclnnBatchNormElemt takes it), the rest fp32.
    std::vector<double> weight = per_channel(k.channels, -0.5, 1.0);
    for (double& w : weight) {
        w = round_to_dtype(w, acl_of(dtype));
    }
    const std::vector<double> bias = per_channel(k.channels, 0.25, -0.5);
    DeviceBuffer out_d = upload_at(out0, dtype, ls[0].offset);
    DeviceBuffer x_d = upload_at(x, dtype, ls[1].offset);
    HostBuffer out_h(out0, dtype, ls[0].offset), x_h(x, dtype, ls[1].offset);
    kernels::BatchNormElemtArgs a;
    a.geometry = geometry(k, ps);
    a.dtype = dtype;
    kernels::BatchNormElemtArgs h = a;
    a.out = at(out_d, dtype, ls[0].offset);
    a.input = at(x_d, dtype, ls[1].offset);
    h.out = out_h.at(dtype, ls[0].offset);
    h.input = x_h.at(dtype, ls[1].offset);
    bind(mean, DType::Float32, &a.mean, &h.mean);
    bind(invstd, DType::Float32, &a.invstd, &h.invstd);
    bind(weight, dtype, &a.weight, &h.weight);
    bind(bias, DType::Float32, &a.bias, &h.bias);
    ASSERT_EQ(gpu().batch_norm_elemt(a, native()), 0);
    synchronize();
    kernels::cpu::batch_norm_elemt(h, 1);
    std::vector<double> want = out0;
    for (int64_t c = 0; c < k.channels; ++c) {
        for (int64_t i = 0; i < r; ++i) {
            const double xv = x[offset_of(k, ps[1], c, i)];
            want[offset_of(k, ps[0], c, i)] = (xv - mean[c]) * invstd[c] * weight[c] + bias[c];
        }
    }
    expect_output(out_d, out_h, dtype, ls[0].offset, out0.size(), want);
}

void GpuSyncBatchNormKernels::check_elemt_backward(DType dtype, const Case& k) {
    SCOPED_TRACE(std::string("elemt backward ") + label(dtype) + " " + k.name);
    const std::vector<OperandLayout> ls = layouts(k, 3);
    const std::vector<Placement> ps = {place(k, ls[0]), place(k, ls[1]), place(k, ls[2])};
    const int64_t r = reduce_numel(k);
    const std::vector<double> gi0(ps[0].storage - ls[0].offset, -99.0);
    const std::vector<double> dy = values(ps[1].storage - ls[1].offset, -2.0, 2.0, 419u, dtype);
    const std::vector<double> x = values(ps[2].storage - ls[2].offset, -3.0, 3.0, 421u, dtype);
    const std::vector<double> mean = per_channel(k.channels, 1.0, 0.0);
    const std::vector<double> invstd = per_channel(k.channels, 0.5, 2.0);
    const std::vector<double> weight = per_channel(k.channels, -0.5, 1.0);
    const std::vector<double> sum_dy = per_channel(k.channels, 3.0, 0.5);
    const std::vector<double> sum_dy_xmu = per_channel(k.channels, -2.0, 1.0);
    const std::vector<double> counter = {40.0, 24.0, 96.0};  // n = 160
    DeviceBuffer gi_d = upload_at(gi0, dtype, ls[0].offset);
    DeviceBuffer dy_d = upload_at(dy, dtype, ls[1].offset);
    DeviceBuffer x_d = upload_at(x, dtype, ls[2].offset);
    // The counter in fp16 with fp16 data (CANN allows FLOAT16 counters), else fp32.
    const DType counter_dtype = dtype == DType::Float16 ? DType::Float16 : DType::Float32;
    DeviceBuffer counter_d = upload_at(counter, counter_dtype, 0);
    HostBuffer counter_h(counter, counter_dtype, 0);
    HostBuffer gi_h(gi0, dtype, ls[0].offset), dy_h(dy, dtype, ls[1].offset),
        x_h(x, dtype, ls[2].offset);
    kernels::BatchNormElemtBackwardArgs a;
    a.geometry = geometry(k, ps);
    a.dtype = dtype;
    a.counter_type = counter_dtype == DType::Float16 ? kernels::CounterType::Float16
                                                     : kernels::CounterType::Float32;
    a.counter_numel = 3;
    a.counter_stride = 1;
    kernels::BatchNormElemtBackwardArgs h = a;
    a.grad_input = at(gi_d, dtype, ls[0].offset);
    a.grad_out = at(dy_d, dtype, ls[1].offset);
    a.input = at(x_d, dtype, ls[2].offset);
    a.counter = counter_d.get();
    h.grad_input = gi_h.at(dtype, ls[0].offset);
    h.grad_out = dy_h.at(dtype, ls[1].offset);
    h.input = x_h.at(dtype, ls[2].offset);
    h.counter = counter_h.at(counter_dtype, 0);
    bind(mean, DType::Float32, &a.mean, &h.mean);
    bind(invstd, DType::Float32, &a.invstd, &h.invstd);
    bind(weight, DType::Float32, &a.weight, &h.weight);
    bind(sum_dy, DType::Float32, &a.sum_dy, &h.sum_dy);
    bind(sum_dy_xmu, DType::Float32, &a.sum_dy_xmu, &h.sum_dy_xmu);
    ASSERT_EQ(gpu().batch_norm_elemt_backward(a, native()), 0);
    synchronize();
    kernels::cpu::batch_norm_elemt_backward(h, 1);
    std::vector<double> want = gi0;
    for (int64_t c = 0; c < k.channels; ++c) {
        for (int64_t i = 0; i < r; ++i) {
            const double d = dy[offset_of(k, ps[1], c, i)];
            const double xv = x[offset_of(k, ps[2], c, i)];
            want[offset_of(k, ps[0], c, i)] =
                (d - sum_dy[c] / 160 - (xv - mean[c]) * invstd[c] * invstd[c] * sum_dy_xmu[c] / 160)
                * invstd[c] * weight[c];
        }
    }
    expect_output(gi_d, gi_h, dtype, ls[0].offset, gi0.size(), want);
}

constexpr OperandLayout kNc{false, 0};
constexpr OperandLayout kNcMisaligned{false, 1};
constexpr OperandLayout kLast{true, 0};

// Statistics: several chunks of one channel (16384 elements each), more channels than the tiny
// grid.y, each walk of the rows, and a merge over more channels than one grid round.
TEST_P(GpuSyncBatchNormKernels, StatsEveryPath) {
    const Case cases[] = {
        {"NCL, 3 chunks, 6 channels, vectors", 6, {3, 12000}, {kNc}},
        {"NCL misaligned, scalar", 5, {2, 9000}, {kNcMisaligned}},
        {"N C H W, rank-3 reduce, vectors", 3, {3, 5, 8}, {kNc}},
        {"N C H W, odd rows, scalar", 3, {2, 3, 7}, {kNc}},
        {"channels-last, 2 chunks", 7, {2, 3, 3000}, {kLast}},
        {"no reduce dims", 9, {}, {kNc}},
        {"empty reduction", 5, {0, 4}, {kNc}},
        {"merge over 2100 channels", 2100, {2, 3}, {kNc}},
    };
    for (DType dtype : {DType::Float32, DType::Float16, DType::BFloat16}) {
        for (const Case& k : cases) {
            check_stats(dtype, k);
        }
    }
}

// Elemt and ElemtBackward: several splits per channel (8192+ elements each) over more channels
// than the tiny grid.y, vectors and every reason for scalars, and the channels-last pass past
// one grid round.
TEST_P(GpuSyncBatchNormKernels, ElemtAndBackwardEveryPath) {
    const Case cases[] = {
        {"NCL, 3 splits, 6 channels, vectors", 6, {2, 12000}, {kNc}},
        {"NCL, the input misaligned, scalar", 5, {2, 9000}, {kNc, kNcMisaligned}},
        {"output NCHW, inputs channels-last, scalar", 3, {2, 5, 8}, {kNc, kLast}},
        {"N C H W, rank-3 reduce, vectors", 3, {3, 5, 8}, {kNc}},
        {"N C H W, odd rows, scalar", 6, {2, 3, 7}, {kNc}},
        {"channels-last, past one grid round", 5, {2, 3, 100}, {kLast}},
        {"no reduce dims", 9, {}, {kNc}},
        {"empty reduction", 5, {0, 4}, {kNc}},
    };
    for (DType dtype : {DType::Float32, DType::Float16, DType::BFloat16}) {
        for (const Case& k : cases) {
            check_elemt(dtype, k);
            check_elemt_backward(dtype, k);
        }
    }
}

ACLEMU_INSTANTIATE_GPU_ONLY(GpuSyncBatchNormKernels);

}  // namespace
}  // namespace aclemu::test
