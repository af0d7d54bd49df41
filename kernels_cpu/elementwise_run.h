// The CPU loops every elementwise operator shares, over its functor from kernels_cu/math.
// An operator's kernels_cpu/<name>.cpp includes this once and calls
// run(geometry, dtype, out, a, b, functor, threads, stores) (everything here is internal to
// that file: each operator compiles its own loops, per instruction set, for its functor). Every
// path works in runs of at most a tile: convert the inputs to float buffers, apply the functor over
// the buffers, round and store, so the functor loop (the costly part) is always unit-stride and
// vectorizes, whatever the operands' strides. Unit-stride 16-bit runs (and streamed fp32 ones)
// skip the 512-element phases on AVX2 and AVX-512: converted, computed and stored four cache
// lines at a time (Note [Fused runs], elementwise_loops.h).
//  - contiguous: runs over the ranges threads take (fp32 needs no buffers);
//  - strided, when the operands agree on which of the two innermost dims is their densest: runs
//    along the innermost dim, the outer dims ticking like an odometer;
//  - strided, when they disagree (e.g. transposed inputs and a row-major output): 2-D tiles of
//    the two innermost dims, each operand moved between memory and the tile buffers in its own
//    unit-stride order, so every cache line fetched is used whole.
// The loops (elementwise_loops.h) are compiled for the x86-64 baseline (SSE2), for AVX2 + F16C
// and for AVX-512 (Note [x86 paths], x86/isa.h); cpu_isa() picks one. All give the same bits.
//
// Note [Streaming stores]: a normal store to a line that is not in cache first reads the line
// (read for ownership), so an op that reads two arrays and writes one moves four arrays' worth
// of memory traffic, where a copy (glibc's memcpy streams large copies) moves two. When a call's
// traffic is larger than the last-level cache, its output cannot still be cached when the call
// ends anyway, and the contiguous path writes it with non-temporal stores: no read for
// ownership, no eviction of the inputs (docs/performance.md has the measurements). The caller
// may force either way (StoreMode).
#pragma once

#include "kernels_cpu/cpu_kernels.h"
#include "kernels_cpu/cpu_parallel.h"
#include "kernels_cpu/x86/isa.h"
#include "kernels_cu/math/dtype.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <type_traits>
#include <unistd.h>
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
// Side of a 2-D tile: 32 x 32 floats per buffer (four buffers: 16 KiB, in L1), and runs of 32
// elements (64-128 bytes, one or two cache lines) along either dim.
constexpr int64_t kTileSide = 32;
constexpr int64_t kTileElems = kTileSide * kTileSide;

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

// A tile of floats: element (r, c) at p[r * pitch + c].
struct FloatTile {
    const float* p;
    int64_t pitch;
};

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

}  // namespace

// The loops, once per instruction set (baseline::, avx2::, avx512::; AVX-512 with 512-bit
// vectors: the functor is compute-bound in cache). GCC compiles them with FMA contraction off (a
// fused a * b + c would round differently from the GPU's pinned __fmul_rn/__fadd_rn); the shared
// math inlined into them follows the function it lands in. (Clang's regions enable no FMA.)
#if defined(__GNUC__) && !defined(__clang__)
#    pragma GCC push_options
#    pragma GCC optimize("fp-contract=off")
#endif
#define ACLEMU_X86_PER_ISA "kernels_cpu/elementwise_loops.h"
#include "kernels_cpu/x86/per_isa.h"
#if defined(__GNUC__) && !defined(__clang__)
#    pragma GCC pop_options
#endif

namespace {

// The last-level cache the OS reports (glibc reads it from CPUID); 32 MiB when it reports none.
int64_t last_level_cache_bytes() {
    static const int64_t bytes = [] {
        for (int name : {_SC_LEVEL3_CACHE_SIZE, _SC_LEVEL2_CACHE_SIZE}) {
            const long size = ::sysconf(name);
            if (size > 0) {
                return static_cast<int64_t>(size);
            }
        }
        return int64_t{32} << 20;
    }();
    return bytes;
}

// Note [Streaming stores].
bool streaming_stores(const ElementwiseGeometry& g, DType dtype, StoreMode mode) {
    switch (mode) {
        case StoreMode::Cached:
            return false;
        case StoreMode::Streaming:
            return g.contiguous;
        case StoreMode::Auto:
            break;
    }
    return g.contiguous
           && min_traffic_bytes(g, dtype) > static_cast<uint64_t>(last_level_cache_bytes());
}

template <typename T, typename Op>
void run_typed(const ElementwiseGeometry& g,
               DType dtype,
               void* out,
               const void* a,
               const void* b,
               const Op& op,
               int threads,
               StoreMode stores) {
    T* o = static_cast<T*>(out);
    const T* x = static_cast<const T*>(a);
    const T* y = static_cast<const T*>(b);
    const bool streaming = streaming_stores(g, dtype, stores);
    switch (cpu_isa()) {
#if ACLEMU_X86_AVX512
        case CpuIsa::Avx512:
            avx512::run_typed(g, o, x, y, op, threads, streaming);
            return;
#endif
#if ACLEMU_X86
        case CpuIsa::Avx2F16c:
            avx2::run_typed(g, o, x, y, op, threads, streaming);
            return;
#endif
        default:
            baseline::run_typed(g, o, x, y, op, threads, streaming);
            return;
    }
}

template <typename Op>
void run(const ElementwiseGeometry& g,
         DType dtype,
         void* out,
         const void* a,
         const void* b,
         const Op& op,
         int threads,
         StoreMode stores) {
    switch (dtype) {
        case DType::Float32:
            run_typed<float>(g, dtype, out, a, b, op, threads, stores);
            break;
        case DType::Float16:
            run_typed<Half>(g, dtype, out, a, b, op, threads, stores);
            break;
        case DType::BFloat16:
            run_typed<BFloat16>(g, dtype, out, a, b, op, threads, stores);
            break;
    }
}

}  // namespace

}  // namespace aclemu::kernels::cpu
