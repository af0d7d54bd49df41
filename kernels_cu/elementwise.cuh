// The GPU kernel bodies every elementwise operator shares, over its kernels_cu/math functor:
// contiguous with 16-byte vectors (scalar peel when all pointers share one misalignment, scalar
// tail), contiguous scalar when misalignments differ, and strided (32-bit division when numel
// fits). Grid-stride with 64-bit counters: one launch for any size. Each operator launches the
// bodies through kernels of its own name (log_sigmoid_backward_strided,
// logit_grad_contiguous_vector, ...), so a profiler that shows a kernel's name without its
// template arguments (Nsight Compute's "Function Name") still tells the operators apart. Usage,
// in the operator's kernels_cu/<name>.cu, inside namespace ACLEMU_GPU_NAMESPACE:
//
//   ACLEMU_ELEMENTWISE_KERNELS(logit_grad)  // logit_grad_contiguous_vector, ... _strided
//   int launch_logit_grad(const LogitGradArgs& a, void* stream) {
//       return launch_elementwise<logit_grad_kernels>(a.geometry, a.dtype, a.out, a.x, a.dy,
//                                                     LogitGradOp<true>{a.lo, a.hi}, stream);
//   }
//
// The GPU simulator reads the kernels' launch bounds from the macro below (gpu/sim/gpusim.cmake:
// a `name##suffix` kernel matches every launched kernel whose name ends in `suffix`).
#pragma once

#include "kernels_cu/common.cuh"
#include "kernels_cu/math/mixed_elementwise.h"

#include <atomic>
#include <cstdint>

namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE {
namespace elementwise {

constexpr int kBlock = 256;  // threads per block of every elementwise kernel
constexpr int kVecBytes = 16;
// Elements each thread handles per grid-stride step: fp32 4 vectors, fp16/bf16 2 vectors, i.e.
// 32-64 bytes of loads per input per thread in flight.
constexpr int kElemsPerThread = 16;
constexpr int kScalarUnroll = 4;

template <typename T>
constexpr int kVec = kVecBytes / static_cast<int>(sizeof(T));

template <typename T>
struct alignas(kVecBytes) Pack {
    T v[kVec<T>];
};

template <typename T, typename Op>
ACLEMU_DEVICE T apply(const Op& op, T a, T b) {
    return from_float<T>(op(to_float(a), to_float(b)));
}

// Contiguous, all pointers 16-byte aligned after `peel` elements. Elements [0, peel) and the
// tail after the last whole vector are done one per thread.
template <typename T, typename Op>
ACLEMU_DEVICE void contiguous_vector(
    T* out, const T* a, const T* b, int64_t n, int64_t peel, Op op) {
    constexpr int kV = kVec<T>;
    constexpr int kVecsPerThread = kElemsPerThread / kV;
    constexpr int64_t kTile = static_cast<int64_t>(kBlock) * kVecsPerThread;  // vectors
    const int64_t thread = static_cast<int64_t>(blockIdx.x) * kBlock + threadIdx.x;
    const int64_t threads = static_cast<int64_t>(gridDim.x) * kBlock;

    if (thread < peel) {
        out[thread] = apply(op, a[thread], b[thread]);
    }
    const int64_t nvec = (n - peel) / kV;
    Pack<T>* vo = reinterpret_cast<Pack<T>*>(out + peel);
    const Pack<T>* va = reinterpret_cast<const Pack<T>*>(a + peel);
    const Pack<T>* vb = reinterpret_cast<const Pack<T>*>(b + peel);

    // Whole tiles: all loads of a thread first, then compute and store, no bounds checks.
    const int64_t full_tiles = nvec / kTile;
    for (int64_t tile = blockIdx.x; tile < full_tiles; tile += gridDim.x) {
        const int64_t base = tile * kTile + threadIdx.x;
        Pack<T> ra[kVecsPerThread];
        Pack<T> rb[kVecsPerThread];
#pragma unroll
        for (int k = 0; k < kVecsPerThread; ++k) {
            ra[k] = va[base + k * kBlock];
            rb[k] = vb[base + k * kBlock];
        }
#pragma unroll
        for (int k = 0; k < kVecsPerThread; ++k) {
            Pack<T> r;
#pragma unroll
            for (int j = 0; j < kV; ++j) {
                r.v[j] = apply(op, ra[k].v[j], rb[k].v[j]);
            }
            vo[base + k * kBlock] = r;
        }
    }
    // The last, partial tile goes to the block whose turn it would be.
    if (full_tiles * kTile < nvec && blockIdx.x == full_tiles % gridDim.x) {
        const int64_t base = full_tiles * kTile + threadIdx.x;
#pragma unroll
        for (int k = 0; k < kVecsPerThread; ++k) {
            const int64_t v = base + k * kBlock;
            if (v < nvec) {
                const Pack<T> pa = va[v];
                const Pack<T> pb = vb[v];
                Pack<T> r;
#pragma unroll
                for (int j = 0; j < kV; ++j) {
                    r.v[j] = apply(op, pa.v[j], pb.v[j]);
                }
                vo[v] = r;
            }
        }
    }
    for (int64_t i = peel + nvec * kV + thread; i < n; i += threads) {
        out[i] = apply(op, a[i], b[i]);
    }
}

// Contiguous with pointers of different misalignment: scalar, kScalarUnroll elements per
// thread in flight, coalesced (element k of a thread is kBlock apart).
template <typename T, typename Op>
ACLEMU_DEVICE void contiguous_scalar(T* out, const T* a, const T* b, int64_t n, Op op) {
    constexpr int64_t kTile = static_cast<int64_t>(kBlock) * kScalarUnroll;
    for (int64_t base = static_cast<int64_t>(blockIdx.x) * kTile + threadIdx.x; base < n;
         base += static_cast<int64_t>(gridDim.x) * kTile) {
        T ra[kScalarUnroll];
        T rb[kScalarUnroll];
#pragma unroll
        for (int k = 0; k < kScalarUnroll; ++k) {
            const int64_t i = base + k * kBlock;
            if (i < n) {
                ra[k] = a[i];
                rb[k] = b[i];
            }
        }
#pragma unroll
        for (int k = 0; k < kScalarUnroll; ++k) {
            const int64_t i = base + k * kBlock;
            if (i < n) {
                out[i] = apply(op, ra[k], rb[k]);
            }
        }
    }
}

// Strided geometry, dims stored innermost first so the unrolled loop below walks them with
// compile-time indices (the arrays stay in the kernel parameter space).
template <typename Index>
struct StridedParams {
    int32_t ndim;  // >= 1
    Index sizes[kMaxDims];
    int64_t strides[3][kMaxDims];
};

template <typename Index>
ACLEMU_DEVICE void strided_offsets(const StridedParams<Index>& p, Index linear, int64_t off[3]) {
    off[0] = off[1] = off[2] = 0;
    Index rest = linear;
#pragma unroll
    for (int d = 0; d < kMaxDims; ++d) {
        if (d == p.ndim - 1) {
            // Outermost dim: what is left is its index.
            off[0] += static_cast<int64_t>(rest) * p.strides[0][d];
            off[1] += static_cast<int64_t>(rest) * p.strides[1][d];
            off[2] += static_cast<int64_t>(rest) * p.strides[2][d];
            break;
        }
        const Index q = rest / p.sizes[d];
        const int64_t idx = static_cast<int64_t>(rest - q * p.sizes[d]);
        rest = q;
        off[0] += idx * p.strides[0][d];
        off[1] += idx * p.strides[1][d];
        off[2] += idx * p.strides[2][d];
    }
}

template <typename T, typename Op, typename Index>
ACLEMU_DEVICE void strided(T* out, const T* a, const T* b, Index n, StridedParams<Index> p, Op op) {
    constexpr int64_t kTile = static_cast<int64_t>(kBlock) * kScalarUnroll;
    for (int64_t base = static_cast<int64_t>(blockIdx.x) * kTile + threadIdx.x;
         base < static_cast<int64_t>(n);
         base += static_cast<int64_t>(gridDim.x) * kTile) {
        int64_t off[kScalarUnroll][3];
        T ra[kScalarUnroll];
        T rb[kScalarUnroll];
#pragma unroll
        for (int k = 0; k < kScalarUnroll; ++k) {
            const int64_t i = base + k * kBlock;
            if (i < static_cast<int64_t>(n)) {
                strided_offsets(p, static_cast<Index>(i), off[k]);
                ra[k] = a[off[k][1]];
                rb[k] = b[off[k][2]];
            }
        }
#pragma unroll
        for (int k = 0; k < kScalarUnroll; ++k) {
            const int64_t i = base + k * kBlock;
            if (i < static_cast<int64_t>(n)) {
                out[off[k][0]] = apply(op, ra[k], rb[k]);
            }
        }
    }
}

template <typename Index>
StridedParams<Index> strided_params(const ElementwiseGeometry& g) {
    StridedParams<Index> p{};
    if (g.ndim <= 0) {  // 0-D: one element at offset 0
        p.ndim = 1;
        p.sizes[0] = 1;
        return p;
    }
    p.ndim = g.ndim;
    for (int d = 0; d < g.ndim; ++d) {
        const int src = g.ndim - 1 - d;
        p.sizes[d] = static_cast<Index>(g.sizes[src]);
        for (int k = 0; k < 3; ++k) {
            p.strides[k][d] = g.strides[k][src];
        }
    }
    return p;
}

enum class Path { ContiguousVector, ContiguousScalar, Strided32, Strided64 };

// Most elements a strided launch indexes in 32 bits (set_strided_index32_limit, launch_table.cu):
// one per kernel library, as every operator's .cu includes this header.
inline std::atomic<int64_t> strided_index32_limit{static_cast<int64_t>(UINT32_MAX)};

// The path an elementwise launch takes and its grid; `peel` for ContiguousVector.
struct Plan {
    Path path = Path::Strided64;
    unsigned grid = 1;
    int64_t peel = 0;
};

template <typename T>
Plan plan_path(const ElementwiseGeometry& g, const void* out, const void* a, const void* b) {
    const int64_t n = g.numel;
    Plan plan;
    if (g.contiguous) {
        const auto mis = [](const void* p) {
            return static_cast<int64_t>(reinterpret_cast<uintptr_t>(p) % kVecBytes);
        };
        const int64_t m = mis(out);
        if (m == mis(a) && m == mis(b) && m % static_cast<int64_t>(sizeof(T)) == 0) {
            int64_t peel = m == 0 ? 0 : (kVecBytes - m) / static_cast<int64_t>(sizeof(T));
            plan.peel = peel < n ? peel : n;
            const int64_t vectors = (n - plan.peel) / kVec<T>;
            // Enough blocks for the vectors, and at least one for peel + tail.
            plan.grid = grid_for(vectors > 0 ? vectors : 1,
                                 static_cast<int64_t>(kBlock) * kElemsPerThread / kVec<T>);
            plan.path = Path::ContiguousVector;
            return plan;
        }
        plan.path = Path::ContiguousScalar;
    } else {
        plan.path = n <= strided_index32_limit.load(std::memory_order_relaxed) ? Path::Strided32
                                                                               : Path::Strided64;
    }
    plan.grid = grid_for(n, static_cast<int64_t>(kBlock) * kScalarUnroll);
    return plan;
}

// The general path (kernels_cu/math/mixed_elementwise.h): one element per thread step,
// grid-stride, each operand read as its own type and converted to C.
template <typename Op>
struct Mixed {
    MixedTypes t;
    void* out;
    const void* a;
    const void* b;
    int64_t n;
    StridedParams<uint64_t> p;
    Op op;
};

template <typename C, typename Op>
ACLEMU_DEVICE void mixed(const Mixed<Op>& m) {
    const int64_t step = static_cast<int64_t>(gridDim.x) * kBlock;
    for (int64_t i = static_cast<int64_t>(blockIdx.x) * kBlock + threadIdx.x; i < m.n; i += step) {
        int64_t off[3];
        strided_offsets(m.p, static_cast<uint64_t>(i), off);
        mixed_element<C>(m.t, m.out, m.a, m.b, off, m.op);
    }
}

}  // namespace elementwise

// Defines operator `name`'s general-path kernel name##_mixed (a template over the computation
// type C and the functor) and name##_mixed_kernel, whose launch<C>() starts it over a geometry
// and returns the launch status (0 = launched):
//
//   ACLEMU_MIXED_ELEMENTWISE_KERNEL(sigmoid)
//   return sigmoid_mixed_kernel::launch<float>(g, types, out, a, b, SigmoidOp{}, stream);
#define ACLEMU_MIXED_ELEMENTWISE_KERNEL(name)                                         \
    template <typename C, typename Op>                                                \
    __global__ void __launch_bounds__(elementwise::kBlock)                            \
        name##_mixed(elementwise::Mixed<Op> m) {                                      \
        elementwise::mixed<C>(m);                                                     \
    }                                                                                 \
    struct name##_mixed_kernel {                                                      \
        template <typename C, typename Op>                                            \
        static int launch(const ElementwiseGeometry& g,                               \
                          const MixedTypes& t,                                        \
                          void* out,                                                  \
                          const void* a,                                              \
                          const void* b,                                              \
                          Op op,                                                      \
                          void* stream) {                                             \
            if (g.numel <= 0) {                                                       \
                return 0;                                                             \
            }                                                                         \
            clear_stale_error();                                                      \
            const unsigned grid = grid_for(g.numel, elementwise::kBlock);             \
            const elementwise::Mixed<Op> m{                                           \
                t, out, a, b, g.numel, elementwise::strided_params<uint64_t>(g), op}; \
            ACLEMU_LAUNCH(grid,                                                       \
                          elementwise::kBlock,                                        \
                          0,                                                          \
                          static_cast<gpuStream_t>(stream),                           \
                          name##_mixed<C, Op>)                                        \
            (m);                                                                      \
            return launch_status();                                                   \
        }                                                                             \
        /* launch<float> or launch<double> by the promoted type (a floating one) */   \
        template <typename Op>                                                        \
        static int launch_floating(const ElementwiseGeometry& g,                      \
                                   const MixedTypes& t,                               \
                                   void* out,                                         \
                                   const void* a,                                     \
                                   const void* b,                                     \
                                   Op op,                                             \
                                   void* stream) {                                    \
            return arith_family(t.promoted) == ArithFamily::Double                    \
                       ? launch<double>(g, t, out, a, b, op, stream)                  \
                       : launch<float>(g, t, out, a, b, op, stream);                  \
        }                                                                             \
    };

// Defines the kernels of operator `name` (name##_contiguous_vector, name##_contiguous_scalar,
// name##_strided, templates over the element type and the functor) and name##_kernels, whose
// launch() starts the one a plan picked. The launches spell each kernel's name: profilers and
// the GPU simulator (which finds the launch bounds by it) see the operator's own kernels.
#define ACLEMU_ELEMENTWISE_KERNELS(name)                                                           \
    template <typename T, typename Op>                                                             \
    __global__ void __launch_bounds__(elementwise::kBlock)                                         \
        name##_contiguous_vector(T* out, const T* a, const T* b, int64_t n, int64_t peel, Op op) { \
        elementwise::contiguous_vector(out, a, b, n, peel, op);                                    \
    }                                                                                              \
    template <typename T, typename Op>                                                             \
    __global__ void __launch_bounds__(elementwise::kBlock)                                         \
        name##_contiguous_scalar(T* out, const T* a, const T* b, int64_t n, Op op) {               \
        elementwise::contiguous_scalar(out, a, b, n, op);                                          \
    }                                                                                              \
    template <typename T, typename Op, typename Index>                                             \
    __global__ void __launch_bounds__(elementwise::kBlock) name##_strided(                         \
        T* out, const T* a, const T* b, Index n, elementwise::StridedParams<Index> p, Op op) {     \
        elementwise::strided(out, a, b, n, p, op);                                                 \
    }                                                                                              \
    struct name##_kernels {                                                                        \
        template <typename T, typename Op>                                                         \
        static void launch(const elementwise::Plan& p,                                             \
                           const ElementwiseGeometry& g,                                           \
                           T* out,                                                                 \
                           const T* a,                                                             \
                           const T* b,                                                             \
                           Op op,                                                                  \
                           gpuStream_t s) {                                                        \
            constexpr int kB = elementwise::kBlock;                                                \
            const int64_t n = g.numel;                                                             \
            switch (p.path) {                                                                      \
                case elementwise::Path::ContiguousVector:                                          \
                    ACLEMU_LAUNCH(p.grid, kB, 0, s, name##_contiguous_vector<T, Op>)               \
                    (out, a, b, n, p.peel, op);                                                    \
                    return;                                                                        \
                case elementwise::Path::ContiguousScalar:                                          \
                    ACLEMU_LAUNCH(p.grid, kB, 0, s, name##_contiguous_scalar<T, Op>)               \
                    (out, a, b, n, op);                                                            \
                    return;                                                                        \
                case elementwise::Path::Strided32:                                                 \
                    ACLEMU_LAUNCH(p.grid, kB, 0, s, name##_strided<T, Op, uint32_t>)               \
                    (out,                                                                          \
                     a,                                                                            \
                     b,                                                                            \
                     static_cast<uint32_t>(n),                                                     \
                     elementwise::strided_params<uint32_t>(g),                                     \
                     op);                                                                          \
                    return;                                                                        \
                case elementwise::Path::Strided64:                                                 \
                    ACLEMU_LAUNCH(p.grid, kB, 0, s, name##_strided<T, Op, uint64_t>)               \
                    (out,                                                                          \
                     a,                                                                            \
                     b,                                                                            \
                     static_cast<uint64_t>(n),                                                     \
                     elementwise::strided_params<uint64_t>(g),                                     \
                     op);                                                                          \
                    return;                                                                        \
            }                                                                                      \
        }                                                                                          \
    };

/// Launches `op` over the geometry with the kernels of one operator (Kernels: the name##_kernels
/// of ACLEMU_ELEMENTWISE_KERNELS) and returns the launch status (0 = launched).
template <typename Kernels, typename Op>
int launch_elementwise(const ElementwiseGeometry& g,
                       DType dtype,
                       void* out,
                       const void* a,
                       const void* b,
                       Op op,
                       void* stream) {
    return switch_dtype(dtype, [&](auto type) {
        using T = decltype(type);
        if (g.numel <= 0) {
            return 0;
        }
        clear_stale_error();
        T* o = static_cast<T*>(out);
        const T* x = static_cast<const T*>(a);
        const T* y = static_cast<const T*>(b);
        Kernels::launch(elementwise::plan_path<T>(g, o, x, y),
                        g,
                        o,
                        x,
                        y,
                        op,
                        static_cast<gpuStream_t>(stream));
        return launch_status();
    });
}

}  // namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE
