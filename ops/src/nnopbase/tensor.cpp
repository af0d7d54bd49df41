// tensor.h's helpers: element sizes, element counts, view addressing and CANN's names.
#include "nnopbase/tensor.h"

#include "aclemu/dtype_bits.h"

namespace aclemu::nn {

size_t element_size(aclDataType dtype) {
    const int bits = dtype_bits(dtype);
    return bits % 8 == 0 ? static_cast<size_t>(bits / 8) : 0;  // sub-byte types: no byte size
}

int64_t numel(const std::vector<int64_t>& dims) {
    int64_t n = 1;
    for (int64_t d : dims) {
        n *= d;
    }
    return n;
}

void* view_data(const aclTensor& t) {
    if (t.data == nullptr) {
        return nullptr;
    }
    return static_cast<char*>(t.data) + t.offset * static_cast<int64_t>(element_size(t.dtype));
}

bool view_fits_storage(const aclTensor& t) {
    if (t.strides.size() != t.view_dims.size()) {
        return false;
    }
    for (int64_t d : t.view_dims) {
        if (d == 0) {
            return true;
        }
    }
    // Lowest and highest element offsets the view reaches, with overflow treated as not fitting.
    int64_t lo = t.offset;
    int64_t hi = t.offset;
    for (size_t d = 0; d < t.view_dims.size(); ++d) {
        if (t.view_dims[d] < 0) {
            return false;
        }
        int64_t extent = 0;
        if (__builtin_mul_overflow(t.strides[d], t.view_dims[d] - 1, &extent)) {
            return false;
        }
        if (__builtin_add_overflow(extent < 0 ? lo : hi, extent, extent < 0 ? &lo : &hi)) {
            return false;
        }
    }
    int64_t storage = 1;
    for (int64_t d : t.storage_dims) {
        if (d < 0 || __builtin_mul_overflow(storage, d, &storage)) {
            return false;
        }
    }
    return lo >= 0 && hi < storage;
}

const char* dtype_name(aclDataType dtype) {
    switch (dtype) {
        case ACL_DT_UNDEFINED:
            return "UNDEFINED";
        case ACL_FLOAT:
            return "FLOAT";
        case ACL_FLOAT16:
            return "FLOAT16";
        case ACL_INT8:
            return "INT8";
        case ACL_INT32:
            return "INT32";
        case ACL_UINT8:
            return "UINT8";
        case ACL_INT16:
            return "INT16";
        case ACL_UINT16:
            return "UINT16";
        case ACL_UINT32:
            return "UINT32";
        case ACL_INT64:
            return "INT64";
        case ACL_UINT64:
            return "UINT64";
        case ACL_DOUBLE:
            return "DOUBLE";
        case ACL_BOOL:
            return "BOOL";
        case ACL_STRING:
            return "STRING";
        case ACL_COMPLEX64:
            return "COMPLEX64";
        case ACL_COMPLEX128:
            return "COMPLEX128";
        case ACL_BF16:
            return "BFLOAT16";
        case ACL_INT4:
            return "INT4";
        case ACL_UINT1:
            return "UINT1";
        case ACL_COMPLEX32:
            return "COMPLEX32";
        case ACL_HIFLOAT8:
            return "HIFLOAT8";
        case ACL_FLOAT8_E5M2:
            return "FLOAT8_E5M2";
        case ACL_FLOAT8_E4M3FN:
            return "FLOAT8_E4M3FN";
        case ACL_FLOAT8_E8M0:
            return "FLOAT8_E8M0";
        case ACL_FLOAT6_E3M2:
            return "FLOAT6_E3M2";
        case ACL_FLOAT6_E2M3:
            return "FLOAT6_E2M3";
        case ACL_FLOAT4_E2M1:
            return "FLOAT4_E2M1";
        case ACL_FLOAT4_E1M2:
            return "FLOAT4_E1M2";
    }
    return "UNKNOWN";
}

const char* format_name(aclFormat format) {
    switch (format) {
        case ACL_FORMAT_UNDEFINED:
            return "UNDEFINED";
        case ACL_FORMAT_NCHW:
            return "NCHW";
        case ACL_FORMAT_NHWC:
            return "NHWC";
        case ACL_FORMAT_ND:
            return "ND";
        case ACL_FORMAT_NC1HWC0:
            return "NC1HWC0";
        case ACL_FORMAT_FRACTAL_Z:
            return "FRACTAL_Z";
        case ACL_FORMAT_NC1HWC0_C04:
            return "NC1HWC0_C04";
        case ACL_FORMAT_HWCN:
            return "HWCN";
        case ACL_FORMAT_NDHWC:
            return "NDHWC";
        case ACL_FORMAT_FRACTAL_NZ:
            return "FRACTAL_NZ";
        case ACL_FORMAT_NCDHW:
            return "NCDHW";
        case ACL_FORMAT_NDC1HWC0:
            return "NDC1HWC0";
        case ACL_FRACTAL_Z_3D:
            return "FRACTAL_Z_3D";
        case ACL_FORMAT_NC:
            return "NC";
        case ACL_FORMAT_NCL:
            return "NCL";
        case ACL_FORMAT_FRACTAL_NZ_C0_16:
            return "FRACTAL_NZ_C0_16";
        case ACL_FORMAT_FRACTAL_NZ_C0_32:
            return "FRACTAL_NZ_C0_32";
        case ACL_FORMAT_FRACTAL_NZ_C0_2:
            return "FRACTAL_NZ_C0_2";
        case ACL_FORMAT_FRACTAL_NZ_C0_4:
            return "FRACTAL_NZ_C0_4";
        case ACL_FORMAT_FRACTAL_NZ_C0_8:
            return "FRACTAL_NZ_C0_8";
    }
    return "UNKNOWN";
}

}  // namespace aclemu::nn
