// Kernel arguments and per-element math of aclnnAdd/Adds/InplaceAdd(s) (out = self + alpha *
// other) and aclnnMul/Muls/InplaceMul(s) (out = self * other), shared by the CPU loops and the
// GPU kernels. The op layer has already promoted the types (CANN's rules): both inputs are read
// as the promoted type P, combined in P's computation type (float for FLOAT/FLOAT16/BFLOAT16,
// double for DOUBLE, wrapping 64-bit integers for the integer types and BOOL), rounded to P once,
// then converted to the output's type. The only copy of this math.
#pragma once

#include "kernels_cu/kernel_args.h"
#include "kernels_cu/math/dtype.h"
#include "kernels_cu/math/float_ops.h"
#include "kernels_cu/portability.h"

#include <cstdint>

namespace aclemu::kernels {

/// Element types of Add/Mul operands; values equal aclDataType's.
enum class ArithType : int32_t {
    Float32 = 0,
    Float16 = 1,
    Int8 = 2,
    Int32 = 3,
    UInt8 = 4,
    Int16 = 6,
    Int64 = 9,
    Double = 11,
    Bool = 12,
    BFloat16 = 27,
};

enum class ArithOp : int32_t { Add = 0, Mul = 1 };

/// A host value (alpha, or the other operand of Adds/Muls) already converted to the promoted
/// type, in the form each computation type reads.
struct ArithScalar {
    double f = 0;
    int64_t i = 0;
};

/// Operands in geometry order: 0 = out, 1 = self, 2 = other (when other_is_scalar, `other` is
/// null and operand 2's strides are unused). `alpha` is 1 for Mul.
struct BinaryArithArgs {
    ElementwiseGeometry geometry;
    ArithOp op = ArithOp::Add;
    ArithType out_type = ArithType::Float32;
    ArithType self_type = ArithType::Float32;
    ArithType other_type = ArithType::Float32;
    ArithType promoted = ArithType::Float32;
    void* out = nullptr;
    const void* self = nullptr;
    const void* other = nullptr;
    bool other_is_scalar = false;
    ArithScalar other_scalar;
    ArithScalar alpha;
};

ACLEMU_HD int arith_type_size(ArithType t) {
    switch (t) {
        case ArithType::Int8:
        case ArithType::UInt8:
        case ArithType::Bool:
            return 1;
        case ArithType::Float16:
        case ArithType::BFloat16:
        case ArithType::Int16:
            return 2;
        case ArithType::Float32:
        case ArithType::Int32:
            return 4;
        case ArithType::Int64:
        case ArithType::Double:
            return 8;
    }
    return 8;
}

inline uint64_t min_traffic_bytes(const BinaryArithArgs& a) {
    uint64_t per_element = static_cast<uint64_t>(arith_type_size(a.out_type))
                           + static_cast<uint64_t>(arith_type_size(a.self_type));
    if (!a.other_is_scalar) {
        per_element += static_cast<uint64_t>(arith_type_size(a.other_type));
    }
    return saturating_mul<uint64_t>(a.geometry.numel, per_element);
}

/// Which computation type P uses.
enum class ArithFamily { Float, Double, Integer };

ACLEMU_HD ArithFamily arith_family(ArithType promoted) {
    switch (promoted) {
        case ArithType::Float32:
        case ArithType::Float16:
        case ArithType::BFloat16:
            return ArithFamily::Float;
        case ArithType::Double:
            return ArithFamily::Double;
        default:
            return ArithFamily::Integer;
    }
}

/// The fast path's functors: every operand of the same FLOAT/FLOAT16/BFLOAT16 type, math in
/// float with pinned roundings (alpha * other, then the sum: never fused).
struct AddFloatOp {
    float alpha;
    ACLEMU_HD float operator()(float a, float b) const { return add_rn(a, mul_rn(alpha, b)); }
};
struct MulFloatOp {
    ACLEMU_HD float operator()(float a, float b) const { return mul_rn(a, b); }
};
/// Scalar forms: `addend` is alpha * other computed once in float (the same rounding as per
/// element); `b` is ignored.
struct AddScalarFloatOp {
    float addend;
    ACLEMU_HD float operator()(float a, float /*b*/) const { return add_rn(a, addend); }
};
struct MulScalarFloatOp {
    float factor;
    ACLEMU_HD float operator()(float a, float /*b*/) const { return mul_rn(a, factor); }
};

/// True when the fast path applies: out, self (and other, unless a scalar) all of the
/// promoted type, which is FLOAT, FLOAT16 or BFLOAT16.
inline bool arith_fast_path(const BinaryArithArgs& a, DType* dtype) {
    if (a.out_type != a.promoted || a.self_type != a.promoted
        || (!a.other_is_scalar && a.other_type != a.promoted)) {
        return false;
    }
    switch (a.promoted) {
        case ArithType::Float32:
            *dtype = DType::Float32;
            return true;
        case ArithType::Float16:
            *dtype = DType::Float16;
            return true;
        case ArithType::BFloat16:
            *dtype = DType::BFloat16;
            return true;
        default:
            return false;
    }
}

// The general path, one element at a time in computation type C (float, double or int64_t).

template <typename C>
ACLEMU_HD C arith_from_double(double v) {
    return static_cast<C>(v);
}

/// Float to integer as a cast of CANN's Cast kernel does it: toward zero, saturated, NaN -> 0.
template <typename I>
ACLEMU_HD int64_t float_to_integer(double v, double lo, double hi) {
    if (!(v == v)) {
        return 0;
    }
    if (v <= lo) {
        return static_cast<int64_t>(lo);
    }
    if (v >= hi) {
        return static_cast<int64_t>(hi);
    }
    return static_cast<int64_t>(static_cast<I>(v));
}

template <typename C>
ACLEMU_HD C arith_load(ArithType t, const void* base, int64_t i) {
    switch (t) {
        case ArithType::Float32:
            return static_cast<C>(static_cast<const float*>(base)[i]);
        case ArithType::Float16:
            return static_cast<C>(to_float(static_cast<const Half*>(base)[i]));
        case ArithType::BFloat16:
            return static_cast<C>(to_float(static_cast<const BFloat16*>(base)[i]));
        case ArithType::Double:
            return static_cast<C>(static_cast<const double*>(base)[i]);
        case ArithType::Int8:
            return static_cast<C>(static_cast<const int8_t*>(base)[i]);
        case ArithType::UInt8:
            return static_cast<C>(static_cast<const uint8_t*>(base)[i]);
        case ArithType::Int16:
            return static_cast<C>(static_cast<const int16_t*>(base)[i]);
        case ArithType::Int32:
            return static_cast<C>(static_cast<const int32_t*>(base)[i]);
        case ArithType::Int64:
            return static_cast<C>(static_cast<const int64_t*>(base)[i]);
        case ArithType::Bool:
            return static_cast<C>(static_cast<const uint8_t*>(base)[i] != 0 ? 1 : 0);
    }
    return C{};
}

/// v rounded to the promoted type P (and back to C): the single rounding of P's kernel.
template <typename C>
ACLEMU_HD C arith_round(ArithType promoted, C v) {
    switch (promoted) {
        case ArithType::Float16:
            return static_cast<C>(to_float(from_float<Half>(static_cast<float>(v))));
        case ArithType::BFloat16:
            return static_cast<C>(to_float(from_float<BFloat16>(static_cast<float>(v))));
        case ArithType::Float32:
            return static_cast<C>(static_cast<float>(v));
        case ArithType::Int8:
            return static_cast<C>(static_cast<int8_t>(static_cast<int64_t>(v)));
        case ArithType::UInt8:
            return static_cast<C>(static_cast<uint8_t>(static_cast<int64_t>(v)));
        case ArithType::Int16:
            return static_cast<C>(static_cast<int16_t>(static_cast<int64_t>(v)));
        case ArithType::Int32:
            return static_cast<C>(static_cast<int32_t>(static_cast<int64_t>(v)));
        case ArithType::Bool:
            return static_cast<C>(v != C{0} ? 1 : 0);
        case ArithType::Int64:
        case ArithType::Double:
            return v;
    }
    return v;
}

template <typename C>
ACLEMU_HD void arith_store(ArithType t, void* base, int64_t i, C v) {
    constexpr bool kFloating = static_cast<C>(0.5) != C{0};
    switch (t) {
        case ArithType::Float32:
            static_cast<float*>(base)[i] = static_cast<float>(v);
            return;
        case ArithType::Float16:
            static_cast<Half*>(base)[i] = from_float<Half>(static_cast<float>(v));
            return;
        case ArithType::BFloat16:
            static_cast<BFloat16*>(base)[i] = from_float<BFloat16>(static_cast<float>(v));
            return;
        case ArithType::Double:
            static_cast<double*>(base)[i] = static_cast<double>(v);
            return;
        case ArithType::Bool:
            static_cast<uint8_t*>(base)[i] = v != C{0} ? 1 : 0;
            return;
        default:
            break;
    }
    // Integers: a floating value (Muls of an integer tensor by a float scalar) is cast toward
    // zero with saturation; an integer one wraps.
    int64_t w;
    if constexpr (kFloating) {
        const double d = static_cast<double>(v);
        switch (t) {
            case ArithType::Int8:
                w = float_to_integer<int8_t>(d, -128.0, 127.0);
                break;
            case ArithType::UInt8:
                w = float_to_integer<uint8_t>(d, 0.0, 255.0);
                break;
            case ArithType::Int16:
                w = float_to_integer<int16_t>(d, -32768.0, 32767.0);
                break;
            case ArithType::Int32:
                w = float_to_integer<int32_t>(d, -2147483648.0, 2147483647.0);
                break;
            default:
                w = float_to_integer<int64_t>(d, -9223372036854775808.0, 9223372036854774784.0);
                break;
        }
    } else {
        w = static_cast<int64_t>(v);
    }
    switch (t) {
        case ArithType::Int8:
            static_cast<int8_t*>(base)[i] = static_cast<int8_t>(w);
            return;
        case ArithType::UInt8:
            static_cast<uint8_t*>(base)[i] = static_cast<uint8_t>(w);
            return;
        case ArithType::Int16:
            static_cast<int16_t*>(base)[i] = static_cast<int16_t>(w);
            return;
        case ArithType::Int32:
            static_cast<int32_t*>(base)[i] = static_cast<int32_t>(w);
            return;
        default:
            static_cast<int64_t*>(base)[i] = w;
            return;
    }
}

/// a op (alpha * b) in C: floats with pinned roundings, integers wrapping (mod 2^64, then
/// arith_round narrows to P).
template <typename C>
ACLEMU_HD C arith_combine(ArithOp op, C a, C b, C alpha) {
    if constexpr (static_cast<C>(0.5) != C{0}) {
        if constexpr (sizeof(C) == sizeof(float)) {
            return op == ArithOp::Mul ? mul_rn(a, b) : add_rn(a, mul_rn(alpha, b));
        } else {
            // double: no contraction (the kernels build with fp-contract off).
            const C t = alpha * b;
            return op == ArithOp::Mul ? a * b : a + t;
        }
    } else {
        const uint64_t ua = static_cast<uint64_t>(a);
        const uint64_t ub = static_cast<uint64_t>(b);
        const uint64_t r = op == ArithOp::Mul ? ua * ub : ua + static_cast<uint64_t>(alpha) * ub;
        return static_cast<C>(r);
    }
}

template <typename C>
ACLEMU_HD C arith_scalar_as(const ArithScalar& s) {
    if constexpr (static_cast<C>(0.5) != C{0}) {
        return static_cast<C>(s.f);
    } else {
        return static_cast<C>(s.i);
    }
}

/// The general path's functor (kernels_cu/math/mixed_elementwise.h): a op (alpha * b), with the
/// scalar in place of b for Adds/Muls.
template <typename C>
struct ArithCombine {
    ArithOp op;
    C alpha;
    bool other_is_scalar;
    C scalar;
    ACLEMU_HD C operator()(C a, C b) const {
        return arith_combine(op, a, other_is_scalar ? scalar : b, alpha);
    }
};

}  // namespace aclemu::kernels
