// The CPU general path of an elementwise kernel whose operands are not all of one
// FLOAT/FLOAT16/BFLOAT16 type (kernels_cu/math/mixed_elementwise.h): runs of at most kRun
// elements along the innermost dim, each operand converted into a buffer of the computation type
// C and rounded to the promoted type, the functor applied, the results rounded to the promoted
// type and converted into the output, so the per-element work is a unit-stride loop over
// buffers. Like elementwise_run.h, internal to the operator's file that includes it:
//
//   run_mixed<float>(args.geometry, args.types, args.out, args.a, args.b, Functor{}, threads);
//   run_mixed_floating(args.geometry, args.types, ...);  // float or double by the promoted type
//
// The functor takes and returns C: `C operator()(C a, C b) const`.
#pragma once

#include "kernels_cpu/elementwise_run.h"
#include "kernels_cu/math/mixed_elementwise.h"

namespace aclemu::kernels::cpu {
namespace {

template <typename C>
void load_run_as(C* dst,
                 ArithType t,
                 const void* base,
                 int64_t off,
                 int64_t stride,
                 int64_t n,
                 ArithType promoted) {
    for (int64_t j = 0; j < n; ++j) {
        dst[j] = arith_round(promoted, arith_load<C>(t, base, off + j * stride));
    }
}

template <typename C>
void store_run_as(ArithType t, void* base, int64_t off, int64_t stride, const C* src, int64_t n) {
    for (int64_t j = 0; j < n; ++j) {
        arith_store(t, base, off + j * stride, src[j]);
    }
}

// Elements [begin, end) in row-major order of g.sizes, as in strided_range (elementwise_loops.h).
template <typename C, typename Op>
void mixed_range(const ElementwiseGeometry& g,
                 const MixedTypes& t,
                 void* out,
                 const void* a,
                 const void* b,
                 const Op& op,
                 int64_t begin,
                 int64_t end) {
    const int nd = g.ndim;
    C fa[kRun];
    C fb[kRun];
    C fr[kRun];
    int64_t idx[kMaxDims] = {};
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
    int64_t remaining = end - begin;
    while (remaining > 0) {
        const int64_t run = std::min({remaining, g.sizes[inner] - idx[inner], kRun});
        load_run_as(fa, t.a, a, off[1], g.strides[1][inner], run, t.promoted);
        load_run_as(fb, t.b, b, off[2], g.strides[2][inner], run, t.promoted);
        for (int64_t j = 0; j < run; ++j) {
            fr[j] = arith_round(t.promoted, op(fa[j], fb[j]));
        }
        store_run_as(t.out, out, off[0], g.strides[0][inner], fr, run);
        remaining -= run;
        idx[inner] += run;
        for (int k = 0; k < 3; ++k) {
            off[k] += run * g.strides[k][inner];
        }
        // Carry into the outer dims once the innermost one is done.
        for (int d = inner; d > 0 && idx[d] == g.sizes[d]; --d) {
            for (int k = 0; k < 3; ++k) {
                off[k] += g.strides[k][d - 1] - idx[d] * g.strides[k][d];
            }
            idx[d] = 0;
            ++idx[d - 1];
        }
    }
}

template <typename C, typename Op>
void run_mixed(const ElementwiseGeometry& g,
               const MixedTypes& t,
               void* out,
               const void* a,
               const void* b,
               const Op& op,
               int threads) {
    parallel_for_dynamic(g.numel, kGrain, threads, [&](int64_t begin, int64_t end) {
        mixed_range<C>(g, t, out, a, b, op, begin, end);
    });
}

/// run_mixed in the computation type of t.promoted, which is floating (FLOAT/FLOAT16/BF16: float,
/// DOUBLE: double): for functors defined for both.
template <typename Op>
void run_mixed_floating(const ElementwiseGeometry& g,
                        const MixedTypes& t,
                        void* out,
                        const void* a,
                        const void* b,
                        const Op& op,
                        int threads) {
    if (arith_family(t.promoted) == ArithFamily::Double) {
        run_mixed<double>(g, t, out, a, b, op, threads);
    } else {
        run_mixed<float>(g, t, out, a, b, op, threads);
    }
}

}  // namespace
}  // namespace aclemu::kernels::cpu
