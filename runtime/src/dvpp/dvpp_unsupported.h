// The answer of every DVPP call (api_dvpp.cpp): ACL_ERROR_FEATURE_UNSUPPORTED and a message
// naming the call, for aclGetRecentErrMsg.
#pragma once

#include "acl/acl_base.h"

namespace aclemu::rt::dvpp {

aclError unsupported(const char* api);

}  // namespace aclemu::rt::dvpp
