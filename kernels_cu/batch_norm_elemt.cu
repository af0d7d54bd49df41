// GPU aclnnBatchNormElemt over kernels_cu/math/sync_batch_norm.h: grid-stride over C * R
// elements.
#include "kernels_cu/common.cuh"
#include "kernels_cu/launch.h"
#include "kernels_cu/math/sync_batch_norm.h"

#include <cstdint>

namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE {
namespace {

constexpr int kThreads = 256;

template <typename T>
__global__ void __launch_bounds__(kThreads) batch_norm_elemt_elements(const BatchNormElemtArgs a) {
    const ChannelGeometry& g = a.geometry;
    const int64_t total = g.channels * g.reduce_numel;
    for (int64_t idx = static_cast<int64_t>(blockIdx.x) * kThreads + threadIdx.x; idx < total;
         idx += static_cast<int64_t>(gridDim.x) * kThreads) {
        const int64_t c = idx / g.reduce_numel;
        const int64_t k = idx - c * g.reduce_numel;
        const BnElemtChannel p = bn_elemt_channel(a, c);
        const T* x = static_cast<const T*>(a.input) + c * g.channel_strides[1];
        T* out = static_cast<T*>(a.out) + c * g.channel_strides[0];
        out[channel_reduce_offset(g, 0, k)] =
            from_float<T>(bn_elemt(p, to_float(x[channel_reduce_offset(g, 1, k)])));
    }
}

}  // namespace

int launch_batch_norm_elemt(const BatchNormElemtArgs& args, void* stream) {
    const int64_t total = args.geometry.channels * args.geometry.reduce_numel;
    if (total == 0) {
        return 0;
    }
    const auto s = static_cast<gpuStream_t>(stream);
    return switch_dtype(args.dtype, [&](auto type) {
        using T = decltype(type);
        clear_stale_error();
        ACLEMU_LAUNCH(grid_for(total, kThreads), kThreads, 0, s, batch_norm_elemt_elements<T>)
        (args);
        return launch_status();
    });
}

}  // namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE
