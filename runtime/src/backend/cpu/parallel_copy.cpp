// ParallelCopier: see Note [Parallel copy without a join] (parallel_copy.h).
//
// Why no lost wake-up and no early return:
// - Helpers sleep on wake_cv_ with the predicate generation_ != seen, tested under mu_; the
//   caller bumps generation_ under mu_ before it notifies. signal_ mirrors generation_ for the
//   lock-free spin; a spinner that misses the store falls through to the locked test.
// - A participant stores each chunk's bytes before its acq_rel increment of `done`; the caller
//   returns only after it read done == chunks (acquire), so every byte is visible to it and to
//   whatever it orders after the copy.
// - The caller sleeps on job.done_cv testing `done` under job.mu; the participant that completes
//   the last chunk increments `done` first and then signals under job.mu.
// Helpers hold a shared reference to the job, so one that reads it after the caller returned
// touches live memory (and finds no chunk left).
#include "backend/cpu/parallel_copy.h"

#include "aclemu/spin_wait.h"

#include <algorithm>
#include <chrono>
#include <cstring>

namespace aclemu::rt::cpu {
namespace {

constexpr uintptr_t kCacheLine = 64;
// How long a helper polls for the next job before it sleeps: covers the gap between
// back-to-back copies (an enqueue, an event record) without keeping a core busy for long.
constexpr std::chrono::microseconds kHelperSpin{200};
// How long the caller polls for a chunk still in a helper's hands before it sleeps.
constexpr std::chrono::microseconds kCallerSpin{50};

}  // namespace

struct ParallelCopier::Job {
    char* dst = nullptr;
    const char* src = nullptr;  // null: fill with `value`
    int value = 0;
    size_t bytes = 0;
    size_t chunks = 0;  // one per participating thread
    size_t chunk_bytes = 0;
    size_t max_helpers = 0;  // set before the job is published
    std::atomic<size_t> next{0};
    std::atomic<size_t> done{0};
    std::atomic<size_t> helpers{0};
    std::mutex mu;
    std::condition_variable done_cv;

    // Offset of chunk i's first byte: i * chunk_bytes moved up to a 64-byte-aligned dst address.
    size_t boundary(size_t i) const {
        if (i == 0) {
            return 0;
        }
        if (i >= chunks) {
            return bytes;
        }
        const uintptr_t base = reinterpret_cast<uintptr_t>(dst);
        const uintptr_t cut = (base + i * chunk_bytes + kCacheLine - 1) & ~(kCacheLine - 1);
        return std::min(static_cast<size_t>(cut - base), bytes);
    }

    // Takes chunks until none is left.
    void work() noexcept {
        for (;;) {
            const size_t i = next.fetch_add(1, std::memory_order_relaxed);
            if (i >= chunks) {
                return;
            }
            const size_t begin = boundary(i);
            const size_t end = boundary(i + 1);
            if (src != nullptr) {
                std::memcpy(dst + begin, src + begin, end - begin);  // ranges do not overlap
            } else {
                std::memset(dst + begin, value, end - begin);
            }
            if (done.fetch_add(1, std::memory_order_acq_rel) + 1 == chunks) {
                std::lock_guard<std::mutex> lock(mu);
                done_cv.notify_all();
            }
        }
    }

    bool finished() const { return done.load(std::memory_order_acquire) == chunks; }
};

ParallelCopier::~ParallelCopier() {
    {
        std::lock_guard<std::mutex> lock(mu_);
        stop_ = true;
        ++generation_;
        signal_.store(generation_, std::memory_order_release);
    }
    wake_cv_.notify_all();
    for (std::thread& helper : helpers_) {
        helper.join();
    }
}

void ParallelCopier::copy(void* dst, const void* src, size_t bytes, int threads) noexcept {
    if (bytes == 0) {
        return;
    }
    const uintptr_t d = reinterpret_cast<uintptr_t>(dst);
    const uintptr_t s = reinterpret_cast<uintptr_t>(src);
    const bool overlap = d < s + bytes && s < d + bytes;
    if (threads > 1 && bytes >= kParallelThreshold && !overlap) {
        std::shared_ptr<Job> job;
        try {
            job = std::make_shared<Job>();
        } catch (...) {
        }
        if (job) {
            job->dst = static_cast<char*>(dst);
            job->src = static_cast<const char*>(src);
            if (run(job, bytes, threads)) {
                return;
            }
        }
    }
    std::memmove(dst, src, bytes);
}

void ParallelCopier::fill(void* dst, int value, size_t bytes, int threads) noexcept {
    if (bytes == 0) {
        return;
    }
    if (threads > 1 && bytes >= kParallelThreshold) {
        std::shared_ptr<Job> job;
        try {
            job = std::make_shared<Job>();
        } catch (...) {
        }
        if (job) {
            job->dst = static_cast<char*>(dst);
            job->value = value;
            if (run(job, bytes, threads)) {
                return;
            }
        }
    }
    std::memset(dst, value, bytes);
}

bool ParallelCopier::run(const std::shared_ptr<Job>& job, size_t bytes, int threads) noexcept {
    job->bytes = bytes;
    job->chunks =
        std::min(static_cast<size_t>(threads), std::max<size_t>(bytes / kMinChunkBytes, 1));
    job->chunk_bytes = (bytes + job->chunks - 1) / job->chunks;
    const size_t wanted = job->chunks - 1;
    if (wanted == 0) {
        return false;
    }
    {
        std::lock_guard<std::mutex> lock(mu_);
        if (current_ || stop_) {
            return false;  // another stream's copy has the helpers; this core copies alone
        }
        try {
            ensure_helpers(wanted);
        } catch (...) {
            // Out of threads: go on with the helpers there are.
        }
        if (helpers_.empty()) {
            return false;
        }
        job->max_helpers = std::min(wanted, helpers_.size());
        current_ = job;
        ++generation_;
        signal_.store(generation_, std::memory_order_release);
    }
    wake_cv_.notify_all();
    job->work();
    if (!spin_until([&] { return job->finished(); }, kCallerSpin)) {
        std::unique_lock<std::mutex> lock(job->mu);
        job->done_cv.wait(lock, [&] { return job->finished(); });
    }
    std::lock_guard<std::mutex> lock(mu_);
    current_.reset();
    return true;
}

void ParallelCopier::ensure_helpers(size_t wanted) {
    while (helpers_.size() < wanted) {
        // A new helper must take the job about to be published: it starts from the generation
        // before that job.
        helpers_.emplace_back([this, seen = generation_] { helper_main(seen); });
    }
}

void ParallelCopier::helper_main(uint64_t seen) noexcept {
    for (;;) {
        spin_until([&] { return signal_.load(std::memory_order_acquire) != seen; }, kHelperSpin);
        std::shared_ptr<Job> job;
        {
            std::unique_lock<std::mutex> lock(mu_);
            wake_cv_.wait(lock, [&] { return generation_ != seen; });
            if (stop_) {
                return;
            }
            seen = generation_;
            job = current_;
        }
        if (job && job->helpers.fetch_add(1, std::memory_order_relaxed) < job->max_helpers) {
            job->work();
        }
    }
}

}  // namespace aclemu::rt::cpu
