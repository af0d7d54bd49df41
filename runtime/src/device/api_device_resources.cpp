// Entry points for what a device lends: its default stream, core budgets (per device, per
// stream, per thread), stream priorities and peer access between devices.
#include "acl/acl.h"

#include "aclemu/c_enum.h"
#include "core/arg_checks.h"
#include "core/status.h"
#include "runtime_state.h"

#include <string>
#include <utility>

using namespace aclemu::rt;

namespace {

aclError check_peer_pair(int32_t device, int32_t peer, const char* peer_param) {
    if (device == peer) {
        return reject_arg(ACL_ERROR_INVALID_PARAM,
                          peer_param,
                          peer,
                          "must differ from the device (" + std::to_string(device) + ")");
    }
    return ACL_SUCCESS;
}

// The current device, and `peer` checked against it (aclrtDeviceEnable/DisablePeerAccess).
aclError current_and_peer(int32_t peer, int32_t* device, int32_t* peer_physical) {
    std::shared_ptr<Context> context;
    ACLEMU_TRY(runtime().current_context(&context));
    *device = context->device;
    ACLEMU_TRY(check_peer_pair(*device, peer, "peerDeviceId"));
    return runtime().check_device(peer, "peerDeviceId", peer_physical);
}

aclError stream_of(aclrtStream handle, std::shared_ptr<Stream>* out) {
    return runtime().stream(handle, out);
}

// Turns access from `device` to the peer on or off in the backend, then records it.
aclError set_peer_access(int32_t device, int32_t peer, int32_t peer_physical, bool enable) {
    ACLEMU_BACKEND(backend, backend);
    const aclError err = enable ? backend->enable_peer_access(peer_physical)
                                : backend->disable_peer_access(peer_physical);
    if (err != ACL_SUCCESS) {
        return backend_failed(err,
                              backend,
                              std::string("cannot ") + (enable ? "enable" : "disable")
                                  + " access from device " + std::to_string(device) + " to device "
                                  + std::to_string(peer));
    }
    runtime().set_peer_access(device, peer, enable);
    return ACL_SUCCESS;
}

// A core budget set through aclrtSet*ResLimit (0 would leave no core).
aclError check_budget(uint32_t value) {
    if (value == 0) {
        return reject_arg(
            ACL_ERROR_RT_PARAM_INVALID, "value", 0, "a core budget must be at least 1");
    }
    return ACL_SUCCESS;
}

}  // namespace

extern "C" {

aclError aclrtCtxGetCurrentDefaultStream(aclrtStream* stream) {
    return api_call_init("aclrtCtxGetCurrentDefaultStream", [&] {
        ACLEMU_CHECK_NOT_NULL(stream);
        std::shared_ptr<Stream> target;
        ACLEMU_TRY(stream_of(nullptr, &target));
        *stream = target.get();
        return ACL_SUCCESS;
    });
}

aclError aclrtDeviceGetStreamPriorityRange(int32_t* leastPriority, int32_t* greatestPriority) {
    return api_call_init("aclrtDeviceGetStreamPriorityRange", [&] {
        ACLEMU_CHECK_NOT_NULL(leastPriority);
        ACLEMU_CHECK_NOT_NULL(greatestPriority);
        *leastPriority = kLeastStreamPriority;
        *greatestPriority = 0;
        return ACL_SUCCESS;
    });
}

// ---- core budgets ------------------------------------------------------------------------

aclError aclrtGetDeviceResLimit(int32_t deviceId, aclrtDevResLimitType type, uint32_t* value) {
    const int64_t type_value = aclemu::enum_value(type);  // any int a C caller passed
    return api_call_init("aclrtGetDeviceResLimit", [&] {
        ACLEMU_CHECK_NOT_NULL(value);
        return runtime().device_res_limit(deviceId, type_value, value);
    });
}

aclError aclrtSetDeviceResLimit(int32_t deviceId, aclrtDevResLimitType type, uint32_t value) {
    const int64_t type_value = aclemu::enum_value(type);  // any int a C caller passed
    return api_call_init("aclrtSetDeviceResLimit", [&] {
        ACLEMU_TRY(check_budget(value));
        return runtime().set_device_res_limit(deviceId, type_value, value);
    });
}

aclError aclrtResetDeviceResLimit(int32_t deviceId) {
    return api_call_init("aclrtResetDeviceResLimit", [&] {
        for (int type = 0; type < kResLimitTypes; ++type) {
            ACLEMU_TRY(runtime().set_device_res_limit(deviceId, type, 0));
        }
        return ACL_SUCCESS;
    });
}

aclError aclrtGetStreamResLimit(aclrtStream stream, aclrtDevResLimitType type, uint32_t* value) {
    const int64_t type_value = aclemu::enum_value(type);  // any int a C caller passed
    return api_call_init("aclrtGetStreamResLimit", [&] {
        ACLEMU_CHECK_NOT_NULL(value);
        std::shared_ptr<Stream> target;
        ACLEMU_TRY(stream_of(stream, &target));
        return runtime().stream_res_limit(*target, type_value, value);
    });
}

aclError aclrtSetStreamResLimit(aclrtStream stream, aclrtDevResLimitType type, uint32_t value) {
    const int64_t type_value = aclemu::enum_value(type);  // any int a C caller passed
    return api_call_init("aclrtSetStreamResLimit", [&] {
        ACLEMU_TRY(check_budget(value));
        std::shared_ptr<Stream> target;
        ACLEMU_TRY(stream_of(stream, &target));
        return runtime().set_stream_res_limit(*target, type_value, value);
    });
}

aclError aclrtResetStreamResLimit(aclrtStream stream) {
    return api_call_init("aclrtResetStreamResLimit", [&] {
        std::shared_ptr<Stream> target;
        ACLEMU_TRY(stream_of(stream, &target));
        for (int type = 0; type < kResLimitTypes; ++type) {
            ACLEMU_TRY(runtime().set_stream_res_limit(*target, type, 0));
        }
        return ACL_SUCCESS;
    });
}

aclError aclrtUseStreamResInCurrentThread(aclrtStream stream) {
    return api_call_init("aclrtUseStreamResInCurrentThread", [&] {
        std::shared_ptr<Stream> target;
        ACLEMU_TRY(stream_of(stream, &target));
        runtime().use_stream_limits(target);
        return ACL_SUCCESS;
    });
}

// The thread stops using `stream`'s limits; when it uses another stream's (or none), nothing
// changes.
aclError aclrtUnuseStreamResInCurrentThread(aclrtStream stream) {
    return api_call_init("aclrtUnuseStreamResInCurrentThread", [&] {
        std::shared_ptr<Stream> target;
        ACLEMU_TRY(stream_of(stream, &target));
        runtime().unuse_stream_limits(target.get());
        return ACL_SUCCESS;
    });
}

aclError aclrtGetResInCurrentThread(aclrtDevResLimitType type, uint32_t* value) {
    const int64_t type_value = aclemu::enum_value(type);  // any int a C caller passed
    return api_call_init("aclrtGetResInCurrentThread", [&] {
        ACLEMU_CHECK_NOT_NULL(value);
        return runtime().thread_res_limit(type_value, value);
    });
}

// ---- peer access -------------------------------------------------------------------------

aclError aclrtDeviceCanAccessPeer(int32_t* canAccessPeer, int32_t deviceId, int32_t peerDeviceId) {
    return api_call_init("aclrtDeviceCanAccessPeer", [&] {
        ACLEMU_CHECK_NOT_NULL(canAccessPeer);
        ACLEMU_TRY(check_peer_pair(deviceId, peerDeviceId, "peerDeviceId"));
        int32_t physical = 0;
        int32_t peer_physical = 0;
        ACLEMU_TRY(runtime().check_device(deviceId, "deviceId", &physical));
        ACLEMU_TRY(runtime().check_device(peerDeviceId, "peerDeviceId", &peer_physical));
        ACLEMU_BACKEND(backend, backend);
        bool can = false;
        ACLEMU_TRY_BACKEND(
            backend->can_access_peer(physical, peer_physical, &can), backend, "peer query failed");
        *canAccessPeer = can ? 1 : 0;
        return ACL_SUCCESS;
    });
}

aclError aclrtDeviceEnablePeerAccess(int32_t peerDeviceId, uint32_t flags) {
    return api_call_init("aclrtDeviceEnablePeerAccess", [&] {
        ACLEMU_TRY(reject_if(
            flags != 0, "flags", flags, "reserved, must be 0", ACL_ERROR_FEATURE_UNSUPPORTED));
        int32_t device = 0;
        int32_t peer_physical = 0;
        ACLEMU_TRY(current_and_peer(peerDeviceId, &device, &peer_physical));
        return set_peer_access(device, peerDeviceId, peer_physical, true);
    });
}

aclError aclrtDeviceDisablePeerAccess(int32_t peerDeviceId) {
    return api_call_init("aclrtDeviceDisablePeerAccess", [&] {
        int32_t device = 0;
        int32_t peer_physical = 0;
        ACLEMU_TRY(current_and_peer(peerDeviceId, &device, &peer_physical));
        if (!runtime().peer_access_enabled(device, peerDeviceId)) {
            return reject_arg(
                ACL_ERROR_RT_PARAM_INVALID,
                "peerDeviceId",
                peerDeviceId,
                "access from device " + std::to_string(device) + " to it was not enabled");
        }
        return set_peer_access(device, peerDeviceId, peer_physical, false);
    });
}

aclError aclrtDevicePeerAccessStatus(int32_t deviceId, int32_t peerDeviceId, int32_t* status) {
    return api_call_init("aclrtDevicePeerAccessStatus", [&] {
        ACLEMU_CHECK_NOT_NULL(status);
        uint32_t count = 0;
        ACLEMU_TRY(runtime().device_count(&count));
        for (auto [id, name] : {std::pair{deviceId, "deviceId"}, {peerDeviceId, "peerDeviceId"}}) {
            if (id < 0 || static_cast<uint32_t>(id) >= count) {
                return reject_arg(ACL_ERROR_RT_PARAM_INVALID,
                                  name,
                                  id,
                                  "must be in [0, " + std::to_string(count) + ")");
            }
        }
        *status = runtime().peer_access_enabled(deviceId, peerDeviceId) ? 1 : 0;
        return ACL_SUCCESS;
    });
}

}  // extern "C"
