// Bits per element of each aclDataType: the one table behind aclDataTypeSize (libascendcl) and
// the aclnn layer's element sizes (libnnopbase). Internal to aclemu; not installed. It takes the
// dtype as an integer, so that a value a C caller passed (aclemu/c_enum.h) can be looked up
// before it is known to be an aclDataType.
#pragma once

#include "acl/acl_base.h"

#include <cstdint>

namespace aclemu {

/// 1 (UINT1), 4 (INT4, FLOAT4_*), 6 (FLOAT6_*), 8 ... 128; 0 for types without a fixed size
/// (STRING, UNDEFINED, values aclDataType does not name).
constexpr int dtype_bits(int64_t dtype) {
    switch (dtype) {
        case ACL_UINT1:
            return 1;
        case ACL_INT4:
        case ACL_FLOAT4_E2M1:
        case ACL_FLOAT4_E1M2:
            return 4;
        case ACL_FLOAT6_E3M2:
        case ACL_FLOAT6_E2M3:
            return 6;
        case ACL_BOOL:
        case ACL_INT8:
        case ACL_UINT8:
        case ACL_HIFLOAT8:
        case ACL_FLOAT8_E5M2:
        case ACL_FLOAT8_E4M3FN:
        case ACL_FLOAT8_E8M0:
            return 8;
        case ACL_FLOAT16:
        case ACL_BF16:
        case ACL_INT16:
        case ACL_UINT16:
            return 16;
        case ACL_FLOAT:
        case ACL_INT32:
        case ACL_UINT32:
        case ACL_COMPLEX32:
            return 32;
        case ACL_DOUBLE:
        case ACL_INT64:
        case ACL_UINT64:
        case ACL_COMPLEX64:
            return 64;
        case ACL_COMPLEX128:
            return 128;
        default:
            return 0;
    }
}

/// True for the values aclDataType names: every sized type, ACL_STRING and ACL_DT_UNDEFINED.
constexpr bool is_data_type(int64_t dtype) {
    return dtype == ACL_DT_UNDEFINED || dtype == ACL_STRING || dtype_bits(dtype) > 0;
}

}  // namespace aclemu
