#include "common/nd_like_format.h"

#include "common/op_error.h"
#include "nnopbase/tensor.h"

namespace aclemu::ops {
namespace {
// GE's FORMAT_DHWCN; aclFormat has no enumerator for it, but CANN treats it as ND-like.
constexpr aclFormat kFormatDhwcn = static_cast<aclFormat>(31);
}  // namespace

bool is_nd_like(aclFormat format) {
    switch (format) {
        case ACL_FORMAT_ND:
        case ACL_FORMAT_NCL:
        case ACL_FORMAT_NCDHW:
        case ACL_FORMAT_NHWC:
        case ACL_FORMAT_NCHW:
            return true;
        default:
            return format == kFormatDhwcn;
    }
}

aclnnStatus check_nd_like(const aclTensor* t, const char* api, const char* name) {
    if (is_nd_like(t->format)) {
        return ACLNN_SUCCESS;
    }
    return op_fail(ACLNN_ERR_PARAM_INVALID,
                   api,
                   name,
                   "format %s is not supported, expected ND (or NCL, NCDHW, DHWCN, NHWC, NCHW)",
                   nn::format_name(t->format));
}

}  // namespace aclemu::ops
