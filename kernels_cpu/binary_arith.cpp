// CPU Add/Mul (kernels_cu/math/binary_arith.h). Operands all of one FLOAT/FLOAT16/BFLOAT16 type
// (the common case) take the shared elementwise loops (elementwise_run.h: vectorized, streaming
// stores, tiles for transposed views). Everything else (mixed types, integers, BOOL, DOUBLE)
// runs the general loop: runs of at most kRun elements along the innermost dim, each operand
// converted into a buffer of the computation type C, combined, rounded to the promoted type and
// converted into the output, so the per-element work is a unit-stride loop over buffers.
#include "kernels_cu/math/binary_arith.h"

#include "kernels_cpu/elementwise_run.h"

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
template <typename C>
void general_range(const BinaryArithArgs& a, int64_t begin, int64_t end) {
    const ElementwiseGeometry& g = a.geometry;
    const int nd = g.ndim;
    const C alpha = arith_scalar_as<C>(a.alpha);
    const C scalar = arith_scalar_as<C>(a.other_scalar);
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
        load_run_as(fa, a.self_type, a.self, off[1], g.strides[1][inner], run, a.promoted);
        if (a.other_is_scalar) {
            std::fill(fb, fb + run, scalar);
        } else {
            load_run_as(fb, a.other_type, a.other, off[2], g.strides[2][inner], run, a.promoted);
        }
        for (int64_t j = 0; j < run; ++j) {
            fr[j] = arith_round(a.promoted, arith_combine(a.op, fa[j], fb[j], alpha));
        }
        store_run_as(a.out_type, a.out, off[0], g.strides[0][inner], fr, run);
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

template <typename C>
void general(const BinaryArithArgs& a, int threads) {
    parallel_for_dynamic(a.geometry.numel, kGrain, threads, [&](int64_t begin, int64_t end) {
        general_range<C>(a, begin, end);
    });
}

}  // namespace

void binary_arith(const BinaryArithArgs& args, int threads, StoreMode stores) {
    if (args.geometry.numel <= 0) {
        return;
    }
    DType dtype = DType::Float32;
    if (arith_fast_path(args, &dtype)) {
        const ElementwiseGeometry& g = args.geometry;
        // A scalar's operand 2 reads self again (same strides): the functor ignores it.
        const void* b = args.other_is_scalar ? args.self : args.other;
        ElementwiseGeometry geometry = g;
        if (args.other_is_scalar) {
            for (int d = 0; d < g.ndim; ++d) {
                geometry.strides[2][d] = g.strides[1][d];
            }
        }
        const float alpha = static_cast<float>(args.alpha.f);
        const float scalar = static_cast<float>(args.other_scalar.f);
        if (args.op == ArithOp::Add) {
            if (args.other_is_scalar) {
                const AddScalarFloatOp op{mul_rn(alpha, scalar)};
                run(geometry, dtype, args.out, args.self, b, op, threads, stores);
            } else {
                run(geometry, dtype, args.out, args.self, b, AddFloatOp{alpha}, threads, stores);
            }
        } else if (args.other_is_scalar) {
            run(geometry, dtype, args.out, args.self, b, MulScalarFloatOp{scalar}, threads, stores);
        } else {
            run(geometry, dtype, args.out, args.self, b, MulFloatOp{}, threads, stores);
        }
        return;
    }
    switch (arith_family(args.promoted)) {
        case ArithFamily::Float:
            general<float>(args, threads);
            return;
        case ArithFamily::Double:
            general<double>(args, threads);
            return;
        case ArithFamily::Integer:
            general<int64_t>(args, threads);
            return;
    }
}

}  // namespace aclemu::kernels::cpu
