// The concrete types behind acl_meta.h's opaque handles. aclTensor is a view (dims, strides and
// offset in elements) over a storage (dims, data pointer), exactly as aclCreateTensor takes it.
// Its dims are DimVectors (tensor_dims.h): copying a tensor of rank <= 8 allocates nothing.
#pragma once

#include "aclnn/acl_meta.h"

#include "aclemu/checked_math.h"
#include "nnopbase/nnopbase_api.h"
#include "nnopbase/tensor_dims.h"

#include <cstdint>
#include <type_traits>
#include <vector>

struct aclTensor {
    aclDataType dtype = ACL_DT_UNDEFINED;
    aclFormat format = ACL_FORMAT_ND;
    aclemu::nn::DimVector view_dims;
    aclemu::nn::DimVector strides;  // one per view dim, in elements
    int64_t offset = 0;             // of the view's first element in storage, in elements
    aclemu::nn::DimVector storage_dims;
    void* data = nullptr;  // start of storage (device memory)
};

struct aclScalar {
    aclDataType dtype = ACL_DT_UNDEFINED;
    alignas(8) unsigned char value[16] = {};
};

struct aclIntArray {
    std::vector<int64_t> values;
};

struct aclFloatArray {
    std::vector<float> values;
};

struct aclBoolArray {
    std::vector<bool> values;
};

struct aclTensorList {
    std::vector<aclTensor*> tensors;  // owned: destroyed with the list
};

struct aclScalarList {
    std::vector<aclScalar*> scalars;  // owned
};

namespace aclemu::nn {

/// Size in bytes of one element of `dtype`; 0 for types without a fixed byte size.
ACLEMU_NNOPBASE_API size_t element_size(aclDataType dtype);

/// Product of dims: 1 for rank 0, 0 when any dim is 0. -1 when a dim is negative or the product
/// does not fit int64 (never for the dims of a tensor aclCreateTensor accepted).
ACLEMU_NNOPBASE_API int64_t numel(const std::vector<int64_t>& dims);

/// numel of a tensor's dims without a std::vector copy. A template so that numel({2, 3})
/// still picks the std::vector overload.
template <class Dims, class = std::enable_if_t<std::is_same_v<Dims, DimVector>>>
int64_t numel(const Dims& dims) {
    int64_t n = 0;
    return checked_product(dims.data(), dims.size(), &n) ? n : -1;
}

/// Number of elements of the storage (-1 as numel).
inline int64_t storage_numel(const aclTensor& t) {
    return numel(t.storage_dims);
}

/// Bytes that `count` elements of `dtype` take (sub-byte types packed, rounded up to a byte); 0
/// for types without a size. False when count is negative or the bytes do not fit int64.
ACLEMU_NNOPBASE_API bool elements_bytes(int64_t count, aclDataType dtype, int64_t* bytes);

/// Bytes of the tensor's storage (elements_bytes of its storage numel); false as there.
ACLEMU_NNOPBASE_API bool storage_bytes(const aclTensor& t, int64_t* bytes);

/// Address of the view's first element: data + offset * element size, computed without
/// overflow. The storage start for an empty view (it addresses no element); nullptr when data is
/// null or the byte offset does not fit int64 (never for a view that fits a storage whose bytes
/// fit, as the operators check first).
ACLEMU_NNOPBASE_API void* view_data(const aclTensor& t);

/// True when every element the view can reach lies inside its storage (empty views always fit).
/// Every extent is computed with overflow checks; one that overflows does not fit.
ACLEMU_NNOPBASE_API bool view_fits_storage(const aclTensor& t);

/// CANN's name for a dtype ("FLOAT16", "BFLOAT16", ...) and a format ("ND", "NCHW", ...).
ACLEMU_NNOPBASE_API const char* dtype_name(aclDataType dtype);
ACLEMU_NNOPBASE_API const char* format_name(aclFormat format);

}  // namespace aclemu::nn
