// The aclTensor entry points of acl_meta.h: create, re-initialise, destroy, query, and the raw
// storage address. A tensor only describes memory; nothing here touches the device.
#include "nnopbase/error.h"
#include "nnopbase/tensor.h"

#include <memory>
#include <new>
#include <vector>

namespace aclemu::nn {
namespace {

// The element count of `dims` fits int64 and no dim is negative; else reports and fails.
aclnnStatus check_dims(const char* api, const char* what, const DimVector& dims) {
    int64_t n = 1;
    for (size_t d = 0; d < dims.size(); ++d) {
        if (dims[d] < 0) {
            return fail(ACLNN_ERR_PARAM_INVALID,
                        api,
                        what,
                        "dim %zu is negative (%lld)",
                        d,
                        static_cast<long long>(dims[d]));
        }
        if (__builtin_mul_overflow(n, dims[d], &n)) {
            return fail(ACLNN_ERR_PARAM_INVALID, api, what, "the element count overflows int64");
        }
    }
    return ACLNN_SUCCESS;
}

// Builds the description aclCreateTensor / aclInitTensor were given into `t` (left untouched on
// failure).
aclnnStatus describe(const char* api,
                     aclTensor* t,
                     const int64_t* view_dims,
                     uint64_t view_rank,
                     aclDataType dtype,
                     const int64_t* strides,
                     int64_t offset,
                     aclFormat format,
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
    aclTensor next;
    next.dtype = dtype;
    next.format = format;
    next.view_dims.assign(view_dims, view_dims + view_rank);
    next.storage_dims.assign(storage_dims, storage_dims + storage_rank);
    aclnnStatus status = check_dims(api, "viewDims", next.view_dims);
    if (status == ACLNN_SUCCESS) {
        status = check_dims(api, "storageDims", next.storage_dims);
    }
    if (status != ACLNN_SUCCESS) {
        return status;
    }
    if (strides != nullptr) {
        next.strides.assign(strides, strides + view_rank);
    } else {
        // Row-major contiguous; a zero-size dim must not zero the strides outside it.
        next.strides.assign(view_rank, 1);
        for (uint64_t d = view_rank; d-- > 1;) {
            const int64_t size = next.view_dims[d] > 1 ? next.view_dims[d] : 1;
            next.strides[d - 1] = next.strides[d] * size;
        }
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
                                                        dataType,
                                                        stride,
                                                        offset,
                                                        format,
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
                                    dataType,
                                    stride,
                                    offset,
                                    format,
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
