// GpuClock: GPU event times on the host clock through anchors (gpu_clock.h): the timeline's marks
// on GPU streams, and the timestamps of completed events.
#include "backend/gpu/gpu_clock.h"

#include "aclemu/acl_try.h"
#include "aclemu/observe.h"
#include "backend/gpu/gpu_error.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <thread>

namespace aclemu::rt::ACLEMU_GPU_NAMESPACE {
namespace {

constexpr int64_t kAnchorLifetimeNs = 1'000'000'000;
constexpr size_t kMaxSpareEvents = 256;

// A completed timing event's time on observe::steady_ns()'s clock: through `anchor` (Note [GPU
// clock anchors]), or exactly where the GPU runtime stamps events with the host's clock (the
// GPU simulator).
gpuError_t event_host_ns(const GpuClock::Anchor& anchor, gpuEvent_t event, int64_t* ns) {
#if defined(ACLEMU_GPU_EVENTS_ON_HOST_CLOCK)
    static_cast<void>(anchor);
    return gpuEventHostNs(ns, event);
#else
    float ms = 0.0f;
    const gpuError_t status = gpuEventElapsedTime(&ms, anchor.event, event);
    if (status == gpuSuccess) {
        *ns = anchor.host_ns + std::llround(static_cast<double>(ms) * 1e6);
    }
    return status;
#endif
}

class GpuMark final : public StreamMark {
public:
    GpuMark(std::shared_ptr<GpuClock> clock,
            int device,
            gpuEvent_t event,
            std::shared_ptr<const GpuClock::Anchor> anchor,
            int64_t recorded_ns)
        : clock_(std::move(clock)),
          device_(device),
          event_(event),
          anchor_(std::move(anchor)),
          recorded_ns_(recorded_ns) {}

    ~GpuMark() override { give_back(); }

    State poll(int64_t wait_ns, int64_t* ns) override {
        if (state_ != State::Pending) {
            *ns = ns_;
            return state_;
        }
        const int64_t deadline = observe::steady_ns() + wait_ns;
        auto pause = std::chrono::microseconds(20);
        for (;;) {
            const gpuError_t status = gpuEventQuery(event_);
            if (status == gpuSuccess) {
                settle(observe::steady_ns());
                *ns = ns_;
                return state_;
            }
            if (status != gpuErrorNotReady) {
                static_cast<void>(gpuGetLastError());  // leave no error for a later launch check
                state_ = State::Lost;
                give_back();
                return state_;
            }
            if (observe::steady_ns() >= deadline) {
                return State::Pending;
            }
            std::this_thread::sleep_for(pause);
            pause = std::min(pause * 2, std::chrono::microseconds(1000));
        }
    }

private:
    // Note [Mark times are bounded by what the host saw]: the anchor maps GPU time onto the host
    // clock only within half its round trip, so the estimate is clamped to what the host knows
    // for certain: the stream reached the mark after the record call began (`recorded_ns_`) and
    // before the query that found it complete returned (`seen_ns`). So a slice never starts
    // before the call that enqueued it, and never ends after a host call that observed its
    // completion (observe::completion_observed resolves marks before such a call returns).
    void settle(int64_t seen_ns) {
        int64_t estimate = 0;
        if (event_host_ns(*anchor_, event_, &estimate) != gpuSuccess) {
            static_cast<void>(gpuGetLastError());
            state_ = State::Lost;
        } else {
            ns_ = std::clamp(estimate, recorded_ns_, std::max(recorded_ns_, seen_ns));
            state_ = State::Reached;
        }
        give_back();
    }

    void give_back() {
        if (event_ != nullptr) {
            clock_->recycle(device_, event_);
            event_ = nullptr;
        }
    }

    std::shared_ptr<GpuClock> clock_;
    int device_;
    gpuEvent_t event_;
    std::shared_ptr<const GpuClock::Anchor> anchor_;
    int64_t recorded_ns_;  // just before the event was recorded on the stream
    State state_ = State::Pending;
    int64_t ns_ = 0;
};

}  // namespace

GpuClock::Anchor::~Anchor() {
    if (event != nullptr) {
        static_cast<void>(gpuEventDestroy(event));
    }
}

GpuClock::~GpuClock() {
    for (auto& [device, clock] : devices_) {
        if (gpuSetDevice(device) != gpuSuccess) {
            continue;
        }
        clock.anchor.reset();  // marks still held keep their own reference
        for (gpuEvent_t event : clock.spare) {
            static_cast<void>(gpuEventDestroy(event));
        }
        if (clock.stream != nullptr) {
            static_cast<void>(gpuStreamDestroy(clock.stream));
        }
    }
    static_cast<void>(gpuGetLastError());
}

aclError GpuClock::anchor_locked(DeviceClock& clock, std::shared_ptr<const Anchor>* out) {
    if (clock.anchor != nullptr
        && observe::steady_ns() - clock.anchor->host_ns < kAnchorLifetimeNs) {
        *out = clock.anchor;
        return ACL_SUCCESS;
    }
    if (clock.stream == nullptr) {
        ACLEMU_TRY(GPU_CALL(gpuStreamCreateWithFlags, &clock.stream, gpuStreamNonBlocking));
    }
    auto anchor = std::make_shared<Anchor>();
    if (aclError err = GPU_CALL(gpuEventCreateWithFlags, &anchor->event, gpuEventDefault);
        err != ACL_SUCCESS) {
        anchor->event = nullptr;
        return err;
    }
    const int64_t before = observe::steady_ns();
    ACLEMU_TRY(GPU_CALL(gpuEventRecord, anchor->event, clock.stream));
    ACLEMU_TRY(GPU_CALL(gpuEventSynchronize, anchor->event));
    const int64_t after = observe::steady_ns();
    anchor->host_ns = before + (after - before) / 2;
    clock.anchor = anchor;
    *out = std::move(anchor);
    return ACL_SUCCESS;
}

aclError GpuClock::current_anchor(int* device, std::shared_ptr<const Anchor>* out) {
    ACLEMU_TRY(GPU_CALL(gpuGetDevice, device));
    std::lock_guard<std::mutex> lock(mu_);
    return anchor_locked(devices_[*device], out);
}

aclError GpuClock::mark(gpuStream_t stream, std::shared_ptr<StreamMark>* out) {
    int device = 0;
    std::shared_ptr<const Anchor> anchor;
    ACLEMU_TRY(current_anchor(&device, &anchor));
    gpuEvent_t event = nullptr;
    {
        std::lock_guard<std::mutex> lock(mu_);
        std::vector<gpuEvent_t>& spare = devices_[device].spare;
        if (!spare.empty()) {
            event = spare.back();
            spare.pop_back();
        }
    }
    if (event == nullptr) {
        ACLEMU_TRY(GPU_CALL(gpuEventCreateWithFlags, &event, gpuEventDefault));
    }
    const int64_t recorded_ns = observe::steady_ns();
    if (aclError err = GPU_CALL(gpuEventRecord, event, stream); err != ACL_SUCCESS) {
        recycle(device, event);
        return err;
    }
    *out = std::make_shared<GpuMark>(
        shared_from_this(), device, event, std::move(anchor), recorded_ns);
    return ACL_SUCCESS;
}

aclError GpuClock::host_ns(gpuEvent_t event, int64_t* ns) {
    int device = 0;
    std::shared_ptr<const Anchor> anchor;
    ACLEMU_TRY(current_anchor(&device, &anchor));
    return GPU_CALL(event_host_ns, *anchor, event, ns);
}

void GpuClock::recycle(int device, gpuEvent_t event) {
    {
        std::lock_guard<std::mutex> lock(mu_);
        std::vector<gpuEvent_t>& spare = devices_[device].spare;
        if (spare.size() < kMaxSpareEvents) {
            spare.push_back(event);
            return;
        }
    }
    static_cast<void>(gpuEventDestroy(event));
}

}  // namespace aclemu::rt::ACLEMU_GPU_NAMESPACE
