// BackendStreams::mark_stream's default: a host task on the stream that reads the steady clock when
// the stream runs it. On the CPU backend that is the stream's worker thread, between the task
// before and the task after, so the marks around a task give its start and end on the worker's
// clock.
#include "aclemu/observe.h"
#include "backend/backend.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <limits>
#include <thread>

namespace aclemu::rt {
namespace {

constexpr int64_t kPending = std::numeric_limits<int64_t>::min();
constexpr int64_t kLost = std::numeric_limits<int64_t>::max();

class HostMark final : public StreamMark {
public:
    void settle(int64_t ns) { when_.store(ns, std::memory_order_release); }

    State poll(int64_t wait_ns, int64_t* ns) override {
        const int64_t deadline = observe::steady_ns() + wait_ns;
        auto pause = std::chrono::microseconds(20);
        for (;;) {
            const int64_t when = when_.load(std::memory_order_acquire);
            if (when == kLost) {
                return State::Lost;
            }
            if (when != kPending) {
                *ns = when;
                return State::Reached;
            }
            if (observe::steady_ns() >= deadline) {
                return State::Pending;
            }
            std::this_thread::sleep_for(pause);
            pause = std::min(pause * 2, std::chrono::microseconds(1000));
        }
    }

private:
    std::atomic<int64_t> when_{kPending};
};

// The task: reads the clock when run; destroyed unrun (the stream dropped it), the mark is lost.
class SettleMark {
public:
    explicit SettleMark(std::shared_ptr<HostMark> mark) : mark_(std::move(mark)) {}
    SettleMark(SettleMark&&) noexcept = default;
    SettleMark& operator=(SettleMark&&) = delete;
    SettleMark(const SettleMark&) = delete;
    ~SettleMark() {
        if (mark_ != nullptr) {
            mark_->settle(kLost);
        }
    }
    void operator()() {
        mark_->settle(observe::steady_ns());
        mark_.reset();
    }

private:
    std::shared_ptr<HostMark> mark_;
};

}  // namespace

aclError BackendStreams::mark_stream(BackendStream* stream, std::shared_ptr<StreamMark>* out) {
    auto mark = std::make_shared<HostMark>();
    const aclError err = launch_host_task(stream, SettleMark(mark), TaskLength::Any);
    if (err == ACL_SUCCESS) {
        *out = std::move(mark);
    }
    return err;
}

}  // namespace aclemu::rt
