// The aclrtPhysicalMemProp of ordinary device memory, as CANN's samples fill it for
// aclrtMallocPhysical: pinned HBM of one device, no shareable handle.
#pragma once

#include "acl/acl.h"

#include <cstdint>

namespace aclemu::test {

inline aclrtPhysicalMemProp device_memory_prop(uint32_t device = 0) {
    aclrtPhysicalMemProp prop{};
    prop.handleType = ACL_MEM_HANDLE_TYPE_NONE;
    prop.allocationType = ACL_MEM_ALLOCATION_TYPE_PINNED;
    prop.memAttr = ACL_HBM_MEM_NORMAL;
    prop.location.type = ACL_MEM_LOCATION_TYPE_DEVICE;
    prop.location.id = device;
    return prop;
}

}  // namespace aclemu::test
