// The object behind an aclrtGroupInfo handle (aclrtCreateGroupInfo): room for every compute group
// of a device, filled by aclrtGetAllGroupInfo. aclemu's device is one group that covers it
// (docs/compatibility.md, "Compute groups"), so there is one entry.
#pragma once

#include "acl/acl_rt.h"

#include "handles/handle_text.h"

#include <cstdint>

/// One group's computing power, each value an int32 as aclrtGetGroupInfoDetail returns it.
struct GroupEntry {
    int32_t group_id = 0;
    int32_t aicore = 0;
    int32_t aivector = 0;
    int32_t aicpu = 0;
    int32_t sdma = 0;
    int32_t active_streams = 0;
};

/// The handle type of acl_rt.h (`typedef struct tagRtGroupInfo aclrtGroupInfo`).
struct tagRtGroupInfo {
    static constexpr aclemu::rt::HandleText kHandleText{"aclrtGroupInfo",
                                                        "never created by aclrtCreateGroupInfo, "
                                                        "or destroyed"};
    static constexpr uint32_t kGroups = 1;
    GroupEntry groups[kGroups];
};
