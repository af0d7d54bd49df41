// The arithmetic operators' type rules (arith_promotion.h).
#include "common/arith_promotion.h"

#include "kernels_cu/math/dtype.h"
#include "nnopbase/tensor.h"

#include <cmath>
#include <cstring>

namespace aclemu::ops {
namespace {

// Rank within a category: a wider type of the same kind ranks higher.
int float_rank(aclDataType t) {
    switch (t) {
        case ACL_FLOAT16:
        case ACL_BF16:
            return 1;
        case ACL_FLOAT:
            return 2;
        default:
            return 3;  // DOUBLE
    }
}

int int_bytes(aclDataType t) {
    switch (t) {
        case ACL_INT8:
        case ACL_UINT8:
            return 1;
        case ACL_INT16:
            return 2;
        case ACL_INT32:
            return 4;
        default:
            return 8;
    }
}

bool handled(aclDataType t) {
    return t == ACL_BOOL || is_integral_type(t) || is_floating_type(t);
}

template <typename T>
T read_as(const aclScalar& s) {
    T v;
    std::memcpy(&v, s.value, sizeof v);
    return v;
}

double scalar_double(const aclScalar& s) {
    switch (s.dtype) {
        case ACL_FLOAT:
            return read_as<float>(s);
        case ACL_FLOAT16:
            return kernels::to_float(read_as<kernels::Half>(s));
        case ACL_BF16:
            return kernels::to_float(read_as<kernels::BFloat16>(s));
        case ACL_DOUBLE:
            return read_as<double>(s);
        case ACL_INT8:
            return read_as<int8_t>(s);
        case ACL_UINT8:
            return read_as<uint8_t>(s);
        case ACL_INT16:
            return read_as<int16_t>(s);
        case ACL_INT32:
            return read_as<int32_t>(s);
        case ACL_INT64:
            return static_cast<double>(read_as<int64_t>(s));
        case ACL_BOOL:
            return read_as<uint8_t>(s) != 0 ? 1.0 : 0.0;
        default:
            return 0.0;
    }
}

int64_t scalar_int(const aclScalar& s) {
    switch (s.dtype) {
        case ACL_INT8:
            return read_as<int8_t>(s);
        case ACL_UINT8:
            return read_as<uint8_t>(s);
        case ACL_INT16:
            return read_as<int16_t>(s);
        case ACL_INT32:
            return read_as<int32_t>(s);
        case ACL_INT64:
            return read_as<int64_t>(s);
        case ACL_BOOL:
            return read_as<uint8_t>(s) != 0 ? 1 : 0;
        default: {
            // A floating scalar in an integral type: toward zero, saturated (NaN -> 0).
            const double d = scalar_double(s);
            if (!(d == d)) {
                return 0;
            }
            if (d <= -9223372036854775808.0) {
                return INT64_MIN;
            }
            if (d >= 9223372036854775807.0) {
                return INT64_MAX;
            }
            return static_cast<int64_t>(d);
        }
    }
}

}  // namespace

bool is_floating_type(aclDataType t) {
    return t == ACL_FLOAT16 || t == ACL_FLOAT || t == ACL_DOUBLE || t == ACL_BF16;
}

bool is_integral_type(aclDataType t) {
    return t == ACL_INT8 || t == ACL_UINT8 || t == ACL_INT16 || t == ACL_INT32 || t == ACL_INT64;
}

bool is_complex_type(aclDataType t) {
    return t == ACL_COMPLEX32 || t == ACL_COMPLEX64 || t == ACL_COMPLEX128;
}

aclDataType promote_types(aclDataType a, aclDataType b) {
    if (!handled(a) || !handled(b)) {
        return ACL_DT_UNDEFINED;
    }
    if (a == b) {
        return a;
    }
    if (a == ACL_BOOL) {
        return b;
    }
    if (b == ACL_BOOL) {
        return a;
    }
    const bool fa = is_floating_type(a);
    const bool fb = is_floating_type(b);
    if (fa != fb) {
        return fa ? a : b;
    }
    if (fa) {
        if (float_rank(a) == 1 && float_rank(b) == 1) {
            return ACL_FLOAT;  // FLOAT16 with BF16
        }
        return float_rank(a) >= float_rank(b) ? a : b;
    }
    // Two integer types: UINT8 with INT8 needs INT16; otherwise the wider signed one.
    if (a == ACL_UINT8 || b == ACL_UINT8) {
        const aclDataType s = a == ACL_UINT8 ? b : a;
        return s == ACL_INT8 ? ACL_INT16 : s;
    }
    return int_bytes(a) >= int_bytes(b) ? a : b;
}

bool can_cast(aclDataType from, aclDataType to) {
    if (is_complex_type(from) && !is_complex_type(to)) {
        return false;
    }
    if (is_floating_type(from) && (is_integral_type(to) || to == ACL_BOOL)) {
        return false;
    }
    return !(from != ACL_BOOL && to == ACL_BOOL);
}

aclDataType promote_adds(aclDataType self, aclDataType other, aclDataType out) {
    if (is_floating_type(self)) {
        return self;
    }
    if (other == ACL_DOUBLE && out == ACL_FLOAT) {
        return ACL_FLOAT;
    }
    if (is_floating_type(other) || self == ACL_BOOL) {
        return promote_types(self, other);
    }
    return self;
}

aclDataType promote_muls(aclDataType self, aclDataType other, aclDataType out) {
    if (is_floating_type(self)) {
        return self == ACL_BF16 ? ACL_FLOAT : self;
    }
    if ((self == ACL_BOOL && other == ACL_DOUBLE) || (other == ACL_DOUBLE && out == ACL_FLOAT)) {
        return ACL_FLOAT;
    }
    if (is_floating_type(other) || self == ACL_BOOL) {
        return promote_types(self, other);
    }
    return self;
}

kernels::ArithType to_arith_type(aclDataType t) {
    return static_cast<kernels::ArithType>(static_cast<int32_t>(t));
}

kernels::ArithScalar scalar_as(const aclScalar& s, aclDataType promoted) {
    kernels::ArithScalar v;
    const kernels::ArithType p = to_arith_type(promoted);
    if (is_floating_type(promoted)) {
        const double d = scalar_double(s);
        v.f = promoted == ACL_DOUBLE ? d : kernels::arith_round(p, static_cast<float>(d));
        v.i = 0;
    } else {
        v.i = kernels::arith_round(p, scalar_int(s));
        v.f = static_cast<double>(v.i);
    }
    return v;
}

}  // namespace aclemu::ops
