// GPU BatchNormReduceBackward in two deterministic stages. Stage 1: grid = splits x C (the
// splits per channel chosen from the shape alone so that C * splits fills the GPU several times
// over and each block still streams tens of KB); each block sums its slice of one channel (or,
// for channel-stride-1 "channels-last" layouts, a tile of channels) in fp32 and writes one
// partial per channel to the workspace [C][splits]. Stage 2: one thread per channel adds its
// partials in split order and writes the requested outputs. No float atomics anywhere.
#include "kernels_cu/channel_rows.cuh"
#include "kernels_cu/common.cuh"
#include "kernels_cu/launch.h"
#include "kernels_cu/math/batch_norm_reduce_backward.h"

#include <algorithm>
#include <cstdint>

namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE {
namespace {

constexpr int kThreads = 256;
// Fewest elements a split may hold (x 2 inputs: 32-64 KB per block).
constexpr int64_t kMinPerSplit = 8192;
// Loads in flight per thread per step (independent of each other).
constexpr int kUnroll = 4;
constexpr int kFinalizeThreads = 128;

using channel_rows::SplitPlan;

// A pure function of (C, reduce_numel): phase 1 sizes the workspace with it, phase 2 launches
// with it.
SplitPlan plan_splits(const BatchNormReduceBackwardArgs& a) {
    return channel_rows::plan_splits(a.channels, a.reduce_numel, kMinPerSplit);
}

struct SumOp {
    ACLEMU_DEVICE BnSums operator()(const BnSums& a, const BnSums& b) const {
        return bn_combine(a, b);
    }
};

// Offset of flattened reduce index k, for one operand (any number of dims).
ACLEMU_DEVICE int64_t flat_offset(const BatchNormReduceBackwardArgs& a,
                                  const int64_t* strides,
                                  int64_t k) {
    if (a.reduce_ndim < 1) {
        return 0;
    }
    int64_t off = 0;
    for (int d = a.reduce_ndim - 1; d > 0; --d) {
        const int64_t size = a.reduce_sizes[d];
        off += (k % size) * strides[d];
        k /= size;
    }
    return off + k * strides[0];
}

// Stage 1 for layouts whose innermost reduce dim is the streaming direction ("NC-major": NCHW,
// NCL, any slice). Block (split s, channel c) walks flattened reduce indices [s*chunk, ...) in
// steps of blockDim * V, tracking (row, column) of the innermost dim incrementally so the loop
// needs no 64-bit division. V > 1 only when the innermost dim is unit-stride and every row
// start is 16-byte aligned.
template <typename T, int V>
__global__ void __launch_bounds__(kThreads)
    batch_norm_reduce_backward_partials_rows(const BatchNormReduceBackwardArgs a,
                                             BnSums* partials,
                                             SplitPlan plan) {
    using BlockReduce = gpucub::BlockReduce<BnSums, kThreads>;
    __shared__ typename BlockReduce::TempStorage storage;

    const int last = a.reduce_ndim > 0 ? a.reduce_ndim - 1 : 0;
    const int64_t inner = a.reduce_ndim > 0 ? a.reduce_sizes[last] : 1;
    const int64_t dy_inner_stride = a.reduce_ndim > 0 ? a.dy_reduce_strides[last] : 0;
    const int64_t x_inner_stride = a.reduce_ndim > 0 ? a.x_reduce_strides[last] : 0;
    const int64_t s = blockIdx.x;
    const int64_t begin = s * plan.chunk;
    const int64_t end = begin + plan.chunk < a.reduce_numel ? begin + plan.chunk : a.reduce_numel;

    for (int64_t c = blockIdx.y; c < a.channels; c += gridDim.y) {
        const T* dy = static_cast<const T*>(a.dy) + c * a.dy_channel_stride;
        const T* x = static_cast<const T*>(a.x) + c * a.x_channel_stride;
        const float mean = bn_load(a.mean, c);

        channel_rows::RowCursor at =
            channel_rows::row_cursor(begin + static_cast<int64_t>(threadIdx.x) * V,
                                     static_cast<int64_t>(blockDim.x) * V,
                                     inner);
        BnSums acc = bn_zero();
        while (at.k < end) {
            float dv[kUnroll][V];
            float xv[kUnroll][V];
            bool ok[kUnroll];
#pragma unroll
            for (int u = 0; u < kUnroll; ++u) {
                ok[u] = at.k < end;
                if (ok[u]) {
                    const int64_t dy_off =
                        channel_rows::row_offset(
                            a.reduce_ndim, a.reduce_sizes, a.dy_reduce_strides, at.row)
                        + at.col * dy_inner_stride;
                    const int64_t x_off =
                        channel_rows::row_offset(
                            a.reduce_ndim, a.reduce_sizes, a.x_reduce_strides, at.row)
                        + at.col * x_inner_stride;
                    channel_rows::Vec<T, V>::load(dy + dy_off, dv[u]);
                    channel_rows::Vec<T, V>::load(x + x_off, xv[u]);
                }
                at.advance();
            }
#pragma unroll
            for (int u = 0; u < kUnroll; ++u) {
                if (ok[u]) {
#pragma unroll
                    for (int v = 0; v < V; ++v) {
                        bn_accumulate(acc, dv[u][v], xv[u][v], mean);
                    }
                }
            }
        }
        const BnSums total = BlockReduce(storage).Reduce(acc, SumOp());
        if (threadIdx.x == 0) {
            partials[c * plan.splits + s] = total;
        }
        __syncthreads();  // storage is reused by the next channel
    }
}

// Stage 1 for channel-stride-1 layouts (NHWC, NDHWC, [N, C]): the reduce range is a set of
// rows each holding all channels contiguously. threadIdx.x picks a channel of the block's tile,
// threadIdx.y strides over the split's rows, so a warp reads runs of consecutive channels.
// The per-channel sums are combined over threadIdx.y by a fixed shared-memory tree.
template <typename T>
__global__ void __launch_bounds__(kThreads)
    batch_norm_reduce_backward_partials_channels_last(const BatchNormReduceBackwardArgs a,
                                                      BnSums* partials,
                                                      SplitPlan plan) {
    __shared__ BnSums tile[kThreads];
    const int tx = threadIdx.x;
    const int ty = threadIdx.y;
    const int bx = blockDim.x;
    const int by = blockDim.y;
    const int64_t s = blockIdx.x;
    const int64_t begin = s * plan.chunk;
    const int64_t end = begin + plan.chunk < a.reduce_numel ? begin + plan.chunk : a.reduce_numel;
    const bool one_dim = a.reduce_ndim <= 1;
    const int64_t dy_stride = a.reduce_ndim > 0 ? a.dy_reduce_strides[0] : 0;
    const int64_t x_stride = a.reduce_ndim > 0 ? a.x_reduce_strides[0] : 0;

    for (int64_t tile_base = static_cast<int64_t>(blockIdx.y) * bx; tile_base < a.channels;
         tile_base += static_cast<int64_t>(gridDim.y) * bx) {
        const int64_t c = tile_base + tx;
        const bool active = c < a.channels;
        BnSums acc = bn_zero();
        if (active) {
            const T* dy = static_cast<const T*>(a.dy) + c;
            const T* x = static_cast<const T*>(a.x) + c;
            const float mean = bn_load(a.mean, c);
            for (int64_t k = begin + ty; k < end; k += static_cast<int64_t>(by) * kUnroll) {
                float dv[kUnroll];
                float xv[kUnroll];
                bool ok[kUnroll];
#pragma unroll
                for (int u = 0; u < kUnroll; ++u) {
                    const int64_t kk = k + static_cast<int64_t>(u) * by;
                    ok[u] = kk < end;
                    if (ok[u]) {
                        const int64_t dy_off =
                            one_dim ? kk * dy_stride : flat_offset(a, a.dy_reduce_strides, kk);
                        const int64_t x_off =
                            one_dim ? kk * x_stride : flat_offset(a, a.x_reduce_strides, kk);
                        dv[u] = to_float(dy[dy_off]);
                        xv[u] = to_float(x[x_off]);
                    }
                }
#pragma unroll
                for (int u = 0; u < kUnroll; ++u) {
                    if (ok[u]) {
                        bn_accumulate(acc, dv[u], xv[u], mean);
                    }
                }
            }
        }
        tile[ty * bx + tx] = acc;
        __syncthreads();
        for (int half = by / 2; half > 0; half /= 2) {  // by is a power of two
            if (ty < half) {
                tile[ty * bx + tx] = bn_combine(tile[ty * bx + tx], tile[(ty + half) * bx + tx]);
            }
            __syncthreads();
        }
        if (ty == 0 && active) {
            partials[c * plan.splits + s] = tile[tx];
        }
        __syncthreads();
    }
}

// Stage 2: channel c adds its partials in split order (splits == 0: an empty reduction, zeros).
__global__ void __launch_bounds__(kFinalizeThreads)
    batch_norm_reduce_backward_finalize(const BatchNormReduceBackwardArgs a,
                                        const BnSums* partials,
                                        int64_t splits) {
    const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
    for (int64_t c = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; c < a.channels;
         c += stride) {
        BnSums sums = bn_zero();
        for (int64_t k = 0; k < splits; ++k) {
            sums = bn_combine(sums, partials[c * splits + k]);
        }
        bn_store_channel(a, c, sums);
    }
}

// True when every row of both operands starts 16-byte aligned and the innermost dim is
// unit-stride with a length that is a multiple of `vec`.
bool rows_vectorizable(const BatchNormReduceBackwardArgs& a, int vec) {
    return channel_rows::rows_vectorizable(
               a.dy, a.reduce_ndim, a.reduce_sizes, a.dy_reduce_strides, a.dy_channel_stride, vec)
           && channel_rows::rows_vectorizable(
               a.x, a.reduce_ndim, a.reduce_sizes, a.x_reduce_strides, a.x_channel_stride, vec);
}

bool channels_last(const BatchNormReduceBackwardArgs& a) {
    return a.channels > 1 && a.dy_channel_stride == 1 && a.x_channel_stride == 1;
}

template <typename T>
void launch_partials(const BatchNormReduceBackwardArgs& a,
                     BnSums* partials,
                     const SplitPlan& plan,
                     gpuStream_t stream) {
    constexpr int kVec = 16 / static_cast<int>(sizeof(T));
    if (channels_last(a)) {
        int bx = 1;
        while (bx < a.channels && bx < 32) {
            bx *= 2;
        }
        const dim3 block(bx, kThreads / bx);
        const int64_t tiles = (a.channels + bx - 1) / bx;
        const dim3 grid(static_cast<unsigned>(plan.splits),
                        static_cast<unsigned>(std::min<int64_t>(tiles, max_grid_y())));
        ACLEMU_LAUNCH(grid, block, 0, stream, batch_norm_reduce_backward_partials_channels_last<T>)
        (a, partials, plan);
        return;
    }
    const dim3 grid = channel_rows::split_grid(plan, a.channels);
    if (rows_vectorizable(a, kVec)) {
        ACLEMU_LAUNCH(grid, kThreads, 0, stream, batch_norm_reduce_backward_partials_rows<T, kVec>)
        (a, partials, plan);
    } else {
        ACLEMU_LAUNCH(grid, kThreads, 0, stream, batch_norm_reduce_backward_partials_rows<T, 1>)
        (a, partials, plan);
    }
}

}  // namespace

size_t batch_norm_reduce_backward_workspace_bytes(const BatchNormReduceBackwardArgs& args) {
    const SplitPlan plan = plan_splits(args);
    const size_t partials = saturating_mul<size_t>(args.channels, plan.splits);
    return saturating_mul<size_t>(partials, sizeof(BnSums));
}

int launch_batch_norm_reduce_backward(const BatchNormReduceBackwardArgs& args,
                                      void* workspace,
                                      void* stream) {
    if (args.channels <= 0) {
        return 0;
    }
    const auto s = static_cast<gpuStream_t>(stream);
    const SplitPlan plan = plan_splits(args);
    auto* partials = static_cast<BnSums*>(workspace);
    return switch_dtype(args.io_dtype, [&](auto type) {
        clear_stale_error();
        if (plan.splits > 0) {
            launch_partials<decltype(type)>(args, partials, plan, s);
            const int status = launch_status();
            if (status != 0) {
                return status;
            }
        }
        ACLEMU_LAUNCH(grid_for(args.channels, kFinalizeThreads),
                      kFinalizeThreads,
                      0,
                      s,
                      batch_norm_reduce_backward_finalize)
        (args, partials, plan.splits);
        return launch_status();
    });
}

}  // namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE
