#include "core/arg_checks.h"

#include "aclemu/rt.h"
#include "core/status.h"
#include "memory/memory_access.h"
#include "runtime_state.h"

#include <string>

namespace aclemu::rt {

std::string arg_text(const void* pointer) {
    return pointer_text(pointer);
}

aclError check_reserved_null(const char* param, const void* value) {
    if (value == nullptr) {
        return ACL_SUCCESS;
    }
    return fail(ACL_ERROR_INVALID_PARAM,
                msg_invalid(param, pointer_text(value), "is reserved and must be NULL"));
}

aclError check_reserved_zero(const char* param, uint64_t value) {
    if (value == 0) {
        return ACL_SUCCESS;
    }
    return fail(ACL_ERROR_INVALID_PARAM,
                msg_invalid(param, std::to_string(value), "is reserved and must be 0"));
}

aclError check_switch(
    const char* param, uint32_t value, aclError code, const char* file, int line) {
    return reject_if(value > 1, param, value, "must be 0 (off) or 1 (on)", code, file, line);
}

aclError check_positive(const char* param, uint64_t value) {
    if (value != 0) {
        return ACL_SUCCESS;
    }
    return fail(ACL_ERROR_INVALID_PARAM, msg_invalid(param, "0", "must be greater than 0"));
}

aclError check_wait_timeout(int32_t timeout, aclError code) {
    if (timeout == -1 || timeout > 0) {
        return ACL_SUCCESS;
    }
    return fail(code,
                msg_invalid("timeout",
                            std::to_string(timeout),
                            "must be -1 (wait forever) or a positive number of ms"));
}

aclError check_device_range(const char* param, const void* ptr, uint64_t bytes) {
    if (locate(ptr, static_cast<size_t>(bytes)) == MemoryLocation::Device) {
        return ACL_SUCCESS;
    }
    return fail(
        ACL_ERROR_INVALID_PARAM,
        msg_invalid(param,
                    pointer_text(ptr),
                    "must be " + std::to_string(bytes) + " bytes of device memory (aclrtMalloc)"));
}

aclError check_device_access(const char* param, const void* ptr, uint64_t bytes, uint8_t needed) {
    ACLEMU_TRY(check_device_range(param, ptr, bytes));
    return check_access(ACL_ERROR_INVALID_PARAM, param, ptr, needed);
}

}  // namespace aclemu::rt
