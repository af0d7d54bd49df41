// GPU aclnnBatchNormElemtBackward over kernels_cu/math/sync_batch_norm.h: one thread per channel
// computes the coefficients into the workspace, then a grid-stride pass over C * R elements.
#include "kernels_cu/common.cuh"
#include "kernels_cu/launch.h"
#include "kernels_cu/math/sync_batch_norm.h"

#include <cstdint>

namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE {
namespace {

constexpr int kThreads = 256;

__global__ void __launch_bounds__(kThreads)
    batch_norm_elemt_backward_channels(const BatchNormElemtBackwardArgs a,
                                       BnElemtBackwardChannel* coefficients) {
    for (int64_t c = static_cast<int64_t>(blockIdx.x) * kThreads + threadIdx.x;
         c < a.geometry.channels;
         c += static_cast<int64_t>(gridDim.x) * kThreads) {
        coefficients[c] = bn_elemt_backward_channel(a, c, bn_counter_total(a));
    }
}

template <typename T>
__global__ void __launch_bounds__(kThreads)
    batch_norm_elemt_backward_elements(const BatchNormElemtBackwardArgs a,
                                       const BnElemtBackwardChannel* coefficients) {
    const ChannelGeometry& g = a.geometry;
    const int64_t total = g.channels * g.reduce_numel;
    for (int64_t idx = static_cast<int64_t>(blockIdx.x) * kThreads + threadIdx.x; idx < total;
         idx += static_cast<int64_t>(gridDim.x) * kThreads) {
        const int64_t c = idx / g.reduce_numel;
        const int64_t k = idx - c * g.reduce_numel;
        const BnElemtBackwardChannel p = coefficients[c];
        const T* dy = static_cast<const T*>(a.grad_out) + c * g.channel_strides[1];
        const T* x = static_cast<const T*>(a.input) + c * g.channel_strides[2];
        T* gi = static_cast<T*>(a.grad_input) + c * g.channel_strides[0];
        gi[channel_reduce_offset(g, 0, k)] =
            from_float<T>(bn_elemt_backward(p,
                                            to_float(dy[channel_reduce_offset(g, 1, k)]),
                                            to_float(x[channel_reduce_offset(g, 2, k)])));
    }
}

}  // namespace

size_t batch_norm_elemt_backward_workspace_bytes(const BatchNormElemtBackwardArgs& args) {
    return saturating_mul<size_t>(static_cast<size_t>(args.geometry.channels),
                                  sizeof(BnElemtBackwardChannel));
}

int launch_batch_norm_elemt_backward(const BatchNormElemtBackwardArgs& args,
                                     void* workspace,
                                     void* stream) {
    const int64_t total = args.geometry.channels * args.geometry.reduce_numel;
    if (total == 0) {
        return 0;
    }
    const auto s = static_cast<gpuStream_t>(stream);
    auto* coefficients = static_cast<BnElemtBackwardChannel*>(workspace);
    return switch_dtype(args.dtype, [&](auto type) {
        using T = decltype(type);
        clear_stale_error();
        ACLEMU_LAUNCH(grid_for(args.geometry.channels, kThreads),
                      kThreads,
                      0,
                      s,
                      batch_norm_elemt_backward_channels)
        (args, coefficients);
        ACLEMU_LAUNCH(
            grid_for(total, kThreads), kThreads, 0, s, batch_norm_elemt_backward_elements<T>)
        (args, coefficients);
        return launch_status();
    });
}

}  // namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE
