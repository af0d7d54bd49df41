// The aclTensor entry points of acl_meta.h: create, re-initialise, destroy, query, and the raw
// storage address. A tensor only describes memory; nothing here touches the device.
#include "aclemu/c_enum.h"
#include "aclemu/checked_math.h"
#include "aclemu/dtype_bits.h"
#include "nnopbase/error.h"
#include "nnopbase/tensor.h"

#include <cstdint>
#include <memory>
#include <new>
#include <vector>

namespace aclemu::nn {
namespace {

// aclFormat's enumerators need 7 bits, so the C++ type holds -64..63. CANN accepts GE's formats
// here, a superset of aclFormat's names (DHWCN = 31, for one) that lies in 0..63 too.
constexpr int64_t kMaxFormatValue = 63;

// A count of int64 dims the caller's array must hold: more than an address space holds is not
// an array (and forming the end pointer would overflow).
aclnnStatus check_rank(const char* api, const char* what, uint64_t rank) {
    if (rank <= static_cast<uint64_t>(PTRDIFF_MAX) / sizeof(int64_t)) {
        return ACLNN_SUCCESS;
    }
    return fail(ACLNN_ERR_PARAM_INVALID,
                api,
                what,
                "%llu dims are more than any array holds",
                static_cast<unsigned long long>(rank));
}

// The element count of `dims` fits int64 and no dim is negative; else reports and fails.
aclnnStatus check_dims(const char* api, const char* what, const DimVector& dims) {
    for (size_t d = 0; d < dims.size(); ++d) {
        if (dims[d] < 0) {
            return fail(ACLNN_ERR_PARAM_INVALID,
                        api,
                        what,
                        "dim %zu is negative (%lld)",
                        d,
                        static_cast<long long>(dims[d]));
        }
    }
    int64_t count = 0;
    if (!checked_product(dims.data(), dims.size(), &count)) {
        return fail(ACLNN_ERR_PARAM_INVALID, api, what, "the element count overflows int64");
    }
    return ACLNN_SUCCESS;
}

// The dtype and format values a caller passed (read as integers: c_enum.h) name a dtype and a
// format; else reports and fails.
aclnnStatus check_enums(const char* api, int64_t dtype, int64_t format) {
    if (!is_data_type(dtype)) {
        return fail(ACLNN_ERR_PARAM_INVALID,
                    api,
                    "dataType",
                    "%lld is not an aclDataType",
                    static_cast<long long>(dtype));
    }
    if (format < ACL_FORMAT_UNDEFINED || format > kMaxFormatValue) {
        return fail(ACLNN_ERR_PARAM_INVALID,
                    api,
                    "format",
                    "%lld is not a format (-1 to %lld)",
                    static_cast<long long>(format),
                    static_cast<long long>(kMaxFormatValue));
    }
    return ACLNN_SUCCESS;
}

// Row-major strides of `dims` into `strides`; a zero-size dim must not zero the strides outside
// it. Fails when a stride overflows int64 (possible only for an empty view).
aclnnStatus contiguous_strides(const char* api, const DimVector& dims, DimVector* strides) {
    strides->assign(dims.size(), 1);
    for (size_t d = dims.size(); d-- > 1;) {
        const int64_t size = dims[d] > 1 ? dims[d] : 1;
        if (!checked_mul((*strides)[d], size, &(*strides)[d - 1])) {
            return fail(ACLNN_ERR_PARAM_INVALID,
                        api,
                        "stride",
                        "is null, and the row-major strides of viewDims overflow int64");
        }
    }
    return ACLNN_SUCCESS;
}

// Builds the description aclCreateTensor / aclInitTensor were given into `t` (left untouched on
// failure). `dtype` and `format` are the caller's values, not yet validated.
aclnnStatus describe(const char* api,
                     aclTensor* t,
                     const int64_t* view_dims,
                     uint64_t view_rank,
                     int64_t dtype,
                     const int64_t* strides,
                     int64_t offset,
                     int64_t format,
                     const int64_t* storage_dims,
                     uint64_t storage_rank,
                     void* data) {
    if (view_dims == nullptr && view_rank > 0) {
        return fail(ACLNN_ERR_PARAM_NULLPTR,
                    api,
                    "viewDims",
                    "is null but viewDimsNum is %llu",
                    static_cast<unsigned long long>(view_rank));
    }
    if (storage_dims == nullptr && storage_rank > 0) {
        return fail(ACLNN_ERR_PARAM_NULLPTR,
                    api,
                    "storageDims",
                    "is null but storageDimsNum is %llu",
                    static_cast<unsigned long long>(storage_rank));
    }
    ACLEMU_OP_RETURN_IF_ERROR(check_rank(api, "viewDimsNum", view_rank));
    ACLEMU_OP_RETURN_IF_ERROR(check_rank(api, "storageDimsNum", storage_rank));
    ACLEMU_OP_RETURN_IF_ERROR(check_enums(api, dtype, format));
    aclTensor next;
    next.dtype = static_cast<aclDataType>(dtype);
    next.format = static_cast<aclFormat>(format);
    next.view_dims.assign(view_dims, view_dims + view_rank);
    next.storage_dims.assign(storage_dims, storage_dims + storage_rank);
    ACLEMU_OP_RETURN_IF_ERROR(check_dims(api, "viewDims", next.view_dims));
    ACLEMU_OP_RETURN_IF_ERROR(check_dims(api, "storageDims", next.storage_dims));
    // Every byte of the storage must be addressable with an int64 offset, so that no offset
    // inside a view that fits it can overflow (the operators check that the view fits).
    int64_t bytes = 0;
    if (!storage_bytes(next, &bytes)) {
        return fail(ACLNN_ERR_PARAM_INVALID,
                    api,
                    "storageDims",
                    "%lld elements of %s take more than 2^63 - 1 bytes",
                    static_cast<long long>(storage_numel(next)),
                    dtype_name(next.dtype));
    }
    if (strides != nullptr) {
        next.strides.assign(strides, strides + view_rank);
    } else {
        ACLEMU_OP_RETURN_IF_ERROR(contiguous_strides(api, next.view_dims, &next.strides));
    }
    next.offset = offset;
    next.data = data;
    *t = std::move(next);
    return ACLNN_SUCCESS;
}

// The getters of a tensor's dims: a new[] copy of `dims` in *out (the caller delete[]s it).
aclnnStatus copy_out(const char* api,
                     const aclTensor* tensor,
                     DimVector aclTensor::*dims,
                     int64_t** out,
                     uint64_t* count,
                     const char* out_name,
                     const char* count_name) {
    if (tensor == nullptr) {
        return fail(ACLNN_ERR_PARAM_NULLPTR, api, "tensor", "must not be null");
    }
    if (out == nullptr) {
        return fail(ACLNN_ERR_PARAM_NULLPTR, api, out_name, "must not be null");
    }
    if (count == nullptr) {
        return fail(ACLNN_ERR_PARAM_NULLPTR, api, count_name, "must not be null");
    }
    const DimVector& values = tensor->*dims;
    int64_t* array = new (std::nothrow) int64_t[values.size()];
    if (array == nullptr) {
        return fail(ACLNN_ERR_INNER_NULLPTR, api, out_name, "out of host memory");
    }
    for (size_t i = 0; i < values.size(); ++i) {
        array[i] = values[i];
    }
    *out = array;
    *count = values.size();
    return ACLNN_SUCCESS;
}

// The getters of a tensor's scalar fields.
template <typename T>
aclnnStatus get_member(
    const char* api, const aclTensor* tensor, T aclTensor::*member, T* out, const char* out_name) {
    if (tensor == nullptr || out == nullptr) {
        return fail(ACLNN_ERR_PARAM_NULLPTR,
                    api,
                    tensor == nullptr ? "tensor" : out_name,
                    "must not be null");
    }
    *out = tensor->*member;
    return ACLNN_SUCCESS;
}

}  // namespace
}  // namespace aclemu::nn

using aclemu::nn::fail;

extern "C" {

ACL_FUNC_VISIBILITY aclTensor* aclCreateTensor(const int64_t* viewDims,
                                               uint64_t viewDimsNum,
                                               aclDataType dataType,
                                               const int64_t* stride,
                                               int64_t offset,
                                               aclFormat format,
                                               const int64_t* storageDims,
                                               uint64_t storageDimsNum,
                                               void* tensorData) {
    try {
        auto tensor = std::make_unique<aclTensor>();
        const aclnnStatus status = aclemu::nn::describe("aclCreateTensor",
                                                        tensor.get(),
                                                        viewDims,
                                                        viewDimsNum,
                                                        aclemu::enum_value(dataType),
                                                        stride,
                                                        offset,
                                                        aclemu::enum_value(format),
                                                        storageDims,
                                                        storageDimsNum,
                                                        tensorData);
        return status == ACLNN_SUCCESS ? tensor.release() : nullptr;
    } catch (...) {
        fail(ACLNN_ERR_INNER_NULLPTR, "aclCreateTensor", nullptr, "out of host memory");
        return nullptr;
    }
}

ACL_FUNC_VISIBILITY aclnnStatus aclInitTensor(aclTensor* tensor,
                                              const int64_t* viewDims,
                                              uint64_t viewDimsNum,
                                              aclDataType dataType,
                                              const int64_t* stride,
                                              int64_t offset,
                                              aclFormat format,
                                              const int64_t* storageDims,
                                              uint64_t storageDimsNum,
                                              void* tensorDataAddr) {
    if (tensor == nullptr) {
        return fail(ACLNN_ERR_PARAM_NULLPTR, "aclInitTensor", "tensor", "must not be null");
    }
    try {
        return aclemu::nn::describe("aclInitTensor",
                                    tensor,
                                    viewDims,
                                    viewDimsNum,
                                    aclemu::enum_value(dataType),
                                    stride,
                                    offset,
                                    aclemu::enum_value(format),
                                    storageDims,
                                    storageDimsNum,
                                    tensorDataAddr);
    } catch (...) {
        return fail(ACLNN_ERR_INNER_NULLPTR, "aclInitTensor", nullptr, "out of host memory");
    }
}

ACL_FUNC_VISIBILITY aclnnStatus aclDestroyTensor(const aclTensor* tensor) {
    delete tensor;
    return ACLNN_SUCCESS;
}

ACL_FUNC_VISIBILITY aclnnStatus aclGetViewShape(const aclTensor* tensor,
                                                int64_t** viewDims,
                                                uint64_t* viewDimsNum) {
    return aclemu::nn::copy_out("aclGetViewShape",
                                tensor,
                                &aclTensor::view_dims,
                                viewDims,
                                viewDimsNum,
                                "viewDims",
                                "viewDimsNum");
}

ACL_FUNC_VISIBILITY aclnnStatus aclGetStorageShape(const aclTensor* tensor,
                                                   int64_t** storageDims,
                                                   uint64_t* storageDimsNum) {
    return aclemu::nn::copy_out("aclGetStorageShape",
                                tensor,
                                &aclTensor::storage_dims,
                                storageDims,
                                storageDimsNum,
                                "storageDims",
                                "storageDimsNum");
}

ACL_FUNC_VISIBILITY aclnnStatus aclGetViewStrides(const aclTensor* tensor,
                                                  int64_t** stridesValue,
                                                  uint64_t* stridesNum) {
    return aclemu::nn::copy_out("aclGetViewStrides",
                                tensor,
                                &aclTensor::strides,
                                stridesValue,
                                stridesNum,
                                "stridesValue",
                                "stridesNum");
}

ACL_FUNC_VISIBILITY aclnnStatus aclGetViewOffset(const aclTensor* tensor, int64_t* offset) {
    return aclemu::nn::get_member("aclGetViewOffset", tensor, &aclTensor::offset, offset, "offset");
}

ACL_FUNC_VISIBILITY aclnnStatus aclGetFormat(const aclTensor* tensor, aclFormat* format) {
    return aclemu::nn::get_member("aclGetFormat", tensor, &aclTensor::format, format, "format");
}

ACL_FUNC_VISIBILITY aclnnStatus aclGetDataType(const aclTensor* tensor, aclDataType* dataType) {
    return aclemu::nn::get_member(
        "aclGetDataType", tensor, &aclTensor::dtype, dataType, "dataType");
}

ACL_FUNC_VISIBILITY aclnnStatus aclSetRawTensorAddr(aclTensor* tensor, void* addr) {
    if (tensor == nullptr) {
        return fail(ACLNN_ERR_PARAM_NULLPTR, "aclSetRawTensorAddr", "tensor", "must not be null");
    }
    tensor->data = addr;
    return ACLNN_SUCCESS;
}

ACL_FUNC_VISIBILITY aclnnStatus aclGetRawTensorAddr(const aclTensor* tensor, void** addr) {
    return aclemu::nn::get_member("aclGetRawTensorAddr", tensor, &aclTensor::data, addr, "addr");
}

}  // extern "C"
