// Loops shared by the CPU kernels of the SyncBatchNorm family (kernels_cpu/batch_norm_*.cpp) over
// a ChannelGeometry (kernels_cu/math/sync_batch_norm.h). Work is cut into (channel, chunk) items
// of kBatchNormStatsChunk reduce elements: a pure function of the shape, so results do not
// depend on the thread count. Within an item the reduce range is walked in runs along the
// innermost merged dim (for_each_run), so an NCHW tensor streams whole H*W rows with unit stride.
#pragma once

#include "kernels_cu/math/dtype.h"
#include "kernels_cu/math/sync_batch_norm.h"

#include <algorithm>
#include <cstdint>

namespace aclemu::kernels::cpu::channel_runs {

// Calls run(offsets, count) for the runs of reduce indices [begin, end) along the innermost
// merged dim: offsets[k] is operand k's element offset (from its channel base) of the run's
// first element; consecutive elements are reduce_strides[k][last] apart.
template <int kOperands, typename Run>
void for_each_run(const ChannelGeometry& g, int64_t begin, int64_t end, const Run& run) {
    if (g.reduce_ndim == 0) {  // one element per channel
        if (begin < end) {
            int64_t offsets[kOperands] = {};
            run(offsets, int64_t{1});
        }
        return;
    }
    const int last = g.reduce_ndim - 1;
    const int64_t inner = g.reduce_sizes[last];
    int64_t index[kMaxDims] = {};
    int64_t rest = begin / inner;
    for (int d = last - 1; d >= 0; --d) {
        index[d] = rest % g.reduce_sizes[d];
        rest /= g.reduce_sizes[d];
    }
    int64_t col = begin % inner;
    for (int64_t k = begin; k < end;) {
        int64_t offsets[kOperands];
        for (int o = 0; o < kOperands; ++o) {
            int64_t off = col * g.reduce_strides[o][last];
            for (int d = 0; d < last; ++d) {
                off += index[d] * g.reduce_strides[o][d];
            }
            offsets[o] = off;
        }
        const int64_t count = std::min(inner - col, end - k);
        run(offsets, count);
        k += count;
        col = 0;
        for (int d = last - 1; d >= 0; --d) {  // odometer over the outer dims
            if (++index[d] < g.reduce_sizes[d]) {
                break;
            }
            index[d] = 0;
        }
    }
}

// Calls f(T{}) with the element type of `dtype`.
template <typename F>
void switch_type(DType dtype, const F& f) {
    switch (dtype) {
        case DType::Float32:
            f(float{});
            break;
        case DType::Float16:
            f(Half{});
            break;
        case DType::BFloat16:
            f(BFloat16{});
            break;
    }
}

}  // namespace aclemu::kernels::cpu::channel_runs
