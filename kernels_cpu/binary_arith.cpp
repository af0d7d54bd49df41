// CPU Add/Mul (kernels_cu/math/binary_arith.h). Operands all of one FLOAT/FLOAT16/BFLOAT16 type
// (the common case) take the shared elementwise loops (elementwise_run.h: vectorized, streaming
// stores, tiles for transposed views). Everything else (mixed types, integers, BOOL, DOUBLE)
// runs the general loop of mixed_elementwise_run.h over ArithCombine.
#include "kernels_cu/math/binary_arith.h"

#include "kernels_cpu/elementwise_run.h"
#include "kernels_cpu/mixed_elementwise_run.h"

namespace aclemu::kernels::cpu {
namespace {

template <typename C>
void general(const BinaryArithArgs& a, int threads) {
    const MixedTypes types{
        a.out_type, a.self_type, a.other_is_scalar ? a.self_type : a.other_type, a.promoted};
    // A scalar's operand 2 reads self again; the functor uses the scalar instead.
    const void* b = a.other_is_scalar ? a.self : a.other;
    const ArithCombine<C> op{
        a.op, arith_scalar_as<C>(a.alpha), a.other_is_scalar, arith_scalar_as<C>(a.other_scalar)};
    run_mixed<C>(a.geometry, types, a.out, a.self, b, op, threads);
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
