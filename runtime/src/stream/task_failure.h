// Failures of tasks on a stream (rt.h fail_stream_task), kept until the stream's next
// synchronize reports them.
#pragma once

#include "acl/acl_base.h"

#include <string>

namespace aclemu::rt {

struct Stream;

/// The failure recorded on `stream` since its last synchronize (ACL_SUCCESS when none), with its
/// message; clears it.
aclError take_task_failure(const Stream& stream, std::string* message);

}  // namespace aclemu::rt
