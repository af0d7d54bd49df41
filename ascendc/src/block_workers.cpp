// block_workers.h: the launching thread's parked workers (Note [Block workers belong to the
// launching thread]).
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

/// Counts the workers of a launch still running. Arrivals are an atomic decrement; only the last
/// takes the lock (so that the launching thread is either before its check or asleep) and wakes it.
class Completion {
public:
    /// Before the workers start: their start() publishes it.
    void expect(uint32_t count) { running_.store(count, std::memory_order_relaxed); }
    void arrive() {
        if (running_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
            { std::lock_guard<std::mutex> lock(mu_); }
            done_.notify_one();  // the Completion outlives the launch: its crew is still there
        }
    }
    void wait() {
        if (running_.load(std::memory_order_acquire) == 0) {
            return;
        }
        std::unique_lock<std::mutex> lock(mu_);
        done_.wait(lock, [this] { return running_.load(std::memory_order_acquire) == 0; });
    }

private:
    std::atomic<uint32_t> running_{0};
    std::mutex mu_;
    std::condition_variable done_;
};

/// One parked thread with its UB; start() hands it one launch's work.
class Worker {
public:
    Worker(uint32_t index, Completion* completion)
        : index_(index), completion_(completion), ub_(new_ub()), thread_([this] { loop(); }) {}

    void start(const BlockWork* work) {
        {
            std::lock_guard<std::mutex> lock(mu_);
            work_ = work;
        }
        wake_.notify_one();
    }

    /// Only between launches: the thread is parked.
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
            work_ = nullptr;
            lock.unlock();
            (*work)(index_, ub_.get());
            completion_->arrive();
            lock.lock();
        }
    }

    const uint32_t index_;
    Completion* const completion_;
    UbBuffer ub_;
    std::mutex mu_;
    std::condition_variable wake_;
    const BlockWork* work_ = nullptr;  // guarded by mu_
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

    void run(uint32_t n, const BlockWork& work) {
        if (forks_ != forks_so_far()) {
            workers_.clear();  // leaked on purpose: their threads stayed with the parent
            forks_ = forks_so_far();
        }
        const uint32_t helpers = n > 0 ? n - 1 : 0;
        while (workers_.size() < helpers) {
            workers_.push_back(
                new Worker(static_cast<uint32_t>(workers_.size()) + 1, &completion_));
        }
        completion_.expect(helpers);
        for (uint32_t w = 0; w < helpers; ++w) {
            workers_[w]->start(&work);
        }
        std::exception_ptr failure;
        if (n > 0) {
            try {
                work(0, own_ub_.get());
            } catch (...) {
                failure = std::current_exception();  // the workers still use `work`
            }
        }
        completion_.wait();
        if (failure) {
            std::rethrow_exception(failure);
        }
    }

private:
    uint64_t forks_;
    UbBuffer own_ub_ = new_ub();
    Completion completion_;
    std::vector<Worker*> workers_;  // workers_[i] runs worker index i + 1
};

}  // namespace

void run_on_block_workers(uint32_t n, const BlockWork& work) {
    thread_local Crew crew;
    crew.run(n, work);
}

}  // namespace aclemu::ascendc::detail
