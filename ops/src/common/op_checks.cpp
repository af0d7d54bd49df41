// The shared operator parameter checks (op_checks.h): pure functions of tensor metadata, except
// check_device_data, which asks the runtime where the memory lives.
#include "common/op_checks.h"

#include "aclemu/rt.h"
#include "common/op_error.h"
#include "nnopbase/tensor.h"

#include <string>

namespace aclemu::ops {
namespace {

aclnnStatus null_tensor(const char* api, const char* name) {
    return op_fail(ACLNN_ERR_PARAM_NULLPTR, api, name, "must not be null");
}

std::string layout_string(const aclTensor& t) {
    return "view " + dims_to_string(t.view_dims) + " strides " + dims_to_string(t.strides)
           + " offset " + std::to_string(t.offset) + " over storage "
           + dims_to_string(t.storage_dims);
}

// The pair checks: both tensors present and `key` (a field of the tensor) the same; `text`
// spells the field for the message.
template <class Key, class Text>
aclnnStatus check_same(const aclTensor* t,
                       const char* api,
                       const char* name,
                       const aclTensor* ref,
                       const char* ref_name,
                       const char* what,
                       Key aclTensor::*key,
                       Text text) {
    if (t == nullptr) {
        return null_tensor(api, name);
    }
    if (ref == nullptr) {
        return null_tensor(api, ref_name);
    }
    if (t->*key == ref->*key) {
        return ACLNN_SUCCESS;
    }
    return op_fail(ACLNN_ERR_PARAM_INVALID,
                   api,
                   name,
                   "%s %s differs from %s's %s %s",
                   what,
                   std::string(text(t->*key)).c_str(),
                   ref_name,
                   what,
                   std::string(text(ref->*key)).c_str());
}

// The storage's byte size does not fit int64 (aclCreateTensor rejects such storage; snapshots
// and internal tensors are checked again here).
aclnnStatus storage_too_large(const aclTensor& t, const char* api, const char* name) {
    return op_fail(ACLNN_ERR_PARAM_INVALID,
                   api,
                   name,
                   "the storage %s of %s takes more than 2^63 - 1 bytes",
                   dims_to_string(t.storage_dims).c_str(),
                   nn::dtype_name(t.dtype));
}

}  // namespace

std::string dims_to_string(const std::vector<int64_t>& dims) {
    std::string s = "[";
    for (size_t i = 0; i < dims.size(); ++i) {
        if (i > 0) {
            s += ',';
        }
        s += std::to_string(dims[i]);
    }
    return s + "]";
}

aclnnStatus check_not_null(const void* ptr, const char* api, const char* name) {
    return ptr == nullptr ? null_tensor(api, name) : ACLNN_SUCCESS;
}

aclnnStatus check_dtype_in(const aclTensor* t,
                           const char* api,
                           const char* name,
                           std::initializer_list<aclDataType> allowed) {
    if (t == nullptr) {
        return null_tensor(api, name);
    }
    for (aclDataType dt : allowed) {
        if (t->dtype == dt) {
            return ACLNN_SUCCESS;
        }
    }
    std::string expected;
    size_t i = 0;
    for (aclDataType dt : allowed) {
        if (i > 0) {
            expected += (i + 1 == allowed.size()) ? " or " : ", ";
        }
        expected += nn::dtype_name(dt);
        ++i;
    }
    return op_fail(ACLNN_ERR_PARAM_INVALID,
                   api,
                   name,
                   "dtype %s is not supported, expected %s",
                   nn::dtype_name(t->dtype),
                   expected.c_str());
}

aclnnStatus check_same_dtype(const aclTensor* t,
                             const char* api,
                             const char* name,
                             const aclTensor* ref,
                             const char* ref_name) {
    return check_same(t, api, name, ref, ref_name, "dtype", &aclTensor::dtype, nn::dtype_name);
}

aclnnStatus check_same_shape(const aclTensor* t,
                             const char* api,
                             const char* name,
                             const aclTensor* ref,
                             const char* ref_name) {
    return check_same(
        t, api, name, ref, ref_name, "shape", &aclTensor::view_dims, [](const nn::DimVector& dims) {
            return dims_to_string(dims);
        });
}

aclnnStatus check_same_format(const aclTensor* t,
                              const char* api,
                              const char* name,
                              const aclTensor* ref,
                              const char* ref_name) {
    return check_same(t, api, name, ref, ref_name, "format", &aclTensor::format, nn::format_name);
}

aclnnStatus check_rank_in(
    const aclTensor* t, const char* api, const char* name, int64_t lo, int64_t hi) {
    if (t == nullptr) {
        return null_tensor(api, name);
    }
    const auto rank = static_cast<int64_t>(t->view_dims.size());
    if (rank >= lo && rank <= hi) {
        return ACLNN_SUCCESS;
    }
    if (lo == hi) {
        return op_fail(ACLNN_ERR_PARAM_INVALID,
                       api,
                       name,
                       "rank %lld (shape %s) is not supported, expected %lld",
                       static_cast<long long>(rank),
                       dims_to_string(t->view_dims).c_str(),
                       static_cast<long long>(lo));
    }
    return op_fail(ACLNN_ERR_PARAM_INVALID,
                   api,
                   name,
                   "rank %lld (shape %s) is not supported, expected %lld to %lld",
                   static_cast<long long>(rank),
                   dims_to_string(t->view_dims).c_str(),
                   static_cast<long long>(lo),
                   static_cast<long long>(hi));
}

bool is_private_format(aclFormat format) {
    switch (format) {
        case ACL_FORMAT_NC1HWC0:
        case ACL_FORMAT_NC1HWC0_C04:
        case ACL_FORMAT_FRACTAL_Z:
        case ACL_FORMAT_NDC1HWC0:
        case ACL_FRACTAL_Z_3D:
        case ACL_FORMAT_FRACTAL_NZ:
        case ACL_FORMAT_FRACTAL_NZ_C0_16:
        case ACL_FORMAT_FRACTAL_NZ_C0_32:
        case ACL_FORMAT_FRACTAL_NZ_C0_2:
        case ACL_FORMAT_FRACTAL_NZ_C0_4:
        case ACL_FORMAT_FRACTAL_NZ_C0_8:
            return true;
        default:
            return false;
    }
}

aclnnStatus check_not_private_format(const aclTensor* t, const char* api, const char* name) {
    if (t == nullptr) {
        return null_tensor(api, name);
    }
    if (!is_private_format(t->format)) {
        return ACLNN_SUCCESS;
    }
    return op_fail(ACLNN_ERR_PARAM_INVALID,
                   api,
                   name,
                   "format %s is a device-private format and is not supported",
                   nn::format_name(t->format));
}

aclnnStatus check_view_fits(const aclTensor* t, const char* api, const char* name) {
    if (t == nullptr) {
        return null_tensor(api, name);
    }
    if (t->offset < 0) {
        return op_fail(ACLNN_ERR_PARAM_INVALID,
                       api,
                       name,
                       "negative view offset (%s)",
                       layout_string(*t).c_str());
    }
    if (t->strides.size() != t->view_dims.size()) {
        return op_fail(ACLNN_ERR_PARAM_INVALID,
                       api,
                       name,
                       "%zu strides for %zu view dims (%s)",
                       t->strides.size(),
                       t->view_dims.size(),
                       layout_string(*t).c_str());
    }
    int64_t bytes = 0;
    if (!nn::storage_bytes(*t, &bytes)) {
        return storage_too_large(*t, api, name);
    }
    if (nn::view_fits_storage(*t)) {
        return ACLNN_SUCCESS;
    }
    return op_fail(ACLNN_ERR_PARAM_INVALID,
                   api,
                   name,
                   "the view reaches outside its storage of %lld elements (%s)",
                   static_cast<long long>(nn::storage_numel(*t)),
                   layout_string(*t).c_str());
}

aclnnStatus check_output_not_self_overlapping(const aclTensor* t,
                                              const char* api,
                                              const char* name) {
    if (t == nullptr) {
        return null_tensor(api, name);
    }
    if (nn::numel(t->view_dims) == 0) {
        return ACLNN_SUCCESS;  // writes nothing, whatever its strides
    }
    for (size_t d = 0; d < t->view_dims.size() && d < t->strides.size(); ++d) {
        if (t->view_dims[d] > 1 && t->strides[d] == 0) {
            return op_fail(ACLNN_ERR_PARAM_INVALID,
                           api,
                           name,
                           "output dim %zu of size %lld has stride 0, so several results would "
                           "be written to one element (%s)",
                           d,
                           static_cast<long long>(t->view_dims[d]),
                           layout_string(*t).c_str());
        }
    }
    return ACLNN_SUCCESS;
}

aclnnStatus check_device_data(const aclTensor* t, const char* api, const char* name) {
    if (t == nullptr) {
        return null_tensor(api, name);
    }
    if (nn::numel(t->view_dims) == 0) {
        return ACLNN_SUCCESS;
    }
    int64_t bytes = 0;
    if (!nn::storage_bytes(*t, &bytes)) {
        return storage_too_large(*t, api, name);
    }
    if (t->data != nullptr && bytes > 0
        && rt::locate(t->data, static_cast<size_t>(bytes)) == rt::MemoryLocation::Device) {
        return ACLNN_SUCCESS;
    }
    return op_fail(ACLNN_ERR_PARAM_INVALID,
                   api,
                   name,
                   "storage at %p (%lld bytes) is not device memory allocated by aclrtMalloc, or "
                   "lies partly outside such an allocation",
                   t->data,
                   static_cast<long long>(bytes));
}

aclnnStatus check_workspace_layout(const char* api, const WorkspaceLayout& layout) {
    if (!layout.overflow) {
        return ACLNN_SUCCESS;
    }
    return op_fail(ACLNN_ERR_PARAM_INVALID,
                   api,
                   "workspaceSize",
                   "the tensors are too large: the workspace would need more bytes than size_t "
                   "holds");
}

aclnnStatus check_workspace_planned(const char* api, uint64_t needed, uint64_t planned) {
    if (needed <= planned) {
        return ACLNN_SUCCESS;
    }
    return op_fail(ACLNN_ERR_RUNTIME_ERROR,
                   api,
                   "workspace",
                   "the active backend needs %llu bytes but phase 1 planned %llu; call "
                   "%sGetWorkspaceSize again",
                   static_cast<unsigned long long>(needed),
                   static_cast<unsigned long long>(planned),
                   api);
}

}  // namespace aclemu::ops
