// How the per-channel kernels of the BatchNorm family (kernels_cu/batch_norm_*.cu) walk one
// channel's reduce range without a 64-bit division per element: the range is split into pieces
// of whole vectors, one block per (piece, channel); a block steps through its piece in strides of
// blockDim * V flattened reduce indices, tracking (row, column) of the innermost reduce dim
// incrementally (RowCursor), and finds a row's offset with no division at all for the common
// [N, HW] case (row_offset). V > 1 loads and stores 16-byte vectors where rows_vectorizable says
// every row of every operand starts aligned. Included by the .cu files only.
#pragma once

#include "kernels_cu/common.cuh"
#include "kernels_cu/math/sync_batch_norm.h"

#include <algorithm>
#include <cstdint>

namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE {
namespace channel_rows {

// Blocks a split plan aims at: kBlocksPerSm on a 132-SM part, as a constant rather than
// grid_for()'s device query, because a workspace sized from the plan must not depend on which
// device answers.
constexpr int64_t kTargetBlocks = kBlocksPerSm * 132;
constexpr int64_t kMaxSplits = 4096;
// Split boundaries are multiples of this, so a 16-byte vector never straddles two blocks.
constexpr int64_t kSplitAlign = 8;

struct SplitPlan {
    int64_t splits = 0;
    int64_t chunk = 0;  // elements of the reduce range per split
};

/// Splits per channel so that channels * splits fills the GPU several times over while each
/// split still holds at least `min_per_split` elements: a pure function of the shape.
inline SplitPlan plan_splits(int64_t channels, int64_t reduce_numel, int64_t min_per_split) {
    SplitPlan p;
    if (reduce_numel <= 0 || channels <= 0) {
        return p;
    }
    const int64_t want = std::max<int64_t>(1, (kTargetBlocks + channels - 1) / channels);
    const int64_t by_size =
        std::max<int64_t>(1, (reduce_numel + min_per_split - 1) / min_per_split);
    const int64_t s = std::min({want, by_size, kMaxSplits});
    p.chunk = ((reduce_numel + s - 1) / s + kSplitAlign - 1) / kSplitAlign * kSplitAlign;
    p.splits = (reduce_numel + p.chunk - 1) / p.chunk;
    return p;
}

/// Offset of reduce row `row` (index over every reduce dim but the last) for one operand's
/// strides. The outermost dim needs no modulo, so the [N, HW] case has no division at all.
ACLEMU_DEVICE int64_t row_offset(int ndim,
                                 const int64_t* sizes,
                                 const int64_t* strides,
                                 int64_t row) {
    if (ndim < 2) {
        return 0;  // a single row
    }
    int64_t off = 0;
    for (int d = ndim - 2; d > 0; --d) {
        const int64_t size = sizes[d];
        off += (row % size) * strides[d];
        row /= size;
    }
    return off + row * strides[0];
}

/// Flattened reduce index k and its (row, column) of the innermost dim, stepped by a fixed amount.
struct RowCursor {
    int64_t k;
    int64_t row;
    int64_t col;
    int64_t inner;
    int64_t step;
    int64_t step_rows;
    int64_t step_cols;

    ACLEMU_DEVICE void advance() {
        k += step;
        row += step_rows;
        col += step_cols;
        if (col >= inner) {
            col -= inner;
            ++row;
        }
    }
};

/// A cursor at reduce index `first` stepping by `step`, over rows of `inner` elements.
ACLEMU_DEVICE RowCursor row_cursor(int64_t first, int64_t step, int64_t inner) {
    return RowCursor{first, first / inner, first % inner, inner, step, step / inner, step % inner};
}

/// V elements of T at p widened to float, and back: one 16-byte access when V > 1 (the caller
/// guarantees alignment and a unit inner stride), a scalar one when V == 1.
template <typename T, int V>
struct Vec {
    struct alignas(16) Pack {
        T v[V];
    };
    static_assert(sizeof(Pack) == 16, "a vector is 16 bytes");

    static ACLEMU_DEVICE void load(const T* p, float (&out)[V]) {
        const Pack pack = *reinterpret_cast<const Pack*>(p);
#pragma unroll
        for (int v = 0; v < V; ++v) {
            out[v] = to_float(pack.v[v]);
        }
    }
    static ACLEMU_DEVICE void store(T* p, const float (&in)[V]) {
        Pack pack;
#pragma unroll
        for (int v = 0; v < V; ++v) {
            pack.v[v] = from_float<T>(in[v]);
        }
        *reinterpret_cast<Pack*>(p) = pack;
    }
};

template <typename T>
struct Vec<T, 1> {
    static ACLEMU_DEVICE void load(const T* p, float (&out)[1]) { out[0] = to_float(*p); }
    static ACLEMU_DEVICE void store(T* p, const float (&in)[1]) { *p = from_float<T>(in[0]); }
};

inline bool aligned16(const void* p) {
    return (reinterpret_cast<uintptr_t>(p) & 15u) == 0;
}

/// True when an operand at `base` has every row start 16-byte aligned and a unit-stride
/// innermost dim whose length is a multiple of `vec`.
inline bool rows_vectorizable(const void* base,
                              int ndim,
                              const int64_t* sizes,
                              const int64_t* strides,
                              int64_t channel_stride,
                              int vec) {
    if (ndim == 0 || !aligned16(base)) {
        return false;
    }
    const int last = ndim - 1;
    if (strides[last] != 1 || sizes[last] % vec != 0 || channel_stride % vec != 0) {
        return false;
    }
    for (int d = 0; d < last; ++d) {
        if (strides[d] % vec != 0) {
            return false;
        }
    }
    return true;
}

/// Grid of a split plan: x over the splits, y over the channels (a kernel loops over the
/// channels a device's grid.y cannot hold).
inline dim3 split_grid(const SplitPlan& plan, int64_t channels) {
    const int64_t y = channels < max_grid_y() ? channels : max_grid_y();
    return dim3(static_cast<unsigned>(plan.splits), static_cast<unsigned>(y));
}

/// rows_vectorizable for operands [0, count) of a ChannelGeometry, at `bases`.
inline bool all_rows_vectorizable(const ChannelGeometry& g,
                                  const void* const* bases,
                                  int count,
                                  int vec) {
    for (int o = 0; o < count; ++o) {
        if (!rows_vectorizable(bases[o],
                               g.reduce_ndim,
                               g.reduce_sizes,
                               g.reduce_strides[o],
                               g.channel_strides[o],
                               vec)) {
            return false;
        }
    }
    return true;
}

/// True when operands [0, count) all have channel stride 1 over more than one channel
/// (channels-last memory: NHWC, NLC, [N, C]).
inline bool channels_last(const ChannelGeometry& g, int count) {
    bool all = g.channels > 1;
    for (int o = 0; o < count; ++o) {
        all = all && g.channel_strides[o] == 1;
    }
    return all;
}

}  // namespace channel_rows
}  // namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE
