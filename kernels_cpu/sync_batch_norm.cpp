// CPU kernels of the SyncBatchNorm family over kernels_cu/math/sync_batch_norm.h. Work is cut
// into (channel, chunk) items of kBatchNormStatsChunk reduce elements: a pure function of the
// shape, so BatchNormStats' moments are bitwise reproducible whatever the thread count. Within
// an item the reduce range is walked in runs along the innermost merged dim (for_each_run), so
// an NCHW tensor streams whole H*W rows with unit stride.
//  - Stats: each chunk is widened into a float buffer, then two passes (sum, then squared
//    deviations from the chunk's mean) in 8 independent lanes; chunks merge in order (Chan).
//  - Gather: one channel at a time (O(world * C)).
//  - Elemt, ElemtBackward: per-element transforms with the channel's parameters hoisted.
#include "kernels_cu/math/sync_batch_norm.h"

#include "kernels_cpu/cpu_kernels.h"
#include "kernels_cpu/cpu_parallel.h"
#include "kernels_cu/math/dtype.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace aclemu::kernels::cpu {
namespace {

constexpr int64_t kChunk = kBatchNormStatsChunk;
constexpr int kLanes = 8;

int64_t chunks_per_channel(const ChannelGeometry& g) {
    return g.reduce_numel > 0 ? (g.reduce_numel + kChunk - 1) / kChunk : 0;
}

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
    const int64_t chunks = chunks_per_channel(g);
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
                for (int64_t i = 0; i < count; ++i) {
                    out[i] = to_float(p[i]);
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

template <typename T>
void elemt_typed(const BatchNormElemtArgs& a, int threads) {
    const ChannelGeometry& g = a.geometry;
    const int64_t chunks = chunks_per_channel(g);
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
                for (int64_t i = 0; i < count; ++i) {
                    o[i] = from_float<T>(bn_elemt(p, to_float(x[i])));
                }
            } else {
                for (int64_t i = 0; i < count; ++i) {
                    o[i * out_step] = from_float<T>(bn_elemt(p, to_float(x[i * in_step])));
                }
            }
        });
    });
}

template <typename T>
void elemt_backward_typed(const BatchNormElemtBackwardArgs& a, int threads) {
    const ChannelGeometry& g = a.geometry;
    const int64_t chunks = chunks_per_channel(g);
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
                for (int64_t i = 0; i < count; ++i) {
                    o[i] = from_float<T>(bn_elemt_backward(p, to_float(d[i]), to_float(v[i])));
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

}  // namespace

size_t batch_norm_stats_workspace_bytes(const BatchNormStatsArgs& args) {
    const size_t items =
        saturating_mul<size_t>(static_cast<size_t>(args.geometry.channels),
                               static_cast<size_t>(chunks_per_channel(args.geometry)));
    return saturating_mul<size_t>(items, sizeof(BnMoments));
}

void batch_norm_stats(const BatchNormStatsArgs& args, void* workspace, int threads) {
    if (args.geometry.reduce_numel == 0) {
        for (int64_t c = 0; c < args.geometry.channels; ++c) {
            bn_store_stats(args, c, BnMoments{0.0f, 0.0f, 0.0f});
        }
        return;
    }
    switch_type(args.dtype, [&](auto type) {
        stats_typed<decltype(type)>(args, static_cast<BnMoments*>(workspace), threads);
    });
}

void batch_norm_gather_stats(const BatchNormGatherStatsArgs& args) {
    for (int64_t c = 0; c < args.channels; ++c) {
        bn_gather_channel(args, c);
    }
}

void batch_norm_elemt(const BatchNormElemtArgs& args, int threads) {
    switch_type(args.dtype, [&](auto type) { elemt_typed<decltype(type)>(args, threads); });
}

void batch_norm_elemt_backward(const BatchNormElemtBackwardArgs& args, int threads) {
    switch_type(args.dtype,
                [&](auto type) { elemt_backward_typed<decltype(type)>(args, threads); });
}

}  // namespace aclemu::kernels::cpu
