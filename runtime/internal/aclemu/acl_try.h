// ACLEMU_TRY(expr): evaluates an aclError expression and returns it from the enclosing function
// unless it is ACL_SUCCESS. The one way the runtime propagates a failure it does not add to.
#pragma once

#include "acl/acl_base.h"

#define ACLEMU_TRY(expr)                                                                     \
    do {                                                                                     \
        if (const aclError aclemu_try_status_ = (expr); aclemu_try_status_ != ACL_SUCCESS) { \
            return aclemu_try_status_;                                                       \
        }                                                                                    \
    } while (0)
