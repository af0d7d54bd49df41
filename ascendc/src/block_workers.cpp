// block_workers.h: a pool of parked threads, each with its UB. A worker returns itself to the
// pool before it reports its part done, so the launch after this one finds it idle.
#include "block_workers.h"

#include "launch_record.h"

#include <condition_variable>
#include <cstdlib>
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

/// The workers of one launch still running.
class Latch {
public:
    explicit Latch(uint32_t count) : left_(count) {}
    void arrive() {
        std::lock_guard<std::mutex> lock(mu_);
        if (--left_ == 0) {
            done_.notify_all();
        }
    }
    void wait() {
        std::unique_lock<std::mutex> lock(mu_);
        done_.wait(lock, [this] { return left_ == 0; });
    }

private:
    std::mutex mu_;
    std::condition_variable done_;
    uint32_t left_;
};

class Worker;

/// The idle workers. Never destroyed, nor are the workers: their threads are detached and park
/// until the process ends, so nothing runs into a destroyed pool at exit.
class Pool {
public:
    Worker* take();
    void give_back(Worker* worker) {
        std::lock_guard<std::mutex> lock(mu_);
        idle_.push_back(worker);
    }

private:
    std::mutex mu_;
    std::vector<Worker*> idle_;
};

Pool* g_pool = nullptr;

/// A forked child has none of the parent's threads: it starts with an empty pool (the parent's,
/// whose lock another thread may have held at the fork, is left alone).
void new_pool_in_child() {
    g_pool = new Pool();
}

Pool& pool() {
    static const bool registered = [] {
        g_pool = new Pool();
        pthread_atfork(nullptr, nullptr, &new_pool_in_child);
        return true;
    }();
    (void)registered;
    return *g_pool;
}

class Worker {
public:
    Worker() : ub_(new_ub()) {
        std::thread([this] { loop(); }).detach();
    }

    void start(const BlockWork* work, uint32_t index, Latch* latch) {
        {
            std::lock_guard<std::mutex> lock(mu_);
            work_ = work;
            index_ = index;
            latch_ = latch;
        }
        wake_.notify_one();
    }

private:
    [[noreturn]] void loop() {
        for (;;) {
            std::unique_lock<std::mutex> lock(mu_);
            wake_.wait(lock, [this] { return work_ != nullptr; });
            const BlockWork* work = work_;
            const uint32_t index = index_;
            Latch* latch = latch_;
            work_ = nullptr;
            lock.unlock();
            (*work)(index, ub_.get());
            pool().give_back(this);
            latch->arrive();
        }
    }

    UbBuffer ub_;
    std::mutex mu_;
    std::condition_variable wake_;
    const BlockWork* work_ = nullptr;
    uint32_t index_ = 0;
    Latch* latch_ = nullptr;
};

Worker* Pool::take() {
    {
        std::lock_guard<std::mutex> lock(mu_);
        if (!idle_.empty()) {
            Worker* worker = idle_.back();
            idle_.pop_back();
            return worker;
        }
    }
    return new Worker();
}

}  // namespace

void run_on_block_workers(uint32_t n, const BlockWork& work) {
    thread_local UbBuffer caller_ub = new_ub();
    Latch latch(n - 1);
    for (uint32_t w = 1; w < n; ++w) {
        pool().take()->start(&work, w, &latch);
    }
    work(0, caller_ub.get());
    latch.wait();
}

}  // namespace aclemu::ascendc::detail
