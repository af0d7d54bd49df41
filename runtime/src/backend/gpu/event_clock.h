// aclrtEventGetTimestamp on a GPU: CUDA and HIP time events only relative to each other, so the
// clock keeps, per device, a reference event whose host time is known (recorded on a private
// stream and waited for; its host time is the middle of that wait) and answers
// host time of the reference + elapsed(reference, event). The reference is renewed when it is
// more than a second old, so the float milliseconds of the elapsed time stay precise (to about
// a microsecond) for recent events; the answer is off by at most half the calibration wait.
#pragma once

#include "acl/acl_base.h"

#include "gpu/gpu_runtime.h"

#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>

namespace aclemu::rt::ACLEMU_GPU_NAMESPACE {

class EventClock {
public:
    EventClock() = default;
    ~EventClock();
    EventClock(const EventClock&) = delete;
    EventClock& operator=(const EventClock&) = delete;

    /// `event` (a completed timing event of the current device) in microseconds of the host's
    /// steady clock.
    aclError timestamp_us(gpuEvent_t event, uint64_t* us);

private:
    struct Reference {
        gpuStream_t stream = nullptr;
        gpuEvent_t event = nullptr;
        int64_t host_us = 0;
        std::chrono::steady_clock::time_point made;
    };
    aclError calibrate(Reference* reference);

    std::mutex mu_;
    std::map<int, Reference> references_;  // by device
};

}  // namespace aclemu::rt::ACLEMU_GPU_NAMESPACE
