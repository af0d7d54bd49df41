// Coalescing the dims of an iteration over N operands (TensorIterator-style), one algorithm for
// the elementwise plan (out, a, b) and BatchNorm's reduce dims (x, dy). Usage:
//
//   std::vector<IterDim<2>> dims;          // the dims to iterate, size-1 dims left out
//   dims.push_back({size, {x_stride, dy_stride}});
//   coalesce(dims);                        // outermost first, neighbours merged
#pragma once

#include "aclemu/checked_math.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace aclemu::ops {

/// |v| without overflow (INT64_MIN included).
inline uint64_t magnitude(int64_t v) {
    return v < 0 ? uint64_t{0} - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
}

/// One dim of an iteration: its size and each operand's stride (elements, any sign).
template <int N>
struct IterDim {
    int64_t size;
    int64_t stride[N];
};

/// Orders `dims` outermost first — larger |stride| of operand 0, ties decided by operand 1,
/// then 2, ... — so the innermost dim is operand 0's densest whatever permutation the views
/// have (stable: dims the strides do not order keep their order). Then merges neighbours where
/// every operand allows it (stride[outer] == stride[inner] * size[inner]); the merged dims
/// replace `dims`.
/// Any strides and sizes are safe (a product that overflows int64 is simply not mergeable), so
/// the dims of an empty view, which fits its storage whatever its strides, may be passed too.
template <int N>
void coalesce(std::vector<IterDim<N>>& dims) {
    std::stable_sort(dims.begin(), dims.end(), [](const IterDim<N>& a, const IterDim<N>& b) {
        for (int k = 0; k < N; ++k) {
            const uint64_t sa = magnitude(a.stride[k]);
            const uint64_t sb = magnitude(b.stride[k]);
            if (sa != sb) {
                return sa > sb;
            }
        }
        return false;
    });
    size_t kept = 0;
    for (const IterDim<N>& dim : dims) {
        if (kept > 0) {
            IterDim<N>& outer = dims[kept - 1];
            int64_t merged_size = 0;
            bool mergeable = checked_mul(outer.size, dim.size, &merged_size);
            for (int k = 0; k < N && mergeable; ++k) {
                int64_t span = 0;
                mergeable = checked_mul(dim.stride[k], dim.size, &span) && outer.stride[k] == span;
            }
            if (mergeable) {
                outer.size = merged_size;
                for (int k = 0; k < N; ++k) {
                    outer.stride[k] = dim.stride[k];
                }
                continue;
            }
        }
        dims[kept++] = dim;
    }
    dims.resize(kept);
}

}  // namespace aclemu::ops
