// dvpp_unsupported.h.
#include "dvpp/dvpp_unsupported.h"

#include "core/status.h"

namespace aclemu::rt::dvpp {

aclError unsupported(const char* api) {
    return fail(ACL_ERROR_FEATURE_UNSUPPORTED,
                msg_unsupported(api,
                                "DVPP (the Ascend media processing unit: image resize and crop, "
                                "JPEG/PNG and video codecs) has no counterpart off Ascend "
                                "hardware"));
}

}  // namespace aclemu::rt::dvpp
