// Reporting a failed check from an operator. Usage:
//
//   if (eps_bad) return op_fail(ACLNN_ERR_PARAM_INVALID, "aclnnLogitGrad", "eps", "is %g", eps);
//   ACLEMU_OP_RETURN_IF_ERROR(check_not_null(x, kApi, "x"));
//
// The message reaches aclGetRecentErrMsg as "EZ1001: [aclnnLogitGrad] eps: is nan" and the log
// at ERROR; the IDs per status are listed at aclemu::nn::error_id (nnopbase/error.h).
#pragma once

#include "aclnn/aclnn_base.h"

#include "nnopbase/error.h"  // ACLEMU_OP_RETURN_IF_ERROR

namespace aclemu::ops {

/// Records and logs a failure of `api` about parameter `param` (null or "" for none), with a
/// printf-style reason; returns `code`.
aclnnStatus op_fail(aclnnStatus code, const char* api, const char* param, const char* fmt, ...)
    __attribute__((format(printf, 4, 5)));

}  // namespace aclemu::ops
