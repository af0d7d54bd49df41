// Large copies and fills of CPU-backend memory (host memory) split over several threads: one
// memmove on one core reaches about half of what the memory system can do (measured on a 2-core
// VM, copies of 4-384 MiB back to back: 24-32 GB/s on one thread, 46-64 GB/s on two).
//
// Note [Parallel copy without a join]: the bytes are cut into one contiguous chunk per thread
// (at most one per kMinChunkBytes), the inner boundaries on 64-byte-aligned destination
// addresses, so no cache line is written by two threads. The caller publishes the job, wakes
// parked helper threads, and every participant, the caller included, takes the next chunk from
// an atomic counter. The caller returns once every chunk is done; it never waits for a helper
// that has not started: a helper the scheduler runs late finds no chunk left and goes back to
// sleep. Worst case the caller copies everything itself, as a plain memmove would. (On the 2-core
// VM a woken thread is often queued behind its waker on the waker's core for a scheduler tick;
// an OpenMP team, which joins every thread, then turned an 8 MiB copy after a few ms of idleness
// from 0.5 ms into 5-7 ms.) A helper polls for kHelperSpin after a job before it sleeps, so
// back-to-back copies find it running on its own core.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace aclemu::rt::cpu {

class ParallelCopier {
public:
    /// Copies and fills smaller than this run on the calling thread alone.
    static constexpr size_t kParallelThreshold = size_t{4} << 20;
    /// Least share of a copy worth a thread of its own.
    static constexpr size_t kMinChunkBytes = size_t{1} << 20;

    ParallelCopier() = default;
    /// Stops and joins the helper threads. No copy may be running.
    ~ParallelCopier();
    ParallelCopier(const ParallelCopier&) = delete;
    ParallelCopier& operator=(const ParallelCopier&) = delete;

    /// memmove(dst, src, bytes) on up to `threads` threads, the caller included. Overlapping
    /// ranges, sizes below kParallelThreshold, threads <= 1 and a copy while another one holds
    /// the helpers take one memmove on the calling thread.
    void copy(void* dst, const void* src, size_t bytes, int threads) noexcept;
    /// memset(dst, value, bytes), split like copy().
    void fill(void* dst, int value, size_t bytes, int threads) noexcept;

private:
    struct Job;

    // Runs `job` over `bytes` with up to threads - 1 helpers; false (nothing done) when the
    // helpers are busy with another job or none could be started.
    bool run(const std::shared_ptr<Job>& job, size_t bytes, int threads) noexcept;
    void ensure_helpers(size_t wanted);        // mu_ held; may throw (thread creation)
    void helper_main(uint64_t seen) noexcept;  // `seen`: the generation it starts after

    std::mutex mu_;
    std::condition_variable wake_cv_;
    std::shared_ptr<Job> current_;  // the job being run, null when none; under mu_
    uint64_t generation_ = 0;       // bumped per job and at stop; under mu_
    bool stop_ = false;             // under mu_
    // generation_ for helpers that spin without the lock.
    std::atomic<uint64_t> signal_{0};
    std::vector<std::thread> helpers_;  // under mu_
};

}  // namespace aclemu::rt::cpu
