// Entry points: the operator execution timeout (aclrtSetOpExecuteTimeOut, ...V2,
// aclrtGetOpExecuteTimeout, aclrtGetOpTimeOutInterval). aclemu's kernels run to completion, so
// the timeout is only recorded and read back, aligned as CANN's hardware aligns it: a whole
// number N in [1, 254] of the interval, rounded up, and 0 asks for the largest. The interval is
// CANN's Atlas A2 one (2^32 ns, in whole microseconds), whose 254 steps make its default 1091 s.
#include "acl/acl.h"

#include "core/arg_checks.h"
#include "core/status.h"

#include <atomic>
#include <cstdint>
#include <limits>

using namespace aclemu::rt;

namespace {

constexpr uint64_t kIntervalUs = 4294967;
constexpr uint64_t kMaxSteps = 254;
constexpr uint64_t kMaxTimeoutUs = kIntervalUs * kMaxSteps;

// The process's setting (the last call wins, as on CANN); the default is the largest.
std::atomic<uint64_t> g_timeout_us{kMaxTimeoutUs};

uint64_t aligned_timeout_us(uint64_t requested_us) {
    if (requested_us == 0 || requested_us >= kMaxTimeoutUs) {
        return kMaxTimeoutUs;
    }
    const uint64_t steps = (requested_us + kIntervalUs - 1) / kIntervalUs;
    return steps * kIntervalUs;
}

}  // namespace

extern "C" {

aclError aclrtGetOpTimeOutInterval(uint64_t* interval) {
    return api_call_init("aclrtGetOpTimeOutInterval",
                         [&] { return store_out("interval", interval, kIntervalUs); });
}

aclError aclrtSetOpExecuteTimeOut(uint32_t timeout) {
    return api_call_init("aclrtSetOpExecuteTimeOut", [&] {
        g_timeout_us.store(aligned_timeout_us(uint64_t{timeout} * 1000000u));
        return ACL_SUCCESS;
    });
}

aclError aclrtSetOpExecuteTimeOutV2(uint64_t timeout, uint64_t* actualTimeout) {
    return api_call_init("aclrtSetOpExecuteTimeOutV2", [&] {
        ACLEMU_CHECK_NOT_NULL(actualTimeout);
        const uint64_t actual = aligned_timeout_us(timeout);
        g_timeout_us.store(actual);
        *actualTimeout = actual;
        return ACL_SUCCESS;
    });
}

aclError aclrtGetOpExecuteTimeout(uint32_t* const timeoutMs) {
    return api_call_init("aclrtGetOpExecuteTimeout", [&] {
        return store_out(
            "timeoutMs", timeoutMs, static_cast<uint32_t>(g_timeout_us.load() / 1000u));
    });
}

}  // extern "C"
