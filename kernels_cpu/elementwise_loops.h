// The loops of the CPU elementwise kernels (see elementwise_run.h), written once and compiled once
// per instruction set: elementwise_run.h includes this file in each ISA region (Note [x86 paths],
// x86/isa.h), inside the region's namespace. So: no #pragma once, nothing but templates and
// internal functions, and no #include but x86/convert.h, which belongs in the same region
// (everything else it uses is included before). ACLEMU_X86_LEVEL says how contiguous fp16 runs
// convert: 0 in software (dtype.h), 1 or 2 with x86/convert.h (F16C 8 lanes, AVX-512 16 lanes).
// No variant uses FMA, so all give the same bits as each other and as the GPU (except which
// input's payload an fp32 NaN result carries, which follows instruction operand order).

#if ACLEMU_X86_LEVEL
#    include "kernels_cpu/x86/convert.h"
#endif

template <typename T>
void load_run(float* __restrict dst, const T* src, int64_t stride, int64_t n) {
#if ACLEMU_X86_LEVEL
    if constexpr (std::is_same_v<T, Half>) {
        if (stride == 1) {
            widen_half_for_math(src, dst, n);
            return;
        }
    }
#endif
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
#if ACLEMU_X86_LEVEL
    if constexpr (std::is_same_v<T, Half>) {
        if (stride == 1) {
            narrow_half(src, dst, n);
            return;
        }
    }
#endif
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

// flatten: the functor is inlined into the loop whatever its size, so the loop vectorizes. g++
// left the log-based functors (Logit, LogSigmoid: log_float) as an out-of-line call per element,
// a scalar loop 10-40x slower than the vectorized one.
template <typename Op>
__attribute__((flatten)) void compute_run(float* __restrict out,
                                          const float* __restrict a,
                                          const float* __restrict b,
                                          int64_t n,
                                          const Op& op) {
    for (int64_t j = 0; j < n; ++j) {
        out[j] = op(a[j], b[j]);
    }
}

// In place: the output is exactly input a (kOutIsA) and/or input b (kOutIsB), so each element
// is read before the same element is written and the loop needs no buffer; the other input
// (`other`, unused when the output is both) shares no memory with it. Same bits as compute_run.
template <bool kOutIsA, bool kOutIsB, typename Op>
__attribute__((flatten)) void compute_run_in_place(float* io,
                                                   const float* __restrict other,
                                                   int64_t n,
                                                   const Op& op) {
    for (int64_t j = 0; j < n; ++j) {
        const float self = io[j];
        if constexpr (kOutIsA && kOutIsB) {
            io[j] = op(self, self);
        } else if constexpr (kOutIsA) {
            io[j] = op(self, other[j]);
        } else {
            io[j] = op(other[j], self);
        }
    }
}

// True when the n elements at `out` share memory with the n elements at `in`.
template <typename T>
bool overlaps(const T* out, const T* in, int64_t n) {
    const auto o = reinterpret_cast<uintptr_t>(out);
    const auto i = reinterpret_cast<uintptr_t>(in);
    const auto bytes = static_cast<uintptr_t>(n) * sizeof(T);
    return o < i + bytes && i < o + bytes;
}

// True when the output of n elements is exactly each input or shares no memory with it: then
// any run length gives the same bits (a partial overlap reads what earlier runs wrote).
template <typename T>
bool runs_independent(const T* out, const T* a, const T* b, int64_t n) {
    return (out == a || !overlaps(out, a, n)) && (out == b || !overlaps(out, b, n));
}

#if ACLEMU_X86_LEVEL
// Note [Fused runs]: n elements (a multiple of 64 bytes of T) of unit-stride operands, four
// output cache lines at a time: both inputs' lines loaded and widened in registers
// (x86/convert.h) into small buffers that stay in L1, the functor over them (a loop of constant
// length that vectorizes), the results rounded and stored from registers, streamed when kStream
// (the output then 64-byte aligned). The staged runs of run_1d (widen 512 elements of a, then of
// b, compute, narrow) make four passes over 6 KiB of buffers and call the conversions out of
// line; this loop makes one pass and demands the three memory streams together, as the fp32 loop
// does. Four lines a block: one line (everything in registers) was fastest for Add in cache but
// 15-20% slower than the staged runs for the bf16 transcendental functors (Sigmoid,
// LogSigmoidBackward); four lines was at least as fast as both everywhere measured
// (docs/performance.md). Same bits: the same conversions and the same functor per element.
// kOneInput: b is a (Sigmoid, the scalar forms), read once. Callers check runs_independent.
constexpr int64_t kFusedLines = 4;

// kLines output lines of fused_lines (below), at out, a and b.
template <int64_t kLines, bool kStream, bool kOneInput, typename T, typename Op>
inline void fused_block(T* out, const T* a, const T* b, const Op& op) {
    constexpr int64_t kBlock = kLines * 64 / static_cast<int64_t>(sizeof(T));
    static_assert(kBlock % kLanes == 0, "a line is whole vectors");
    alignas(64) float fa[kBlock];
    alignas(64) float fb[kBlock];
    alignas(64) float fr[kBlock];
    const float* pa = fa;
    const float* pb = kOneInput ? fa : fb;
    if constexpr (std::is_same_v<T, float>) {
        pa = a;  // already floats: the functor reads memory
        pb = kOneInput ? a : b;
    } else {
        for (int64_t v = 0; v < kBlock; v += kLanes) {
            store_lanes(fa + v, load_lanes(a + v));
            if constexpr (!kOneInput) {
                store_lanes(fb + v, load_lanes(b + v));
            }
        }
    }
    for (int64_t k = 0; k < kBlock; ++k) {
        fr[k] = op(pa[k], pb[k]);
    }
    for (int64_t v = 0; v < kBlock; v += kLanes) {
        store_lanes<kStream>(out + v, load_lanes(fr + v));
    }
}

template <bool kStream, bool kOneInput, typename T, typename Op>
__attribute__((flatten)) void fused_lines(T* out, const T* a, const T* b, int64_t n, const Op& op) {
    constexpr int64_t kLineElems = 64 / static_cast<int64_t>(sizeof(T));
    constexpr int64_t kBlock = kFusedLines * kLineElems;
    int64_t j = 0;
    for (; j + kBlock <= n; j += kBlock) {
        fused_block<kFusedLines, kStream, kOneInput>(out + j, a + j, b + j, op);
    }
    for (; j < n; j += kLineElems) {
        fused_block<1, kStream, kOneInput>(out + j, a + j, b + j, op);
    }
}

template <bool kStream, typename T, typename Op>
void fused_lines(T* out, const T* a, const T* b, int64_t n, const Op& op) {
    if (a == b) {
        fused_lines<kStream, true>(out, a, b, n, op);
    } else {
        fused_lines<kStream, false>(out, a, b, n, op);
    }
}
#endif

// n elements at out[j * so], a[j * sa], b[j * sb].
template <typename T, typename Op>
void run_1d(
    T* out, int64_t so, const T* a, int64_t sa, const T* b, int64_t sb, int64_t n, const Op& op) {
    if constexpr (std::is_same_v<T, float>) {
        if (so == 1 && sa == 1 && sb == 1) {
            // Through compute_run (inlined functor, __restrict: the loop vectorizes without
            // run-time alias checks). An output that is exactly an input (in place) runs
            // compute_run_in_place; one that shares memory with an input otherwise goes through
            // a buffer, run by run, so that __restrict holds.
            const bool out_is_a = out == a, out_is_b = out == b;
            if (!out_is_a && !out_is_b && !overlaps(out, a, n) && !overlaps(out, b, n)) {
                compute_run(out, a, b, n, op);
                return;
            }
            if (out_is_a && out_is_b) {
                compute_run_in_place<true, true>(out, nullptr, n, op);
                return;
            }
            if (out_is_a && !overlaps(out, b, n)) {
                compute_run_in_place<true, false>(out, b, n, op);
                return;
            }
            if (out_is_b && !overlaps(out, a, n)) {
                compute_run_in_place<false, true>(out, a, n, op);
                return;
            }
            // Partial overlaps: through a buffer, run by run.
            float fr[kRun];
            for (int64_t base = 0; base < n; base += kRun) {
                const int64_t len = std::min(kRun, n - base);
                compute_run(fr, a + base, b + base, len, op);
                std::memcpy(out + base, fr, static_cast<size_t>(len) * sizeof(float));
            }
            return;
        }
    }
#if ACLEMU_X86_LEVEL
    if constexpr (!std::is_same_v<T, float>) {
        if (so == 1 && sa == 1 && sb == 1 && runs_independent(out, a, b, n)) {
            // Note [Fused runs]; the tail of less than a line goes through the buffers below.
            const int64_t lines = n / (64 / static_cast<int64_t>(sizeof(T)));
            const int64_t whole = lines * (64 / static_cast<int64_t>(sizeof(T)));
            fused_lines<false>(out, a, b, whole, op);
            out += whole;
            a += whole;
            b += whole;
            n -= whole;
        }
    }
#endif
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

// Non-temporal stores (Note [Streaming stores], elementwise_run.h): `bytes` (a multiple of 64) from
// the 64-byte-aligned `src` to the 64-byte-aligned `dst`, bypassing the caches. Callers end
// with stream_fence().
void stream_lines(void* dst, const void* src, int64_t bytes) {
#if ACLEMU_X86_LEVEL == 2
    for (int64_t i = 0; i < bytes; i += 64) {
        const auto* from = reinterpret_cast<const __m512i*>(static_cast<const char*>(src) + i);
        _mm512_stream_si512(reinterpret_cast<__m512i*>(static_cast<char*>(dst) + i),
                            _mm512_load_si512(from));
    }
#elif ACLEMU_X86_LEVEL == 1
    for (int64_t i = 0; i < bytes; i += 32) {
        const auto* from = reinterpret_cast<const __m256i*>(static_cast<const char*>(src) + i);
        _mm256_stream_si256(reinterpret_cast<__m256i*>(static_cast<char*>(dst) + i),
                            _mm256_load_si256(from));
    }
#elif defined(__SSE2__)
    for (int64_t i = 0; i < bytes; i += 16) {
        const auto* from = reinterpret_cast<const __m128i*>(static_cast<const char*>(src) + i);
        _mm_stream_si128(reinterpret_cast<__m128i*>(static_cast<char*>(dst) + i),
                         _mm_load_si128(from));
    }
#else
    std::memcpy(dst, src, static_cast<size_t>(bytes));
#endif
}

// Orders the non-temporal stores before whatever the thread does next (they are weakly
// ordered): the thread's part of the output is complete when the parallel region joins.
void stream_fence() {
#if defined(__SSE2__)
    _mm_sfence();
#endif
}

// run_1d over contiguous operands with the output written by non-temporal stores: the head up
// to the first 64-byte boundary of `out` and the tail after the last whole cache line are stored
// normally; the whole lines in between are computed line by line and streamed from registers
// (Note [Fused runs]; for the baseline, or an output partly overlapping an input, in runs of at
// most kRun elements into aligned buffers, then streamed). Same bits as run_1d: only how the
// results reach memory differs.
template <typename T, typename Op>
void run_1d_streaming(T* out, const T* a, const T* b, int64_t n, const Op& op) {
    constexpr int64_t kLineElems = 64 / sizeof(T);
    static_assert(kRun % kLineElems == 0, "a run must cover whole cache lines");
    const uintptr_t address = reinterpret_cast<uintptr_t>(out);
    if (address % sizeof(T) != 0) {
        run_1d(out, 1, a, 1, b, 1, n, op);  // not element-aligned: lines never line up
        return;
    }
    const int64_t head = std::min<int64_t>(n, ((64 - address % 64) % 64) / sizeof(T));
    const int64_t lines_end = head + (n - head) / kLineElems * kLineElems;
    run_1d(out, 1, a, 1, b, 1, head, op);
#if ACLEMU_X86_LEVEL
    if (runs_independent(out, a, b, n)) {
        fused_lines<true>(out + head, a + head, b + head, lines_end - head, op);
        run_1d(out + lines_end, 1, a + lines_end, 1, b + lines_end, 1, n - lines_end, op);
        stream_fence();
        return;
    }
#endif
    alignas(64) float fa[kRun];
    alignas(64) float fb[kRun];
    alignas(64) float fr[kRun];
    alignas(64) T staged[kRun];
    for (int64_t j = head; j < lines_end; j += kRun) {
        const int64_t len = std::min(kRun, lines_end - j);
        if constexpr (std::is_same_v<T, float>) {
            compute_run(fr, a + j, b + j, len, op);
            stream_lines(out + j, fr, len * static_cast<int64_t>(sizeof(T)));
        } else {
            load_run(fa, a + j, 1, len);
            load_run(fb, b + j, 1, len);
            compute_run(fr, fa, fb, len, op);
            store_run(staged, 1, fr, len);
            stream_lines(out + j, staged, len * static_cast<int64_t>(sizeof(T)));
        }
    }
    run_1d(out + lines_end, 1, a + lines_end, 1, b + lines_end, 1, n - lines_end, op);
    stream_fence();
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

// dst[c * dst_pitch + r] = src[r * src_pitch + c] for r < rows, c < cols: 4 x 4 blocks in SSE
// registers, the ragged edges one by one. `dst_in_memory`: dst is the operand's memory, whose
// rows may lie a power of two apart (a 4096-wide matrix: every row in the same L1 set), so
// finish each group of 4 dst rows before the next (about 8 lines in flight) rather than sweep
// all 32 rows 16 bytes at a time, which evicts lines before they are whole. Otherwise src is
// the memory side and is read along its rows.
void transpose(float* dst,
               int64_t dst_pitch,
               const float* src,
               int64_t src_pitch,
               int64_t rows,
               int64_t cols,
               bool dst_in_memory) {
    int64_t r4 = 0;
    int64_t c4 = 0;
#if defined(__SSE2__)
    r4 = rows & ~int64_t{3};
    c4 = cols & ~int64_t{3};
    const auto block = [&](int64_t r, int64_t c) {
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
    };
    if (dst_in_memory) {
        for (int64_t c = 0; c < c4; c += 4) {
            for (int64_t r = 0; r < r4; r += 4) {
                block(r, c);
            }
        }
    } else {
        for (int64_t r = 0; r < r4; r += 4) {
            for (int64_t c = 0; c < c4; c += 4) {
                block(r, c);
            }
        }
    }
#else
    (void)dst_in_memory;
#endif
    for (int64_t r = 0; r < rows; ++r) {
        for (int64_t c = r < r4 ? c4 : 0; c < cols; ++c) {
            dst[c * dst_pitch + r] = src[r * src_pitch + c];
        }
    }
}

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
                transpose(buf, kTileSide, p, s_col, cols, rows, false);
                return {buf, kTileSide};
            }
        }
        for (int64_t c = 0; c < cols; ++c) {
            load_run(scratch + c * kTileSide, p + c * s_col, s_row, rows);
        }
        transpose(buf, kTileSide, scratch, kTileSide, cols, rows, false);
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
                transpose(p, s_col, buf, kTileSide, rows, cols, true);
                return;
            }
        }
        transpose(scratch, kTileSide, buf, kTileSide, rows, cols, false);
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

// Asks for the cache lines of the rows x cols tile at `off` ahead of use (the output's for
// writing), into L2: a tile reads runs of only one or two lines per row or column, each in
// another page, too short for the hardware prefetcher to follow; and rows a power of two apart
// share an L1 set, so prefetching them into L1 would evict the running tile's lines. Operands
// not unit-stride along their runs are left alone.
template <typename T>
void prefetch_tile(const ElementwiseGeometry& g,
                   const TileMode& mode,
                   const T* out,
                   const T* a,
                   const T* b,
                   const int64_t off[3],
                   int64_t rows,
                   int64_t cols) {
    constexpr int64_t kLine = 64;
    constexpr int64_t kElem = static_cast<int64_t>(sizeof(T));
    const int ro = g.ndim - 2;
    const int co = g.ndim - 1;
    const char* const base[3] = {reinterpret_cast<const char*>(out + off[0]),
                                 reinterpret_cast<const char*>(a + off[1]),
                                 reinterpret_cast<const char*>(b + off[2])};
    for (int k = 0; k < 3; ++k) {
        const bool by_column = mode.by_column[k];
        if ((by_column ? g.strides[k][ro] : g.strides[k][co]) != 1) {
            continue;
        }
        const int64_t runs = by_column ? cols : rows;
        const int64_t run_bytes = (by_column ? rows : cols) * kElem;
        const int64_t pitch = (by_column ? g.strides[k][co] : g.strides[k][ro]) * kElem;
        for (int64_t r = 0; r < runs; ++r) {
            const char* p = base[k] + r * pitch;
            for (int64_t byte = 0; byte < run_bytes; byte += kLine) {
                if (k == 0) {
                    __builtin_prefetch(p + byte, 1, 2);
                } else {
                    __builtin_prefetch(p + byte, 0, 2);
                }
            }
        }
    }
}

// Blocks [block_begin, block_end) of the tile grid; within a block, tile rows in order, the
// tiles of a row left to right, each tile's lines asked for while the previous one runs.
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
        // Tile (tr, tc): its offsets and extent.
        const auto place =
            [&](int64_t tr, int64_t tc, int64_t off[3], int64_t* rows, int64_t* cols) {
                const int64_t row0 = tr * kTileSide;
                const int64_t col0 = tc * kTileSide;
                for (int k = 0; k < 3; ++k) {
                    off[k] = base[k] + row0 * g.strides[k][ro] + col0 * g.strides[k][co];
                }
                *rows = std::min(kTileSide, g.sizes[ro] - row0);
                *cols = std::min(kTileSide, g.sizes[co] - col0);
            };
        for (int64_t tr = tr0; tr < tr1; ++tr) {
            for (int64_t tc = tc0; tc < tc1; ++tc) {
                const bool last_in_row = tc + 1 == tc1;
                if (!last_in_row || tr + 1 < tr1) {
                    int64_t next[3];
                    int64_t rows = 0;
                    int64_t cols = 0;
                    place(
                        last_in_row ? tr + 1 : tr, last_in_row ? tc0 : tc + 1, next, &rows, &cols);
                    prefetch_tile(g, mode, out, a, b, next, rows, cols);
                }
                int64_t off[3];
                int64_t rows = 0;
                int64_t cols = 0;
                place(tr, tc, off, &rows, &cols);
                run_tile(g, mode, buf, out, a, b, off, rows, cols, op);
            }
        }
    }
}

// `streaming`: contiguous outputs are written with non-temporal stores.
template <typename T, typename Op>
void run_typed(const ElementwiseGeometry& g,
               T* out,
               const T* a,
               const T* b,
               const Op& op,
               int threads,
               bool streaming) {
    if (g.numel <= 0) {
        return;
    }
    if (g.contiguous) {
        parallel_for_dynamic(g.numel, kGrain, threads, [&](int64_t begin, int64_t end) {
            if (streaming) {
                run_1d_streaming(out + begin, a + begin, b + begin, end - begin, op);
            } else {
                run_1d(out + begin, 1, a + begin, 1, b + begin, 1, end - begin, op);
            }
        });
        return;
    }
    ElementwiseGeometry oriented = g;
    if (orient_for_tiles(oriented)) {
        const TileGrid grid = tile_grid(oriented);
        const int64_t block_elems = kTileElems * kBlockTiles * kBlockTiles;
        parallel_for_dynamic(
            grid.blocks, kGrain / block_elems, threads, [&](int64_t begin, int64_t end) {
                tiled_range(oriented, grid, out, a, b, begin, end, op);
            });
        return;
    }
    parallel_for_dynamic(g.numel, kGrain, threads, [&](int64_t begin, int64_t end) {
        strided_range(g, out, a, b, begin, end, op);
    });
}
