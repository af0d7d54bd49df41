// The bodies of the BatchNorm family's per-element kernels (BatchNormElemt,
// BatchNormElemtBackward): out = apply(params(c), inputs...) for every element of a
// ChannelGeometry whose operand 0 is the output and 1..kInputs the inputs, all of type T.
//   rows:          NC-major layouts; grid (split, channel) of a channel_rows plan, the channel's
//                  parameters computed once per block, kUnroll vectors per operand in flight.
//   channels_last: every operand's channel stride 1; a flat grid-stride pass in memory order
//                  (element k * C + c), so a warp's accesses stay contiguous.
// Each operator defines its own kernels over these (their names stay its own) and picks one with
// plan_walk(). Included by the .cu files only.
#pragma once

#include "kernels_cu/channel_rows.cuh"
#include "kernels_cu/common.cuh"
#include "kernels_cu/math/sync_batch_norm.h"

#include <cstdint>

namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE {
namespace channel_elementwise {

constexpr int kThreads = 256;
// Fewest elements a split may hold (x 2-3 operands: 32-96 KB per block).
constexpr int64_t kMinPerSplit = 8192;
// Vectors in flight per thread and operand per step (independent of each other): 64 bytes of
// fp32, 32 of fp16/bf16 (where 64 took the three-operand kernel past 128 registers).
template <int V>
constexpr int kUnroll = V >= 8 ? 2 : 4;

template <int kInputs>
struct Operands {
    void* out;
    const void* in[kInputs];
};

template <typename T, int V, int kInputs, typename Params, typename Apply>
ACLEMU_DEVICE void rows(const ChannelGeometry& g,
                        const Operands<kInputs>& ops,
                        const channel_rows::SplitPlan& plan,
                        Params params,
                        Apply apply) {
    constexpr int kOperands = kInputs + 1;
    constexpr int kU = kUnroll<V>;
    const int last = g.reduce_ndim > 0 ? g.reduce_ndim - 1 : 0;
    const int64_t inner = g.reduce_ndim > 0 ? g.reduce_sizes[last] : 1;
    int64_t inner_stride[kOperands];
#pragma unroll
    for (int o = 0; o < kOperands; ++o) {
        inner_stride[o] = g.reduce_ndim > 0 ? g.reduce_strides[o][last] : 0;
    }
    const int64_t begin = static_cast<int64_t>(blockIdx.x) * plan.chunk;
    const int64_t end = begin + plan.chunk < g.reduce_numel ? begin + plan.chunk : g.reduce_numel;
    for (int64_t c = blockIdx.y; c < g.channels; c += gridDim.y) {
        const auto p = params(c);
        T* out = static_cast<T*>(ops.out) + c * g.channel_strides[0];
        const T* in[kInputs];
#pragma unroll
        for (int i = 0; i < kInputs; ++i) {
            in[i] = static_cast<const T*>(ops.in[i]) + c * g.channel_strides[i + 1];
        }
        channel_rows::RowCursor at =
            channel_rows::row_cursor(begin + static_cast<int64_t>(threadIdx.x) * V,
                                     static_cast<int64_t>(kThreads) * V,
                                     inner);
        while (at.k < end) {
            float v[kU][kInputs][V];
            int64_t out_off[kU];
            bool ok[kU];
#pragma unroll
            for (int u = 0; u < kU; ++u) {
                ok[u] = at.k < end;
                if (ok[u]) {
                    out_off[u] = channel_rows::row_offset(
                                     g.reduce_ndim, g.reduce_sizes, g.reduce_strides[0], at.row)
                                 + at.col * inner_stride[0];
#pragma unroll
                    for (int i = 0; i < kInputs; ++i) {
                        const int64_t off =
                            channel_rows::row_offset(
                                g.reduce_ndim, g.reduce_sizes, g.reduce_strides[i + 1], at.row)
                            + at.col * inner_stride[i + 1];
                        channel_rows::Vec<T, V>::load(in[i] + off, v[u][i]);
                    }
                }
                at.advance();
            }
#pragma unroll
            for (int u = 0; u < kU; ++u) {
                if (ok[u]) {
                    float r[V];
#pragma unroll
                    for (int j = 0; j < V; ++j) {
                        float x[kInputs];
#pragma unroll
                        for (int i = 0; i < kInputs; ++i) {
                            x[i] = v[u][i][j];
                        }
                        r[j] = apply(p, x);
                    }
                    channel_rows::Vec<T, V>::store(out + out_off[u], r);
                }
            }
        }
    }
}

template <typename T, int kInputs, typename Params, typename Apply>
ACLEMU_DEVICE void channels_last(const ChannelGeometry& g,
                                 const Operands<kInputs>& ops,
                                 Params params,
                                 Apply apply) {
    const int64_t total = g.channels * g.reduce_numel;
    for (int64_t idx = static_cast<int64_t>(blockIdx.x) * kThreads + threadIdx.x; idx < total;
         idx += static_cast<int64_t>(gridDim.x) * kThreads) {
        const int64_t k = idx / g.channels;
        const int64_t c = idx - k * g.channels;
        float x[kInputs];
#pragma unroll
        for (int i = 0; i < kInputs; ++i) {
            x[i] =
                to_float(static_cast<const T*>(ops.in[i])[c + channel_reduce_offset(g, i + 1, k)]);
        }
        static_cast<T*>(ops.out)[c + channel_reduce_offset(g, 0, k)] =
            from_float<T>(apply(params(c), x));
    }
}

enum class Walk { ChannelsLast, RowsVector, RowsScalar };

struct WalkPlan {
    Walk walk = Walk::RowsScalar;
    dim3 grid;
    channel_rows::SplitPlan split;
};

/// The body and grid for a launch over `g` with the operands at `bases` (output first), for
/// vectors of `vec` elements.
template <int kOperands>
WalkPlan plan_walk(const ChannelGeometry& g, const void* const (&bases)[kOperands], int vec) {
    WalkPlan w;
    if (channel_rows::channels_last(g, kOperands)) {
        w.walk = Walk::ChannelsLast;
        w.grid = dim3(grid_for(g.channels * g.reduce_numel, kThreads));
        return w;
    }
    w.split = channel_rows::plan_splits(g.channels, g.reduce_numel, kMinPerSplit);
    w.grid = channel_rows::split_grid(w.split, g.channels);
    w.walk = channel_rows::all_rows_vectorizable(g, bases, kOperands, vec) ? Walk::RowsVector
                                                                           : Walk::RowsScalar;
    return w;
}

}  // namespace channel_elementwise
}  // namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE
