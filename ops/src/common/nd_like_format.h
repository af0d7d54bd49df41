// The format check of CANN's generated aclnn APIs (LogitGrad, Logit): ND-like formats (ND, NCL,
// NCDHW, DHWCN, NHWC, NCHW) are normalized to ND before matching the op's ND combos; any other
// format matches none (op_semantics.md §3.6).
#pragma once

#include "aclnn/aclnn_base.h"

namespace aclemu::ops {

/// Whether CANN's generated APIs treat `format` as ND.
bool is_nd_like(aclFormat format);

/// ACLNN_ERR_PARAM_INVALID (161002) naming `name` unless t's format is ND-like.
aclnnStatus check_nd_like(const aclTensor* t, const char* api, const char* name);

}  // namespace aclemu::ops
