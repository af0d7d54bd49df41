// The GPU backend's events, and what a stream capture does to them (docs/backends.md, "Events in
// a capture"). CUDA keeps a record made on a capturing stream for the capture's own dependencies
// only: the graph's launches do not record the event, and querying or synchronizing it fails
// (cudaErrorCapturedEvent). ACL records it at each execution of the model. So a record in a
// capture also puts an external record of a second event, the replay twin, into the graph, and
// queries, synchronizes, elapsed times and waits outside that capture use the twin.
#pragma once

#include "backend/backend.h"
#include "backend/gpu/gpu_error.h"
#include "gpu/gpu_runtime.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <mutex>
#include <vector>

namespace aclemu::rt::ACLEMU_GPU_NAMESPACE {

/// The captures in progress, by serial number (1, 2, ...): a wait in a capture joins an event
/// recorded in a capture still going on, and waits at each launch for one recorded elsewhere.
class ActiveCaptures {
public:
    uint64_t begin() {
        std::lock_guard<std::mutex> lock(mu_);
        serials_.push_back(++last_);
        return last_;
    }
    void end(uint64_t serial) {
        std::lock_guard<std::mutex> lock(mu_);
        serials_.erase(std::remove(serials_.begin(), serials_.end(), serial), serials_.end());
    }
    bool active(uint64_t serial) const {
        std::lock_guard<std::mutex> lock(mu_);
        return std::find(serials_.begin(), serials_.end(), serial) != serials_.end();
    }
    /// The newest capture in progress (0: none): the one a stream that joined a capture through
    /// an event is taken to be in, which is exact while captures do not overlap.
    uint64_t newest() const {
        std::lock_guard<std::mutex> lock(mu_);
        return serials_.empty() ? 0 : serials_.back();
    }

private:
    mutable std::mutex mu_;
    uint64_t last_ = 0;
    std::vector<uint64_t> serials_;
};

class GpuEvent final : public BackendEvent {
public:
    GpuEvent(gpuEvent_t event, bool timing) : event_(event), timing_(timing) {}
    /// The event itself: IPC, records outside captures, a capture's own dependencies.
    gpuEvent_t native() const { return event_; }
    /// What a query, synchronize, elapsed time or a wait outside the capture uses: the replay
    /// twin while the last record was made in a capture.
    gpuEvent_t current() const {
        return capture_serial() != 0 ? replay_.load(std::memory_order_acquire) : event_;
    }
    /// The capture the last record was made in (0: none).
    uint64_t capture_serial() const { return serial_.load(std::memory_order_acquire); }
    bool timing() const { return timing_; }
    bool recorded() const { return recorded_.load(std::memory_order_acquire); }
    void mark_recorded() { recorded_.store(true, std::memory_order_release); }

    /// Records on `stream`, which is in capture `serial` (0: none).
    aclError record(gpuStream_t stream, uint64_t serial) {
#if ACLEMU_GPU_EXTERNAL_EVENT_NODES
        if (serial != 0) {
            ACLEMU_TRY(make_replay_twin());
            ACLEMU_TRY(GPU_CALL(gpuEventRecordWithFlags,
                                replay_.load(std::memory_order_acquire),
                                stream,
                                gpuEventRecordExternal));
            ACLEMU_TRY(GPU_CALL(gpuEventRecord, event_, stream));  // the capture's joins
            serial_.store(serial, std::memory_order_release);
            mark_recorded();
            return ACL_SUCCESS;
        }
#endif
        static_cast<void>(serial);
        ACLEMU_TRY(GPU_CALL(gpuEventRecord, event_, stream));
        serial_.store(0, std::memory_order_release);
        mark_recorded();
        return ACL_SUCCESS;
    }

    aclError destroy() {
        const aclError status = GPU_CALL(gpuEventDestroy, event_);
        if (gpuEvent_t twin = replay_.load(std::memory_order_acquire); twin != nullptr) {
            const aclError twin_status = GPU_CALL(gpuEventDestroy, twin);
            return status != ACL_SUCCESS ? status : twin_status;
        }
        return status;
    }

private:
    aclError make_replay_twin() {
        std::lock_guard<std::mutex> lock(twin_mu_);
        if (replay_.load(std::memory_order_relaxed) != nullptr) {
            return ACL_SUCCESS;
        }
        gpuEvent_t twin = nullptr;
        ACLEMU_TRY(GPU_CALL(
            gpuEventCreateWithFlags, &twin, timing_ ? gpuEventDefault : gpuEventDisableTiming));
        replay_.store(twin, std::memory_order_release);
        return ACL_SUCCESS;
    }

    gpuEvent_t event_;
    bool timing_;
    std::mutex twin_mu_;
    std::atomic<gpuEvent_t> replay_{nullptr};
    std::atomic<uint64_t> serial_{0};
    // Set once the first record was enqueued. Never-recorded events are answered without the
    // runtime (complete; elapsed time has no timestamp), the same on every CUDA/HIP version.
    std::atomic<bool> recorded_{false};
};

}  // namespace aclemu::rt::ACLEMU_GPU_NAMESPACE
