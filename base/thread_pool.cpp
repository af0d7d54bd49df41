// run_items: see Note [Host threads without a join] (aclemu/thread_pool.h).
//
// Why no lost wake-up and no early return:
// - Helpers sleep on wake_cv with the predicate generation != seen, tested under mu; a caller
//   bumps generation under mu before it notifies. `signal` mirrors generation for the lock-free
//   spin; a spinner that misses the store falls through to the locked test.
// - A participant finishes an item's writes before its acq_rel increment of `done`; the caller
//   returns only after it read done == items (acquire), so every write is visible to it.
// - The caller sleeps on job.done_cv testing `done` under job.mu; the participant that completes
//   the last item increments `done` first and then signals under job.mu.
// Helpers hold a shared reference to the job, so one that reads it after the caller returned
// touches live memory (and finds no item left). The pool is never destroyed: stream workers may
// still run kernels and copies while the process exits, and parked helpers end with the process.
#include "aclemu/thread_pool.h"

#include "aclemu/spin_wait.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace aclemu {
namespace {

// How long a helper polls for the next job before it sleeps: covers the host-side gap between
// jobs issued back to back (a kernel launched and synchronized, the next copy enqueued: tens of
// microseconds) with room to spare, without keeping a core busy for long.
constexpr std::chrono::microseconds kHelperSpin{500};
// How long the caller polls for items still in helpers' hands before it sleeps.
constexpr std::chrono::microseconds kCallerSpin{50};
struct Job {
    explicit Job(ItemFn fn) : body(fn) {}

    ItemFn body;
    int64_t items = 0;
    int64_t max_helpers = 0;  // set before the job is published
    std::atomic<int64_t> next{0};
    std::atomic<int64_t> done{0};
    std::atomic<int64_t> helpers{0};
    std::mutex mu;
    std::condition_variable done_cv;

    // Claims items until none is left.
    void work() noexcept {
        for (;;) {
            const int64_t i = next.fetch_add(1, std::memory_order_relaxed);
            if (i >= items) {
                return;
            }
            body(i);
            if (done.fetch_add(1, std::memory_order_acq_rel) + 1 == items) {
                std::lock_guard<std::mutex> lock(mu);
                done_cv.notify_all();
            }
        }
    }

    bool finished() const { return done.load(std::memory_order_acquire) == items; }
};

// True on a thread that is running items (a helper, or a caller inside run_items).
thread_local bool tl_inside_job = false;

class Pool {
public:
    // False (nothing done) when another job holds the helpers or none could be started.
    bool run(int threads, int64_t items, ItemFn body) noexcept {
        std::shared_ptr<Job> job;
        try {
            job = std::make_shared<Job>(body);
        } catch (...) {
            return false;
        }
        job->items = items;
        const int64_t wanted = std::min<int64_t>(threads - 1, items - 1);
        {
            std::lock_guard<std::mutex> lock(mu_);
            if (current_) {
                return false;
            }
            try {
                while (static_cast<int64_t>(helpers_) < wanted) {
                    // A new helper must take the job about to be published: it starts from the
                    // generation before that job.
                    std::thread([this, seen = generation_] { helper_main(seen); }).detach();
                    ++helpers_;
                }
            } catch (...) {
                // Out of threads: go on with the helpers there are.
            }
            if (helpers_ == 0) {
                return false;
            }
            job->max_helpers = std::min<int64_t>(wanted, static_cast<int64_t>(helpers_));
            current_ = job;
            ++generation_;
            signal_.store(generation_, std::memory_order_release);
        }
        wake_cv_.notify_all();
        tl_inside_job = true;
        job->work();
        tl_inside_job = false;
        if (!spin_until([&] { return job->finished(); }, kCallerSpin)) {
            std::unique_lock<std::mutex> lock(job->mu);
            job->done_cv.wait(lock, [&] { return job->finished(); });
        }
        std::lock_guard<std::mutex> lock(mu_);
        current_.reset();
        return true;
    }

private:
    void helper_main(uint64_t seen) noexcept {
        tl_inside_job = true;
        for (;;) {
            spin_until([&] { return signal_.load(std::memory_order_acquire) != seen; },
                       kHelperSpin);
            std::shared_ptr<Job> job;
            {
                std::unique_lock<std::mutex> lock(mu_);
                wake_cv_.wait(lock, [&] { return generation_ != seen; });
                seen = generation_;
                job = current_;
            }
            if (job && job->helpers.fetch_add(1, std::memory_order_relaxed) < job->max_helpers) {
                job->work();
            }
        }
    }

    std::mutex mu_;
    std::condition_variable wake_cv_;
    std::shared_ptr<Job> current_;  // the job being run, null when none; under mu_
    uint64_t generation_ = 0;       // bumped per job; under mu_
    size_t helpers_ = 0;            // helper threads started; under mu_
    // generation_ for helpers that spin without the lock.
    std::atomic<uint64_t> signal_{0};
};

Pool& pool() {
    static Pool* const instance = new Pool();  // never destroyed (see the top of this file)
    return *instance;
}

}  // namespace

void run_items(int threads, int64_t items, ItemFn body) {
    if (items <= 0) {
        return;
    }
    if (threads > 1 && items > 1 && !tl_inside_job && pool().run(threads, items, body)) {
        return;
    }
    for (int64_t i = 0; i < items; ++i) {
        body(i);
    }
}

}  // namespace aclemu
