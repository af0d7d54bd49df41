// CPU aclnnBatchNormStats over kernels_cu/math/sync_batch_norm.h: each (channel, chunk) item is
// widened into a float buffer, then two passes (sum, then squared deviations from the chunk's
// mean) in 8 independent lanes; chunks merge in order (Chan), so the moments are bitwise
// reproducible whatever the thread count. Unit-stride runs widen in blocks (cpu_convert.h: F16C
// for fp16, where element by element dtype.h's portable fp16 conversion cost more than the sums).
#include "kernels_cpu/channel_runs.h"
#include "kernels_cpu/cpu_convert.h"
#include "kernels_cpu/cpu_kernels.h"
#include "kernels_cpu/cpu_parallel.h"
#include "kernels_cu/math/sync_batch_norm.h"

#include <algorithm>
#include <cstdint>
#include <type_traits>
#include <vector>

namespace aclemu::kernels::cpu {
namespace {

using channel_runs::for_each_run;

constexpr int64_t kChunk = kBatchNormStatsChunk;
constexpr int kLanes = 8;

// Sum of buf[0, n) in kLanes independent lanes (vectorizes; the lane split is fixed).
float lane_sum(const float* buf, int64_t n, float center) {
    float lanes[kLanes] = {};
    int64_t i = 0;
    for (; i + kLanes <= n; i += kLanes) {
        for (int l = 0; l < kLanes; ++l) {
            const float d = buf[i + l] - center;
            lanes[l] += d;
        }
    }
    for (; i < n; ++i) {
        lanes[0] += buf[i] - center;
    }
    float s = 0.0f;
    for (int l = 0; l < kLanes; ++l) {
        s += lanes[l];
    }
    return s;
}

float lane_square_sum(const float* buf, int64_t n, float center) {
    float lanes[kLanes] = {};
    int64_t i = 0;
    for (; i + kLanes <= n; i += kLanes) {
        for (int l = 0; l < kLanes; ++l) {
            const float d = buf[i + l] - center;
            lanes[l] += d * d;
        }
    }
    for (; i < n; ++i) {
        const float d = buf[i] - center;
        lanes[0] += d * d;
    }
    float s = 0.0f;
    for (int l = 0; l < kLanes; ++l) {
        s += lanes[l];
    }
    return s;
}

template <typename T>
void stats_typed(const BatchNormStatsArgs& a, BnMoments* partials, int threads) {
    const ChannelGeometry& g = a.geometry;
    const int64_t chunks = bn_chunks_per_channel(g);
    const int64_t inner_stride = g.reduce_ndim > 0 ? g.reduce_strides[0][g.reduce_ndim - 1] : 0;
    parallel_for_chunks(g.channels * chunks, threads, [&](int64_t item) {
        thread_local std::vector<float> buf;
        buf.resize(static_cast<size_t>(kChunk));
        const int64_t c = item / chunks;
        const int64_t chunk = item - c * chunks;
        const int64_t begin = chunk * kChunk;
        const int64_t end = std::min(begin + kChunk, g.reduce_numel);
        const T* base = static_cast<const T*>(a.input) + c * g.channel_strides[0];
        float* out = buf.data();
        for_each_run<1>(g, begin, end, [&](const int64_t* off, int64_t count) {
            const T* p = base + off[0];
            if (inner_stride == 1) {
                // Only sums follow: a signaling NaN quieted on the way gives the same bits.
                if constexpr (std::is_same_v<T, Half>) {
                    widen_half_for_math(p, out, count);
                } else {
                    widen(p, out, count);
                }
            } else {
                for (int64_t i = 0; i < count; ++i) {
                    out[i] = to_float(p[i * inner_stride]);
                }
            }
            out += count;
        });
        const int64_t n = end - begin;
        const float mean = lane_sum(buf.data(), n, 0.0f) / static_cast<float>(n);
        const float m2 = lane_square_sum(buf.data(), n, mean);
        partials[item] = BnMoments{static_cast<float>(n), mean, m2};
    });
    parallel_for(g.channels, 64, threads, [&](int64_t begin, int64_t end) {
        for (int64_t c = begin; c < end; ++c) {
            BnMoments m{0.0f, 0.0f, 0.0f};
            for (int64_t k = 0; k < chunks; ++k) {
                m = bn_merge(m, partials[c * chunks + k]);
            }
            bn_store_stats(a, c, m);
        }
    });
}

}  // namespace

size_t batch_norm_stats_workspace_bytes(const BatchNormStatsArgs& args) {
    const size_t items =
        saturating_mul<size_t>(static_cast<size_t>(args.geometry.channels),
                               static_cast<size_t>(bn_chunks_per_channel(args.geometry)));
    return saturating_mul<size_t>(items, sizeof(BnMoments));
}

void batch_norm_stats(const BatchNormStatsArgs& args, void* workspace, int threads) {
    if (args.geometry.reduce_numel == 0) {
        for (int64_t c = 0; c < args.geometry.channels; ++c) {
            bn_store_stats(args, c, BnMoments{0.0f, 0.0f, 0.0f});
        }
        return;
    }
    channel_runs::switch_type(args.dtype, [&](auto type) {
        stats_typed<decltype(type)>(args, static_cast<BnMoments*>(workspace), threads);
    });
}

}  // namespace aclemu::kernels::cpu
