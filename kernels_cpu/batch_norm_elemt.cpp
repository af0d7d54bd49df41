// CPU aclnnBatchNormElemt over kernels_cu/math/sync_batch_norm.h: a per-element transform with
// the channel's parameters hoisted, over (channel, chunk) items (kernels_cpu/channel_runs.h);
// unit-stride 16-bit runs are staged through float blocks (channel_runs::staged_run).
#include "kernels_cpu/channel_runs.h"
#include "kernels_cpu/cpu_kernels.h"
#include "kernels_cpu/cpu_parallel.h"
#include "kernels_cu/math/sync_batch_norm.h"

#include <algorithm>
#include <cstdint>
#include <type_traits>

namespace aclemu::kernels::cpu {
namespace {

using channel_runs::for_each_run;

constexpr int64_t kChunk = kBatchNormStatsChunk;

template <typename T>
void elemt_typed(const BatchNormElemtArgs& a, int threads) {
    const ChannelGeometry& g = a.geometry;
    const int64_t chunks = bn_chunks_per_channel(g);
    const int last = g.reduce_ndim - 1;
    const int64_t out_step = g.reduce_ndim > 0 ? g.reduce_strides[0][last] : 0;
    const int64_t in_step = g.reduce_ndim > 0 ? g.reduce_strides[1][last] : 0;
    parallel_for_chunks(g.channels * chunks, threads, [&](int64_t item) {
        const int64_t c = item / chunks;
        const int64_t begin = (item - c * chunks) * kChunk;
        const int64_t end = std::min(begin + kChunk, g.reduce_numel);
        const BnElemtChannel p = bn_elemt_channel(a, c);
        T* out = static_cast<T*>(a.out) + c * g.channel_strides[0];
        const T* in = static_cast<const T*>(a.input) + c * g.channel_strides[1];
        for_each_run<2>(g, begin, end, [&](const int64_t* off, int64_t count) {
            T* o = out + off[0];
            const T* x = in + off[1];
            if (out_step == 1 && in_step == 1) {
                if constexpr (std::is_same_v<T, float>) {
                    for (int64_t i = 0; i < count; ++i) {
                        o[i] = bn_elemt(p, x[i]);
                    }
                } else {
                    channel_runs::staged_run<1>(
                        o, x, x, count, [&p](float v) { return bn_elemt(p, v); });
                }
            } else {
                for (int64_t i = 0; i < count; ++i) {
                    o[i * out_step] = from_float<T>(bn_elemt(p, to_float(x[i * in_step])));
                }
            }
        });
    });
}

}  // namespace

void batch_norm_elemt(const BatchNormElemtArgs& args, int threads) {
    channel_runs::switch_type(args.dtype,
                              [&](auto type) { elemt_typed<decltype(type)>(args, threads); });
}

}  // namespace aclemu::kernels::cpu
