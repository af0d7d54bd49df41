// Entry points of acl/ops/acl_dvpp.h: DVPP is an Ascend hardware unit (image and video codecs,
// resize and crop engines) with no counterpart here, so every call answers
// ACL_ERROR_FEATURE_UNSUPPORTED with a message (dvpp_unsupported); calls that return something
// else return NULL, 0 or the enum's first value, as CANN's do on failure. The 176 definitions are
// one table (dvpp_entry_points.def) expanded by the two macros below: each still runs through
// api_call under its own name, and its DEBUG line points at its row of the table.
#define ENABLE_DVPP_INTERFACE
#include "acl/ops/acl_dvpp.h"

#include "core/status.h"
#include "dvpp/dvpp_unsupported.h"

using aclemu::rt::api_call;
using aclemu::rt::dvpp::unsupported;

#define ACLEMU_DVPP_ERROR(name, parameters)                        \
    aclError name parameters {                                     \
        return api_call(#name, [] { return unsupported(#name); }); \
    }

#define ACLEMU_DVPP_VALUE(type, name, parameters, on_failure) \
    type name parameters {                                    \
        api_call(#name, [] { return unsupported(#name); });   \
        return on_failure;                                    \
    }

// The parameters keep CANN's names for the reader; no call looks at them.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

extern "C" {
#include "dvpp/dvpp_entry_points.def"
}  // extern "C"

#pragma GCC diagnostic pop

#undef ACLEMU_DVPP_ERROR
#undef ACLEMU_DVPP_VALUE
