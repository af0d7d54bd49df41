// Loops shared by the CPU kernels of the SyncBatchNorm family (kernels_cpu/batch_norm_*.cpp) over
// a ChannelGeometry (kernels_cu/math/sync_batch_norm.h). Work is cut into (channel, chunk) items
// of kBatchNormStatsChunk reduce elements: a pure function of the shape, so results do not
// depend on the thread count. Within an item the reduce range is walked in runs along the
// innermost merged dim (for_each_run), so an NCHW tensor streams whole H*W rows with unit stride.
#pragma once

#include "kernels_cpu/cpu_convert.h"
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

// Elements per staged block of the 16-bit per-element transforms (three float blocks stay in L1).
constexpr int64_t kStageBlock = 1024;

// n values widened to float for arithmetic (cpu_convert.h: F16C where the CPU has it; an fp16
// signaling NaN may come back quiet, as arithmetic would make it anyway).
inline void widen_for_math(const Half* src, float* dst, int64_t n) {
    widen_half_for_math(src, dst, n);
}
inline void widen_for_math(const BFloat16* src, float* dst, int64_t n) {
    widen(src, dst, n);
}

// The unit-stride run out[i] = f(a[i]) (kInputs 1) or f(a[i], b[i]) (kInputs 2) of a 16-bit
// type: staged through float blocks with the block conversions of cpu_convert.h (vectorized),
// where converting element by element with dtype.h's portable code costs several times the
// memory traffic. Same bits as the element-by-element loop: to_float / from_float's.
template <int kInputs, typename T, typename F>
void staged_run(T* out, const T* a, const T* b, int64_t n, const F& f) {
    float fa[kStageBlock];
    float fb[kInputs == 2 ? kStageBlock : 1];
    for (int64_t base = 0; base < n; base += kStageBlock) {
        const int64_t len = std::min(kStageBlock, n - base);
        widen_for_math(a + base, fa, len);
        if constexpr (kInputs == 2) {
            widen_for_math(b + base, fb, len);
            for (int64_t i = 0; i < len; ++i) {
                fa[i] = f(fa[i], fb[i]);
            }
        } else {
            for (int64_t i = 0; i < len; ++i) {
                fa[i] = f(fa[i]);
            }
        }
        narrow(fa, out + base, len);
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
