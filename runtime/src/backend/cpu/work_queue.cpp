// WorkQueue: one worker thread per CPU stream. The worker owns a shared reference to the queue
// state so that a queue shut down from its own worker can finish without a dangling `this`.
// Note [Work queue wake-ups] (work_queue.h): `worker_sleeping` and `sleeping_waiters` are only
// changed under `mu`, and a sleeper re-checks its condition under `mu` before it blocks, so a
// signal skipped because nobody was marked asleep cannot be a lost wake-up.
#include "backend/cpu/work_queue.h"

#include "aclemu/log.h"

#include <chrono>
#include <exception>

namespace aclemu::rt::cpu {
namespace {

// How long the worker polls for the next task before it sleeps, and how long wait() polls for
// completion before it sleeps. Short enough that an idle stream burns no noticeable CPU, long
// enough to cover the gap between back-to-back enqueues and a small kernel.
constexpr std::chrono::microseconds kWorkerSpin{40};
constexpr std::chrono::microseconds kWaitSpin{40};

inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    asm volatile("yield" ::: "memory");
#else
    std::this_thread::yield();
#endif
}

// Spinning only pays when another core can make progress meanwhile.
bool spinning_allowed() {
    static const bool allowed = std::thread::hardware_concurrency() > 1;
    return allowed;
}

// Polls `ready` for at most `budget`; true as soon as it holds.
template <class Pred>
bool spin_until(Pred ready, std::chrono::microseconds budget) {
    if (ready()) {
        return true;
    }
    if (!spinning_allowed() || budget.count() <= 0) {
        return false;
    }
    const auto deadline = std::chrono::steady_clock::now() + budget;
    for (unsigned i = 1;; ++i) {
        cpu_relax();
        if (ready()) {
            return true;
        }
        if ((i & 15) == 0 && std::chrono::steady_clock::now() >= deadline) {
            return false;
        }
    }
}

}  // namespace

void TaskRing::push_back(HostTask task) {
    if (size_ == slots_.size()) {
        std::vector<HostTask> grown(slots_.empty() ? 16 : slots_.size() * 2);
        for (size_t i = 0; i < size_; ++i) {
            grown[i] = std::move(slots_[(head_ + i) & (slots_.size() - 1)]);
        }
        slots_.swap(grown);
        head_ = 0;
    }
    slots_[(head_ + size_) & (slots_.size() - 1)] = std::move(task);
    ++size_;
}

HostTask TaskRing::pop_front() {
    HostTask task = std::move(slots_[head_]);
    head_ = (head_ + 1) & (slots_.size() - 1);
    --size_;
    return task;
}

WorkQueue::WorkQueue() : state_(std::make_shared<State>()) {
    worker_ = std::thread(&WorkQueue::run, state_);
    worker_id_ = worker_.get_id();
}

WorkQueue::~WorkQueue() {
    shutdown();
}

void WorkQueue::run(std::shared_ptr<State> state) {
    std::unique_lock<std::mutex> lock(state->mu);
    for (;;) {
        if (state->tasks.empty()) {
            if (state->stop.load(std::memory_order_relaxed)) {
                return;  // stop requested and nothing left
            }
            // Every task taken has completed here, so new work shows as submitted > completed.
            lock.unlock();
            spin_until(
                [&] {
                    return state->submitted.load(std::memory_order_acquire)
                               != state->completed.load(std::memory_order_relaxed)
                           || state->stop.load(std::memory_order_acquire);
                },
                kWorkerSpin);
            lock.lock();
            while (state->tasks.empty() && !state->stop.load(std::memory_order_relaxed)) {
                state->worker_sleeping = true;
                state->task_ready.wait(lock);
            }
            state->worker_sleeping = false;
            continue;
        }
        HostTask task = state->tasks.pop_front();
        lock.unlock();
        try {
            task();
        } catch (const std::exception& e) {
            ACLEMU_LOG(Runtime, Error, "a task on a CPU stream threw: %s", e.what());
        } catch (...) {
            ACLEMU_LOG(Runtime, Error, "a task on a CPU stream threw an unknown exception");
        }
        task.reset();  // release captures before reporting completion
        lock.lock();
        state->completed.store(state->completed.load(std::memory_order_relaxed) + 1,
                               std::memory_order_release);
        if (state->sleeping_waiters > 0) {
            state->task_done.notify_all();
        }
    }
}

uint64_t WorkQueue::enqueue(HostTask task) {
    uint64_t ticket;
    bool wake;
    {
        std::lock_guard<std::mutex> lock(state_->mu);
        state_->tasks.push_back(std::move(task));
        ticket = state_->submitted.load(std::memory_order_relaxed) + 1;
        state_->submitted.store(ticket, std::memory_order_release);
        wake = state_->worker_sleeping;
        state_->worker_sleeping = false;  // one signal is enough until it sleeps again
    }
    if (wake) {
        state_->task_ready.notify_one();
    }
    return ticket;
}

uint64_t WorkQueue::last_ticket() const {
    return state_->submitted.load(std::memory_order_acquire);
}

bool WorkQueue::wait(uint64_t ticket, int64_t timeout_ms) const {
    if (on_worker()) {
        return true;  // a task cannot wait for itself or its successors
    }
    auto done = [&] { return state_->completed.load(std::memory_order_acquire) >= ticket; };
    if (spin_until(done, timeout_ms == 0 ? std::chrono::microseconds(0) : kWaitSpin)) {
        return true;
    }
    std::unique_lock<std::mutex> lock(state_->mu);
    ++state_->sleeping_waiters;
    bool finished = true;
    if (timeout_ms < 0) {
        state_->task_done.wait(lock, done);
    } else {
        finished = state_->task_done.wait_for(lock, std::chrono::milliseconds(timeout_ms), done);
    }
    --state_->sleeping_waiters;
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
    {
        std::lock_guard<std::mutex> lock(state_->mu);
        state_->stop.store(true, std::memory_order_release);
    }
    state_->task_ready.notify_all();
    if (on_worker()) {
        worker_.detach();
    } else {
        worker_.join();
    }
}

}  // namespace aclemu::rt::cpu
