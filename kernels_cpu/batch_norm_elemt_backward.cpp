// CPU aclnnBatchNormElemtBackward over kernels_cu/math/sync_batch_norm.h: a per-element transform
// with the channel's coefficients hoisted, over (channel, chunk) items
// (kernels_cpu/channel_runs.h); unit-stride 16-bit runs are staged through float blocks
// (channel_runs::staged_run).
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
void elemt_backward_typed(const BatchNormElemtBackwardArgs& a, int threads) {
    const ChannelGeometry& g = a.geometry;
    const int64_t chunks = bn_chunks_per_channel(g);
    const int last = g.reduce_ndim - 1;
    const int64_t steps[3] = {g.reduce_ndim > 0 ? g.reduce_strides[0][last] : 0,
                              g.reduce_ndim > 0 ? g.reduce_strides[1][last] : 0,
                              g.reduce_ndim > 0 ? g.reduce_strides[2][last] : 0};
    const bool unit = steps[0] == 1 && steps[1] == 1 && steps[2] == 1;
    const float n = bn_counter_total(a);
    parallel_for_chunks(g.channels * chunks, threads, [&](int64_t item) {
        const int64_t c = item / chunks;
        const int64_t begin = (item - c * chunks) * kChunk;
        const int64_t end = std::min(begin + kChunk, g.reduce_numel);
        const BnElemtBackwardChannel p = bn_elemt_backward_channel(a, c, n);
        T* gi = static_cast<T*>(a.grad_input) + c * g.channel_strides[0];
        const T* dy = static_cast<const T*>(a.grad_out) + c * g.channel_strides[1];
        const T* x = static_cast<const T*>(a.input) + c * g.channel_strides[2];
        for_each_run<3>(g, begin, end, [&](const int64_t* off, int64_t count) {
            T* o = gi + off[0];
            const T* d = dy + off[1];
            const T* v = x + off[2];
            if (unit) {
                if constexpr (std::is_same_v<T, float>) {
                    for (int64_t i = 0; i < count; ++i) {
                        o[i] = bn_elemt_backward(p, d[i], v[i]);
                    }
                } else {
                    channel_runs::staged_run<2>(o, d, v, count, [&p](float dyv, float xv) {
                        return bn_elemt_backward(p, dyv, xv);
                    });
                }
            } else {
                for (int64_t i = 0; i < count; ++i) {
                    o[i * steps[0]] = from_float<T>(
                        bn_elemt_backward(p, to_float(d[i * steps[1]]), to_float(v[i * steps[2]])));
                }
            }
        });
    });
}

}  // namespace

void batch_norm_elemt_backward(const BatchNormElemtBackwardArgs& args, int threads) {
    channel_runs::switch_type(
        args.dtype, [&](auto type) { elemt_backward_typed<decltype(type)>(args, threads); });
}

}  // namespace aclemu::kernels::cpu
