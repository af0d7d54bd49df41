// create_configured_stream: the checks aclrtCreateStreamWithConfig and aclrtCreateStreamV2 share.
#include "stream/stream_config.h"

#include "core/arg_checks.h"
#include "core/status.h"
#include "runtime_state.h"

#include <string>

namespace aclemu::rt {
namespace {

// The ACL_STREAM_* flags aclemu knows; other bits make no difference, as in CANN.
constexpr uint32_t kKnownStreamFlags = ACL_STREAM_FAST_LAUNCH | ACL_STREAM_FAST_SYNC
                                       | ACL_STREAM_PERSISTENT | ACL_STREAM_HUGE
                                       | ACL_STREAM_CPU_SCHEDULE | ACL_STREAM_DEVICE_USE_ONLY;

}  // namespace

aclError create_configured_stream(aclrtStream* stream,
                                  std::optional<uint64_t> priority,
                                  uint64_t flags) {
    ACLEMU_CHECK_NOT_NULL(stream);
    if (priority && *priority > static_cast<uint64_t>(kLeastStreamPriority)) {
        return reject_arg(
            ACL_ERROR_RT_PARAM_INVALID,
            "priority",
            *priority,
            "must be in [0, " + std::to_string(kLeastStreamPriority) + "] (0 is the greatest)");
    }
    return runtime().create_stream(
        stream,
        priority ? static_cast<int32_t>(*priority) : kDefaultStreamPriority,
        static_cast<uint32_t>(flags & kKnownStreamFlags));
}

}  // namespace aclemu::rt
