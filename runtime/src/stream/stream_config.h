// Creating a stream with a priority and flags, shared by aclrtCreateStreamWithConfig
// (api_stream.cpp) and aclrtCreateStreamV2 (api_stream_config.cpp).
#pragma once

#include "acl/acl.h"

#include <cstdint>
#include <optional>

namespace aclemu::rt {

/// `priority` 0 (greatest) .. kLeastStreamPriority, else ACL_ERROR_RT_PARAM_INVALID; nullopt:
/// none asked for (the device's default priority). `flags`: the known ACL_STREAM_* bits are
/// kept, others dropped. Records the failure message.
aclError create_configured_stream(aclrtStream* stream,
                                  std::optional<uint64_t> priority,
                                  uint64_t flags);

}  // namespace aclemu::rt
