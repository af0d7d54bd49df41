// aclrtDeviceSetLimit / aclrtDeviceGetLimit: the process-wide stack and printf-FIFO budgets, with
// the ranges and rounding of an Atlas A2 (910B), the SoC aclemu reports. aclemu records them and
// answers with them; no backend needs them (a kernel's stack is a host thread's or a 256 KiB
// simulator fiber's, above the 192 KiB ceiling, and printf output is not kept in a FIFO).
#include "acl/acl.h"

#include "aclemu/c_enum.h"
#include "core/arg_checks.h"
#include "core/status.h"

#include <cstdint>
#include <mutex>
#include <string>

using namespace aclemu::rt;

namespace {

constexpr int64_t kLimitCount = 5;  // ACL_RT_DEV_LIMIT_SIMT_STACK_SIZE .. _SIMT_PRINTF_FIFO_SIZE
constexpr size_t kKiB = 1024;
constexpr size_t kSimdStackFloor = 32 * kKiB;  // the default, and what any value up to it means
constexpr size_t kSimdStackCeiling = 192 * kKiB;
constexpr size_t kSimdStackGranule = 16 * kKiB;
constexpr size_t kPrintfFifoMin = kKiB;
constexpr size_t kPrintfFifoMax = 64 * kKiB * kKiB;
constexpr size_t kPrintfFifoGranule = 8;

struct DeviceLimits {
    std::mutex mutex;
    size_t simd_stack = kSimdStackFloor;
    size_t simd_printf_fifo = 32 * kKiB;
};

DeviceLimits& limits() {
    static DeviceLimits instance;
    return instance;
}

size_t round_up(size_t value, size_t granule) {
    return (value + granule - 1) / granule * granule;
}

// ACL_ERROR_INVALID_PARAM for a value outside the enum; ACL_ERROR_RT_FEATURE_NOT_SUPPORT for the
// SIMT limits, which an A2 has no SIMT cores for.
aclError check_limit(int64_t limit) {
    if (limit < 0 || limit >= kLimitCount) {
        return reject_arg(
            ACL_ERROR_INVALID_PARAM, "limit", limit, "must be in [0, 4] (aclrtDeviceLimit)");
    }
    if (limit != ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE
        && limit != ACL_RT_DEV_LIMIT_SIMD_PRINTF_FIFO_SIZE_PER_CORE) {
        return fail(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                    msg_unsupported("SIMT device limits",
                                    "limit " + std::to_string(limit)
                                        + " is a SIMT limit; an Atlas A2 (Ascend910B) has only "
                                          "the SIMD ones (2, 3)"));
    }
    return ACL_SUCCESS;
}

// The value the limit takes, or ACL_ERROR_RT_PARAM_INVALID when `value` is outside its range.
aclError normalized(int64_t limit, size_t value, size_t* out) {
    if (limit == ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE) {
        if (value > kSimdStackCeiling) {
            return reject_arg(ACL_ERROR_RT_PARAM_INVALID,
                              "value",
                              value,
                              "the SIMD stack size must be at most 196608 bytes (192 KiB)");
        }
        *out = value <= kSimdStackFloor ? kSimdStackFloor : round_up(value, kSimdStackGranule);
        return ACL_SUCCESS;
    }
    if (value < kPrintfFifoMin || value > kPrintfFifoMax) {
        return reject_arg(ACL_ERROR_RT_PARAM_INVALID,
                          "value",
                          value,
                          "the SIMD printf FIFO size must be in [1024, 67108864] bytes");
    }
    *out = round_up(value, kPrintfFifoGranule);
    return ACL_SUCCESS;
}

size_t& slot(DeviceLimits& all, int64_t limit) {
    return limit == ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE ? all.simd_stack : all.simd_printf_fifo;
}

}  // namespace

aclError aclrtDeviceSetLimit(aclrtDeviceLimit limit, size_t value) {
    const int64_t limit_value = aclemu::enum_value(limit);  // any int a C caller passed
    return api_call_init("aclrtDeviceSetLimit", [&] {
        ACLEMU_TRY(check_limit(limit_value));
        if (value > UINT32_MAX) {
            return reject_arg(
                ACL_ERROR_INVALID_PARAM, "value", value, "must be in [0, UINT32_MAX]");
        }
        size_t effective = 0;
        ACLEMU_TRY(normalized(limit_value, value, &effective));
        DeviceLimits& all = limits();
        std::lock_guard<std::mutex> lock(all.mutex);
        slot(all, limit_value) = effective;
        return ACL_SUCCESS;
    });
}

aclError aclrtDeviceGetLimit(aclrtDeviceLimit limit, size_t* value) {
    const int64_t limit_value = aclemu::enum_value(limit);
    return api_call_init("aclrtDeviceGetLimit", [&] {
        ACLEMU_CHECK_NOT_NULL(value);
        ACLEMU_TRY(check_limit(limit_value));
        DeviceLimits& all = limits();
        std::lock_guard<std::mutex> lock(all.mutex);
        *value = slot(all, limit_value);
        return ACL_SUCCESS;
    });
}
