// The process's stream state callbacks (aclrtRegStreamStateCallback), by registration name. They
// outlive aclFinalize, as CANN's do, and are called without any runtime lock held.
#pragma once

#include "acl/acl.h"

namespace aclemu::rt {

/// callback != nullptr: registers `name` (ACL_ERROR_RT_PARAM_INVALID when the name is taken);
/// nullptr: removes it (a name never registered is not an error). Records the failure message.
aclError register_stream_state_callback(const char* name,
                                        aclrtStreamStateCallback callback,
                                        void* args);

/// Calls every registered callback with (stream, state, its args), in registration order.
void notify_stream_state(aclrtStream stream, aclrtStreamState state);

}  // namespace aclemu::rt
