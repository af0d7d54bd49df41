// The engine of a CPU stream: a FIFO of tasks drained in order by one worker thread (Note [CPU
// stream ordering]: a task starts only after every earlier task of the same queue finished).
// Waiting is by ticket: enqueue() returns the task's number, wait() blocks until it has run.
// A wait issued from the worker itself returns at once instead of deadlocking on itself.
// Note [Work queue wake-ups]: the worker and the waiters spin briefly before they sleep, and
// enqueue / completion signal a condition variable only when someone sleeps on it, so a stream
// fed back to back costs no system call per task.
// Note [Short tasks run inline]: a kernel of a few microseconds costs less than handing it to
// the worker and waiting for it (the worker may be asleep: a futex wake-up and a context switch
// on a loaded machine). run_inline() runs such a task on the calling thread when the queue is
// idle, under a ticket like any other task, with the worker held off until it finishes: stream
// order, wait(), idle() and events recorded before or after are all unchanged; only the caller
// returns later (by about the task's own run time). A busy queue, or a call from the worker
// itself, refuses and the caller enqueues instead.
// Note [Idle workers are not waited for]: shutting down an idle queue (a destroyed stream, a
// reset device) does not wait for its worker: a sleeping thread woken on a loaded machine may
// wait a whole scheduler slice (milliseconds) before it runs and exits. The worker is told to
// stop and its thread is kept among the retired ones, joined later: the oldest once more than a
// few are kept (long since exited), and all at join_retired_workers() (the CPU backend's
// destruction, at aclFinalize), so no worker runs aclemu code after that.
// Note [Capture at the enqueue point]: every task a CPU stream runs passes through enqueue() or
// run_inline(), so a stream capture (aclmdlRICaptureBegin) is one switch here: while it is on,
// enqueue() records the task instead of queueing it (no ticket is taken, so waits and queries
// see an idle stream) and run_inline() refuses. A recorded task is a factory: each launch of the
// graph enqueues what it makes, so a task may take per-launch state then (an event record takes
// its generation); an ordinary task is kept once and run by every launch.
#pragma once

#include "aclemu/host_task.h"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace aclemu::rt::cpu {

/// A task a capture recorded: each launch enqueues what `make` returns (Note [Capture at the
/// enqueue point]); `kept` as for enqueue().
struct CapturedTask {
    std::function<HostTask()> make;
    bool kept = false;
    bool enabled = true;              // aclmdlRITaskDisable: launches skip it
    std::shared_ptr<const void> tag;  // backend/task_tag.h: what the front end attached
};

/// Wraps a one-shot task so that every launch runs it again.
CapturedTask replayable(HostTask&& task, bool kept);

class WorkQueue {
public:
    WorkQueue();
    /// Drains the pending tasks, then stops the worker (see shutdown()).
    ~WorkQueue();
    WorkQueue(const WorkQueue&) = delete;
    WorkQueue& operator=(const WorkQueue&) = delete;

    /// Appends a task; returns its ticket (1, 2, ...). A `kept` task runs even when an abort
    /// drops the tasks around it (an event record: what waits on the event must not hang).
    uint64_t enqueue(HostTask&& task, bool kept = false);
    /// Drops every task enqueued so far that has not started (kept ones still run); a running
    /// task finishes. Dropped tasks count as completed for wait() and idle().
    void abort_pending();
    /// Runs `task` now, on this thread, if the queue is idle (Note [Short tasks run inline]) and
    /// returns true; otherwise returns false and leaves `task` untouched.
    bool run_inline(HostTask& task);
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
    /// and finishes on its own; an idle queue's worker is left to stop on its own (Note [Idle
    /// workers are not waited for]).
    void shutdown();
    /// Joins the workers of the queues shut down while idle.
    static void join_retired_workers();

    // Capture (Note [Capture at the enqueue point]).
    /// From now on tasks are recorded, not queued; false when a capture is already on.
    bool begin_capture();
    /// Stops recording and hands over what was recorded.
    std::vector<CapturedTask> end_capture();
    bool capturing() const;
    /// Tasks recorded so far by the capture that is on (0 when none is).
    size_t captured_count() const;
    /// Records `task` when a capture is on and returns true; false (nothing recorded) otherwise.
    bool capture(CapturedTask&& task);

private:
    // Producers and the worker meet on `mu` once per batch: the worker swaps the whole
    // `pending` vector out and runs it without the lock. Fields the other side polls while
    // spinning sit on cache lines of their own.
    struct Entry {
        HostTask task;
        bool kept = false;
    };
    struct alignas(64) State {
        std::mutex mu;
        std::condition_variable task_ready;  // the worker sleeps here
        std::vector<Entry> pending;          // guarded by mu
        bool worker_sleeping = false;        // guarded by mu: enqueue must signal task_ready
        bool inline_running = false;         // guarded by mu: the worker must not start a batch
        bool capturing = false;              // guarded by mu: enqueue records into `captured`
        std::vector<CapturedTask> captured;  // guarded by mu
        std::atomic<bool> stop{false};       // written under mu
        std::atomic<uint64_t> dropped_through{0};  // abort_pending: tickets up to it are dropped

        // Tickets handed out (queued and inline tasks), and tasks ever put in `pending` (the
        // worker polls this one: an inline run is no work for it). Both written under mu.
        alignas(64) std::atomic<uint64_t> submitted{0};
        std::atomic<uint64_t> queued{0};

        // Written by the worker, and under mu by an inline run (never both at once).
        alignas(64) std::atomic<uint64_t> completed{0};
        std::atomic<int> sleeping_waiters{0};  // changed under done_mu; completion signals if > 0
        std::mutex done_mu;
        std::condition_variable task_done;  // waiters sleep here
    };
    static void run(std::shared_ptr<State> state);
    // Stores `ticket` as completed and wakes the threads waiting for it.
    static void publish_completed(State& state, uint64_t ticket);

    std::shared_ptr<State> state_;
    std::thread worker_;
    std::thread::id worker_id_;
};

}  // namespace aclemu::rt::cpu
