// Compute groups (aclrtGetGroupCount, aclrtCreateGroupInfo, aclrtGetAllGroupInfo,
// aclrtGetGroupInfoDetail, aclrtSetGroup): CANN splits a device's cores into groups configured
// on the host; aclemu models its device as one group that covers the whole device (group 0), so
// the group's cores are the device's, and selecting it changes nothing.
#include "acl/acl.h"

#include "aclemu/c_enum.h"
#include "backend/host_facts.h"
#include "core/arg_checks.h"
#include "core/status.h"
#include "device/group_info.h"
#include "device/virtual_cores.h"
#include "handles/live_handle.h"
#include "runtime_state.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <string>

using namespace aclemu::rt;

namespace {

constexpr int32_t kWholeDeviceGroup = 0;
// Streams one group runs at once: CANN's limit for the whole system.
constexpr int32_t kActiveStreams = 32;
// Copy engines: every copy of a device is one transfer at a time on aclemu's copy path.
constexpr int32_t kCopyEngines = 1;

int32_t clamp_int32(int64_t value) {
    return static_cast<int32_t>(std::min<int64_t>(value, std::numeric_limits<int32_t>::max()));
}

// Groups are the current context's device's: there must be one.
aclError require_context() {
    std::shared_ptr<Context> context;
    return runtime().current_context(&context);
}

GroupEntry whole_device_group() {
    GroupEntry entry;
    entry.group_id = kWholeDeviceGroup;
    entry.aicore = clamp_int32(kVirtualCubeCores);
    entry.aivector = clamp_int32(kVirtualVectorCores);
    entry.aicpu = clamp_int32(host_facts().logical_cores);  // AI CPU work runs on the host
    entry.sdma = kCopyEngines;
    entry.active_streams = kActiveStreams;
    return entry;
}

int32_t attribute_value(const GroupEntry& entry, int64_t attr) {
    switch (attr) {
        case ACL_GROUP_AICORE_INT:
            return entry.aicore;
        case ACL_GROUP_AIV_INT:
            return entry.aivector;
        case ACL_GROUP_AIC_INT:
            return entry.aicpu;
        case ACL_GROUP_SDMANUM_INT:
            return entry.sdma;
        case ACL_GROUP_ASQNUM_INT:
            return entry.active_streams;
        default:
            return entry.group_id;
    }
}

}  // namespace

extern "C" {

aclError aclrtGetGroupCount(uint32_t* count) {
    return api_call_init("aclrtGetGroupCount", [&] {
        ACLEMU_CHECK_NOT_NULL(count);
        ACLEMU_TRY(require_context());
        *count = tagRtGroupInfo::kGroups;
        return ACL_SUCCESS;
    });
}

aclrtGroupInfo* aclrtCreateGroupInfo(void) {
    aclrtGroupInfo* created = nullptr;
    api_call_init("aclrtCreateGroupInfo", [&] {
        ACLEMU_TRY(require_context());
        return create_live(&created, "an aclrtGroupInfo");
    });
    return created;
}

aclError aclrtDestroyGroupInfo(aclrtGroupInfo* groupInfo) {
    return api_call_init("aclrtDestroyGroupInfo", [&] { return destroy(groupInfo, "groupInfo"); });
}

aclError aclrtGetAllGroupInfo(aclrtGroupInfo* groupInfo) {
    return api_call_init("aclrtGetAllGroupInfo", [&] {
        ACLEMU_FIND(tagRtGroupInfo, info, live, groupInfo, "groupInfo");
        ACLEMU_TRY(require_context());
        info->groups[0] = whole_device_group();
        return ACL_SUCCESS;
    });
}

aclError aclrtGetGroupInfoDetail(const aclrtGroupInfo* groupInfo,
                                 int32_t groupIndex,
                                 aclrtGroupAttr attr,
                                 void* attrValue,
                                 size_t valueLen,
                                 size_t* paramRetSize) {
    const int64_t attribute = aclemu::enum_value(attr);  // any int a C caller passed
    return api_call_init("aclrtGetGroupInfoDetail", [&] {
        ACLEMU_FIND(tagRtGroupInfo, info, live, groupInfo, "groupInfo");
        ACLEMU_CHECK_NOT_NULL(attrValue);
        ACLEMU_CHECK_NOT_NULL(paramRetSize);
        ACLEMU_TRY(require_context());
        ACLEMU_TRY(reject_if(groupIndex < 0 || groupIndex >= int32_t{tagRtGroupInfo::kGroups},
                             "groupIndex",
                             groupIndex,
                             "must be in [0, 1): the device is one group"));
        ACLEMU_TRY(
            reject_if(attribute < ACL_GROUP_AICORE_INT || attribute > ACL_GROUP_GROUPID_INT,
                      "attr",
                      attribute,
                      "not an aclrtGroupAttr (ACL_GROUP_AICORE_INT .. ACL_GROUP_GROUPID_INT)"));
        const int32_t value = attribute_value(info->groups[groupIndex], attribute);
        if (valueLen < sizeof value) {
            return reject_arg(
                ACL_ERROR_INVALID_PARAM,
                "valueLen",
                valueLen,
                "is shorter than the attribute's " + std::to_string(sizeof value) + " bytes");
        }
        std::memcpy(attrValue, &value, sizeof value);
        *paramRetSize = sizeof value;
        return ACL_SUCCESS;
    });
}

aclError aclrtSetGroup(int32_t groupId) {
    return api_call_init("aclrtSetGroup", [&] {
        ACLEMU_TRY(require_context());
        return reject_if(groupId != kWholeDeviceGroup,
                         "groupId",
                         groupId,
                         "is not a group of the device (its one group is 0)",
                         ACL_ERROR_RT_GROUP_NOT_CREATE);
    });
}

}  // extern "C"
