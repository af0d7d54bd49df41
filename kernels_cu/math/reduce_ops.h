// The element operation of aclrtReduceAsync, dst = op(dst, src), for every element type it
// takes. Integers: SUM wraps around (two's complement), MAX and MIN compare. Floating point:
// computed in fp32 and rounded once to the storage type; MAX/MIN propagate NaN and order
// -0 < +0 (IEEE 754-2019 maximum/minimum), and return an operand unchanged. A SUM of two finite
// values that is not finite (after rounding) is an overflow.
#pragma once

#include "kernels_cu/builtin/builtin_args.h"
#include "kernels_cu/math/dtype.h"
#include "kernels_cu/math/float_ops.h"
#include "kernels_cu/portability.h"

#include <cstdint>
#include <type_traits>

namespace aclemu::kernels {

namespace reduce_detail {

ACLEMU_HD bool finite_bits(float f) {
    return (float_bits(f) & 0x7F800000u) != 0x7F800000u;
}

}  // namespace reduce_detail

/// Integer reduction (int8, int16, int32, uint32).
template <typename T>
ACLEMU_HD T reduce_integer(builtin::ReduceOp op, T a, T b) {
    using U = typename std::make_unsigned<T>::type;
    switch (op) {
        case builtin::ReduceOp::Sum:
            return static_cast<T>(static_cast<U>(static_cast<U>(a) + static_cast<U>(b)));
        case builtin::ReduceOp::Max:
            return a < b ? b : a;
        case builtin::ReduceOp::Min:
            break;
    }
    return b < a ? b : a;
}

/// Floating-point reduction (float, Half, BFloat16); sets *overflow on a SUM overflow.
template <typename T>
ACLEMU_HD T reduce_floating(builtin::ReduceOp op, T a, T b, bool* overflow) {
    const float fa = to_float(a);
    const float fb = to_float(b);
    if (op == builtin::ReduceOp::Sum) {
        const T sum = from_float<T>(add_rn(fa, fb));
        *overflow = reduce_detail::finite_bits(fa) && reduce_detail::finite_bits(fb)
                    && !reduce_detail::finite_bits(to_float(sum));
        return sum;
    }
    *overflow = false;
    if (fa != fa) {
        return a;
    }
    if (fb != fb) {
        return b;
    }
    const bool a_negative = (float_bits(fa) >> 31) != 0;
    if (fa == fb) {  // equal, or +0 against -0: MAX takes the positive one, MIN the negative
        return (op == builtin::ReduceOp::Max) == a_negative ? b : a;
    }
    const bool a_larger = fa > fb;
    return (op == builtin::ReduceOp::Max) == a_larger ? a : b;
}

}  // namespace aclemu::kernels
