// Waiting for one stream with a deadline, as aclrtSynchronizeStreamWithTimeout and
// aclmdlRIExecute do: the backend's failure or the timeout, each recorded with its message.
#pragma once

#include "acl/acl_base.h"

#include <cstdint>

namespace aclemu::rt {

class Backend;
struct Stream;

/// Waits for `stream` (`timeout_ms`: -1 forever). A backend failure is "<failed>: <reason>", a
/// timeout ACL_ERROR_RT_STREAM_SYNC_TIMEOUT "<late> within <timeout_ms> ms".
aclError wait_for_stream(
    Stream& stream, Backend* backend, int32_t timeout_ms, const char* failed, const char* late);

}  // namespace aclemu::rt
