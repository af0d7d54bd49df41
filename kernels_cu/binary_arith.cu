// GPU Add/Mul (kernels_cu/math/binary_arith.h). Operands all of one FLOAT/FLOAT16/BFLOAT16 type
// take the shared elementwise bodies (elementwise.cuh) as add_* / mul_* kernels (the scalar
// forms as adds_* / muls_*); everything else (mixed types, integers, BOOL, DOUBLE) runs
// binary_arith_general: one element per thread step, grid-stride, each operand read as its own
// type and converted, combined in the computation type C, rounded to the promoted type.
#include "kernels_cu/elementwise.cuh"
#include "kernels_cu/math/binary_arith.h"

namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE {
namespace {

ACLEMU_ELEMENTWISE_KERNELS(add)
ACLEMU_ELEMENTWISE_KERNELS(adds)
ACLEMU_ELEMENTWISE_KERNELS(mul)
ACLEMU_ELEMENTWISE_KERNELS(muls)

constexpr int kGeneralBlock = 256;

template <typename C>
__global__ void __launch_bounds__(kGeneralBlock)
    binary_arith_general(const BinaryArithArgs a, elementwise::StridedParams<uint64_t> p) {
    const C alpha = arith_scalar_as<C>(a.alpha);
    const C scalar = arith_scalar_as<C>(a.other_scalar);
    const int64_t n = a.geometry.numel;
    const int64_t step = static_cast<int64_t>(gridDim.x) * kGeneralBlock;
    for (int64_t i = static_cast<int64_t>(blockIdx.x) * kGeneralBlock + threadIdx.x; i < n;
         i += step) {
        int64_t off[3];
        elementwise::strided_offsets(p, static_cast<uint64_t>(i), off);
        const C x = arith_round(a.promoted, arith_load<C>(a.self_type, a.self, off[1]));
        const C y = a.other_is_scalar
                        ? scalar
                        : arith_round(a.promoted, arith_load<C>(a.other_type, a.other, off[2]));
        arith_store(
            a.out_type, a.out, off[0], arith_round(a.promoted, arith_combine(a.op, x, y, alpha)));
    }
}

template <typename C>
int launch_general(const BinaryArithArgs& a, gpuStream_t s) {
    clear_stale_error();
    const unsigned grid = grid_for(a.geometry.numel, kGeneralBlock);
    ACLEMU_LAUNCH(grid, kGeneralBlock, 0, s, binary_arith_general<C>)
    (a, elementwise::strided_params<uint64_t>(a.geometry));
    return launch_status();
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
    const gpuStream_t s = static_cast<gpuStream_t>(stream);
    switch (arith_family(args.promoted)) {
        case ArithFamily::Float:
            return launch_general<float>(args, s);
        case ArithFamily::Double:
            return launch_general<double>(args, s);
        case ArithFamily::Integer:
            return launch_general<int64_t>(args, s);
    }
    return static_cast<int>(gpuErrorInvalidValue);
}

}  // namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE
