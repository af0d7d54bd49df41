// WorkQueue: one worker thread per CPU stream. The worker owns a shared reference to the queue
// state so that a queue shut down from its own worker can finish without a dangling `this`.
//
// Note [Work queue wake-ups] (work_queue.h), why no signal is lost:
// - Worker sleep: `worker_sleeping` is set and tested only under `mu`, and the worker re-checks
//   `pending` under `mu` before it blocks; a producer that pushes after that check finds the flag
//   set and signals.
// - Waiter sleep: a waiter increments `sleeping_waiters` and then tests `completed`, the worker
//   stores `completed` and then loads `sleeping_waiters`, all sequentially consistent: at least
//   one of them sees the other's write. If the worker sees a sleeper it takes `done_mu` before
//   signalling, and the waiter holds `done_mu` from its increment until it blocks.
#include "backend/cpu/work_queue.h"

#include "aclemu/log.h"
#include "aclemu/spin_wait.h"
#include "backend/task_tag.h"

#include <chrono>
#include <deque>
#include <exception>
#include <mutex>
#include <utility>

namespace aclemu::rt::cpu {
namespace {

// How long the worker polls for the next task before it sleeps, and how long wait() polls for
// completion before it sleeps. Short enough that an idle stream burns no noticeable CPU, long
// enough to cover the gap between back-to-back enqueues and a small kernel.
constexpr std::chrono::microseconds kWorkerSpin{40};
constexpr std::chrono::microseconds kWaitSpin{40};
// Workers of idle queues kept unjoined (Note [Idle workers are not waited for]) before the oldest
// is joined.
constexpr size_t kMaxRetiredWorkers = 16;
// Task slots a drained batch keeps for reuse (an Entry is ~650 bytes): a burst of many thousand
// queued launches must not pin its peak memory for the stream's lifetime.
constexpr size_t kKeptSlots = 256;

void run_task(HostTask& task) {
    try {
        task();
    } catch (const std::exception& e) {
        ACLEMU_LOG(Runtime, Error, "a task on a CPU stream threw: %s", e.what());
    } catch (...) {
        ACLEMU_LOG(Runtime, Error, "a task on a CPU stream threw an unknown exception");
    }
    task.reset();  // release captures before reporting completion
}

// The threads of workers told to stop and not yet joined. Never destroyed: a thread still here at
// exit (no aclFinalize) must not be destroyed joinable.
struct RetiredWorkers {
    std::mutex mu;
    std::deque<std::thread> threads;
};

RetiredWorkers& retired_workers() {
    static auto* workers = new RetiredWorkers;
    return *workers;
}

void retire(std::thread worker) {
    std::thread oldest;
    {
        RetiredWorkers& retired = retired_workers();
        std::lock_guard<std::mutex> lock(retired.mu);
        retired.threads.push_back(std::move(worker));
        if (retired.threads.size() > kMaxRetiredWorkers) {
            oldest = std::move(retired.threads.front());
            retired.threads.pop_front();
        }
    }
    if (oldest.joinable()) {
        oldest.join();
    }
}

}  // namespace

WorkQueue::WorkQueue() : state_(std::make_shared<State>()) {
    worker_ = std::thread(&WorkQueue::run, state_);
    worker_id_ = worker_.get_id();
}

WorkQueue::~WorkQueue() {
    shutdown();
}

void WorkQueue::publish_completed(State& state, uint64_t ticket) {
    state.completed.store(ticket, std::memory_order_seq_cst);
    if (state.sleeping_waiters.load(std::memory_order_seq_cst) > 0) {
        { std::lock_guard<std::mutex> sync(state.done_mu); }
        state.task_done.notify_all();
    }
}

void WorkQueue::run(std::shared_ptr<State> state) {
    std::vector<Entry> batch;  // swapped with `pending`: both keep their capacity
    uint64_t taken = 0;        // tasks taken from `pending` so far (the worker's `queued`)
    std::unique_lock<std::mutex> lock(state->mu);
    for (;;) {
        // An inline run holds the stream: tasks queued behind it wait until it finished.
        if (state->pending.empty() || state->inline_running) {
            if (state->pending.empty() && !state->inline_running
                && state->stop.load(std::memory_order_relaxed)) {
                return;  // stop requested and nothing left
            }
            lock.unlock();
            spin_until(
                [&] {
                    return state->queued.load(std::memory_order_acquire) != taken
                           || state->stop.load(std::memory_order_acquire);
                },
                kWorkerSpin);
            lock.lock();
            while (state->inline_running
                   || (state->pending.empty() && !state->stop.load(std::memory_order_relaxed))) {
                state->worker_sleeping = true;
                state->task_ready.wait(lock);
            }
            state->worker_sleeping = false;
            continue;
        }
        // Every earlier ticket has completed (queued ones by this thread, inline ones before
        // inline_running was cleared), so the batch's tickets follow `completed`.
        uint64_t done = state->completed.load(std::memory_order_relaxed);
        taken += state->pending.size();
        batch.swap(state->pending);
        lock.unlock();
        for (Entry& entry : batch) {
            ++done;
            if (entry.kept || done > state->dropped_through.load(std::memory_order_acquire)) {
                run_task(entry.task);
            } else {
                entry.task.reset();  // dropped by abort_pending
            }
            publish_completed(*state, done);
        }
        batch.clear();
        if (batch.capacity() > kKeptSlots) {
            std::vector<Entry>().swap(batch);
            batch.reserve(kKeptSlots);
        }
        lock.lock();
    }
}

CapturedTask replayable(HostTask&& task, bool kept) {
    auto shared = std::make_shared<HostTask>(std::move(task));
    return CapturedTask{
        [shared] { return HostTask([shared] { (*shared)(); }); }, kept, true, current_task_tag()};
}

uint64_t WorkQueue::enqueue(HostTask&& task, bool kept) {
    uint64_t ticket;
    bool wake;
    {
        std::lock_guard<std::mutex> lock(state_->mu);
        if (state_->capturing) {
            state_->captured.push_back(replayable(std::move(task), kept));
            return state_->submitted.load(std::memory_order_relaxed);
        }
        state_->pending.push_back(Entry{std::move(task), kept});
        ticket = state_->submitted.load(std::memory_order_relaxed) + 1;
        state_->submitted.store(ticket, std::memory_order_release);
        state_->queued.store(state_->queued.load(std::memory_order_relaxed) + 1,
                             std::memory_order_release);
        // While an inline run holds the stream the worker cannot take this task: the run wakes
        // it when it ends.
        wake = state_->worker_sleeping && !state_->inline_running;
        if (wake) {
            state_->worker_sleeping = false;  // one signal is enough until it sleeps again
        }
    }
    if (wake) {
        state_->task_ready.notify_one();
    }
    return ticket;
}

bool WorkQueue::run_inline(HostTask& task) {
    uint64_t ticket;
    {
        std::lock_guard<std::mutex> lock(state_->mu);
        const uint64_t submitted = state_->submitted.load(std::memory_order_relaxed);
        if (state_->capturing || state_->inline_running || !state_->pending.empty()
            || state_->stop.load(std::memory_order_relaxed)
            || state_->completed.load(std::memory_order_acquire) != submitted) {
            return false;  // busy (this also refuses the worker thread: its task is running)
        }
        ticket = submitted + 1;
        state_->submitted.store(ticket, std::memory_order_release);
        state_->inline_running = true;
    }
    run_task(task);
    bool wake;
    {
        std::lock_guard<std::mutex> lock(state_->mu);
        state_->inline_running = false;
        // Under mu, so the worker's next batch sees it (its tickets follow this one).
        publish_completed(*state_, ticket);
        wake = state_->worker_sleeping
               && (!state_->pending.empty() || state_->stop.load(std::memory_order_relaxed));
        if (wake) {
            state_->worker_sleeping = false;
        }
    }
    if (wake) {
        state_->task_ready.notify_one();
    }
    return true;
}

void WorkQueue::abort_pending() {
    std::lock_guard<std::mutex> lock(state_->mu);
    state_->dropped_through.store(state_->submitted.load(std::memory_order_relaxed),
                                  std::memory_order_release);
}

uint64_t WorkQueue::last_ticket() const {
    return state_->submitted.load(std::memory_order_acquire);
}

bool WorkQueue::wait(uint64_t ticket, int64_t timeout_ms) const {
    if (on_worker()) {
        return true;  // a task cannot wait for itself or its successors
    }
    auto done = [&] { return state_->completed.load(std::memory_order_seq_cst) >= ticket; };
    if (spin_until(done, timeout_ms == 0 ? std::chrono::microseconds(0) : kWaitSpin)) {
        return true;
    }
    std::unique_lock<std::mutex> lock(state_->done_mu);
    state_->sleeping_waiters.fetch_add(1, std::memory_order_seq_cst);
    bool finished = true;
    if (timeout_ms < 0) {
        state_->task_done.wait(lock, done);
    } else {
        finished = state_->task_done.wait_for(lock, std::chrono::milliseconds(timeout_ms), done);
    }
    state_->sleeping_waiters.fetch_sub(1, std::memory_order_seq_cst);
    return finished;
}

bool WorkQueue::idle() const {
    const uint64_t submitted = state_->submitted.load(std::memory_order_acquire);
    return state_->completed.load(std::memory_order_acquire) >= submitted;
}

bool WorkQueue::on_worker() const {
    return std::this_thread::get_id() == worker_id_;
}

void WorkQueue::shutdown() {
    if (!worker_.joinable()) {
        return;
    }
    bool idle_now = false;
    {
        std::lock_guard<std::mutex> lock(state_->mu);
        state_->stop.store(true, std::memory_order_release);
        idle_now = state_->pending.empty() && !state_->inline_running
                   && state_->completed.load(std::memory_order_acquire)
                          == state_->submitted.load(std::memory_order_relaxed);
    }
    state_->task_ready.notify_all();
    if (on_worker()) {
        worker_.detach();
    } else if (idle_now) {
        retire(std::move(worker_));
    } else {
        worker_.join();
    }
}

bool WorkQueue::begin_capture() {
    std::lock_guard<std::mutex> lock(state_->mu);
    if (state_->capturing) {
        return false;
    }
    state_->capturing = true;
    state_->captured.clear();
    return true;
}

std::vector<CapturedTask> WorkQueue::end_capture() {
    std::lock_guard<std::mutex> lock(state_->mu);
    state_->capturing = false;
    return std::move(state_->captured);
}

bool WorkQueue::capturing() const {
    std::lock_guard<std::mutex> lock(state_->mu);
    return state_->capturing;
}

size_t WorkQueue::captured_count() const {
    std::lock_guard<std::mutex> lock(state_->mu);
    return state_->capturing ? state_->captured.size() : 0;
}

bool WorkQueue::capture(CapturedTask&& task) {
    std::lock_guard<std::mutex> lock(state_->mu);
    if (!state_->capturing) {
        return false;
    }
    if (!task.tag) {
        task.tag = current_task_tag();
    }
    state_->captured.push_back(std::move(task));
    return true;
}

void WorkQueue::join_retired_workers() {
    std::deque<std::thread> threads;
    {
        RetiredWorkers& retired = retired_workers();
        std::lock_guard<std::mutex> lock(retired.mu);
        threads.swap(retired.threads);
    }
    for (std::thread& thread : threads) {
        thread.join();
    }
}

}  // namespace aclemu::rt::cpu
