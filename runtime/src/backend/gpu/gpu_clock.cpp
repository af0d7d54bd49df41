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

class GpuMark final : public StreamMark {
public:
    GpuMark(std::shared_ptr<GpuClock> clock,
            int device,
            gpuEvent_t event,
            std::shared_ptr<const GpuClock::Anchor> anchor)
        : clock_(std::move(clock)), device_(device), event_(event), anchor_(std::move(anchor)) {}

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
                settle();
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
    void settle() {
        float ms = 0.0f;
        if (gpuEventElapsedTime(&ms, anchor_->event, event_) != gpuSuccess) {
            static_cast<void>(gpuGetLastError());
            state_ = State::Lost;
        } else {
            ns_ = anchor_->host_ns + std::llround(static_cast<double>(ms) * 1e6);
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
    if (aclError err = GPU_CALL(gpuEventRecord, event, stream); err != ACL_SUCCESS) {
        recycle(device, event);
        return err;
    }
    *out = std::make_shared<GpuMark>(shared_from_this(), device, event, std::move(anchor));
    return ACL_SUCCESS;
}

aclError GpuClock::host_ns(gpuEvent_t event, int64_t* ns) {
    int device = 0;
    std::shared_ptr<const Anchor> anchor;
    ACLEMU_TRY(current_anchor(&device, &anchor));
    float ms = 0.0f;
    ACLEMU_TRY(GPU_CALL(gpuEventElapsedTime, &ms, anchor->event, event));
    *ns = anchor->host_ns + std::llround(static_cast<double>(ms) * 1e6);
    return ACL_SUCCESS;
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
