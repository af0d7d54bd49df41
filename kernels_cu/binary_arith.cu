// GPU Add/Mul (kernels_cu/math/binary_arith.h). Operands all of one FLOAT/FLOAT16/BFLOAT16 type
// take the shared elementwise bodies (elementwise.cuh) as add_* / mul_* kernels (the scalar
// forms as adds_* / muls_*); everything else (mixed types, integers, BOOL, DOUBLE) runs
// binary_arith_mixed (elementwise.cuh's general path) over ArithCombine.
#include "kernels_cu/elementwise.cuh"
#include "kernels_cu/math/binary_arith.h"

namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE {
namespace {

ACLEMU_ELEMENTWISE_KERNELS(add)
ACLEMU_ELEMENTWISE_KERNELS(adds)
ACLEMU_ELEMENTWISE_KERNELS(mul)
ACLEMU_ELEMENTWISE_KERNELS(muls)

ACLEMU_MIXED_ELEMENTWISE_KERNEL(binary_arith)

template <typename C>
int launch_general(const BinaryArithArgs& a, void* stream) {
    const MixedTypes types{
        a.out_type, a.self_type, a.other_is_scalar ? a.self_type : a.other_type, a.promoted};
    // A scalar's operand 2 reads self again; the functor uses the scalar instead.
    const ArithCombine<C> op{
        a.op, arith_scalar_as<C>(a.alpha), a.other_is_scalar, arith_scalar_as<C>(a.other_scalar)};
    return binary_arith_mixed_kernel::launch<C>(
        a.geometry, types, a.out, a.self, a.other_is_scalar ? a.self : a.other, op, stream);
}

}  // namespace

int launch_binary_arith(const BinaryArithArgs& args, void* stream) {
    if (args.geometry.numel <= 0) {
        return 0;
    }
    DType dtype = DType::Float32;
    if (arith_fast_path(args, &dtype)) {
        const float alpha = static_cast<float>(args.alpha.f);
        const float scalar = static_cast<float>(args.other_scalar.f);
        const ElementwiseGeometry& g = args.geometry;
        if (args.other_is_scalar) {
            // Operand 2 reads self again (same strides); the functor ignores it.
            ElementwiseGeometry same = g;
            for (int d = 0; d < g.ndim; ++d) {
                same.strides[2][d] = g.strides[1][d];
            }
            if (args.op == ArithOp::Add) {
                return launch_elementwise<adds_kernels>(same,
                                                        dtype,
                                                        args.out,
                                                        args.self,
                                                        args.self,
                                                        AddScalarFloatOp{mul_rn(alpha, scalar)},
                                                        stream);
            }
            return launch_elementwise<muls_kernels>(
                same, dtype, args.out, args.self, args.self, MulScalarFloatOp{scalar}, stream);
        }
        if (args.op == ArithOp::Add) {
            return launch_elementwise<add_kernels>(
                g, dtype, args.out, args.self, args.other, AddFloatOp{alpha}, stream);
        }
        return launch_elementwise<mul_kernels>(
            g, dtype, args.out, args.self, args.other, MulFloatOp{}, stream);
    }
    switch (arith_family(args.promoted)) {
        case ArithFamily::Float:
            return launch_general<float>(args, stream);
        case ArithFamily::Double:
            return launch_general<double>(args, stream);
        case ArithFamily::Integer:
            return launch_general<int64_t>(args, stream);
    }
    return static_cast<int>(gpuErrorInvalidValue);
}

}  // namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE
