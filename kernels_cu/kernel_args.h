// Plain parameter structs passed from the operator layer (ops/) to the kernels (kernels_cpu/,
// kernels_cu/). Raw pointers, sizes and strides in elements only: kernels never see an
// aclTensor, and ops/ never sees a CUDA type. Host-compilable with any compiler.
#pragma once

#include "aclemu/checked_math.h"

#include <cstdint>

namespace aclemu::kernels {

/// Element types the kernels handle. Values equal aclDataType's.
enum class DType : int32_t { Float32 = 0, Float16 = 1, BFloat16 = 27 };

inline int dtype_size(DType t) {
    return t == DType::Float32 ? 4 : 2;
}

/// Most dimensions an operand may have after the planner merged every mergeable pair.
constexpr int kMaxDims = 16;

/// Shared iteration space of an elementwise op: `ndim` dims of `sizes` (outermost first), each
/// operand with its own strides in elements (any sign; 0 = broadcast). `contiguous` means every
/// operand is dense, in the same order, with ndim == 1 and stride 1: the vectorized path.
struct ElementwiseGeometry {
    int64_t numel = 0;
    int32_t ndim = 0;
    bool contiguous = false;
    int64_t sizes[kMaxDims] = {};
    int64_t strides[3][kMaxDims] = {};  // [operand][dim]; operand order as in the op's args
};

/// gradInput = gradOutput * sigmoid(-self). Operands: 0 = grad_input (out), 1 = grad_output,
/// 2 = self. All three share `dtype`.
struct LogSigmoidBackwardArgs {
    ElementwiseGeometry geometry;
    DType dtype = DType::Float32;
    void* grad_input = nullptr;
    const void* grad_output = nullptr;
    const void* self = nullptr;
};

/// out = in range [lo, hi] ? dy / (x (1 - x)) : fill. Operands: 0 = out, 1 = x, 2 = dy.
/// `nan_fill` false: fill is 0.
struct LogitGradArgs {
    ElementwiseGeometry geometry;
    DType dtype = DType::Float32;
    void* out = nullptr;
    const void* x = nullptr;
    const void* dy = nullptr;
    float lo = 0.0f;
    float hi = 1.0f;
    bool nan_fill = true;
};

/// out = sigmoid(self) (aclnnSigmoid, aclnnInplaceSigmoid: out may be self). Operands: 0 = out,
/// 1 = self, 2 = self again (the elementwise loops are binary; the functor ignores it).
struct SigmoidArgs {
    ElementwiseGeometry geometry;
    DType dtype = DType::Float32;
    void* out = nullptr;
    const void* self = nullptr;
};

/// out = log(sigmoid(self)). Operands as SigmoidArgs.
struct LogSigmoidArgs {
    ElementwiseGeometry geometry;
    DType dtype = DType::Float32;
    void* out = nullptr;
    const void* self = nullptr;
};

/// out = ln(z / (1 - z)), z = clamp ? self clamped to [lo, hi] : self. Operands as SigmoidArgs.
struct LogitArgs {
    ElementwiseGeometry geometry;
    DType dtype = DType::Float32;
    void* out = nullptr;
    const void* self = nullptr;
    float lo = 0.0f;
    float hi = 1.0f;
    bool clamp = false;
};

/// gradInput = gradOutput * (1 - output) * output. Operands: 0 = grad_input (out),
/// 1 = grad_output, 2 = output.
struct SigmoidBackwardArgs {
    ElementwiseGeometry geometry;
    DType dtype = DType::Float32;
    void* grad_input = nullptr;
    const void* grad_output = nullptr;
    const void* output = nullptr;
};

/// A 1-D tensor of length C (mean, invstd, or an output). data == nullptr: absent.
struct ChannelVector {
    void* data = nullptr;
    DType dtype = DType::Float32;
    int64_t stride = 1;
};

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

enum class UpsampleAlgorithm : int32_t {
    Gather = 0,         // one output per thread, fp32 sum of its source run: deterministic
    AtomicScatter = 1,  // one source per thread, fp32 atomics into the workspace: measured only
};

/// out[n, c, i] = sum over j in [lo(i), hi(i)) of grad_output[n, c, j], with
/// lo(i) = min(ceil(i * scale - 0.5), l_out) computed in float. Strides in elements.
struct UpsampleNearestExact1dBackwardArgs {
    int64_t n = 0, c = 0, l_in = 0, l_out = 0;
    float scale = 1.0f;
    DType dtype = DType::Float32;
    const void* grad_output = nullptr;
    int64_t grad_output_strides[3] = {};
    void* out = nullptr;
    int64_t out_strides[3] = {};
    UpsampleAlgorithm algorithm = UpsampleAlgorithm::Gather;
};

/// out[n, c, j] = self[n, c, exact_fw_source_index(j)] (UpsampleNearestExact1d), the index
/// rule of the backward with the same fp32 scale. Strides in elements.
struct UpsampleNearestExact1dArgs {
    int64_t n = 0, c = 0, l_in = 0, l_out = 0;
    float scale = 1.0f;
    DType dtype = DType::Float32;
    const void* self = nullptr;
    int64_t self_strides[3] = {};
    void* out = nullptr;
    int64_t out_strides[3] = {};
};

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

/// The least traffic a kernel can have: every input element read once and every output element
/// written once (broadcast or repeated reads and the O(C) BatchNorm vectors not counted). The
/// operators use it to tell short kernels from long ones.
/// Saturates at UINT64_MAX rather than overflowing (the sizes come from the caller's tensors).
inline uint64_t min_traffic_bytes(const ElementwiseGeometry& g, DType dtype) {
    return saturating_mul<uint64_t>(g.numel, 3 * dtype_size(dtype));  // two inputs, one output
}
inline uint64_t min_traffic_bytes(const BatchNormReduceBackwardArgs& a) {
    const uint64_t elements = saturating_mul<uint64_t>(a.channels, a.reduce_numel);
    return saturating_mul<uint64_t>(elements, 2 * dtype_size(a.io_dtype));
}
inline uint64_t min_traffic_bytes(const UpsampleNearestExact1dBackwardArgs& a) {
    const uint64_t rows = saturating_mul<uint64_t>(a.n, a.c);
    const uint64_t lengths = saturating_add<uint64_t>(a.l_in, a.l_out);
    return saturating_mul<uint64_t>(saturating_mul<uint64_t>(rows, lengths), dtype_size(a.dtype));
}

inline uint64_t min_traffic_bytes(const UpsampleNearestExact1dArgs& a) {
    const uint64_t rows = saturating_mul<uint64_t>(a.n, a.c);
    const uint64_t lengths = saturating_add<uint64_t>(a.l_in, a.l_out);
    return saturating_mul<uint64_t>(saturating_mul<uint64_t>(rows, lengths), dtype_size(a.dtype));
}

inline uint64_t min_traffic_bytes(const ChannelGeometry& g, DType dtype, int operands) {
    const uint64_t elements = saturating_mul<uint64_t>(g.channels, g.reduce_numel);
    return saturating_mul<uint64_t>(elements, operands * dtype_size(dtype));
}

}  // namespace aclemu::kernels
