// An elementwise kernel's operands when they are not all of one FLOAT/FLOAT16/BFLOAT16 type
// (CANN's promotion: mixed types, DOUBLE, integer or BOOL inputs). Each operand is read as its
// own type and converted to the computation type C of the promoted type P (float for
// FLOAT/FLOAT16/BFLOAT16, double for DOUBLE, int64_t for the integers and BOOL) and rounded to
// P, the op's math runs in C, its result is rounded to P once and converted into the output's
// type: CANN's Cast, kernel in P, Cast. Used by the general paths of binary_arith (Add, Mul),
// sigmoid and sigmoid_backward: kernels_cpu/mixed_elementwise_run.h and elementwise.cuh's
// ACLEMU_MIXED_ELEMENTWISE_KERNEL.
#pragma once

#include "kernels_cu/kernel_args.h"
#include "kernels_cu/math/binary_arith.h"

#include <cstdint>

namespace aclemu::kernels {

/// The operand types of a general-path elementwise kernel, in geometry order (0 = out, 1 = a,
/// 2 = b) and the promoted type.
struct MixedTypes {
    ArithType out = ArithType::Float32;
    ArithType a = ArithType::Float32;
    ArithType b = ArithType::Float32;
    ArithType promoted = ArithType::Float32;
};

/// The least bytes such a kernel moves: out written, a read, b read unless it is a again.
inline uint64_t min_traffic_bytes(const ElementwiseGeometry& g, const MixedTypes& t, bool b_is_a) {
    uint64_t per_element =
        static_cast<uint64_t>(arith_type_size(t.out)) + static_cast<uint64_t>(arith_type_size(t.a));
    if (!b_is_a) {
        per_element += static_cast<uint64_t>(arith_type_size(t.b));
    }
    return saturating_mul<uint64_t>(g.numel, per_element);
}

/// One element of the general path: operands at offsets off[0..2].
template <typename C, typename Op>
ACLEMU_HD void mixed_element(const MixedTypes& t,
                             void* out,
                             const void* a,
                             const void* b,
                             const int64_t off[3],
                             const Op& op) {
    const C x = arith_round(t.promoted, arith_load<C>(t.a, a, off[1]));
    const C y = arith_round(t.promoted, arith_load<C>(t.b, b, off[2]));
    arith_store(t.out, out, off[0], arith_round(t.promoted, op(x, y)));
}

}  // namespace aclemu::kernels
