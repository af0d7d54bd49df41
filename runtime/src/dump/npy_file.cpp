#include "dump/npy_file.h"

#include "acl/acl_base.h"

namespace aclemu::rt::dump {

std::string npy_descr(int32_t dtype) {
    switch (dtype) {
        case ACL_FLOAT:
            return "<f4";
        case ACL_FLOAT16:
            return "<f2";
        case ACL_DOUBLE:
            return "<f8";
        case ACL_INT8:
            return "|i1";
        case ACL_UINT8:
            return "|u1";
        case ACL_INT16:
            return "<i2";
        case ACL_UINT16:
            return "<u2";
        case ACL_INT32:
            return "<i4";
        case ACL_UINT32:
            return "<u4";
        case ACL_INT64:
            return "<i8";
        case ACL_UINT64:
            return "<u8";
        case ACL_BOOL:
            return "|b1";
        case ACL_COMPLEX64:
            return "<c8";
        case ACL_COMPLEX128:
            return "<c16";
        case ACL_BF16:
            return "<u2";
        case ACL_COMPLEX32:
            return "<u4";
        case ACL_HIFLOAT8:
        case ACL_FLOAT8_E5M2:
        case ACL_FLOAT8_E4M3FN:
        case ACL_FLOAT8_E8M0:
            return "|u1";
        default:
            return "";
    }
}

std::string npy_header(const std::string& descr, const int64_t* dims, size_t rank) {
    std::string shape = "(";
    for (size_t i = 0; i < rank; ++i) {
        shape += std::to_string(dims[i]);
        shape += rank == 1 ? "," : (i + 1 < rank ? ", " : "");
    }
    shape += ")";
    std::string dict =
        "{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + shape + ", }";
    // Magic (6) + version (2) + length (2) + dict + padding + '\n' is a multiple of 64.
    const size_t unpadded = 10 + dict.size() + 1;
    dict.append((64 - unpadded % 64) % 64, ' ');
    dict += '\n';
    std::string header("\x93NUMPY\x01\x00", 8);
    header += static_cast<char>(dict.size() & 0xFF);
    header += static_cast<char>((dict.size() >> 8) & 0xFF);
    return header + dict;
}

}  // namespace aclemu::rt::dump
