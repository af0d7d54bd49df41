// Entry point: aclrtDeviceGetHostAtomicCapabilities. aclemu promises no atomicity between a
// kernel and the host on memory both reach (its kernels' atomics are atomic among the blocks of
// a launch only), so every known operation answers 0: a program takes its path without host
// atomics, as on a device whose link lacks them.
#include "acl/acl_rt.h"

#include "aclemu/c_enum.h"
#include "core/arg_checks.h"
#include "core/status.h"
#include "runtime_state.h"

using namespace aclemu::rt;

namespace {

bool known_operation(int64_t op) {
    return (op >= ACL_RT_ATOMIC_OPERATION_INTEGER_ADD && op <= ACL_RT_ATOMIC_OPERATION_FLOAT_MAX)
           || (op >= ACL_RT_ATOMIC_OPERATION_DMA_ADD && op <= ACL_RT_ATOMIC_OPERATION_DMA_MAX)
           || (op >= ACL_RT_ATOMIC_OPERATION_SIMD_SCALAR_ADD
               && op <= ACL_RT_ATOMIC_OPERATION_SIMD_SCALAR_EXCH);
}

}  // namespace

extern "C" {

aclError aclrtDeviceGetHostAtomicCapabilities(uint32_t* capabilities,
                                              const aclrtAtomicOperation* operations,
                                              const uint32_t count,
                                              int32_t deviceId) {
    return api_call_init(__func__, [&] {
        ACLEMU_TRY(check_positive("count", count));
        ACLEMU_CHECK_NOT_NULL(capabilities);
        ACLEMU_CHECK_NOT_NULL(operations);
        ACLEMU_TRY(runtime().check_device(deviceId, "deviceId", nullptr));
        for (uint32_t i = 0; i < count; ++i) {
            const int64_t op = aclemu::enum_value(operations[i]);  // any int a C caller stored
            if (!known_operation(op)) {
                return reject_arg(ACL_ERROR_INVALID_PARAM,
                                  ("operations[" + std::to_string(i) + "]").c_str(),
                                  op,
                                  "is not an aclrtAtomicOperation");
            }
        }
        for (uint32_t i = 0; i < count; ++i) {
            capabilities[i] = 0;
        }
        return ACL_SUCCESS;
    });
}

}  // extern "C"
