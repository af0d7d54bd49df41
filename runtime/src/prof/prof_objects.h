// The objects behind acl_prof.h's handles, and the checks their constructors share.
#pragma once

#include "acl/acl_prof.h"

#include "handles/handle_registry.h"
#include "handles/handle_text.h"

#include <cstdint>
#include <string>
#include <vector>

struct aclprofConfig {
    static constexpr aclemu::rt::HandleText kHandleText{"aclprofConfig", "aclprofCreateConfig"};
    std::vector<uint32_t> devices;
    aclprofAicoreMetrics metrics = ACL_AICORE_NONE;
    uint64_t data_types = 0;
};

struct aclprofSubscribeConfig {
    static constexpr aclemu::rt::HandleText kHandleText{"aclprofSubscribeConfig",
                                                        "aclprofCreateSubscribeConfig"};
    bool time_info = false;
    aclprofAicoreMetrics metrics = ACL_AICORE_NONE;
    int fd = -1;  // the write end of the caller's pipe
};

namespace aclemu::rt::prof {

// The live configs (each a registry_of<T>, named for its callers).
inline constexpr auto& configs = registry_of<aclprofConfig>;
inline constexpr auto& subscribe_configs = registry_of<aclprofSubscribeConfig>;

/// ACL_SUCCESS when `metrics` is one aclprofAicoreMetrics names, else the failure naming `param`.
aclError check_metrics(const char* param, int64_t metrics);

}  // namespace aclemu::rt::prof
