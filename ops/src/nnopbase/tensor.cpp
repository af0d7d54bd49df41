// tensor.h's helpers: element sizes, element counts, view addressing and CANN's names.
#include "nnopbase/tensor.h"

#include "aclemu/dtype_bits.h"

#include <cstdint>

namespace aclemu::nn {

size_t element_size(aclDataType dtype) {
    const int bits = dtype_bits(dtype);
    return bits % 8 == 0 ? static_cast<size_t>(bits / 8) : 0;  // sub-byte types: no byte size
}

int64_t numel(const std::vector<int64_t>& dims) {
    int64_t n = 0;
    return checked_product(dims.data(), dims.size(), &n) ? n : -1;
}

bool elements_bytes(int64_t count, aclDataType dtype, int64_t* bytes) {
    if (count < 0) {
        return false;
    }
    const int bits = dtype_bits(dtype);
    if (bits % 8 == 0) {
        return checked_mul(count, bits / 8, bytes);
    }
    // Packed: whole groups of 8 elements take `bits` bytes each, the rest rounds up.
    return checked_mul(count / 8, bits, bytes)
           && checked_add(*bytes, (count % 8 * bits + 7) / 8, bytes);
}

bool storage_bytes(const aclTensor& t, int64_t* bytes) {
    return elements_bytes(storage_numel(t), t.dtype, bytes);
}

void* view_data(const aclTensor& t) {
    if (t.offset == 0 || t.data == nullptr || numel(t.view_dims) == 0) {
        return t.data;
    }
    int64_t offset_bytes = 0;
    if (!checked_mul(t.offset, element_size(t.dtype), &offset_bytes)) {
        return nullptr;
    }
    // As an integer: `data` is the caller's and not yet known to point into an allocation.
    return reinterpret_cast<void*>(reinterpret_cast<uintptr_t>(t.data)
                                   + static_cast<uintptr_t>(offset_bytes));
}

bool view_fits_storage(const aclTensor& t) {
    if (t.strides.size() != t.view_dims.size()) {
        return false;
    }
    const int64_t count = numel(t.view_dims);
    if (count == 0) {
        return true;
    }
    if (count < 0) {
        return false;
    }
    // Lowest and highest element offsets the view reaches.
    int64_t lo = t.offset;
    int64_t hi = t.offset;
    for (size_t d = 0; d < t.view_dims.size(); ++d) {
        int64_t extent = 0;
        if (!checked_mul(t.strides[d], t.view_dims[d] - 1, &extent)
            || !checked_add(extent < 0 ? lo : hi, extent, extent < 0 ? &lo : &hi)) {
            return false;
        }
    }
    const int64_t storage = storage_numel(t);
    return storage >= 0 && lo >= 0 && hi < storage;
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
