// NumPy's .npy format (version 1.0), the file of one dumped tensor: a header naming the element
// type and the shape, then the elements in C order. numpy.load reads it; so can a short C
// program (docs/dump.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace aclemu::rt::dump {

/// The .npy type of aclDataType `dtype` ("<f4"); types NumPy lacks are their raw bits
/// (ACL_BF16: "<u2", the FLOAT8 kinds: "|u1", ACL_COMPLEX32: "<u4"). Empty for types with no
/// whole-byte element (ACL_INT4, ACL_UINT1, FLOAT4/6, ACL_STRING, unknown values).
std::string npy_descr(int32_t dtype);

/// The header of a .npy file with `rank` dims `dims` of `descr`.
std::string npy_header(const std::string& descr, const int64_t* dims, size_t rank);

}  // namespace aclemu::rt::dump
