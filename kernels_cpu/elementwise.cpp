// CPU loops of the elementwise ops (LogSigmoidBackward, LogitGrad) over the shared functors in
// kernels_cu/math. Every path works in runs of at most a tile: convert the inputs to float
// buffers, apply the functor over the buffers, round and store, so the functor loop (the costly
// part) is always unit-stride and vectorizes, whatever the operands' strides.
//  - contiguous: runs over [begin, end) of each thread (fp32 needs no buffers);
//  - strided, when the operands agree on which of the two innermost dims is their densest: runs
//    along the innermost dim, the outer dims ticking like an odometer;
//  - strided, when they disagree (e.g. transposed inputs and a row-major output): 2-D tiles of
//    the two innermost dims, each operand moved between memory and the tile buffers in its own
//    unit-stride order, so every cache line fetched is used whole.
#include "kernels_cpu/cpu_kernels.h"
#include "kernels_cpu/cpu_parallel.h"
#include "kernels_cu/math/dtype.h"
#include "kernels_cu/math/log_sigmoid_backward.h"
#include "kernels_cu/math/logit_grad.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <type_traits>
#include <utility>

#if defined(__SSE2__)
#    include <emmintrin.h>
#endif

namespace aclemu::kernels::cpu {
namespace {

// Elements per thread below which extra threads cost more than they save.
constexpr int64_t kGrain = 32768;
// Run length of the 1-D paths: three float buffers stay in L1.
constexpr int64_t kRun = 512;
// Side of a 2-D tile: 32 x 32 floats per buffer (three buffers: 12 KiB), and runs of 32
// elements (64-128 bytes, one or two cache lines) along either dim.
constexpr int64_t kTileSide = 32;
constexpr int64_t kTileElems = kTileSide * kTileSide;

template <typename T>
void load_run(float* __restrict dst, const T* src, int64_t stride, int64_t n) {
    if (stride == 1) {
        for (int64_t j = 0; j < n; ++j) {
            dst[j] = to_float(src[j]);
        }
    } else {
        for (int64_t j = 0; j < n; ++j) {
            dst[j] = to_float(src[j * stride]);
        }
    }
}

template <typename T>
void store_run(T* dst, int64_t stride, const float* __restrict src, int64_t n) {
    if (stride == 1) {
        for (int64_t j = 0; j < n; ++j) {
            dst[j] = from_float<T>(src[j]);
        }
    } else {
        for (int64_t j = 0; j < n; ++j) {
            dst[j * stride] = from_float<T>(src[j]);
        }
    }
}

template <typename Op>
void compute_run(float* __restrict out,
                 const float* __restrict a,
                 const float* __restrict b,
                 int64_t n,
                 const Op& op) {
    for (int64_t j = 0; j < n; ++j) {
        out[j] = op(a[j], b[j]);
    }
}

// n elements at out[j * so], a[j * sa], b[j * sb].
template <typename T, typename Op>
void run_1d(
    T* out, int64_t so, const T* a, int64_t sa, const T* b, int64_t sb, int64_t n, const Op& op) {
    if constexpr (std::is_same_v<T, float>) {
        if (so == 1 && sa == 1 && sb == 1) {
            for (int64_t j = 0; j < n; ++j) {
                out[j] = op(a[j], b[j]);
            }
            return;
        }
    }
    float fa[kRun];
    float fb[kRun];
    float fr[kRun];
    for (int64_t base = 0; base < n; base += kRun) {
        const int64_t len = std::min(kRun, n - base);
        load_run(fa, a + base * sa, sa, len);
        load_run(fb, b + base * sb, sb, len);
        compute_run(fr, fa, fb, len, op);
        store_run(out + base * so, so, fr, len);
    }
}

// Elements [begin, end) in row-major order of g.sizes. The starting multi-index costs one
// division per dim; after that the innermost dim is a run and the outer dims tick like an
// odometer.
template <typename T, typename Op>
void strided_range(const ElementwiseGeometry& g,
                   T* out,
                   const T* a,
                   const T* b,
                   int64_t begin,
                   int64_t end,
                   const Op& op) {
    const int nd = g.ndim;
    if (nd == 0) {
        out[0] = from_float<T>(op(to_float(a[0]), to_float(b[0])));
        return;
    }
    int64_t idx[kMaxDims];
    int64_t off[3] = {0, 0, 0};
    int64_t rest = begin;
    for (int d = nd - 1; d >= 0; --d) {
        idx[d] = rest % g.sizes[d];
        rest /= g.sizes[d];
        for (int k = 0; k < 3; ++k) {
            off[k] += idx[d] * g.strides[k][d];
        }
    }
    const int inner = nd - 1;
    const int64_t inner_size = g.sizes[inner];
    int64_t remaining = end - begin;
    while (remaining > 0) {
        const int64_t run = std::min(remaining, inner_size - idx[inner]);
        run_1d(out + off[0],
               g.strides[0][inner],
               a + off[1],
               g.strides[1][inner],
               b + off[2],
               g.strides[2][inner],
               run,
               op);
        remaining -= run;
        if (remaining == 0) {
            break;
        }
        // Rewind the innermost dim to 0 and carry into the outer dims.
        for (int k = 0; k < 3; ++k) {
            off[k] -= idx[inner] * g.strides[k][inner];
        }
        idx[inner] = 0;
        for (int d = inner - 1; d >= 0; --d) {
            ++idx[d];
            for (int k = 0; k < 3; ++k) {
                off[k] += g.strides[k][d];
            }
            if (idx[d] < g.sizes[d]) {
                break;
            }
            for (int k = 0; k < 3; ++k) {
                off[k] -= idx[d] * g.strides[k][d];
            }
            idx[d] = 0;
        }
    }
}

// True when operand k is denser along dim `o` than along dim `i`. An operand broadcast along
// either dim (stride 0) reads one line of elements whichever way it is walked: no preference.
bool prefers(const ElementwiseGeometry& g, int k, int o, int i) {
    const int64_t so = std::llabs(g.strides[k][o]);
    const int64_t si = std::llabs(g.strides[k][i]);
    return so != 0 && si != 0 && so < si;
}

// The 2-D tiles: dims [0, nd - 2) outer, nd - 2 the tile rows, nd - 1 the tile columns. Tiles
// are visited in blocks of kBlockTiles x kBlockTiles (a unit of parallel work): a transposed
// walk touches one page per tile row and per tile column, and a block keeps those pages (about
// 2 x 32 x kBlockTiles) within the TLB's reach while it runs. Block u covers outer index
// u / (block_rows * block_cols), then block row, then block column.
constexpr int64_t kBlockTiles = 8;

struct TileGrid {
    int64_t row_tiles;
    int64_t col_tiles;
    int64_t block_rows;
    int64_t block_cols;
    int64_t blocks;
};

TileGrid tile_grid(const ElementwiseGeometry& g) {
    const int nd = g.ndim;
    TileGrid t{};
    t.row_tiles = (g.sizes[nd - 2] + kTileSide - 1) / kTileSide;
    t.col_tiles = (g.sizes[nd - 1] + kTileSide - 1) / kTileSide;
    t.block_rows = (t.row_tiles + kBlockTiles - 1) / kBlockTiles;
    t.block_cols = (t.col_tiles + kBlockTiles - 1) / kBlockTiles;
    t.blocks = t.block_rows * t.block_cols;
    for (int d = 0; d < nd - 2; ++d) {
        t.blocks *= g.sizes[d];
    }
    return t;
}

// dst[c * dst_pitch + r] = src[r * src_pitch + c] for r < rows, c < cols: 4 x 4 blocks in SSE
// registers, the ragged edges one by one.
void transpose(float* dst,
               int64_t dst_pitch,
               const float* src,
               int64_t src_pitch,
               int64_t rows,
               int64_t cols) {
    int64_t r4 = 0;
    int64_t c4 = 0;
#if defined(__SSE2__)
    r4 = rows & ~int64_t{3};
    c4 = cols & ~int64_t{3};
    for (int64_t r = 0; r < r4; r += 4) {
        for (int64_t c = 0; c < c4; c += 4) {
            const float* s = src + r * src_pitch + c;
            __m128 v0 = _mm_loadu_ps(s);
            __m128 v1 = _mm_loadu_ps(s + src_pitch);
            __m128 v2 = _mm_loadu_ps(s + 2 * src_pitch);
            __m128 v3 = _mm_loadu_ps(s + 3 * src_pitch);
            _MM_TRANSPOSE4_PS(v0, v1, v2, v3);
            float* d = dst + c * dst_pitch + r;
            _mm_storeu_ps(d, v0);
            _mm_storeu_ps(d + dst_pitch, v1);
            _mm_storeu_ps(d + 2 * dst_pitch, v2);
            _mm_storeu_ps(d + 3 * dst_pitch, v3);
        }
    }
#endif
    for (int64_t r = 0; r < rows; ++r) {
        for (int64_t c = r < r4 ? c4 : 0; c < cols; ++c) {
            dst[c * dst_pitch + r] = src[r * src_pitch + c];
        }
    }
}

// A tile of floats: element (r, c) at p[r * pitch + c].
struct FloatTile {
    const float* p;
    int64_t pitch;
};

// The rows x cols tile of an input at p (strides s_row, s_col) as floats. fp32 rows that are
// unit-stride in memory are used in place; anything else lands in `buf` (pitch kTileSide).
// by_column: p is denser along the rows, so it is read column by column and transposed.
template <typename T>
FloatTile load_tile(float* __restrict buf,
                    float* __restrict scratch,
                    const T* p,
                    int64_t s_row,
                    int64_t s_col,
                    int64_t rows,
                    int64_t cols,
                    bool by_column) {
    if (by_column) {
        if constexpr (std::is_same_v<T, float>) {
            if (s_row == 1) {
                transpose(buf, kTileSide, p, s_col, cols, rows);
                return {buf, kTileSide};
            }
        }
        for (int64_t c = 0; c < cols; ++c) {
            load_run(scratch + c * kTileSide, p + c * s_col, s_row, rows);
        }
        transpose(buf, kTileSide, scratch, kTileSide, cols, rows);
        return {buf, kTileSide};
    }
    if constexpr (std::is_same_v<T, float>) {
        if (s_col == 1) {
            return {p, s_row};
        }
    }
    for (int64_t r = 0; r < rows; ++r) {
        load_run(buf + r * kTileSide, p + r * s_row, s_col, cols);
    }
    return {buf, kTileSide};
}

template <typename T>
void store_tile(T* p,
                int64_t s_row,
                int64_t s_col,
                const float* __restrict buf,
                float* __restrict scratch,
                int64_t rows,
                int64_t cols,
                bool by_column) {
    if (by_column) {
        if constexpr (std::is_same_v<T, float>) {
            if (s_row == 1) {
                transpose(p, s_col, buf, kTileSide, rows, cols);
                return;
            }
        }
        transpose(scratch, kTileSide, buf, kTileSide, rows, cols);
        for (int64_t c = 0; c < cols; ++c) {
            store_run(p + c * s_col, s_row, scratch + c * kTileSide, rows);
        }
    } else {
        for (int64_t r = 0; r < rows; ++r) {
            store_run(p + r * s_row, s_col, buf + r * kTileSide, cols);
        }
    }
}

// out[j] = op(a[j], b[j]); out may be memory that a or b also is (in place), so no __restrict.
template <typename Op>
void compute_row(float* out, const float* a, const float* b, int64_t n, const Op& op) {
    for (int64_t j = 0; j < n; ++j) {
        out[j] = op(a[j], b[j]);
    }
}

struct alignas(64) TileBuffers {
    float a[kTileElems];
    float b[kTileElems];
    float result[kTileElems];
    float scratch[kTileElems];
};

// How each operand moves between memory and the tile buffers.
struct TileMode {
    bool by_column[3];
    bool out_in_place;  // fp32 results go straight to memory (output rows unit-stride there)
};

// One rows x cols tile whose element (0, 0) is at out + off[0], a + off[1], b + off[2].
template <typename T, typename Op>
void run_tile(const ElementwiseGeometry& g,
              const TileMode& mode,
              TileBuffers& buf,
              T* out,
              const T* a,
              const T* b,
              const int64_t off[3],
              int64_t rows,
              int64_t cols,
              const Op& op) {
    const int ro = g.ndim - 2;
    const int co = g.ndim - 1;
    const FloatTile ta = load_tile(buf.a,
                                   buf.scratch,
                                   a + off[1],
                                   g.strides[1][ro],
                                   g.strides[1][co],
                                   rows,
                                   cols,
                                   mode.by_column[1]);
    const FloatTile tb = load_tile(buf.b,
                                   buf.scratch,
                                   b + off[2],
                                   g.strides[2][ro],
                                   g.strides[2][co],
                                   rows,
                                   cols,
                                   mode.by_column[2]);
    float* dst = buf.result;
    int64_t dst_pitch = kTileSide;
    if constexpr (std::is_same_v<T, float>) {
        if (mode.out_in_place) {
            dst = out + off[0];
            dst_pitch = g.strides[0][ro];
        }
    }
    for (int64_t r = 0; r < rows; ++r) {
        compute_row(dst + r * dst_pitch, ta.p + r * ta.pitch, tb.p + r * tb.pitch, cols, op);
    }
    if (!mode.out_in_place) {
        store_tile(out + off[0],
                   g.strides[0][ro],
                   g.strides[0][co],
                   buf.result,
                   buf.scratch,
                   rows,
                   cols,
                   mode.by_column[0]);
    }
}

// Blocks [block_begin, block_end) of the tile grid.
template <typename T, typename Op>
void tiled_range(const ElementwiseGeometry& g,
                 const TileGrid& grid,
                 T* out,
                 const T* a,
                 const T* b,
                 int64_t block_begin,
                 int64_t block_end,
                 const Op& op) {
    const int nd = g.ndim;
    const int ro = nd - 2;  // tile rows
    const int co = nd - 1;  // tile columns
    TileMode mode{};
    for (int k = 0; k < 3; ++k) {
        mode.by_column[k] = prefers(g, k, ro, co);
    }
    mode.out_in_place = std::is_same_v<T, float> && !mode.by_column[0] && g.strides[0][co] == 1;
    TileBuffers buf;
    const int64_t per_outer = grid.block_rows * grid.block_cols;
    for (int64_t u = block_begin; u < block_end; ++u) {
        int64_t rest = u / per_outer;
        const int64_t in_outer = u - rest * per_outer;
        int64_t base[3] = {0, 0, 0};
        for (int d = nd - 3; d >= 0; --d) {
            const int64_t i = rest % g.sizes[d];
            rest /= g.sizes[d];
            for (int k = 0; k < 3; ++k) {
                base[k] += i * g.strides[k][d];
            }
        }
        const int64_t tr0 = (in_outer / grid.block_cols) * kBlockTiles;
        const int64_t tc0 = (in_outer % grid.block_cols) * kBlockTiles;
        const int64_t tr1 = std::min(tr0 + kBlockTiles, grid.row_tiles);
        const int64_t tc1 = std::min(tc0 + kBlockTiles, grid.col_tiles);
        for (int64_t tr = tr0; tr < tr1; ++tr) {
            for (int64_t tc = tc0; tc < tc1; ++tc) {
                const int64_t row0 = tr * kTileSide;
                const int64_t col0 = tc * kTileSide;
                int64_t off[3];
                for (int k = 0; k < 3; ++k) {
                    off[k] = base[k] + row0 * g.strides[k][ro] + col0 * g.strides[k][co];
                }
                run_tile(g,
                         mode,
                         buf,
                         out,
                         a,
                         b,
                         off,
                         std::min(kTileSide, g.sizes[ro] - row0),
                         std::min(kTileSide, g.sizes[co] - col0),
                         op);
            }
        }
    }
}

// Whether the strided geometry should run in 2-D tiles, after orienting it: the two innermost
// dims are swapped when more operands are denser along the second-innermost than along the
// innermost, so that most operands move tile rows. Tiles pay when some operand still disagrees.
bool orient_for_tiles(ElementwiseGeometry& g) {
    const int nd = g.ndim;
    if (nd < 2) {
        return false;
    }
    const int o = nd - 2;
    const int i = nd - 1;
    int for_outer = 0;
    int for_inner = 0;
    for (int k = 0; k < 3; ++k) {
        for_outer += prefers(g, k, o, i) ? 1 : 0;
        for_inner += prefers(g, k, i, o) ? 1 : 0;
    }
    if (for_outer > for_inner) {
        std::swap(g.sizes[o], g.sizes[i]);
        for (int k = 0; k < 3; ++k) {
            std::swap(g.strides[k][o], g.strides[k][i]);
        }
        std::swap(for_outer, for_inner);
    }
    // Tiny tiles are all edge: leave those to the row path.
    return for_outer > 0 && g.sizes[o] >= 4 && g.sizes[i] >= 4;
}

template <typename T, typename Op>
void run_typed(const ElementwiseGeometry& g,
               void* out_raw,
               const void* a_raw,
               const void* b_raw,
               const Op& op,
               int threads) {
    T* out = static_cast<T*>(out_raw);
    const T* a = static_cast<const T*>(a_raw);
    const T* b = static_cast<const T*>(b_raw);
    if (g.numel <= 0) {
        return;
    }
    if (g.contiguous) {
        parallel_for(g.numel, kGrain, threads, [&](int64_t begin, int64_t end) {
            run_1d(out + begin, 1, a + begin, 1, b + begin, 1, end - begin, op);
        });
        return;
    }
    ElementwiseGeometry oriented = g;
    if (orient_for_tiles(oriented)) {
        const TileGrid grid = tile_grid(oriented);
        const int64_t block_elems = kTileElems * kBlockTiles * kBlockTiles;
        parallel_for(grid.blocks, kGrain / block_elems, threads, [&](int64_t begin, int64_t end) {
            tiled_range(oriented, grid, out, a, b, begin, end, op);
        });
        return;
    }
    parallel_for(g.numel, kGrain, threads, [&](int64_t begin, int64_t end) {
        strided_range(g, out, a, b, begin, end, op);
    });
}

template <typename Op>
void run(const ElementwiseGeometry& g,
         DType dtype,
         void* out,
         const void* a,
         const void* b,
         const Op& op,
         int threads) {
    switch (dtype) {
        case DType::Float32:
            run_typed<float>(g, out, a, b, op, threads);
            break;
        case DType::Float16:
            run_typed<Half>(g, out, a, b, op, threads);
            break;
        case DType::BFloat16:
            run_typed<BFloat16>(g, out, a, b, op, threads);
            break;
    }
}

}  // namespace

void log_sigmoid_backward(const LogSigmoidBackwardArgs& args, int threads) {
    run(args.geometry,
        args.dtype,
        args.grad_input,
        args.grad_output,
        args.self,
        LogSigmoidBackwardOp{},
        threads);
}

void logit_grad(const LogitGradArgs& args, int threads) {
    if (args.nan_fill) {
        run(args.geometry,
            args.dtype,
            args.out,
            args.x,
            args.dy,
            LogitGradOp<true>{args.lo, args.hi},
            threads);
    } else {
        run(args.geometry,
            args.dtype,
            args.out,
            args.x,
            args.dy,
            LogitGradOp<false>{args.lo, args.hi},
            threads);
    }
}

}  // namespace aclemu::kernels::cpu
