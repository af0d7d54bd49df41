// CPU loops of the elementwise ops (LogSigmoidBackward, LogitGrad) over the shared functors in
// kernels_cu/math. Contiguous geometries run in tiles: convert the inputs to float, apply the
// functor, round and store, so each inner loop is simple enough for the compiler to vectorize.
// Strided geometries walk each thread's range with an index odometer (one division per range).
#include "kernels_cpu/cpu_kernels.h"
#include "kernels_cpu/cpu_parallel.h"
#include "kernels_cu/math/dtype.h"
#include "kernels_cu/math/log_sigmoid_backward.h"
#include "kernels_cu/math/logit_grad.h"

#include <algorithm>
#include <cstdint>
#include <type_traits>

namespace aclemu::kernels::cpu {
namespace {

// Elements per thread below which extra threads cost more than they save.
constexpr int64_t kGrain = 32768;
// Tile of the contiguous loop: three float buffers stay in L1.
constexpr int64_t kTile = 512;

template <typename T, typename Op>
void contiguous_range(T* out, const T* a, const T* b, int64_t begin, int64_t end, const Op& op) {
    if constexpr (std::is_same_v<T, float>) {
        for (int64_t i = begin; i < end; ++i) {
            out[i] = op(a[i], b[i]);
        }
    } else {
        float fa[kTile];
        float fb[kTile];
        float fr[kTile];
        for (int64_t base = begin; base < end; base += kTile) {
            const int64_t len = std::min(kTile, end - base);
            for (int64_t j = 0; j < len; ++j) {
                fa[j] = to_float(a[base + j]);
            }
            for (int64_t j = 0; j < len; ++j) {
                fb[j] = to_float(b[base + j]);
            }
            for (int64_t j = 0; j < len; ++j) {
                fr[j] = op(fa[j], fb[j]);
            }
            for (int64_t j = 0; j < len; ++j) {
                out[base + j] = from_float<T>(fr[j]);
            }
        }
    }
}

// Elements [begin, end) in row-major order of g.sizes. The starting multi-index costs one
// division per dim; after that the innermost dim is a strided run and the outer dims tick
// like an odometer.
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
    const int64_t so = g.strides[0][inner];
    const int64_t sa = g.strides[1][inner];
    const int64_t sb = g.strides[2][inner];
    int64_t remaining = end - begin;
    while (remaining > 0) {
        const int64_t run = std::min(remaining, inner_size - idx[inner]);
        T* po = out + off[0];
        const T* pa = a + off[1];
        const T* pb = b + off[2];
        for (int64_t j = 0; j < run; ++j) {
            po[j * so] = from_float<T>(op(to_float(pa[j * sa]), to_float(pb[j * sb])));
        }
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
            contiguous_range(out, a, b, begin, end, op);
        });
    } else {
        parallel_for(g.numel, kGrain, threads, [&](int64_t begin, int64_t end) {
            strided_range(g, out, a, b, begin, end, op);
        });
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
