// The threads subscribed with aclrtSubscribeHostFunc: aclrtLaunchHostFunc hands its function to
// the stream's subscribed thread (run by its aclrtProcessHostFunc) instead of a runtime thread.
#pragma once

#include "stream/subscription_center.h"

namespace aclemu::rt {

SubscriptionCenter& host_func_threads();

}  // namespace aclemu::rt
