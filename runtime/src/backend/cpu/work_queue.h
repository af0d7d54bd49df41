// The engine of a CPU stream: a FIFO of tasks drained in order by one worker thread (Note [CPU
// stream ordering]: a task starts only after every earlier task of the same queue finished).
// Waiting is by ticket: enqueue() returns the task's number, wait() blocks until it has run.
// A wait issued from the worker itself returns at once instead of deadlocking on itself.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>

namespace aclemu::rt::cpu {

class WorkQueue {
public:
    WorkQueue();
    /// Drains the pending tasks, then stops the worker (see shutdown()).
    ~WorkQueue();
    WorkQueue(const WorkQueue&) = delete;
    WorkQueue& operator=(const WorkQueue&) = delete;

    /// Appends a task; returns its ticket (1, 2, ...).
    uint64_t enqueue(std::function<void()> task);
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
        mutable std::condition_variable task_ready;
        mutable std::condition_variable task_done;
        std::deque<std::function<void()>> tasks;
        uint64_t submitted = 0;
        uint64_t completed = 0;
        bool stop = false;
    };
    static void run(std::shared_ptr<State> state);

    std::shared_ptr<State> state_;
    std::thread worker_;
    std::thread::id worker_id_;
};

}  // namespace aclemu::rt::cpu
