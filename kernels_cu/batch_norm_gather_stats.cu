// GPU aclnnBatchNormGatherStatsWithCounts over kernels_cu/math/sync_batch_norm.h: one thread per
// channel (O(world) each).
#include "kernels_cu/common.cuh"
#include "kernels_cu/launch.h"
#include "kernels_cu/math/sync_batch_norm.h"

#include <cstdint>

namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE {
namespace {

constexpr int kThreads = 256;

__global__ void __launch_bounds__(kThreads)
    batch_norm_gather_stats_channels(const BatchNormGatherStatsArgs a) {
    for (int64_t c = static_cast<int64_t>(blockIdx.x) * kThreads + threadIdx.x; c < a.channels;
         c += static_cast<int64_t>(gridDim.x) * kThreads) {
        bn_gather_channel(a, c);
    }
}

}  // namespace

int launch_batch_norm_gather_stats(const BatchNormGatherStatsArgs& args, void* stream) {
    if (args.channels == 0) {
        return 0;
    }
    clear_stale_error();
    ACLEMU_LAUNCH(grid_for(args.channels, kThreads),
                  kThreads,
                  0,
                  static_cast<gpuStream_t>(stream),
                  batch_norm_gather_stats_channels)
    (args);
    return launch_status();
}

}  // namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE
