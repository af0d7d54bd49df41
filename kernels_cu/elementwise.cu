// GPU kernels of the elementwise ops (LogSigmoidBackward, LogitGrad): one body per path over the
// kernels_cu/math functors: contiguous with 16-byte vectors (scalar peel when all pointers share
// one misalignment, scalar tail), contiguous scalar when misalignments differ, and strided (32-bit
// division when numel fits). Grid-stride with 64-bit counters: one launch for any size. Each
// operator launches the bodies through kernels of its own name (log_sigmoid_backward_strided,
// logit_grad_contiguous_vector, ...), so a profiler that shows a kernel's name without its
// template arguments (Nsight Compute's "Function Name") still tells the operators apart.
#include "kernels_cu/common.cuh"
#include "kernels_cu/launch.h"
#include "kernels_cu/math/log_sigmoid.h"
#include "kernels_cu/math/log_sigmoid_backward.h"
#include "kernels_cu/math/logit.h"
#include "kernels_cu/math/logit_grad.h"
#include "kernels_cu/math/sigmoid.h"

#include <cstdint>

namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE {
namespace {

constexpr int kBlock = 256;
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

// The kernels, one set per operator (the bodies above do the work).
template <typename T>
__global__ void __launch_bounds__(kBlock) log_sigmoid_backward_contiguous_vector(
    T* out, const T* a, const T* b, int64_t n, int64_t peel, LogSigmoidBackwardOp op) {
    contiguous_vector(out, a, b, n, peel, op);
}
template <typename T>
__global__ void __launch_bounds__(kBlock) log_sigmoid_backward_contiguous_scalar(
    T* out, const T* a, const T* b, int64_t n, LogSigmoidBackwardOp op) {
    contiguous_scalar(out, a, b, n, op);
}
template <typename T, typename Index>
__global__ void __launch_bounds__(kBlock) log_sigmoid_backward_strided(
    T* out, const T* a, const T* b, Index n, StridedParams<Index> p, LogSigmoidBackwardOp op) {
    strided(out, a, b, n, p, op);
}
// NanFill: out-of-range elements give NaN (eps < 0) rather than 0.
template <typename T, bool NanFill>
__global__ void __launch_bounds__(kBlock) logit_grad_contiguous_vector(
    T* out, const T* a, const T* b, int64_t n, int64_t peel, LogitGradOp<NanFill> op) {
    contiguous_vector(out, a, b, n, peel, op);
}
template <typename T, bool NanFill>
__global__ void __launch_bounds__(kBlock) logit_grad_contiguous_scalar(
    T* out, const T* a, const T* b, int64_t n, LogitGradOp<NanFill> op) {
    contiguous_scalar(out, a, b, n, op);
}
template <typename T, bool NanFill, typename Index>
__global__ void __launch_bounds__(kBlock) logit_grad_strided(
    T* out, const T* a, const T* b, Index n, StridedParams<Index> p, LogitGradOp<NanFill> op) {
    strided(out, a, b, n, p, op);
}

enum class Path { ContiguousVector, ContiguousScalar, Strided32, Strided64 };

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
        plan.path = n <= static_cast<int64_t>(UINT32_MAX) ? Path::Strided32 : Path::Strided64;
    }
    plan.grid = grid_for(n, static_cast<int64_t>(kBlock) * kScalarUnroll);
    return plan;
}

// The launches spell each kernel's name: the GPU simulator finds a kernel's launch bounds by the
// name written at its launch (gpu/sim/gpusim.cmake).
template <typename T>
void launch_typed(const ElementwiseGeometry& g,
                  T* out,
                  const T* a,
                  const T* b,
                  LogSigmoidBackwardOp op,
                  gpuStream_t s) {
    const int64_t n = g.numel;
    const Plan p = plan_path<T>(g, out, a, b);
    switch (p.path) {
        case Path::ContiguousVector:
            ACLEMU_LAUNCH(p.grid, kBlock, 0, s, log_sigmoid_backward_contiguous_vector<T>)
            (out, a, b, n, p.peel, op);
            return;
        case Path::ContiguousScalar:
            ACLEMU_LAUNCH(p.grid, kBlock, 0, s, log_sigmoid_backward_contiguous_scalar<T>)
            (out, a, b, n, op);
            return;
        case Path::Strided32:
            ACLEMU_LAUNCH(p.grid, kBlock, 0, s, log_sigmoid_backward_strided<T, uint32_t>)
            (out, a, b, static_cast<uint32_t>(n), strided_params<uint32_t>(g), op);
            return;
        case Path::Strided64:
            ACLEMU_LAUNCH(p.grid, kBlock, 0, s, log_sigmoid_backward_strided<T, uint64_t>)
            (out, a, b, static_cast<uint64_t>(n), strided_params<uint64_t>(g), op);
            return;
    }
}

template <typename T, bool NanFill>
void launch_typed(const ElementwiseGeometry& g,
                  T* out,
                  const T* a,
                  const T* b,
                  LogitGradOp<NanFill> op,
                  gpuStream_t s) {
    const int64_t n = g.numel;
    const Plan p = plan_path<T>(g, out, a, b);
    switch (p.path) {
        case Path::ContiguousVector:
            ACLEMU_LAUNCH(p.grid, kBlock, 0, s, logit_grad_contiguous_vector<T, NanFill>)
            (out, a, b, n, p.peel, op);
            return;
        case Path::ContiguousScalar:
            ACLEMU_LAUNCH(p.grid, kBlock, 0, s, logit_grad_contiguous_scalar<T, NanFill>)
            (out, a, b, n, op);
            return;
        case Path::Strided32:
            ACLEMU_LAUNCH(p.grid, kBlock, 0, s, logit_grad_strided<T, NanFill, uint32_t>)
            (out, a, b, static_cast<uint32_t>(n), strided_params<uint32_t>(g), op);
            return;
        case Path::Strided64:
            ACLEMU_LAUNCH(p.grid, kBlock, 0, s, logit_grad_strided<T, NanFill, uint64_t>)
            (out, a, b, static_cast<uint64_t>(n), strided_params<uint64_t>(g), op);
            return;
    }
}

// aclnnSigmoid, aclnnInplaceSigmoid.
template <typename T>
__global__ void __launch_bounds__(kBlock) sigmoid_contiguous_vector(
    T* out, const T* a, const T* b, int64_t n, int64_t peel, SigmoidOp op) {
    contiguous_vector(out, a, b, n, peel, op);
}
template <typename T>
__global__ void __launch_bounds__(kBlock)
    sigmoid_contiguous_scalar(T* out, const T* a, const T* b, int64_t n, SigmoidOp op) {
    contiguous_scalar(out, a, b, n, op);
}
template <typename T, typename Index>
__global__ void __launch_bounds__(kBlock)
    sigmoid_strided(T* out, const T* a, const T* b, Index n, StridedParams<Index> p, SigmoidOp op) {
    strided(out, a, b, n, p, op);
}
template <typename T>
void launch_typed(
    const ElementwiseGeometry& g, T* out, const T* a, const T* b, SigmoidOp op, gpuStream_t s) {
    const int64_t n = g.numel;
    const Plan p = plan_path<T>(g, out, a, b);
    switch (p.path) {
        case Path::ContiguousVector:
            ACLEMU_LAUNCH(p.grid, kBlock, 0, s, sigmoid_contiguous_vector<T>)
            (out, a, b, n, p.peel, op);
            return;
        case Path::ContiguousScalar:
            ACLEMU_LAUNCH(p.grid, kBlock, 0, s, sigmoid_contiguous_scalar<T>)(out, a, b, n, op);
            return;
        case Path::Strided32:
            ACLEMU_LAUNCH(p.grid, kBlock, 0, s, sigmoid_strided<T, uint32_t>)
            (out, a, b, static_cast<uint32_t>(n), strided_params<uint32_t>(g), op);
            return;
        case Path::Strided64:
            ACLEMU_LAUNCH(p.grid, kBlock, 0, s, sigmoid_strided<T, uint64_t>)
            (out, a, b, static_cast<uint64_t>(n), strided_params<uint64_t>(g), op);
            return;
    }
}

// aclnnLogSigmoid, aclnnLogSigmoidForward.
template <typename T>
__global__ void __launch_bounds__(kBlock) log_sigmoid_contiguous_vector(
    T* out, const T* a, const T* b, int64_t n, int64_t peel, LogSigmoidOp op) {
    contiguous_vector(out, a, b, n, peel, op);
}
template <typename T>
__global__ void __launch_bounds__(kBlock)
    log_sigmoid_contiguous_scalar(T* out, const T* a, const T* b, int64_t n, LogSigmoidOp op) {
    contiguous_scalar(out, a, b, n, op);
}
template <typename T, typename Index>
__global__ void __launch_bounds__(kBlock) log_sigmoid_strided(
    T* out, const T* a, const T* b, Index n, StridedParams<Index> p, LogSigmoidOp op) {
    strided(out, a, b, n, p, op);
}
template <typename T>
void launch_typed(
    const ElementwiseGeometry& g, T* out, const T* a, const T* b, LogSigmoidOp op, gpuStream_t s) {
    const int64_t n = g.numel;
    const Plan p = plan_path<T>(g, out, a, b);
    switch (p.path) {
        case Path::ContiguousVector:
            ACLEMU_LAUNCH(p.grid, kBlock, 0, s, log_sigmoid_contiguous_vector<T>)
            (out, a, b, n, p.peel, op);
            return;
        case Path::ContiguousScalar:
            ACLEMU_LAUNCH(p.grid, kBlock, 0, s, log_sigmoid_contiguous_scalar<T>)(out, a, b, n, op);
            return;
        case Path::Strided32:
            ACLEMU_LAUNCH(p.grid, kBlock, 0, s, log_sigmoid_strided<T, uint32_t>)
            (out, a, b, static_cast<uint32_t>(n), strided_params<uint32_t>(g), op);
            return;
        case Path::Strided64:
            ACLEMU_LAUNCH(p.grid, kBlock, 0, s, log_sigmoid_strided<T, uint64_t>)
            (out, a, b, static_cast<uint64_t>(n), strided_params<uint64_t>(g), op);
            return;
    }
}

// aclnnLogit.
template <typename T>
__global__ void __launch_bounds__(kBlock)
    logit_contiguous_vector(T* out, const T* a, const T* b, int64_t n, int64_t peel, LogitOp op) {
    contiguous_vector(out, a, b, n, peel, op);
}
template <typename T>
__global__ void __launch_bounds__(kBlock)
    logit_contiguous_scalar(T* out, const T* a, const T* b, int64_t n, LogitOp op) {
    contiguous_scalar(out, a, b, n, op);
}
template <typename T, typename Index>
__global__ void __launch_bounds__(kBlock)
    logit_strided(T* out, const T* a, const T* b, Index n, StridedParams<Index> p, LogitOp op) {
    strided(out, a, b, n, p, op);
}
template <typename T>
void launch_typed(
    const ElementwiseGeometry& g, T* out, const T* a, const T* b, LogitOp op, gpuStream_t s) {
    const int64_t n = g.numel;
    const Plan p = plan_path<T>(g, out, a, b);
    switch (p.path) {
        case Path::ContiguousVector:
            ACLEMU_LAUNCH(p.grid, kBlock, 0, s, logit_contiguous_vector<T>)
            (out, a, b, n, p.peel, op);
            return;
        case Path::ContiguousScalar:
            ACLEMU_LAUNCH(p.grid, kBlock, 0, s, logit_contiguous_scalar<T>)(out, a, b, n, op);
            return;
        case Path::Strided32:
            ACLEMU_LAUNCH(p.grid, kBlock, 0, s, logit_strided<T, uint32_t>)
            (out, a, b, static_cast<uint32_t>(n), strided_params<uint32_t>(g), op);
            return;
        case Path::Strided64:
            ACLEMU_LAUNCH(p.grid, kBlock, 0, s, logit_strided<T, uint64_t>)
            (out, a, b, static_cast<uint64_t>(n), strided_params<uint64_t>(g), op);
            return;
    }
}

// aclnnSigmoidBackward.
template <typename T>
__global__ void __launch_bounds__(kBlock) sigmoid_backward_contiguous_vector(
    T* out, const T* a, const T* b, int64_t n, int64_t peel, SigmoidBackwardOp op) {
    contiguous_vector(out, a, b, n, peel, op);
}
template <typename T>
__global__ void __launch_bounds__(kBlock) sigmoid_backward_contiguous_scalar(
    T* out, const T* a, const T* b, int64_t n, SigmoidBackwardOp op) {
    contiguous_scalar(out, a, b, n, op);
}
template <typename T, typename Index>
__global__ void __launch_bounds__(kBlock) sigmoid_backward_strided(
    T* out, const T* a, const T* b, Index n, StridedParams<Index> p, SigmoidBackwardOp op) {
    strided(out, a, b, n, p, op);
}
template <typename T>
void launch_typed(const ElementwiseGeometry& g,
                  T* out,
                  const T* a,
                  const T* b,
                  SigmoidBackwardOp op,
                  gpuStream_t s) {
    const int64_t n = g.numel;
    const Plan p = plan_path<T>(g, out, a, b);
    switch (p.path) {
        case Path::ContiguousVector:
            ACLEMU_LAUNCH(p.grid, kBlock, 0, s, sigmoid_backward_contiguous_vector<T>)
            (out, a, b, n, p.peel, op);
            return;
        case Path::ContiguousScalar:
            ACLEMU_LAUNCH(p.grid, kBlock, 0, s, sigmoid_backward_contiguous_scalar<T>)
            (out, a, b, n, op);
            return;
        case Path::Strided32:
            ACLEMU_LAUNCH(p.grid, kBlock, 0, s, sigmoid_backward_strided<T, uint32_t>)
            (out, a, b, static_cast<uint32_t>(n), strided_params<uint32_t>(g), op);
            return;
        case Path::Strided64:
            ACLEMU_LAUNCH(p.grid, kBlock, 0, s, sigmoid_backward_strided<T, uint64_t>)
            (out, a, b, static_cast<uint64_t>(n), strided_params<uint64_t>(g), op);
            return;
    }
}

template <typename Op>
int launch(const ElementwiseGeometry& g,
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
        launch_typed<T>(g,
                        static_cast<T*>(out),
                        static_cast<const T*>(a),
                        static_cast<const T*>(b),
                        op,
                        static_cast<gpuStream_t>(stream));
        return launch_status();
    });
}

}  // namespace

int launch_log_sigmoid_backward(const LogSigmoidBackwardArgs& args, void* stream) {
    return launch(args.geometry,
                  args.dtype,
                  args.grad_input,
                  args.grad_output,
                  args.self,
                  LogSigmoidBackwardOp{},
                  stream);
}

int launch_logit_grad(const LogitGradArgs& args, void* stream) {
    if (args.nan_fill) {
        return launch(args.geometry,
                      args.dtype,
                      args.out,
                      args.x,
                      args.dy,
                      LogitGradOp<true>{args.lo, args.hi},
                      stream);
    }
    return launch(args.geometry,
                  args.dtype,
                  args.out,
                  args.x,
                  args.dy,
                  LogitGradOp<false>{args.lo, args.hi},
                  stream);
}

// The forward activations pass their one input as both operands (SigmoidArgs).
int launch_sigmoid(const SigmoidArgs& args, void* stream) {
    return launch(args.geometry, args.dtype, args.out, args.self, args.self, SigmoidOp{}, stream);
}

int launch_log_sigmoid(const LogSigmoidArgs& args, void* stream) {
    return launch(
        args.geometry, args.dtype, args.out, args.self, args.self, LogSigmoidOp{}, stream);
}

int launch_logit(const LogitArgs& args, void* stream) {
    return launch(args.geometry,
                  args.dtype,
                  args.out,
                  args.self,
                  args.self,
                  LogitOp{args.lo, args.hi, args.clamp},
                  stream);
}

int launch_sigmoid_backward(const SigmoidBackwardArgs& args, void* stream) {
    return launch(args.geometry,
                  args.dtype,
                  args.grad_input,
                  args.grad_output,
                  args.output,
                  SigmoidBackwardOp{},
                  stream);
}

}  // namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE
