#include "backend/gpu/event_clock.h"

#include "backend/gpu/gpu_error.h"

#include <cmath>

namespace aclemu::rt::ACLEMU_GPU_NAMESPACE {
namespace {

using Clock = std::chrono::steady_clock;

int64_t micros(Clock::time_point t) {
    return std::chrono::duration_cast<std::chrono::microseconds>(t.time_since_epoch()).count();
}

constexpr auto kReferenceLifetime = std::chrono::seconds(1);

}  // namespace

EventClock::~EventClock() {
    for (auto& [device, reference] : references_) {
        if (gpuSetDevice(device) != gpuSuccess) {
            continue;
        }
        if (reference.event != nullptr) {
            static_cast<void>(gpuEventDestroy(reference.event));
        }
        if (reference.stream != nullptr) {
            static_cast<void>(gpuStreamDestroy(reference.stream));
        }
    }
    static_cast<void>(gpuGetLastError());
}

aclError EventClock::calibrate(Reference* reference) {
    if (reference->stream == nullptr) {
        if (aclError err =
                GPU_CALL(gpuStreamCreateWithFlags, &reference->stream, gpuStreamNonBlocking);
            err != ACL_SUCCESS) {
            reference->stream = nullptr;
            return err;
        }
    }
    if (reference->event == nullptr) {
        if (aclError err = GPU_CALL(gpuEventCreateWithFlags, &reference->event, gpuEventDefault);
            err != ACL_SUCCESS) {
            reference->event = nullptr;
            return err;
        }
    }
    const Clock::time_point before = Clock::now();
    if (aclError err = GPU_CALL(gpuEventRecord, reference->event, reference->stream);
        err != ACL_SUCCESS) {
        return err;
    }
    if (aclError err = GPU_CALL(gpuEventSynchronize, reference->event); err != ACL_SUCCESS) {
        return err;
    }
    const Clock::time_point after = Clock::now();
    reference->host_us = (micros(before) + micros(after)) / 2;
    reference->made = after;
    return ACL_SUCCESS;
}

aclError EventClock::timestamp_us(gpuEvent_t event, uint64_t* us) {
    int device = 0;
    if (aclError err = GPU_CALL(gpuGetDevice, &device); err != ACL_SUCCESS) {
        return err;
    }
    std::lock_guard<std::mutex> lock(mu_);
    Reference& reference = references_[device];
    if (reference.event == nullptr || Clock::now() - reference.made > kReferenceLifetime) {
        if (aclError err = calibrate(&reference); err != ACL_SUCCESS) {
            return err;
        }
    }
    float ms = 0.0f;
    if (aclError err = GPU_CALL(gpuEventElapsedTime, &ms, reference.event, event);
        err != ACL_SUCCESS) {
        return err;
    }
    const int64_t stamp = reference.host_us + std::llround(static_cast<double>(ms) * 1000.0);
    *us = static_cast<uint64_t>(stamp < 0 ? 0 : stamp);
    return ACL_SUCCESS;
}

}  // namespace aclemu::rt::ACLEMU_GPU_NAMESPACE
