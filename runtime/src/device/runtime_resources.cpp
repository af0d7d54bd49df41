// Runtime: device facts (cached per aclInit), core budgets and peer-access state. A core budget
// is the most specific of: the limit of the stream the calling thread uses, the process limit of
// the device, the device's own core count (the emulated SoC's, device/virtual_cores.h). See
// runtime.h.
#include "core/arg_checks.h"
#include "core/status.h"
#include "device/virtual_cores.h"
#include "runtime_state.h"

#include <string>

namespace aclemu::rt {
namespace {

// The stream whose limits this thread uses (aclrtUseStreamResInCurrentThread).
thread_local std::weak_ptr<Stream> tl_limit_stream;

aclError check_res_type(int64_t type) {
    return reject_if(type < 0 || type >= kResLimitTypes,
                     "type",
                     type,
                     "must be ACL_RT_DEV_RES_CUBE_CORE (0) or "
                     "ACL_RT_DEV_RES_VECTOR_CORE (1)",
                     ACL_ERROR_RT_PARAM_INVALID);
}

// A limit must be 1 .. the device's cores: more cores than it has cannot be granted.
aclError check_res_value(uint32_t value, int64_t cores) {
    if (value == 0 || value > cores) {
        return reject_arg(ACL_ERROR_RT_PARAM_INVALID,
                          "value",
                          value,
                          "must be in [1, " + std::to_string(cores) + "], the device's core count");
    }
    return ACL_SUCCESS;
}

}  // namespace

aclError Runtime::device_facts_locked(int32_t device, DeviceFacts* out) {
    int32_t physical = 0;
    ACLEMU_TRY(check_device_locked(device, "deviceId", &physical));
    DeviceSlot& slot = devices_[device];
    if (!slot.facts) {
        DeviceFacts facts;
        if (aclError err = backend_->device_facts(physical, &facts); err != ACL_SUCCESS) {
            return backend_failed(err,
                                  backend_.get(),
                                  "cannot read the properties of device " + std::to_string(device));
        }
        slot.facts = std::move(facts);
    }
    *out = *slot.facts;
    return ACL_SUCCESS;
}

aclError Runtime::device_facts(int32_t device, DeviceFacts* out) {
    std::lock_guard<std::mutex> lock(mu_);
    return device_facts_locked(device, out);
}

aclError Runtime::device_res_limit(int32_t device, int64_t type, uint32_t* value) {
    ACLEMU_TRY(check_res_type(type));
    std::lock_guard<std::mutex> lock(mu_);
    DeviceFacts facts;
    ACLEMU_TRY(device_facts_locked(device, &facts));
    const uint32_t limit = devices_[device].res_limits[type];
    *value = limit != 0 ? limit : static_cast<uint32_t>(virtual_cores(type));
    return ACL_SUCCESS;
}

aclError Runtime::set_device_res_limit(int32_t device, int64_t type, uint32_t value) {
    ACLEMU_TRY(check_res_type(type));
    std::lock_guard<std::mutex> lock(mu_);
    DeviceFacts facts;
    ACLEMU_TRY(device_facts_locked(device, &facts));
    if (value != 0) {
        ACLEMU_TRY(check_res_value(value, virtual_cores(type)));
        res_limits_set_.store(true, std::memory_order_release);
    }
    devices_[device].res_limits[type] = value;
    return ACL_SUCCESS;
}

aclError Runtime::stream_res_limit(const Stream& stream, int64_t type, uint32_t* value) {
    ACLEMU_TRY(check_res_type(type));
    {
        std::lock_guard<std::mutex> lock(mu_);
        if (stream.res_limits[type] != 0) {
            *value = stream.res_limits[type];
            return ACL_SUCCESS;
        }
    }
    return device_res_limit(stream.device, type, value);
}

aclError Runtime::set_stream_res_limit(Stream& stream, int64_t type, uint32_t value) {
    ACLEMU_TRY(check_res_type(type));
    std::lock_guard<std::mutex> lock(mu_);
    DeviceFacts facts;
    ACLEMU_TRY(device_facts_locked(stream.device, &facts));
    if (value != 0) {
        ACLEMU_TRY(check_res_value(value, virtual_cores(type)));
        res_limits_set_.store(true, std::memory_order_release);
    }
    stream.res_limits[type] = value;
    return ACL_SUCCESS;
}

void Runtime::use_stream_limits(const std::shared_ptr<Stream>& stream) {
    tl_limit_stream = stream;
}

void Runtime::unuse_stream_limits(const Stream* stream) {
    if (tl_limit_stream.lock().get() == stream) {
        tl_limit_stream.reset();
    }
}

bool Runtime::stream_live_locked(const Stream* stream) const {
    if (streams_.count(const_cast<Stream*>(stream)) != 0) {
        return true;
    }
    for (const auto& [ptr, context] : contexts_) {
        if (context->default_stream.get() == stream) {
            return true;
        }
    }
    return false;
}

std::shared_ptr<Stream> Runtime::limit_stream_locked() {
    std::shared_ptr<Stream> stream = tl_limit_stream.lock();
    if (stream && !stream_live_locked(stream.get())) {
        tl_limit_stream.reset();  // destroyed since: its limits went with it
        stream.reset();
    }
    return stream;
}

aclError Runtime::thread_res_limit(int64_t type, uint32_t* value) {
    ACLEMU_TRY(check_res_type(type));
    std::shared_ptr<Stream> stream;
    {
        std::lock_guard<std::mutex> lock(mu_);
        stream = limit_stream_locked();
    }
    if (stream) {
        return stream_res_limit(*stream, type, value);
    }
    std::shared_ptr<Context> context;
    ACLEMU_TRY(unbound_context(&context));
    return device_res_limit(context->device, type, value);
}

uint32_t Runtime::thread_vector_budget() {
    if (!res_limits_set_.load(std::memory_order_acquire)) {
        return 0;
    }
    constexpr int kVector = ACL_RT_DEV_RES_VECTOR_CORE;
    std::lock_guard<std::mutex> lock(mu_);
    const std::shared_ptr<Stream> stream = limit_stream_locked();
    if (stream && stream->res_limits[kVector] != 0) {
        return stream->res_limits[kVector];
    }
    const int32_t device = stream ? stream->device : current_device_locked();
    if (device < 0 || static_cast<size_t>(device) >= devices_.size()) {
        return 0;
    }
    return devices_[device].res_limits[kVector];
}

bool Runtime::peer_access_enabled(int32_t device, int32_t peer) {
    std::lock_guard<std::mutex> lock(mu_);
    return peer_access_.count({device, peer}) != 0;
}

void Runtime::set_peer_access(int32_t device, int32_t peer, bool enabled) {
    std::lock_guard<std::mutex> lock(mu_);
    if (enabled) {
        peer_access_.emplace(device, peer);
    } else {
        peer_access_.erase({device, peer});
    }
}

}  // namespace aclemu::rt
