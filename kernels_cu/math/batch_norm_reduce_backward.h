// Per-element math of BatchNormReduceBackward, shared by the CPU loops and the GPU kernels:
// the two fp32 running sums (sum dy, sum dy * (x - mean)), their combination, the four outputs
// of a channel, and typed loads/stores of the per-channel vectors (each may have its own
// dtype). sum_dy_xmu is accumulated directly, never as sum(dy * x) - mean * sum(dy), which
// cancels when |mean| >> std.
#pragma once

#include "kernels_cu/kernel_args.h"
#include "kernels_cu/math/dtype.h"
#include "kernels_cu/portability.h"

#include <cstdint>

namespace aclemu::kernels {

/// Per channel c of dim 1: sum_dy = sum dy, sum_dy_xmu = sum dy * (x - mean[c]) (accumulated
/// directly, in float), grad_weight = sum_dy_xmu * invstd[c], grad_bias = sum_dy, over every
/// other dim. The non-channel dims are merged into `reduce_ndim` dims of `reduce_sizes`.
struct BatchNormReduceBackwardArgs {
    int64_t channels = 0;
    int64_t reduce_numel = 0;  // elements per channel
    int32_t reduce_ndim = 0;
    int64_t reduce_sizes[kMaxDims] = {};
    int64_t dy_reduce_strides[kMaxDims] = {};
    int64_t x_reduce_strides[kMaxDims] = {};
    int64_t dy_channel_stride = 0;
    int64_t x_channel_stride = 0;
    DType io_dtype = DType::Float32;  // dtype of dy and x
    const void* dy = nullptr;
    const void* x = nullptr;
    ChannelVector mean, invstd;
    ChannelVector sum_dy, sum_dy_xmu, grad_weight, grad_bias;  // absent when not requested
};

inline uint64_t min_traffic_bytes(const BatchNormReduceBackwardArgs& a) {
    const uint64_t elements = saturating_mul<uint64_t>(a.channels, a.reduce_numel);
    return saturating_mul<uint64_t>(elements, 2 * dtype_size(a.io_dtype));
}

/// Running sums of one channel (or of a piece of one).
struct BnSums {
    float sum_dy;
    float sum_dy_xmu;
};

ACLEMU_HD BnSums bn_zero() {
    return BnSums{0.0f, 0.0f};
}

ACLEMU_HD void bn_accumulate(BnSums& acc, float dy, float x, float mean) {
    acc.sum_dy += dy;
    acc.sum_dy_xmu += dy * (x - mean);
}

ACLEMU_HD BnSums bn_combine(BnSums a, BnSums b) {
    return BnSums{a.sum_dy + b.sum_dy, a.sum_dy_xmu + b.sum_dy_xmu};
}

/// The four outputs of a channel from its sums and invstd[c].
struct BnChannelResult {
    float sum_dy;
    float sum_dy_xmu;
    float grad_weight;
    float grad_bias;
};

ACLEMU_HD BnChannelResult bn_channel_result(BnSums sums, float invstd) {
    return BnChannelResult{sums.sum_dy, sums.sum_dy_xmu, sums.sum_dy_xmu * invstd, sums.sum_dy};
}

/// Element `index` of a channel vector, widened to float.
ACLEMU_HD float bn_load(const ChannelVector& v, int64_t index) {
    const int64_t at = index * v.stride;
    switch (v.dtype) {
        case DType::Float16:
            return to_float(static_cast<const Half*>(v.data)[at]);
        case DType::BFloat16:
            return to_float(static_cast<const BFloat16*>(v.data)[at]);
        case DType::Float32:
        default:
            return static_cast<const float*>(v.data)[at];
    }
}

/// Stores `value` into element `index` of a channel vector, rounded once (RNE) to its dtype.
/// An absent vector (data == nullptr) is skipped.
ACLEMU_HD void bn_store(const ChannelVector& v, int64_t index, float value) {
    if (v.data == nullptr) {
        return;
    }
    const int64_t at = index * v.stride;
    switch (v.dtype) {
        case DType::Float16:
            static_cast<Half*>(v.data)[at] = from_float<Half>(value);
            break;
        case DType::BFloat16:
            static_cast<BFloat16*>(v.data)[at] = from_float<BFloat16>(value);
            break;
        case DType::Float32:
        default:
            static_cast<float*>(v.data)[at] = value;
            break;
    }
}

/// Writes every requested output of channel c. An empty reduction writes zeros everywhere
/// (grad_weight too, whatever invstd holds: 0 * inf would be NaN).
ACLEMU_HD void bn_store_channel(const BatchNormReduceBackwardArgs& args, int64_t c, BnSums sums) {
    const float invstd = args.reduce_numel > 0 ? bn_load(args.invstd, c) : 0.0f;
    const BnChannelResult r = bn_channel_result(sums, invstd);
    bn_store(args.sum_dy, c, r.sum_dy);
    bn_store(args.sum_dy_xmu, c, r.sum_dy_xmu);
    bn_store(args.grad_weight, c, r.grad_weight);
    bn_store(args.grad_bias, c, r.grad_bias);
}

}  // namespace aclemu::kernels
