// tdt_timeout.h.
#include "tdt/tdt_timeout.h"

#include "core/arg_checks.h"
#include "core/status.h"

#include <string>

namespace aclemu::rt::tdt {

aclError deadline_of(int32_t timeout, Deadline* out) {
    ACLEMU_TRY(reject_if(timeout < -1,
                         "timeout",
                         timeout,
                         "must be -1 (wait for ever), 0 (do not wait) or milliseconds"));
    out->forever = timeout == -1;
    out->at =
        std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout < 0 ? 0 : timeout);
    return ACL_SUCCESS;
}

}  // namespace aclemu::rt::tdt
