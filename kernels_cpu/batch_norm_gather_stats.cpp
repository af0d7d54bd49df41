// CPU aclnnBatchNormGatherStatsWithCounts over kernels_cu/math/sync_batch_norm.h: one channel at
// a time (O(world * C)).
#include "kernels_cpu/cpu_kernels.h"
#include "kernels_cu/math/sync_batch_norm.h"

#include <cstdint>

namespace aclemu::kernels::cpu {

// O(channels * world) work: one thread whatever `threads` says.
void batch_norm_gather_stats(const BatchNormGatherStatsArgs& args, int /*threads*/) {
    for (int64_t c = 0; c < args.channels; ++c) {
        bn_gather_channel(args, c);
    }
}

}  // namespace aclemu::kernels::cpu
