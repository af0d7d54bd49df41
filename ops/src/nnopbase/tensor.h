// The concrete types behind acl_meta.h's opaque handles. aclTensor is a view (dims, strides and
// offset in elements) over a storage (dims, data pointer), exactly as aclCreateTensor takes it.
// Its dims are DimVectors (tensor_dims.h): copying a tensor of rank <= 8 allocates nothing.
#pragma once

#include "aclnn/acl_meta.h"

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

/// Product of dims (1 for rank 0).
ACLEMU_NNOPBASE_API int64_t numel(const std::vector<int64_t>& dims);

/// numel of a tensor's dims without a std::vector copy. A template so that numel({2, 3})
/// still picks the std::vector overload.
template <class Dims, class = std::enable_if_t<std::is_same_v<Dims, DimVector>>>
int64_t numel(const Dims& dims) {
    int64_t n = 1;
    for (int64_t d : dims) {
        n *= d;
    }
    return n;
}

/// Number of elements of the storage.
inline int64_t storage_numel(const aclTensor& t) {
    return numel(t.storage_dims);
}

/// Address of the view's first element: data + offset * element_size.
ACLEMU_NNOPBASE_API void* view_data(const aclTensor& t);

/// True when every element the view can reach lies inside its storage (empty views always fit).
ACLEMU_NNOPBASE_API bool view_fits_storage(const aclTensor& t);

/// CANN's name for a dtype ("FLOAT16", "BFLOAT16", ...) and a format ("ND", "NCHW", ...).
ACLEMU_NNOPBASE_API const char* dtype_name(aclDataType dtype);
ACLEMU_NNOPBASE_API const char* format_name(aclFormat format);

}  // namespace aclemu::nn
