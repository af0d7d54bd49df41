// Argument checks the entry points share, each returning ACL_SUCCESS or the recorded failure
// (ACL_ERROR_INVALID_PARAM, with a message naming the parameter: docs/errors.md).
#pragma once

#include "acl/acl_base.h"

#include "core/status.h"

#include <cstdint>

namespace aclemu::rt {

/// A reserved pointer argument: must be NULL.
aclError check_reserved_null(const char* param, const void* value);
/// A reserved number (flags): must be 0.
aclError check_reserved_zero(const char* param, uint64_t value);
/// A wait's timeout in ms: -1 (wait forever) or greater than 0; `code` when it is neither.
aclError check_wait_timeout(int32_t timeout, aclError code = ACL_ERROR_RT_PARAM_INVALID);
/// An array of `count` entries: not NULL when `count` is greater than 0.
template <class Count>
aclError check_array(const char* param,
                     const void* array,
                     Count count,
                     const char* file = __builtin_FILE(),
                     int line = __builtin_LINE()) {
    if (count > 0 && array == nullptr) {
        return fail(ACL_ERROR_INVALID_PARAM, msg_null(param), file, line);
    }
    return ACL_SUCCESS;
}
/// A count or size that must be greater than 0.
aclError check_positive(const char* param, uint64_t value);
/// [ptr, ptr + bytes) must lie in one device allocation (aclrtMalloc and its variants, or device
/// memory of another library): "must be <bytes> bytes of device memory (aclrtMalloc)".
aclError check_device_range(const char* param, const void* ptr, uint64_t bytes);
/// check_device_range, then that the allocation grants what the call does to it (`needed`:
/// kRead and/or kWrite of memory_access.h).
aclError check_device_access(const char* param, const void* ptr, uint64_t bytes, uint8_t needed);

}  // namespace aclemu::rt
