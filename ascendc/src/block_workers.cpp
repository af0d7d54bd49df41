// block_workers.h: the launching thread's parked workers (Note [Block workers belong to the
// launching thread]) and how a launch's blocks are claimed (Note [Blocks are claimed]).
#include "block_workers.h"

#include "launch_record.h"

#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <exception>
#include <memory>
#include <mutex>
#include <pthread.h>
#include <thread>
#include <vector>

namespace aclemu::ascendc::detail {

namespace {

struct AlignedFree {
    void operator()(uint8_t* p) const { std::free(p); }
};
using UbBuffer = std::unique_ptr<uint8_t, AlignedFree>;

UbBuffer new_ub() {
    return UbBuffer(static_cast<uint8_t*>(std::aligned_alloc(64, kUbBytes)));
}

/// Forks seen by this process: a crew made before the last fork has no threads in the child.
std::atomic<uint64_t> g_forks{0};

void count_fork_in_child() {
    g_forks.fetch_add(1, std::memory_order_relaxed);
}

uint64_t forks_so_far() {
    static const bool registered = [] {
        pthread_atfork(nullptr, nullptr, &count_fork_in_child);
        return true;
    }();
    (void)registered;
    return g_forks.load(std::memory_order_relaxed);
}

// Note [Blocks are claimed]: a launch's blocks are not assigned to threads. The claim word holds
// the launch's generation (high 32 bits), its block count (16 bits) and the next unclaimed block
// (16 bits); the launching thread and each worker it woke take blocks by compare-and-swap until
// none is left. So a small kernel's blocks run on whichever threads get there first (on a busy
// host the launching thread may run them all before a woken worker is scheduled), and the launch
// ends when every block has finished, without waiting for workers that found nothing to claim.
// A worker that wakes after its launch ended (or after a later one began) fails the swap on the
// generation and never touches that launch's BlockWork. Every block still gets a live thread of
// its own when SyncAll needs one: `threads` threads are woken for at most as many blocks waiting
// at once, and a thread that is not inside a block keeps claiming.
class Claims {
public:
    /// Starts generation `generation` with `blocks` blocks (< 65536).
    void begin(uint32_t generation, uint32_t blocks) {
        finished_.store(0, std::memory_order_relaxed);
        blocks_ = blocks;
        word_.store(static_cast<uint64_t>(generation) << 32 | static_cast<uint64_t>(blocks) << 16,
                    std::memory_order_release);
    }

    /// Runs blocks of `generation` on this thread until none is left. With `failure`, an
    /// exception from `work` is kept there (the first one) and the block counts as finished;
    /// without, it ends the process, as any thread's uncaught exception does.
    void take_part(uint32_t generation,
                   const BlockWork& work,
                   uint8_t* ub,
                   std::exception_ptr* failure) {
        for (;;) {
            uint64_t word = word_.load(std::memory_order_acquire);
            for (;;) {
                const uint32_t blocks = static_cast<uint32_t>(word >> 16) & 0xFFFFu;
                if (static_cast<uint32_t>(word >> 32) != generation || (word & 0xFFFFu) >= blocks) {
                    return;  // another launch's word, or every block taken
                }
                if (word_.compare_exchange_weak(
                        word, word + 1, std::memory_order_acq_rel, std::memory_order_acquire)) {
                    break;
                }
            }
            const uint32_t block = static_cast<uint32_t>(word & 0xFFFFu);
            if (failure == nullptr) {
                work(block, ub);
            } else {
                try {
                    work(block, ub);
                } catch (...) {
                    if (!*failure) {
                        *failure = std::current_exception();
                    }
                }
            }
            block_finished();
        }
    }

    /// Waits until every block of the current generation has finished.
    void wait_all() {
        std::unique_lock<std::mutex> lock(mu_);
        done_.wait(lock, [this] { return finished_.load(std::memory_order_acquire) == blocks_; });
    }

private:
    void block_finished() {
        const uint32_t blocks = blocks_;  // read before the count lets the next launch rewrite it
        if (finished_.fetch_add(1, std::memory_order_acq_rel) + 1 == blocks) {
            { std::lock_guard<std::mutex> lock(mu_); }  // the waiter is before its check or asleep
            done_.notify_one();
        }
    }

    std::atomic<uint64_t> word_{0};
    std::atomic<uint32_t> finished_{0};
    uint32_t blocks_ = 0;  // written by begin() before the release store that publishes it
    std::mutex mu_;
    std::condition_variable done_;
};

/// One parked thread with its UB; start() hands it a launch to take part in.
class Worker {
public:
    explicit Worker(Claims* claims) : claims_(claims), ub_(new_ub()), thread_([this] { loop(); }) {}

    void start(const BlockWork* work, uint32_t generation) {
        {
            std::lock_guard<std::mutex> lock(mu_);
            work_ = work;
            generation_ = generation;
        }
        wake_.notify_one();
    }

    /// Only between launches (a late worker may still be failing its claim; it stops after).
    void stop_and_join() {
        {
            std::lock_guard<std::mutex> lock(mu_);
            stop_ = true;
        }
        wake_.notify_one();
        thread_.join();
    }

private:
    void loop() {
        std::unique_lock<std::mutex> lock(mu_);
        for (;;) {
            wake_.wait(lock, [this] { return work_ != nullptr || stop_; });
            if (stop_) {
                return;
            }
            const BlockWork* work = work_;
            const uint32_t generation = generation_;
            work_ = nullptr;
            lock.unlock();
            claims_->take_part(generation, *work, ub_.get(), nullptr);
            lock.lock();
        }
    }

    Claims* const claims_;
    UbBuffer ub_;
    std::mutex mu_;
    std::condition_variable wake_;
    const BlockWork* work_ = nullptr;  // guarded by mu_
    uint32_t generation_ = 0;          // guarded by mu_
    bool stop_ = false;                // guarded by mu_
    std::thread thread_;               // last: starts once the fields above exist
};

/// The calling thread's UB and workers, kept from one launch to the next.
class Crew {
public:
    Crew() : forks_(forks_so_far()) {}
    Crew(const Crew&) = delete;
    Crew& operator=(const Crew&) = delete;

    ~Crew() {
        if (forks_ != forks_so_far()) {
            return;  // inherited by a forked child: the threads are not here, leave them be
        }
        for (Worker* worker : workers_) {
            worker->stop_and_join();
            delete worker;
        }
    }

    void run(uint32_t blocks, uint32_t threads, const BlockWork& work) {
        if (blocks == 0) {
            return;
        }
        if (forks_ != forks_so_far()) {
            workers_.clear();  // leaked on purpose: their threads stayed with the parent
            forks_ = forks_so_far();
        }
        const uint32_t helpers = (threads < blocks ? threads : blocks) - 1;
        while (workers_.size() < helpers) {
            workers_.push_back(new Worker(&claims_));
        }
        const uint32_t generation = ++generation_;
        claims_.begin(generation, blocks);
        for (uint32_t w = 0; w < helpers; ++w) {
            workers_[w]->start(&work, generation);
        }
        std::exception_ptr failure;
        claims_.take_part(generation, work, own_ub_.get(), &failure);
        claims_.wait_all();  // after a failure too: the other blocks still use `work`
        if (failure) {
            std::rethrow_exception(failure);
        }
    }

private:
    uint64_t forks_;
    uint32_t generation_ = 0;
    UbBuffer own_ub_ = new_ub();
    Claims claims_;
    std::vector<Worker*> workers_;
};

}  // namespace

void run_blocks(uint32_t blocks, uint32_t threads, const BlockWork& work) {
    thread_local Crew crew;
    crew.run(blocks, threads, work);
}

}  // namespace aclemu::ascendc::detail
