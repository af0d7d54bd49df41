// Entry points: devices (count, set/reset/get, synchronize, run mode) and contexts
// (create/destroy/set/get current, system parameters). Device questions are in
// api_device_info.cpp, core budgets and peer access in api_device_resources.cpp.
#include "acl/acl.h"

#include "aclemu/c_enum.h"
#include "aclemu/observe.h"
#include "core/arg_checks.h"
#include "core/status.h"
#include "inject/api_injection.h"
#include "memory/mem_pool.h"
#include "runtime_state.h"

#include <chrono>
#include <string>

using namespace aclemu::rt;

namespace {

aclError wait_for_device(int32_t timeout_ms, Backend** used) {
    std::shared_ptr<Context> context;
    Backend* backend = nullptr;
    ACLEMU_TRY(runtime().current_context_and_backend(&context, &backend));
    *used = backend;
    if (timeout_ms < 0) {
        ACLEMU_TRY_BACKEND(
            backend->streams().synchronize_device(), backend, "device synchronization failed");
        aclemu::observe::completion_observed();
        return ACL_SUCCESS;
    }
    // With a deadline: wait for each stream of the device in turn with what is left of it.
    auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    for (auto& stream : runtime().streams_of_device(context->device)) {
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                        deadline - std::chrono::steady_clock::now())
                        .count();
        WaitResult result = WaitResult::Done;
        if (left > 0 && stream->impl) {
            ACLEMU_TRY_BACKEND(backend->streams().synchronize_stream(
                                   stream->impl.get(), static_cast<int32_t>(left), &result),
                               backend,
                               "device synchronization failed");
        }
        if (left <= 0 || result == WaitResult::TimedOut) {
            bool complete = false;
            if (stream->impl
                && backend->streams().query_stream(stream->impl.get(), &complete) == ACL_SUCCESS
                && complete) {
                continue;
            }
            return fail(
                ACL_ERROR_RT_STREAM_SYNC_TIMEOUT,
                msg_timed_out("device " + std::to_string(context->device) + " did not finish",
                              timeout_ms));
        }
    }
    aclemu::observe::completion_observed();
    return ACL_SUCCESS;
}

aclError synchronize_device(int32_t timeout_ms) {
    Backend* backend = nullptr;
    ACLEMU_TRY(wait_for_device(timeout_ms, &backend));
    trim_mem_pools_after_sync(backend);  // a pool's release threshold applies here
    return ACL_SUCCESS;
}

// aclrt[Ctx]SetSysParamOpt and aclrt[Ctx]GetSysParamOpt: the context's value (`context`) or the
// process's. `opt` is the caller's own argument, read by reference as the int it holds (a copy
// of the enum type would load an out-of-range value as that type).
aclError set_sys_param(const char* api, bool context, const aclSysParamOpt& opt, int64_t value) {
    const int64_t option = aclemu::enum_value(opt);  // any int a C caller passed
    return api_call_init(api, [&] { return runtime().set_sys_param(context, option, value); });
}

aclError get_sys_param(const char* api, bool context, const aclSysParamOpt& opt, int64_t* value) {
    const int64_t option = aclemu::enum_value(opt);
    return api_call_init(api, [&] {
        ACLEMU_CHECK_NOT_NULL(value);
        return runtime().get_sys_param(context, option, value);
    });
}

}  // namespace

extern "C" {

aclError aclrtGetDeviceCount(uint32_t* count) {
    return api_call_init("aclrtGetDeviceCount", [&] {
        ACLEMU_CHECK_NOT_NULL(count);
        return runtime().device_count(count);
    });
}

aclError ACLEMU_IMPL(aclrtSetDevice)(int32_t deviceId) {
    // No init gate: without aclInit the runtime initialises implicitly, as CANN's does.
    return api_call("aclrtSetDevice", [&] {
        ACLEMU_TRY(runtime().init_implicitly());
        return runtime().set_device(deviceId);
    });
}

aclError ACLEMU_IMPL(aclrtResetDevice)(int32_t deviceId) {
    return api_call_init("aclrtResetDevice",
                         [&] { return runtime().reset_device(deviceId, false); });
}

aclError aclrtResetDeviceForce(int32_t deviceId) {
    return api_call_init("aclrtResetDeviceForce",
                         [&] { return runtime().reset_device(deviceId, true); });
}

aclError ACLEMU_IMPL(aclrtGetDevice)(int32_t* deviceId) {
    return api_call_init("aclrtGetDevice", [&] {
        ACLEMU_CHECK_NOT_NULL(deviceId);
        return runtime().get_device(deviceId);
    });
}

aclError aclrtSynchronizeDevice(void) {
    return api_call_init("aclrtSynchronizeDevice", [&] { return synchronize_device(-1); });
}

aclError aclrtSynchronizeDeviceWithTimeout(int32_t timeout) {
    return api_call_init("aclrtSynchronizeDeviceWithTimeout", [&] {
        ACLEMU_TRY(check_wait_timeout(timeout));
        return synchronize_device(timeout);
    });
}

aclError aclrtGetRunMode(aclrtRunMode* runMode) {
    return api_call("aclrtGetRunMode", [&] { return store_out("runMode", runMode, ACL_HOST); });
}

aclError aclrtSetOpWaitTimeout(uint32_t timeout) {
    return api_call_init("aclrtSetOpWaitTimeout", [&] {
        (void)timeout;  // aclemu's waits do not time out on their own
        return ACL_SUCCESS;
    });
}

// ---- contexts ----------------------------------------------------------------------------

aclError aclrtCreateContext(aclrtContext* context, int32_t deviceId) {
    return api_call_init("aclrtCreateContext", [&] {
        ACLEMU_CHECK_NOT_NULL(context);
        return runtime().create_context(deviceId, context);
    });
}

aclError aclrtDestroyContext(aclrtContext context) {
    return api_call_init("aclrtDestroyContext", [&] {
        ACLEMU_CHECK_NOT_NULL(context);
        return runtime().destroy_context(context);
    });
}

aclError aclrtSetCurrentContext(aclrtContext context) {
    return api_call_init("aclrtSetCurrentContext", [&] {
        ACLEMU_CHECK_NOT_NULL(context);
        return runtime().set_current_context(context);
    });
}

aclError aclrtGetCurrentContext(aclrtContext* context) {
    return api_call_init("aclrtGetCurrentContext", [&] {
        ACLEMU_CHECK_NOT_NULL(context);
        return runtime().get_current_context(context);
    });
}

aclError aclrtGetPrimaryCtxState(int32_t deviceId, uint32_t* flags, int32_t* active) {
    return api_call_init("aclrtGetPrimaryCtxState", [&] {
        ACLEMU_CHECK_NOT_NULL(active);
        bool is_active = false;
        ACLEMU_TRY(runtime().primary_context_active(deviceId, &is_active));
        if (flags != nullptr) {
            *flags = 0;  // reserved: CANN reports 0
        }
        *active = is_active ? 1 : 0;
        return ACL_SUCCESS;
    });
}

aclError aclrtCtxSetSysParamOpt(aclSysParamOpt opt, int64_t value) {
    return set_sys_param("aclrtCtxSetSysParamOpt", true, opt, value);
}

aclError aclrtCtxGetSysParamOpt(aclSysParamOpt opt, int64_t* value) {
    return get_sys_param("aclrtCtxGetSysParamOpt", true, opt, value);
}

aclError aclrtSetSysParamOpt(aclSysParamOpt opt, int64_t value) {
    return set_sys_param("aclrtSetSysParamOpt", false, opt, value);
}

aclError aclrtGetSysParamOpt(aclSysParamOpt opt, int64_t* value) {
    return get_sys_param("aclrtGetSysParamOpt", false, opt, value);
}

}  // extern "C"
