// CPU loops of the elementwise ops (LogSigmoidBackward, LogitGrad) over the shared functors in
// kernels_cu/math. Every path works in runs of at most a tile: convert the inputs to float
// buffers, apply the functor over the buffers, round and store, so the functor loop (the costly
// part) is always unit-stride and vectorizes, whatever the operands' strides.
//  - contiguous: runs over the ranges threads take (fp32 needs no buffers);
//  - strided, when the operands agree on which of the two innermost dims is their densest: runs
//    along the innermost dim, the outer dims ticking like an odometer;
//  - strided, when they disagree (e.g. transposed inputs and a row-major output): 2-D tiles of
//    the two innermost dims, each operand moved between memory and the tile buffers in its own
//    unit-stride order, so every cache line fetched is used whole.
// The loops (elementwise_loops.h) are compiled for the x86-64 baseline (SSE2) and, on x86-64 with
// GCC, for AVX2 + F16C and for AVX-512; the widest the CPU reports is used
// (cpu_isa.h). All give the same bits.
//
// Note [Streaming stores]: a normal store to a line that is not in cache first reads the line
// (read for ownership), so an op that reads two arrays and writes one moves four arrays' worth
// of memory traffic, where a copy (glibc's memcpy streams large copies) moves two. When a call's
// traffic is larger than the last-level cache, its output cannot still be cached when the call
// ends anyway, and the contiguous path writes it with non-temporal stores: no read for
// ownership, no eviction of the inputs. Measured on the project's 2-core Xeon VM (2^26 fp32
// elements, 2 threads): LogSigmoidBackward 26 -> 32 GB/s, a plain multiply 31 -> 43 GB/s.
#include "kernels_cpu/cpu_isa.h"
#include "kernels_cpu/cpu_kernels.h"
#include "kernels_cpu/cpu_parallel.h"
#include "kernels_cu/math/dtype.h"
#include "kernels_cu/math/log_sigmoid_backward.h"
#include "kernels_cu/math/logit_grad.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <type_traits>
#include <unistd.h>
#include <utility>

#if defined(__SSE2__)
#    include <emmintrin.h>
#endif
// The variants need GCC's per-function options (#pragma GCC target / optimize); other compilers
// build the baseline loops only.
#if defined(__GNUC__) && !defined(__clang__)
#    define ACLEMU_EW_GCC 1
#else
#    define ACLEMU_EW_GCC 0
#endif
#if ACLEMU_EW_GCC && defined(__x86_64__)
#    define ACLEMU_EW_X86_VARIANTS 1
#    include <immintrin.h>
#else
#    define ACLEMU_EW_X86_VARIANTS 0
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

// The loops, once per instruction set. Every variant is compiled with FMA contraction off (a
// fused a * b + c would round differently from the GPU's pinned __fmul_rn/__fadd_rn); the
// shared math inlined into them follows the function it lands in.
#if ACLEMU_EW_GCC
#    pragma GCC push_options
#    pragma GCC optimize("fp-contract=off")
#endif
namespace {
namespace baseline {
#define ACLEMU_EW_F16C 0
#include "kernels_cpu/elementwise_loops.h"
#undef ACLEMU_EW_F16C
}  // namespace baseline
}  // namespace

#if ACLEMU_EW_X86_VARIANTS
#    pragma GCC target("avx2,f16c")
namespace {
namespace avx2 {
#    define ACLEMU_EW_F16C 1
#    include "kernels_cpu/elementwise_loops.h"
#    undef ACLEMU_EW_F16C
}  // namespace avx2
}  // namespace

// AVX-512 with 512-bit vectors (measured on this project's Xeon VM, per core: LogSigmoidBackward
// fp32 +25%, bf16 +40% over AVX2; the functor is compute-bound there). PyTorch's CPU kernels
// dispatch to AVX-512 on such CPUs as well.
#    pragma GCC target("avx2,f16c,avx512f,avx512bw,avx512vl,avx512dq,prefer-vector-width=512")
namespace {
namespace avx512 {
#    define ACLEMU_EW_F16C 2
#    include "kernels_cpu/elementwise_loops.h"
#    undef ACLEMU_EW_F16C
}  // namespace avx512
}  // namespace
#endif
#if ACLEMU_EW_GCC
#    pragma GCC pop_options
#endif

namespace {

// What this build and this CPU can run: the variants need GCC (see ACLEMU_EW_GCC).
CpuIsa best_supported_isa() {
#if ACLEMU_EW_X86_VARIANTS
    return cpu_isa_detected();
#else
    return CpuIsa::Baseline;
#endif
}

bool can_run(CpuIsa isa) {
    return static_cast<int>(isa) <= static_cast<int>(best_supported_isa());
}

// -1: follow the CPU; otherwise a CpuIsa forced by force_elementwise_isa.
std::atomic<int> g_forced_isa{-1};

CpuIsa active_isa() {
    const int forced = g_forced_isa.load(std::memory_order_relaxed);
    return forced >= 0 ? static_cast<CpuIsa>(forced) : best_supported_isa();
}

// ACLEMU_CPU_STREAMING_STORES: unset or "auto" (Note [Streaming stores]), "0" never, "1" always
// (for comparisons, and for machines whose reported cache size misleads the choice).
StoreMode store_mode_from_env() {
    const char* text = std::getenv("ACLEMU_CPU_STREAMING_STORES");
    if (text == nullptr || *text == '\0' || std::strcmp(text, "auto") == 0) {
        return StoreMode::Auto;
    }
    if (std::strcmp(text, "0") == 0) {
        return StoreMode::Cached;
    }
    if (std::strcmp(text, "1") == 0) {
        return StoreMode::Streaming;
    }
    return StoreMode::Auto;  // an unknown value: the default (the kernels have no logger)
}

// The environment's mode, or a mode forced by force_elementwise_store_mode.
std::atomic<int> g_store_mode{static_cast<int>(store_mode_from_env())};

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
bool streaming_stores(const ElementwiseGeometry& g, DType dtype) {
    switch (static_cast<StoreMode>(g_store_mode.load(std::memory_order_relaxed))) {
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
               int threads) {
    T* o = static_cast<T*>(out);
    const T* x = static_cast<const T*>(a);
    const T* y = static_cast<const T*>(b);
    const bool streaming = streaming_stores(g, dtype);
    switch (active_isa()) {
#if ACLEMU_EW_X86_VARIANTS
        case CpuIsa::Avx512:
            avx512::run_typed(g, o, x, y, op, threads, streaming);
            return;
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
         int threads) {
    switch (dtype) {
        case DType::Float32:
            run_typed<float>(g, dtype, out, a, b, op, threads);
            break;
        case DType::Float16:
            run_typed<Half>(g, dtype, out, a, b, op, threads);
            break;
        case DType::BFloat16:
            run_typed<BFloat16>(g, dtype, out, a, b, op, threads);
            break;
    }
}

}  // namespace

CpuIsa elementwise_isa_supported() {
    return best_supported_isa();
}

bool force_elementwise_isa(CpuIsa isa) {
    if (!can_run(isa)) {
        return false;
    }
    g_forced_isa.store(static_cast<int>(isa), std::memory_order_relaxed);
    return true;
}

void unforce_elementwise_isa() {
    g_forced_isa.store(-1, std::memory_order_relaxed);
}

void force_elementwise_store_mode(StoreMode mode) {
    g_store_mode.store(static_cast<int>(mode), std::memory_order_relaxed);
}

void convert_half_to_float(CpuIsa isa, const Half* in, float* out, int64_t n) {
    if (!can_run(isa)) {
        isa = CpuIsa::Baseline;
    }
    switch (isa) {
#if ACLEMU_EW_X86_VARIANTS
        case CpuIsa::Avx512:
            avx512::load_run(out, in, 1, n);
            return;
        case CpuIsa::Avx2F16c:
            avx2::load_run(out, in, 1, n);
            return;
#endif
        default:
            baseline::load_run(out, in, 1, n);
            return;
    }
}

void convert_float_to_half(CpuIsa isa, const float* in, Half* out, int64_t n) {
    if (!can_run(isa)) {
        isa = CpuIsa::Baseline;
    }
    switch (isa) {
#if ACLEMU_EW_X86_VARIANTS
        case CpuIsa::Avx512:
            avx512::store_run(out, 1, in, n);
            return;
        case CpuIsa::Avx2F16c:
            avx2::store_run(out, 1, in, n);
            return;
#endif
        default:
            baseline::store_run(out, 1, in, n);
            return;
    }
}

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
