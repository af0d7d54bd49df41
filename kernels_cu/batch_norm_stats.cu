// GPU aclnnBatchNormStats over kernels_cu/math/sync_batch_norm.h. Stage 1: grid (chunk,
// channel); a block walks kBatchNormStatsChunk reduce elements of one channel once
// (kernels_cu/channel_rows.cuh: 16-byte loads where the rows allow, no division per element);
// each thread takes the moments of each vector it loads (two-pass within the registers) and
// merges them into its own (Chan), the block merges its threads' moments (a block reduction with
// the same merge) and writes the chunk's moments to the workspace. Stage 2: one thread per
// channel merges its chunks in order. The chunking is the CPU's, so both backends merge the same
// pieces; no atomics, deterministic. (Holding a chunk in registers for a two-pass instead cost
// ~250 registers a thread, one block per SM, and local memory on the scalar path.)
#include "kernels_cu/channel_rows.cuh"
#include "kernels_cu/common.cuh"
#include "kernels_cu/launch.h"
#include "kernels_cu/math/sync_batch_norm.h"

#include <cstdint>

namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE {
namespace {

constexpr int kThreads = 256;
// Vectors in flight per thread per step (independent of each other).
constexpr int kUnroll = 4;

struct MergeOp {
    ACLEMU_DEVICE BnMoments operator()(const BnMoments& a, const BnMoments& b) const {
        return bn_merge(a, b);
    }
};

// The moments of V values, two-pass within the registers.
template <int V>
ACLEMU_DEVICE BnMoments vector_moments(const float (&x)[V]) {
    float sum = 0.0f;
#pragma unroll
    for (int j = 0; j < V; ++j) {
        sum += x[j];
    }
    const float mean = sum / static_cast<float>(V);
    float m2 = 0.0f;
#pragma unroll
    for (int j = 0; j < V; ++j) {
        const float d = x[j] - mean;
        m2 += d * d;
    }
    return BnMoments{static_cast<float>(V), mean, m2};
}

template <typename T, int V>
__global__ void __launch_bounds__(kThreads)
    batch_norm_stats_chunks(const BatchNormStatsArgs a, BnMoments* partials, int64_t chunks) {
    using BlockReduce = gpucub::BlockReduce<BnMoments, kThreads>;
    __shared__ typename BlockReduce::TempStorage storage;
    const ChannelGeometry& g = a.geometry;
    const int last = g.reduce_ndim > 0 ? g.reduce_ndim - 1 : 0;
    const int64_t inner = g.reduce_ndim > 0 ? g.reduce_sizes[last] : 1;
    const int64_t inner_stride = g.reduce_ndim > 0 ? g.reduce_strides[0][last] : 0;
    const int64_t s = blockIdx.x;
    const int64_t begin = s * kBatchNormStatsChunk;
    const int64_t end = begin + kBatchNormStatsChunk < g.reduce_numel ? begin + kBatchNormStatsChunk
                                                                      : g.reduce_numel;
    for (int64_t c = blockIdx.y; c < g.channels; c += gridDim.y) {
        const T* x = static_cast<const T*>(a.input) + c * g.channel_strides[0];
        channel_rows::RowCursor at =
            channel_rows::row_cursor(begin + static_cast<int64_t>(threadIdx.x) * V,
                                     static_cast<int64_t>(kThreads) * V,
                                     inner);
        BnMoments acc{0.0f, 0.0f, 0.0f};
        while (at.k < end) {
            float v[kUnroll][V];
            bool ok[kUnroll];
#pragma unroll
            for (int u = 0; u < kUnroll; ++u) {
                ok[u] = at.k < end;
                if (ok[u]) {
                    const int64_t off =
                        channel_rows::row_offset(
                            g.reduce_ndim, g.reduce_sizes, g.reduce_strides[0], at.row)
                        + at.col * inner_stride;
                    channel_rows::Vec<T, V>::load(x + off, v[u]);
                }
                at.advance();
            }
#pragma unroll
            for (int u = 0; u < kUnroll; ++u) {
                if (ok[u]) {
                    acc = bn_merge(acc, vector_moments(v[u]));
                }
            }
        }
        const BnMoments total = BlockReduce(storage).Reduce(acc, MergeOp());
        if (threadIdx.x == 0) {
            partials[c * chunks + s] = total;
        }
        __syncthreads();  // storage is reused by the next channel
    }
}

__global__ void __launch_bounds__(kThreads)
    batch_norm_stats_merge(const BatchNormStatsArgs a, const BnMoments* partials, int64_t chunks) {
    for (int64_t c = static_cast<int64_t>(blockIdx.x) * kThreads + threadIdx.x;
         c < a.geometry.channels;
         c += static_cast<int64_t>(gridDim.x) * kThreads) {
        BnMoments m{0.0f, 0.0f, 0.0f};
        for (int64_t k = 0; k < chunks; ++k) {
            m = bn_merge(m, partials[c * chunks + k]);
        }
        bn_store_stats(a, c, m);
    }
}

}  // namespace

size_t batch_norm_stats_workspace_bytes(const BatchNormStatsArgs& args) {
    const size_t items =
        saturating_mul<size_t>(static_cast<size_t>(args.geometry.channels),
                               static_cast<size_t>(bn_chunks_per_channel(args.geometry)));
    return saturating_mul<size_t>(items, sizeof(BnMoments));
}

int launch_batch_norm_stats(const BatchNormStatsArgs& args, void* workspace, void* stream) {
    const ChannelGeometry& g = args.geometry;
    if (g.channels == 0) {
        return 0;
    }
    const auto s = static_cast<gpuStream_t>(stream);
    const int64_t chunks = bn_chunks_per_channel(g);
    auto* partials = static_cast<BnMoments*>(workspace);
    return switch_dtype(args.dtype, [&](auto type) {
        using T = decltype(type);
        constexpr int kVec = 16 / static_cast<int>(sizeof(T));
        clear_stale_error();
        if (chunks > 0) {
            const dim3 grid = channel_rows::split_grid(
                channel_rows::SplitPlan{chunks, kBatchNormStatsChunk}, g.channels);
            const void* bases[1] = {args.input};
            if (channel_rows::all_rows_vectorizable(g, bases, 1, kVec)) {
                ACLEMU_LAUNCH(grid, kThreads, 0, s, batch_norm_stats_chunks<T, kVec>)
                (args, partials, chunks);
            } else {
                ACLEMU_LAUNCH(grid, kThreads, 0, s, batch_norm_stats_chunks<T, 1>)
                (args, partials, chunks);
            }
        }
        ACLEMU_LAUNCH(grid_for(g.channels, kThreads), kThreads, 0, s, batch_norm_stats_merge)
        (args, partials, chunks);
        return launch_status();
    });
}

}  // namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE
