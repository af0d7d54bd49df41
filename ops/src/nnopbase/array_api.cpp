// The host-side containers of acl_meta.h: scalars, int/float/bool arrays (values copied in) and
// tensor/scalar lists (which take ownership of their elements, as CANN's do).
#include "aclemu/c_enum.h"
#include "aclemu/dtype_bits.h"
#include "nnopbase/error.h"
#include "nnopbase/tensor.h"

#include <cstdint>
#include <cstring>
#include <memory>
#include <set>
#include <vector>

namespace aclemu::nn {
namespace {

// False (reported) when `size` elements of T are more than any array holds: forming the end
// pointer of such an array would overflow.
template <typename T>
bool check_array_size(const char* api, uint64_t size) {
    if (size <= static_cast<uint64_t>(PTRDIFF_MAX) / sizeof(T)) {
        return true;
    }
    fail(ACLNN_ERR_PARAM_INVALID,
         api,
         "size",
         "%llu elements are more than any array holds",
         static_cast<unsigned long long>(size));
    return false;
}

template <typename Array, typename T>
Array* make_array(const char* api, const T* value, uint64_t size) {
    if (value == nullptr && size > 0) {
        fail(ACLNN_ERR_PARAM_NULLPTR,
             api,
             "value",
             "is null but size is %llu",
             static_cast<unsigned long long>(size));
        return nullptr;
    }
    if (!check_array_size<T>(api, size)) {
        return nullptr;
    }
    try {
        auto array = std::make_unique<Array>();
        array->values.assign(value, value + size);
        return array.release();
    } catch (...) {
        fail(ACLNN_ERR_INNER_NULLPTR, api, nullptr, "out of host memory");
        return nullptr;
    }
}

// The elements of a new list: true with `out` filled, or false (taking nothing) when an element
// is null or repeated, since the list will delete each element exactly once.
template <typename T>
bool take_elements(const char* api, const T* const* value, uint64_t size, std::vector<T*>* out) {
    if (value == nullptr && size > 0) {
        fail(ACLNN_ERR_PARAM_NULLPTR,
             api,
             "value",
             "is null but size is %llu",
             static_cast<unsigned long long>(size));
        return false;
    }
    if (!check_array_size<const T*>(api, size)) {
        return false;
    }
    std::set<const T*> seen;
    for (uint64_t i = 0; i < size; ++i) {
        if (value[i] == nullptr) {
            fail(ACLNN_ERR_PARAM_NULLPTR,
                 api,
                 "value",
                 "element %llu is null",
                 static_cast<unsigned long long>(i));
            return false;
        }
        if (!seen.insert(value[i]).second) {
            fail(ACLNN_ERR_PARAM_INVALID,
                 api,
                 "value",
                 "element %llu repeats an earlier element; a list owns each element once",
                 static_cast<unsigned long long>(i));
            return false;
        }
    }
    out->reserve(size);
    for (uint64_t i = 0; i < size; ++i) {
        out->push_back(const_cast<T*>(value[i]));
    }
    return true;
}

// A new list owning `size` elements: ListT's `elements` member takes them.
template <typename ListT, typename T>
ListT* make_list(const char* api,
                 const T* const* value,
                 uint64_t size,
                 std::vector<T*> ListT::*elements) {
    try {
        auto list = std::make_unique<ListT>();
        if (!take_elements(api, value, size, &((*list).*elements))) {
            return nullptr;
        }
        return list.release();
    } catch (...) {
        fail(ACLNN_ERR_INNER_NULLPTR, api, nullptr, "out of host memory");
        return nullptr;
    }
}

// Deletes a list and the elements it owns (null: nothing).
template <typename ListT, typename T>
aclnnStatus destroy_list(const ListT* list, std::vector<T*> ListT::*elements) {
    if (list != nullptr) {
        for (T* element : list->*elements) {
            delete element;
        }
        delete list;
    }
    return ACLNN_SUCCESS;
}

template <typename Array>
aclnnStatus get_size(const char* api, const Array* array, size_t n, uint64_t* size) {
    if (array == nullptr || size == nullptr) {
        return fail(
            ACLNN_ERR_PARAM_NULLPTR, api, array == nullptr ? "array" : "size", "must not be null");
    }
    *size = n;
    return ACLNN_SUCCESS;
}

}  // namespace
}  // namespace aclemu::nn

using aclemu::nn::fail;

extern "C" {

ACL_FUNC_VISIBILITY aclScalar* aclCreateScalar(void* value, aclDataType dataType) {
    if (value == nullptr) {
        fail(ACLNN_ERR_PARAM_NULLPTR, "aclCreateScalar", "value", "must not be null");
        return nullptr;
    }
    const int64_t dtype = aclemu::enum_value(dataType);
    if (!aclemu::is_data_type(dtype)) {
        fail(ACLNN_ERR_PARAM_INVALID,
             "aclCreateScalar",
             "dataType",
             "%lld is not an aclDataType",
             static_cast<long long>(dtype));
        return nullptr;
    }
    const size_t bytes = aclemu::nn::element_size(static_cast<aclDataType>(dtype));
    if (bytes == 0 || bytes > sizeof(aclScalar::value)) {
        fail(ACLNN_ERR_PARAM_INVALID,
             "aclCreateScalar",
             "dataType",
             "%s has no fixed byte size a scalar can hold",
             aclemu::nn::dtype_name(static_cast<aclDataType>(dtype)));
        return nullptr;
    }
    auto* scalar = new (std::nothrow) aclScalar;
    if (scalar == nullptr) {
        fail(ACLNN_ERR_INNER_NULLPTR, "aclCreateScalar", nullptr, "out of host memory");
        return nullptr;
    }
    scalar->dtype = static_cast<aclDataType>(dtype);
    std::memcpy(scalar->value, value, bytes);
    return scalar;
}

ACL_FUNC_VISIBILITY aclIntArray* aclCreateIntArray(const int64_t* value, uint64_t size) {
    return aclemu::nn::make_array<aclIntArray>("aclCreateIntArray", value, size);
}

ACL_FUNC_VISIBILITY aclFloatArray* aclCreateFloatArray(const float* value, uint64_t size) {
    return aclemu::nn::make_array<aclFloatArray>("aclCreateFloatArray", value, size);
}

ACL_FUNC_VISIBILITY aclBoolArray* aclCreateBoolArray(const bool* value, uint64_t size) {
    return aclemu::nn::make_array<aclBoolArray>("aclCreateBoolArray", value, size);
}

ACL_FUNC_VISIBILITY aclTensorList* aclCreateTensorList(const aclTensor* const* value,
                                                       uint64_t size) {
    return aclemu::nn::make_list("aclCreateTensorList", value, size, &aclTensorList::tensors);
}

ACL_FUNC_VISIBILITY aclScalarList* aclCreateScalarList(const aclScalar* const* value,
                                                       uint64_t size) {
    return aclemu::nn::make_list("aclCreateScalarList", value, size, &aclScalarList::scalars);
}

ACL_FUNC_VISIBILITY aclnnStatus aclDestroyScalar(const aclScalar* scalar) {
    delete scalar;
    return ACLNN_SUCCESS;
}

ACL_FUNC_VISIBILITY aclnnStatus aclDestroyIntArray(const aclIntArray* array) {
    delete array;
    return ACLNN_SUCCESS;
}

ACL_FUNC_VISIBILITY aclnnStatus aclDestroyFloatArray(const aclFloatArray* array) {
    delete array;
    return ACLNN_SUCCESS;
}

ACL_FUNC_VISIBILITY aclnnStatus aclDestroyBoolArray(const aclBoolArray* array) {
    delete array;
    return ACLNN_SUCCESS;
}

ACL_FUNC_VISIBILITY aclnnStatus aclDestroyTensorList(const aclTensorList* array) {
    return aclemu::nn::destroy_list(array, &aclTensorList::tensors);
}

ACL_FUNC_VISIBILITY aclnnStatus aclDestroyScalarList(const aclScalarList* array) {
    return aclemu::nn::destroy_list(array, &aclScalarList::scalars);
}

ACL_FUNC_VISIBILITY aclnnStatus aclGetIntArraySize(const aclIntArray* array, uint64_t* size) {
    return aclemu::nn::get_size(
        "aclGetIntArraySize", array, array != nullptr ? array->values.size() : 0, size);
}

ACL_FUNC_VISIBILITY aclnnStatus aclGetFloatArraySize(const aclFloatArray* array, uint64_t* size) {
    return aclemu::nn::get_size(
        "aclGetFloatArraySize", array, array != nullptr ? array->values.size() : 0, size);
}

ACL_FUNC_VISIBILITY aclnnStatus aclGetBoolArraySize(const aclBoolArray* array, uint64_t* size) {
    return aclemu::nn::get_size(
        "aclGetBoolArraySize", array, array != nullptr ? array->values.size() : 0, size);
}

ACL_FUNC_VISIBILITY aclnnStatus aclGetTensorListSize(const aclTensorList* tensorList,
                                                     uint64_t* size) {
    return aclemu::nn::get_size("aclGetTensorListSize",
                                tensorList,
                                tensorList != nullptr ? tensorList->tensors.size() : 0,
                                size);
}

ACL_FUNC_VISIBILITY aclnnStatus aclGetScalarListSize(const aclScalarList* scalarList,
                                                     uint64_t* size) {
    return aclemu::nn::get_size("aclGetScalarListSize",
                                scalarList,
                                scalarList != nullptr ? scalarList->scalars.size() : 0,
                                size);
}

}  // extern "C"
