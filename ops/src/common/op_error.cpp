// op_fail: the operators' entry to the shared aclnn failure format of libnnopbase.
#include "common/op_error.h"

#include "nnopbase/error.h"

#include <cstdarg>

namespace aclemu::ops {

aclnnStatus op_fail(aclnnStatus code, const char* api, const char* param, const char* fmt, ...) {
    va_list args;
    va_start(args, fmt);
    const aclnnStatus status = nn::vfail(code, api, param, fmt, args);
    va_end(args);
    return status;
}

}  // namespace aclemu::ops
