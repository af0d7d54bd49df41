// The engine of a CPU stream: a FIFO of tasks drained in order by one worker thread (Note [CPU
// stream ordering]: a task starts only after every earlier task of the same queue finished).
// Waiting is by ticket: enqueue() returns the task's number, wait() blocks until it has run.
// A wait issued from the worker itself returns at once instead of deadlocking on itself.
// Note [Work queue wake-ups]: the worker and the waiters spin briefly before they sleep, and
// enqueue / completion signal a condition variable only when someone sleeps on it, so a stream
// fed back to back costs no system call per task.
#pragma once

#include "aclemu/host_task.h"

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace aclemu::rt::cpu {

/// FIFO of tasks in a power-of-two ring that grows and never shrinks: once warm, queueing a
/// task allocates nothing. Not synchronized.
class TaskRing {
public:
    bool empty() const { return size_ == 0; }
    void push_back(HostTask task);
    HostTask pop_front();

private:
    std::vector<HostTask> slots_;
    size_t head_ = 0;
    size_t size_ = 0;
};

class WorkQueue {
public:
    WorkQueue();
    /// Drains the pending tasks, then stops the worker (see shutdown()).
    ~WorkQueue();
    WorkQueue(const WorkQueue&) = delete;
    WorkQueue& operator=(const WorkQueue&) = delete;

    /// Appends a task; returns its ticket (1, 2, ...).
    uint64_t enqueue(HostTask task);
    /// Ticket of the newest task (0 when none was ever enqueued).
    uint64_t last_ticket() const;
    /// Waits until task `ticket` (and so every earlier one) has run. timeout_ms < 0: forever.
    /// Returns false on timeout.
    bool wait(uint64_t ticket, int64_t timeout_ms) const;
    /// True when every enqueued task has run.
    bool idle() const;
    /// True on the worker thread.
    bool on_worker() const;
    /// Runs what is pending and stops the worker. From the worker itself the thread is detached
    /// and finishes on its own.
    void shutdown();

private:
    struct State {
        mutable std::mutex mu;
        mutable std::condition_variable task_ready;  // the worker sleeps here
        mutable std::condition_variable task_done;   // waiters sleep here
        TaskRing tasks;                              // guarded by mu
        // Written under mu, read without it by the spinning worker and waiters.
        std::atomic<uint64_t> submitted{0};
        std::atomic<uint64_t> completed{0};
        std::atomic<bool> stop{false};
        bool worker_sleeping = false;      // guarded by mu: enqueue must notify task_ready
        mutable int sleeping_waiters = 0;  // guarded by mu: completion must notify task_done
    };
    static void run(std::shared_ptr<State> state);

    std::shared_ptr<State> state_;
    std::thread worker_;
    std::thread::id worker_id_;
};

}  // namespace aclemu::rt::cpu
