// Streams and events of the simulated device. A stream is a FIFO of tasks drained by a worker
// thread of its own, so work runs asynchronously to the host and in stream order; the legacy
// default stream (handle nullptr) orders against every blocking stream, as in CUDA. Events carry
// a record count and the time their latest record ran.
#pragma once

#include "gpu/sim/runtime.h"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

struct gpusimStream {
    gpusimStream(unsigned flags, int priority);
    /// Runs what is queued, then stops the worker.
    ~gpusimStream();
    gpusimStream(const gpusimStream&) = delete;
    gpusimStream& operator=(const gpusimStream&) = delete;

    const unsigned flags;
    const int priority;

    /// Queues `task`; returns its ticket (1, 2, ... in queue order). While the stream captures,
    /// records it instead and returns the last ticket.
    uint64_t enqueue(std::function<void()> task);
    /// Stream capture (graph.cpp): false when one is on already. A recorded task is a factory:
    /// each graph launch queues what it makes (an event record takes its number then).
    using TaskFactory = std::function<std::function<void()>()>;
    bool begin_capture();
    /// Ends the capture; false when none was on. *tasks gets what was recorded.
    bool end_capture(std::vector<TaskFactory>* tasks);
    bool capturing();
    /// Records `make` when a capture is on and returns true; false otherwise.
    bool capture(TaskFactory make);
    /// The ticket of the last queued task (0: none yet).
    uint64_t tail();
    bool reached(uint64_t ticket);
    void wait(uint64_t ticket);

private:
    void work();

    std::mutex mutex_;
    std::condition_variable queued_;
    std::condition_variable completed_;
    std::deque<std::function<void()>> tasks_;
    uint64_t enqueued_ = 0;
    uint64_t done_ = 0;
    bool stopping_ = false;
    bool capturing_ = false;
    std::vector<TaskFactory> captured_;
    std::thread worker_;
};

namespace gpusim::detail {
struct SharedEventPage;  // ipc.h
}

struct gpusimEvent {
    explicit gpusimEvent(unsigned event_flags) : flags(event_flags) {}
    const unsigned flags;
    /// gpusimEventInterprocess: the record counts live here, in memory processes share (the
    /// fields below are then unused).
    std::shared_ptr<gpusim::detail::SharedEventPage> shared;
    std::mutex mutex;
    std::condition_variable changed;
    uint64_t recorded = 0;   // records enqueued
    uint64_t completed = 0;  // the latest record that has run
    bool captured = false;   // last recorded on a capturing stream (gpusimErrorCapturedEvent)
    std::chrono::steady_clock::time_point stamp;
};

namespace gpusim::detail {

/// The live stream behind a handle (nullptr: the legacy stream), or nullptr when it is not one.
std::shared_ptr<gpusimStream> find_stream(gpusimStream_t handle);
std::shared_ptr<gpusimEvent> find_event(gpusimEvent_t handle);

gpusimStream_t add_stream(unsigned flags, int priority);
/// Waits for the stream's work, then releases it; false for an unknown handle.
bool remove_stream(gpusimStream_t handle);
gpusimEvent_t add_event(unsigned flags);
/// Registers an event made elsewhere (an opened IPC event).
gpusimEvent_t add_event(std::shared_ptr<gpusimEvent> event);
bool remove_event(gpusimEvent_t handle);

/// Queues `task` on `stream`, after what the legacy-stream rules make it wait for.
void submit(const std::shared_ptr<gpusimStream>& stream, std::function<void()> task);

/// Waits until everything queued so far on every stream has run.
void synchronize_all();

/// Runs fn(user_data) on the device's host-function thread and waits for it.
void run_host_function(gpusimHostFn_t fn, void* user_data);

}  // namespace gpusim::detail
