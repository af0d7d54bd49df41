// aclprofModelSubscribe's subscriptions: each one's pipe and start time. The operators that ran
// while it was active are written to its pipe as records (op_records.h) when it ends.
#pragma once

#include "acl/acl_prof.h"

#include <cstdint>

namespace aclemu::rt::prof {

aclError subscribe(uint32_t model_id, const aclprofSubscribeConfig& config);
aclError unsubscribe(uint32_t model_id);
/// Whether any subscription is active (the recorder must keep recording for it).
bool subscribed();

}  // namespace aclemu::rt::prof
