// Per-channel math of the SyncBatchNorm family (BatchNormStats, BatchNormGatherStatsWithCounts,
// BatchNormElemt, BatchNormElemtBackward), in fp32, shared by the CPU loops and the GPU kernels:
// chunk moments and their merge (Chan et al.: exact for any split, so chunking never changes
// the math, only the rounding), the cross-device merge of (mean, invstd, count), and the
// per-element transforms. Channel vectors load and store through bn_load / bn_store.
#pragma once

#include "kernels_cu/kernel_args.h"
#include "kernels_cu/math/batch_norm_reduce_backward.h"
#include "kernels_cu/math/dtype.h"
#include "kernels_cu/portability.h"

#include <cmath>
#include <cstdint>

namespace aclemu::kernels {

/// The SyncBatchNorm family's view of [N, C, *] tensors of one shape: channel dim 1 with each
/// operand's channel stride, every other dim merged into `reduce_ndim` dims (outermost first)
/// with each operand's strides. Operand order as in the op's args.
struct ChannelGeometry {
    int64_t channels = 0;
    int64_t reduce_numel = 0;  // elements per channel
    int32_t reduce_ndim = 0;
    int64_t reduce_sizes[kMaxDims] = {};
    int64_t reduce_strides[3][kMaxDims] = {};
    int64_t channel_strides[3] = {};
};

/// Elements of a channel's reduce range per statistics chunk (BatchNormStats): a pure constant,
/// so the workspace and the results do not depend on the backend or the thread count.
constexpr int64_t kBatchNormStatsChunk = 16384;

/// One chunk's statistics: its element count, mean and sum of squared deviations (fp32).
struct BnMoments {
    float count;
    float mean;
    float m2;
};

/// mean[c] and invstd[c] = 1 / sqrt(biased var + eps) of `input` (geometry operand 0), per
/// channel; the workspace holds channels * chunks BnMoments.
struct BatchNormStatsArgs {
    ChannelGeometry geometry;
    DType dtype = DType::Float32;
    const void* input = nullptr;
    float eps = 0.0f;
    ChannelVector mean, invstd;
};

/// A [world, C] matrix of per-device statistics (BatchNormGatherStatsWithCounts).
struct ChannelMatrix {
    const void* data = nullptr;
    DType dtype = DType::Float32;
    int64_t row_stride = 0;
    int64_t column_stride = 1;
};

/// Merges `world` devices' (mean, invstd, count) per channel into mean_all and invstd_all, and
/// updates the running statistics that are present (data != nullptr).
struct BatchNormGatherStatsArgs {
    int64_t channels = 0;
    int64_t world = 0;
    ChannelMatrix mean, invstd;
    ChannelVector counts;  // length world
    float momentum = 0.0f;
    float eps = 0.0f;
    ChannelVector running_mean, running_var;
    ChannelVector mean_all, invstd_all;
};

/// out = (input - mean[c]) * invstd[c] * weight[c] + bias[c] (weight 1 and bias 0 when absent).
/// Geometry operands: 0 = out, 1 = input; both of `dtype`.
struct BatchNormElemtArgs {
    ChannelGeometry geometry;
    DType dtype = DType::Float32;
    void* out = nullptr;
    const void* input = nullptr;
    ChannelVector weight, bias, mean, invstd;
};

/// Element type of BatchNormElemtBackward's counter, which may also be INT32.
enum class CounterType : int32_t { Float32 = 0, Float16 = 1, Int32 = 3 };

/// grad_input = (grad_out - sum_dy[c] / n - (input - mean[c]) * invstd[c]^2 * sum_dy_xmu[c] / n)
/// * invstd[c] * weight[c], n = the sum of the counter's `counter_numel` elements (`counter_stride`
/// apart).
/// Geometry operands: 0 = grad_input, 1 = grad_out, 2 = input; all of `dtype`. The GPU's
/// workspace holds the per-channel coefficients (BnElemtBackwardChannel); the CPU needs none.
struct BatchNormElemtBackwardArgs {
    ChannelGeometry geometry;
    DType dtype = DType::Float32;
    void* grad_input = nullptr;
    const void* grad_out = nullptr;
    const void* input = nullptr;
    ChannelVector mean, invstd, weight, sum_dy, sum_dy_xmu;
    const void* counter = nullptr;
    CounterType counter_type = CounterType::Float32;
    int64_t counter_numel = 0;
    int64_t counter_stride = 1;
};

inline uint64_t min_traffic_bytes(const ChannelGeometry& g, DType dtype, int operands) {
    const uint64_t elements = saturating_mul<uint64_t>(g.channels, g.reduce_numel);
    return saturating_mul<uint64_t>(elements, operands * dtype_size(dtype));
}

/// Statistics chunks per channel (kBatchNormStatsChunk reduce elements each; the last may be
/// short): the CPU's and the GPU's work items, so both merge the same pieces.
inline int64_t bn_chunks_per_channel(const ChannelGeometry& g) {
    return g.reduce_numel > 0 ? (g.reduce_numel + kBatchNormStatsChunk - 1) / kBatchNormStatsChunk
                              : 0;
}

/// Element offset, from its channel base, of reduce index k for operand `o`.
ACLEMU_HD int64_t channel_reduce_offset(const ChannelGeometry& g, int o, int64_t k) {
    int64_t off = 0;
    for (int d = g.reduce_ndim - 1; d > 0; --d) {
        const int64_t size = g.reduce_sizes[d];
        off += (k % size) * g.reduce_strides[o][d];
        k /= size;
    }
    return g.reduce_ndim > 0 ? off + k * g.reduce_strides[o][0] : 0;
}

/// The moments of two disjoint sets combined.
ACLEMU_HD BnMoments bn_merge(BnMoments a, BnMoments b) {
    const float n = a.count + b.count;
    if (b.count == 0.0f) {
        return a;
    }
    if (a.count == 0.0f) {
        return b;
    }
    const float delta = b.mean - a.mean;
    const float wb = b.count / n;
    BnMoments r;
    r.count = n;
    r.mean = a.mean + delta * wb;
    r.m2 = a.m2 + b.m2 + delta * delta * a.count * wb;
    return r;
}

/// Stores channel c's mean and invstd from its merged moments: an empty channel gives mean 0 and
/// invstd NaN (0 / 0 variance), as PyTorch's kernels do.
ACLEMU_HD void bn_store_stats(const BatchNormStatsArgs& a, int64_t c, BnMoments m) {
    const float var = m.count > 0.0f ? m.m2 / m.count : bits_float(0x7FC00000u);
    bn_store(a.mean, c, m.count > 0.0f ? m.mean : 0.0f);
    bn_store(a.invstd, c, 1.0f / ::sqrtf(var + a.eps));
}

/// Element (row, c) of a [world, C] matrix, widened to float.
ACLEMU_HD float bn_load(const ChannelMatrix& m, int64_t row, int64_t c) {
    ChannelVector v;
    v.data = const_cast<void*>(m.data);
    v.dtype = m.dtype;
    v.stride = 1;
    const int64_t at = row * m.row_stride + c * m.column_stride;
    return bn_load(v, at);
}

/// BatchNormGatherStatsWithCounts for channel c: the devices' (mean, biased variance
/// 1 / invstd^2 - eps, count) merged in device order, then invstd_all = 1 / sqrt(var + eps)
/// and the running statistics (the unbiased variance for running_var). No devices: mean 0,
/// invstd NaN, running statistics untouched.
ACLEMU_HD void bn_gather_channel(const BatchNormGatherStatsArgs& a, int64_t c) {
    if (a.world == 0) {
        bn_store(a.mean_all, c, 0.0f);
        bn_store(a.invstd_all, c, bits_float(0x7FC00000u));
        return;
    }
    BnMoments acc{0.0f, 0.0f, 0.0f};
    for (int64_t w = 0; w < a.world; ++w) {
        const float count = bn_load(a.counts, w);
        const float s = 1.0f / bn_load(a.invstd, w, c);
        const BnMoments part{count, bn_load(a.mean, w, c), (s * s - a.eps) * count};
        acc = bn_merge(acc, part);
    }
    const float var = acc.m2 / acc.count;
    bn_store(a.mean_all, c, acc.mean);
    bn_store(a.invstd_all, c, 1.0f / ::sqrtf(var + a.eps));
    if (a.running_mean.data != nullptr) {
        const float old = bn_load(a.running_mean, c);
        bn_store(a.running_mean, c, (1.0f - a.momentum) * old + a.momentum * acc.mean);
    }
    if (a.running_var.data != nullptr) {
        const float unbiased = acc.m2 / (acc.count - 1.0f);
        const float old = bn_load(a.running_var, c);
        bn_store(a.running_var, c, (1.0f - a.momentum) * old + a.momentum * unbiased);
    }
}

/// BatchNormElemt's per-channel parameters.
struct BnElemtChannel {
    float mean;
    float invstd;
    float weight;
    float bias;
};

ACLEMU_HD BnElemtChannel bn_elemt_channel(const BatchNormElemtArgs& a, int64_t c) {
    BnElemtChannel p;
    p.mean = bn_load(a.mean, c);
    p.invstd = bn_load(a.invstd, c);
    p.weight = a.weight.data != nullptr ? bn_load(a.weight, c) : 1.0f;
    p.bias = a.bias.data != nullptr ? bn_load(a.bias, c) : 0.0f;
    return p;
}

/// out = ((x - mean) * invstd) * weight + bias.
ACLEMU_HD float bn_elemt(const BnElemtChannel& p, float x) {
    return (x - p.mean) * p.invstd * p.weight + p.bias;
}

/// BatchNormElemtBackward's per-channel coefficients: grad_input = (dy - mean_dy - (x - mean) *
/// k) * scale with mean_dy = sum_dy / n, k = invstd^2 * sum_dy_xmu / n, scale = invstd * weight.
struct BnElemtBackwardChannel {
    float mean;
    float mean_dy;
    float k;
    float scale;
};

/// The counter's sum n (the devices' element counts), in float.
ACLEMU_HD float bn_counter_total(const BatchNormElemtBackwardArgs& a) {
    float n = 0.0f;
    for (int64_t i = 0; i < a.counter_numel; ++i) {
        const int64_t at = i * a.counter_stride;
        switch (a.counter_type) {
            case CounterType::Int32:
                n += static_cast<float>(static_cast<const int32_t*>(a.counter)[at]);
                break;
            case CounterType::Float16:
                n += to_float(static_cast<const Half*>(a.counter)[at]);
                break;
            case CounterType::Float32:
            default:
                n += static_cast<const float*>(a.counter)[at];
                break;
        }
    }
    return n;
}

ACLEMU_HD BnElemtBackwardChannel bn_elemt_backward_channel(const BatchNormElemtBackwardArgs& a,
                                                           int64_t c,
                                                           float n) {
    BnElemtBackwardChannel p;
    const float invstd = bn_load(a.invstd, c);
    const float weight = a.weight.data != nullptr ? bn_load(a.weight, c) : 1.0f;
    p.mean = bn_load(a.mean, c);
    p.mean_dy = bn_load(a.sum_dy, c) / n;
    p.k = invstd * invstd * (bn_load(a.sum_dy_xmu, c) / n);
    p.scale = invstd * weight;
    return p;
}

ACLEMU_HD float bn_elemt_backward(const BnElemtBackwardChannel& p, float dy, float x) {
    return (dy - p.mean_dy - (x - p.mean) * p.k) * p.scale;
}

}  // namespace aclemu::kernels
