// Note [Happens-before in the simulator]: for ThreadSanitizer every GPU thread is a fiber of its
// own, and fibers are switched without synchronization, so TSan orders two GPU threads only
// where the simulator says:
//   - launch: the stream's worker releases the job's launch anchor after the stream's earlier
//     work (which includes acquiring earlier grids' completion); every GPU thread acquires it
//     when it starts;
//   - barrier: each thread releases its block's barrier anchor when it arrives at
//     __syncthreads() and acquires it when the barrier opens (fresh anchors per block, two of
//     them used in turn: a thread that already arrived at the next barrier must not release
//     into the anchor a slower thread still acquires from the last one, or what it did between
//     the two barriers would be ordered before that thread's next steps and hide a race);
//   - completion: every GPU thread releases the job's done anchor; the stream's worker acquires
//     it once all blocks ran, and stream order carries it on;
//   - one runner's blocks, one after the other: its `__shared__` memory is the same host
//     memory for every block it runs, and TSan cannot forget accesses, so each block's threads
//     release the runner's chain anchor when they finish and the next block's acquire it. This
//     is the one ordering a GPU does not have: races between two blocks (of one grid, or of
//     grids on unordered streams) are reported when the blocks ran on different runners. Block
//     b runs on runner b % runners, so neighbouring blocks always do.
// The runners' own hand-offs (a queue shared by every stream) and what a runner writes for its
// fibers (their stacks and contexts, the poison in shared memory) are invisible to TSan, and
// runner and fibers otherwise talk through atomics, so nothing else orders unrelated work.
#include "grid.h"

#include "block_shared_memory.h"
#include "checker.h"
#include "fault.h"
#include "fiber.h"
#include "sanitizer.h"
#include "settings.h"
#include "state.h"
#include "stream.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace gpusim::detail {
namespace {

constexpr size_t kFiberStackBytes = 256 * 1024;

struct GridJob {
    LaunchConfig config;
    void* closure = nullptr;
    ThreadEntry entry = nullptr;
    ClosureDeleter deleter = nullptr;
    SharedSegment shared;
    uint64_t total_blocks = 0;
    unsigned runners_passed = 0;  // the runner pool's lock
    unsigned runners_done = 0;    // `mutex`
    std::mutex mutex;
    std::condition_variable finished;
    char launch_anchor = 0;  // TSan sync objects (their addresses)
    char done_anchor = 0;
    std::shared_ptr<check::LaunchChecker> checker;  // null when the checker is off
    uint64_t runs = 0;                              // a captured grid runs once per graph launch

    ~GridJob() { deleter(closure); }
};

enum class FiberStatus : int { Runnable, AtBarrier, Finished };

class Runner;

// One GPU thread's fiber. What the runner tells it travels in atomics (Note [Happens-before in
// the simulator]).
struct FiberSlot {
    Runner* runner = nullptr;
    std::unique_ptr<Fiber> fiber;
    std::atomic<GridJob*> job{nullptr};
    std::atomic<char*> barrier{nullptr};        // the block's two barrier anchors
    std::atomic<unsigned> barriers_passed{0};   // which of them the next barrier uses
    std::atomic<char*> after_blocks{nullptr};   // the runner's earlier blocks: acquire at start
    std::atomic<char*> before_blocks{nullptr};  // its later blocks: release at the end
    std::atomic<unsigned> thread[3] = {};
    std::atomic<unsigned> block[3] = {};
    std::atomic<FiberStatus> status{FiberStatus::Finished};
    std::atomic<const char*> barrier_file{nullptr};  // where it waits (the race checker's)
    std::atomic<int> barrier_line{0};
};

thread_local std::atomic<FiberSlot*> tl_current{nullptr};

FiberSlot& current_slot() {
    FiberSlot* slot = tl_current.load(std::memory_order_relaxed);
    if (slot == nullptr) {
        std::fprintf(stderr, "gpusim: a device builtin was used outside a kernel\n");
        std::abort();
    }
    return *slot;
}

void fiber_main(void* arg);

class Runner {
public:
    Runner() {
        san::Invisible invisible;  // read by the fibers when they switch back
        init_host_context(host_);
    }

    Context& host() { return host_; }

    /// Block `linear` of `job`. The runner reads nothing of the job itself (its thread's reads
    /// would need ordering against the job's release): the caller copied what it needs.
    void run_block(GridJob* job,
                   uint64_t linear,
                   dim3 g,
                   dim3 b,
                   const SharedSegment& shared,
                   check::LaunchChecker* checker) {
        const unsigned threads = b.x * b.y * b.z;
        while (fibers_.size() < threads) {
            std::unique_ptr<FiberSlot> slot;
            {
                san::Invisible invisible;  // written here, read by the fiber
                slot = std::make_unique<FiberSlot>();
                slot->runner = this;
            }
            auto fiber = std::make_unique<Fiber>(&fiber_main, slot.get(), kFiberStackBytes);
            san::Invisible invisible;
            slot->fiber = std::move(fiber);  // from here on, only atomics pass between them
            fibers_.push_back(std::move(slot));
        }
        void* shared_memory = reset_shared_memory(shared);
        if (checker != nullptr) {
            san::Invisible invisible;
            checker_.begin_block(checker, linear, shared_memory, shared.bytes);
            if (check::memory_hooks_built()) {
                check::set_current(&checker_);
            }
        }
        // A fresh barrier anchor per block: its address is never shared with another block.
        std::unique_ptr<char[]> barrier(new char[2]());
        const unsigned block_index[3] = {static_cast<unsigned>(linear % g.x),
                                         static_cast<unsigned>(linear / g.x % g.y),
                                         static_cast<unsigned>(linear / g.x / g.y)};
        // Threads run in index order up to each barrier, every other block in reverse, so a
        // missing barrier between writing and reading a neighbour's value shows either way.
        const bool descending = blocks_run_ % 2 == 1;
        // The chain: this block's threads come after everything the runner's earlier blocks did
        // (its previous block released into the other anchor, and acquired all before it), and
        // release into this anchor for the next block, which no thread of this block acquires.
        char* after = &chain_[(blocks_run_ + 1) % 2];
        char* before = &chain_[blocks_run_ % 2];
        ++blocks_run_;
        for (unsigned t = 0; t < threads; ++t) {
            FiberSlot& slot = *fibers_[t];
            slot.job.store(job, std::memory_order_relaxed);
            slot.barrier.store(barrier.get(), std::memory_order_relaxed);
            slot.barriers_passed.store(0, std::memory_order_relaxed);
            slot.after_blocks.store(after, std::memory_order_relaxed);
            slot.before_blocks.store(before, std::memory_order_relaxed);
            slot.thread[0].store(t % b.x, std::memory_order_relaxed);
            slot.thread[1].store(t / b.x % b.y, std::memory_order_relaxed);
            slot.thread[2].store(t / b.x / b.y, std::memory_order_relaxed);
            for (int d = 0; d < 3; ++d) {
                slot.block[d].store(block_index[d], std::memory_order_relaxed);
            }
            slot.status.store(FiberStatus::Runnable, std::memory_order_relaxed);
        }
        for (;;) {
            unsigned waiting = 0;
            for (unsigned i = 0; i < threads; ++i) {
                FiberSlot& slot = *fibers_[descending ? threads - 1 - i : i];
                if (slot.status.load(std::memory_order_relaxed) != FiberStatus::Runnable) {
                    continue;
                }
                tl_current.store(&slot, std::memory_order_relaxed);
                if (checker != nullptr) {
                    san::Invisible invisible;
                    const Context& context = slot.fiber->context();
                    checker_.set_thread(
                        descending ? threads - 1 - i : i, context.stack_bottom, context.stack_size);
                }
                switch_context(host_, slot.fiber->context());
                tl_current.store(nullptr, std::memory_order_relaxed);
                if (slot.status.load(std::memory_order_relaxed) == FiberStatus::AtBarrier) {
                    ++waiting;
                }
            }
            if (waiting == 0) {
                break;  // every thread finished
            }
            if (checker != nullptr) {
                check_barrier(threads);
            }
            // Every thread still running is at the barrier (finished ones count as arrived):
            // open it.
            for (unsigned t = 0; t < threads; ++t) {
                FiberSlot& slot = *fibers_[t];
                if (slot.status.load(std::memory_order_relaxed) == FiberStatus::AtBarrier) {
                    slot.status.store(FiberStatus::Runnable, std::memory_order_relaxed);
                }
            }
        }
        if (checker != nullptr) {
            san::Invisible invisible;
            check::set_current(nullptr);
            checker_.end_block();
        }
    }

private:
    // Every thread still running is at a barrier: the same one, and none has ended.
    void check_barrier(unsigned threads) {
        san::Invisible invisible;
        sites_.resize(threads);
        for (unsigned t = 0; t < threads; ++t) {
            const FiberSlot& slot = *fibers_[t];
            const bool waits =
                slot.status.load(std::memory_order_relaxed) == FiberStatus::AtBarrier;
            sites_[t] = {waits ? slot.barrier_file.load(std::memory_order_relaxed) : nullptr,
                         slot.barrier_line.load(std::memory_order_relaxed)};
        }
        checker_.check_barrier(sites_.data(), threads);
        checker_.barrier_opened();
    }

    Context host_;
    check::BlockChecker checker_;
    std::vector<check::BlockChecker::BarrierSite> sites_;
    char chain_[2] = {};  // Note [Happens-before in the simulator]: this runner's blocks in order
    std::vector<std::unique_ptr<FiberSlot>> fibers_;
    uint64_t blocks_run_ = 0;
};

void fiber_main(void* arg) {
    FiberSlot& self = *static_cast<FiberSlot*>(arg);
    Fiber::started(self.runner->host());
    for (;;) {
        GridJob& job = *self.job.load(std::memory_order_relaxed);
        san::acquire(&job.launch_anchor);
        san::acquire(self.after_blocks.load(std::memory_order_relaxed));
        job.entry(job.closure);
        san::release(&job.done_anchor);
        san::release(self.before_blocks.load(std::memory_order_relaxed));
        self.status.store(FiberStatus::Finished, std::memory_order_relaxed);
        switch_context(self.fiber->context(), self.runner->host());
    }
}

// The simulated multiprocessors: host threads that take every queued grid in launch order, runner
// r running blocks r, r + runners, ... of it (Note [Happens-before in the simulator]).
class RunnerPool {
public:
    RunnerPool() : count_(runner_count()) {
        for (unsigned i = 0; i < count_; ++i) {
            std::thread([this, i] { work(i); }).detach();
        }
    }

    /// Runs every block of `job`; returns when every runner is done with it.
    void run(GridJob& job) {
        san::Invisible invisible;
        {
            // A captured grid runs once per graph launch: each run starts its counts afresh.
            std::lock_guard<std::mutex> job_lock(job.mutex);
            job.runners_done = 0;
        }
        {
            std::lock_guard<std::mutex> lock(mutex_);
            job.runners_passed = 0;
            jobs_.emplace(next_sequence_++, &job);
        }
        work_.notify_all();
        std::unique_lock<std::mutex> lock(job.mutex);
        job.finished.wait(lock, [&] { return job.runners_done == count_; });
    }

private:
    static unsigned runner_count() {
        if (auto value = parse_setting(std::getenv(kThreadsVariable), 1, kMaxRunners)) {
            return static_cast<unsigned>(*value);
        }
        return default_runner_count();
    }

    void work(unsigned index) {
        Runner runner;
        for (uint64_t sequence = 0;; ++sequence) {
            GridJob* job;
            dim3 grid;
            dim3 block;
            SharedSegment shared;
            uint64_t blocks;
            check::LaunchChecker* checker;
            {
                san::Invisible invisible;
                std::unique_lock<std::mutex> lock(mutex_);
                work_.wait(lock, [&] { return jobs_.count(sequence) == 1; });
                job = jobs_[sequence];
                grid = job->config.grid;
                block = job->config.block;
                shared = job->shared;
                blocks = job->total_blocks;
                checker = job->checker.get();
            }
            for (uint64_t b = index; b < blocks; b += count_) {
                runner.run_block(job, b, grid, block, shared, checker);
            }
            san::Invisible invisible;
            bool last;
            {
                std::lock_guard<std::mutex> lock(mutex_);
                last = ++job->runners_passed == count_;
                if (last) {
                    jobs_.erase(sequence);
                }
            }
            if (last) {
                std::lock_guard<std::mutex> lock(job->mutex);
                job->runners_done = count_;
                job->finished.notify_all();
            }
        }
    }

    const unsigned count_;
    std::mutex mutex_;
    std::condition_variable work_;
    std::map<uint64_t, GridJob*> jobs_;  // by launch sequence
    uint64_t next_sequence_ = 0;
};

RunnerPool& runners() {
    static auto* pool = new RunnerPool;  // never destroyed: its threads live as long as the process
    return *pool;
}

// Runs on the stream's worker, in stream order.
void run_grid(GridJob& job) {
    if (sticky() != gpusimSuccess) {
        return;  // after a fault the device runs nothing more
    }
    if (gpusimError_t fault = injected_fault(kKernelFaultApi)) {
        std::fprintf(stderr,
                     "gpusim: kernel %s: injected fault %s\n",
                     job.config.kernel_name,
                     gpusimGetErrorName(fault));
        set_sticky(fault);
        return;
    }
    if (job.runs++ > 0 && job.checker != nullptr) {
        job.checker = check::make_launch_checker(job.config);  // each run is a launch of its own
    }
    san::release(&job.launch_anchor);
    runners().run(job);
    san::acquire(&job.done_anchor);
}

}  // namespace

gpusimError_t check_launch(const LaunchConfig& config) {
    const dim3 g = config.grid;
    const dim3 b = config.block;
    const unsigned* max_grid = device_profile().max_grid_dim;
    if (g.x == 0 || g.y == 0 || g.z == 0 || g.x > max_grid[0] || g.y > max_grid[1]
        || g.z > max_grid[2]) {
        return gpusimErrorInvalidConfiguration;
    }
    if (b.x == 0 || b.y == 0 || b.z == 0 || b.x > kMaxBlockDim[0] || b.y > kMaxBlockDim[1]
        || b.z > kMaxBlockDim[2] || static_cast<uint64_t>(b.x) * b.y * b.z > kMaxThreadsPerBlock) {
        return gpusimErrorInvalidConfiguration;
    }
    if (config.dynamic_shared_bytes > kMaxSharedBytesPerBlock) {
        return gpusimErrorInvalidConfiguration;
    }
    // A kernel's __launch_bounds__ caps its threads per block the way its register use does:
    // the driver refuses more with "too many resources requested for launch".
    if (config.max_threads_per_block > 0
        && b.x * b.y * b.z > static_cast<unsigned>(config.max_threads_per_block)) {
        return gpusimErrorLaunchOutOfResources;
    }
    return gpusimSuccess;
}

uint3 thread_index() {
    FiberSlot& slot = current_slot();
    return uint3{slot.thread[0].load(std::memory_order_relaxed),
                 slot.thread[1].load(std::memory_order_relaxed),
                 slot.thread[2].load(std::memory_order_relaxed)};
}

uint3 block_index() {
    FiberSlot& slot = current_slot();
    return uint3{slot.block[0].load(std::memory_order_relaxed),
                 slot.block[1].load(std::memory_order_relaxed),
                 slot.block[2].load(std::memory_order_relaxed)};
}

dim3 block_dimensions() {
    return current_slot().job.load(std::memory_order_relaxed)->config.block;
}

dim3 grid_dimensions() {
    return current_slot().job.load(std::memory_order_relaxed)->config.grid;
}

void syncthreads(const char* file, int line) {
    FiberSlot& self = current_slot();
    self.barrier_file.store(file, std::memory_order_relaxed);
    self.barrier_line.store(line, std::memory_order_relaxed);
    const unsigned passed = self.barriers_passed.load(std::memory_order_relaxed);
    self.barriers_passed.store(passed + 1, std::memory_order_relaxed);
    char* barrier = self.barrier.load(std::memory_order_relaxed) + passed % 2;
    san::release(barrier);
    self.status.store(FiberStatus::AtBarrier, std::memory_order_relaxed);
    switch_context(self.fiber->context(), self.runner->host());
    san::acquire(barrier);
}

void device_fault(gpusimError_t code, const char* what) {
    FiberSlot& slot = current_slot();
    const uint3 t = thread_index();
    const uint3 b = block_index();
    std::fprintf(stderr,
                 "gpusim: kernel %s, block (%u,%u,%u), thread (%u,%u,%u): %s\n",
                 slot.job.load(std::memory_order_relaxed)->config.kernel_name,
                 b.x,
                 b.y,
                 b.z,
                 t.x,
                 t.y,
                 t.z,
                 what);
    set_sticky(code);
}

void launch(const LaunchConfig& config, void* closure, ThreadEntry entry, ClosureDeleter deleter) {
    auto job = std::make_shared<GridJob>();
    job->config = config;
    job->closure = closure;
    job->entry = entry;
    job->deleter = deleter;
    gpusimError_t status = enter(kLaunchApi);
    if (status == gpusimSuccess) {
        status = record(check_launch(config));
    }
    std::shared_ptr<gpusimStream> stream;
    if (status == gpusimSuccess) {
        stream = find_stream(config.stream);
        if (stream == nullptr) {
            status = record(gpusimErrorInvalidResourceHandle);
        }
    }
    if (status != gpusimSuccess) {
        return;  // the job (and the parameter copy) goes with it
    }
    job->shared = shared_segment_of(config.kernel_address);
    job->total_blocks = static_cast<uint64_t>(config.grid.x) * config.grid.y * config.grid.z;
    if (check::enabled()) {
        job->checker = check::make_launch_checker(config);
    }
    submit(stream, [job] { run_grid(*job); });
}

}  // namespace gpusim::detail
