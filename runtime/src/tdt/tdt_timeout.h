// The timeouts of the TDT calls: -1 waits for ever, 0 does not wait, a positive value waits that
// many milliseconds; anything below -1 is refused (ACL_ERROR_INVALID_PARAM).
#pragma once

#include "acl/acl_base.h"

#include <chrono>
#include <cstdint>

namespace aclemu::rt::tdt {

struct Deadline {
    bool forever = false;
    std::chrono::steady_clock::time_point at;
};

/// The deadline of `timeout` from now, or the error for a value below -1 (with its message).
aclError deadline_of(int32_t timeout, Deadline* out);

}  // namespace aclemu::rt::tdt
