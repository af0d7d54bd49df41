// Entry points: floating-point overflow. aclemu's backends compute IEEE 754 (CUDA, HIP and the
// CPU have no saturating float mode), so ACL_RT_OVERFLOW_MODE_INFNAN is the only mode and the
// default; ACL_RT_OVERFLOW_MODE_SATURATION is refused as on devices without it. The overflow
// status is that of aclemu's own built-in tasks: while a stream's switch is on, an
// aclrtReduceAsync SUM or an aclrtRandomNumAsync that turns finite inputs into an inf or NaN
// float stores 1 in the first 32-bit word of the device's status (overflow_state.h); the aclnn
// operators do not report to it. docs/backends.md, "Overflow".
#include "acl/acl.h"

#include "aclemu/c_enum.h"
#include "core/arg_checks.h"
#include "core/status.h"
#include "memory/memory_access.h"
#include "observe/traced_task.h"
#include "runtime_state.h"
#include "stream/stream_reader.h"
#include "tasks/overflow_state.h"

#include <string>

using namespace aclemu::rt;

namespace {

aclError current_device(int32_t* device) {
    std::shared_ptr<Context> context;
    ACLEMU_TRY(runtime().current_context(&context));
    *device = context->device;
    return ACL_SUCCESS;
}

}  // namespace

extern "C" {

aclError aclrtSetDeviceSatMode(aclrtFloatOverflowMode mode) {
    const int64_t mode_value = aclemu::enum_value(mode);  // any int a C caller passed
    return api_call_init("aclrtSetDeviceSatMode", [&] {
        int32_t device = 0;
        ACLEMU_TRY(current_device(&device));
        switch (mode_value) {
            case ACL_RT_OVERFLOW_MODE_INFNAN:
                OverflowState::instance().set_mode(device, ACL_RT_OVERFLOW_MODE_INFNAN);
                return ACL_SUCCESS;
            case ACL_RT_OVERFLOW_MODE_SATURATION:
                return fail(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                            msg_unsupported("aclrtSetDeviceSatMode",
                                            "ACL_RT_OVERFLOW_MODE_SATURATION: aclemu's backends "
                                            "compute IEEE 754 floats (inf and NaN), which cannot "
                                            "saturate; ACL_RT_OVERFLOW_MODE_INFNAN is the mode"));
            default:
                break;
        }
        return reject_arg(ACL_ERROR_RT_PARAM_INVALID,
                          "mode",
                          mode_value,
                          "must be ACL_RT_OVERFLOW_MODE_SATURATION (0) or "
                          "ACL_RT_OVERFLOW_MODE_INFNAN (1)");
    });
}

aclError aclrtGetDeviceSatMode(aclrtFloatOverflowMode* mode) {
    return api_call_init("aclrtGetDeviceSatMode", [&] {
        ACLEMU_CHECK_NOT_NULL(mode);
        int32_t device = 0;
        ACLEMU_TRY(current_device(&device));
        *mode = OverflowState::instance().mode(device);
        return ACL_SUCCESS;
    });
}

aclError aclrtSetStreamOverflowSwitch(aclrtStream stream, uint32_t flag) {
    return api_call_init("aclrtSetStreamOverflowSwitch", [&] {
        ACLEMU_TRY(check_switch("flag", flag, ACL_ERROR_RT_PARAM_INVALID));
        ACLEMU_RESOLVE_STREAM(stream, target, backend);
        return OverflowState::instance().set_stream_switch(target, flag, backend);
    });
}

aclError aclrtGetStreamOverflowSwitch(aclrtStream stream, uint32_t* flag) {
    return read_stream("aclrtGetStreamOverflowSwitch", stream, "flag", flag, [](auto& target) {
        return OverflowState::instance().stream_switch(target);
    });
}

aclError aclrtGetOverflowStatus(void* outputAddr, size_t outputSize, aclrtStream stream) {
    return api_call_init("aclrtGetOverflowStatus", [&] {
        ACLEMU_CHECK_NOT_NULL(outputAddr);
        ACLEMU_TRY(reject_if(outputSize < kOverflowStatusBytes,
                             "outputSize",
                             outputSize,
                             "the overflow status takes 64 bytes"));
        ACLEMU_TRY(check_device_access("outputAddr", outputAddr, kOverflowStatusBytes, kWrite));
        ACLEMU_RESOLVE_STREAM(stream, target, backend);
        void* status = OverflowState::instance().status_word(target->device);
        auto describe = [&](TaskTrace& task) {
            task.arg("bytes", uint64_t{kOverflowStatusBytes});
            task.arg("outputAddr", pointer_text(outputAddr));
        };
        if (status == nullptr) {  // no switch of the device was ever on: the status is zeros
            return enqueue_task(target,
                                *backend,
                                TaskKind::Memset,
                                "overflow status copy",
                                "the overflow status copy",
                                describe,
                                [&] {
                                    return backend->memory().memset_async(
                                        outputAddr, 0, kOverflowStatusBytes, target->impl.get());
                                });
        }
        return enqueue_task(target,
                            *backend,
                            TaskKind::Copy,
                            "overflow status copy",
                            "the overflow status copy",
                            describe,
                            [&] {
                                return backend->memory().memcpy_async(outputAddr,
                                                                      status,
                                                                      kOverflowStatusBytes,
                                                                      CopyDirection::DeviceToDevice,
                                                                      target->impl.get());
                            });
    });
}

aclError aclrtResetOverflowStatus(aclrtStream stream) {
    return api_call_init("aclrtResetOverflowStatus", [&] {
        ACLEMU_RESOLVE_STREAM(stream, target, backend);
        void* status = OverflowState::instance().status_word(target->device);
        if (status == nullptr) {
            return ACL_SUCCESS;  // nothing has reported to it yet
        }
        return enqueue_task(
            target,
            *backend,
            TaskKind::Memset,
            "overflow status reset",
            "the overflow status reset",
            [&](TaskTrace& task) { task.arg("bytes", uint64_t{kOverflowStatusBytes}); },
            [&] {
                return backend->memory().memset_async(
                    status, 0, kOverflowStatusBytes, target->impl.get());
            });
    });
}

}  // extern "C"
