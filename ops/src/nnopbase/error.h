// Failure messages of the aclnn layer, one format for libnnopbase and libopapi: a failure is
// recorded for aclGetRecentErrMsg as "<id>: [<api>] <param>: <reason>", e.g.
// "EZ1001: [aclnnLogitGrad] x: dtype BOOL is not supported, expected FLOAT, FLOAT16 or BFLOAT16",
// and logged at ERROR (module Op). The IDs are listed at error_id.
#pragma once

#include "aclnn/aclnn_base.h"

#include "nnopbase/nnopbase_api.h"

#include <cstdarg>

/// Returns from the calling function when `expr` yields a status other than ACLNN_SUCCESS.
#define ACLEMU_OP_RETURN_IF_ERROR(expr)            \
    do {                                           \
        const aclnnStatus aclemu_status_ = (expr); \
        if (aclemu_status_ != ACLNN_SUCCESS) {     \
            return aclemu_status_;                 \
        }                                          \
    } while (0)

namespace aclemu::nn {

/// The message ID of a status: "EZ1002" null pointer (161001), "EZ1001" invalid parameter
/// (161002), "EZ3001" runtime failure (361001), "EZ9999" internal error (56xxxx and anything
/// else).
const char* error_id(aclnnStatus code);

/// Records and logs a failure of `api` (may be null) concerning parameter `param` (null or ""
/// for none), with a printf-style reason. Returns `code`.
ACLEMU_NNOPBASE_API aclnnStatus
vfail(aclnnStatus code, const char* api, const char* param, const char* fmt, va_list args);
ACLEMU_NNOPBASE_API aclnnStatus
fail(aclnnStatus code, const char* api, const char* param, const char* fmt, ...)
    __attribute__((format(printf, 4, 5)));

}  // namespace aclemu::nn
