// WorkQueue: one worker thread per CPU stream. The worker owns a shared reference to the queue
// state so that a queue shut down from its own worker can finish without a dangling `this`.
#include "backend/cpu/work_queue.h"

#include "aclemu/log.h"

#include <chrono>
#include <exception>

namespace aclemu::rt::cpu {

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
        state->task_ready.wait(lock, [&] { return state->stop || !state->tasks.empty(); });
        if (state->tasks.empty()) {
            return;  // stop requested and nothing left
        }
        std::function<void()> task = std::move(state->tasks.front());
        state->tasks.pop_front();
        lock.unlock();
        try {
            task();
        } catch (const std::exception& e) {
            ACLEMU_LOG(Runtime, Error, "a task on a CPU stream threw: %s", e.what());
        } catch (...) {
            ACLEMU_LOG(Runtime, Error, "a task on a CPU stream threw an unknown exception");
        }
        task = nullptr;  // release captures before reporting completion
        lock.lock();
        ++state->completed;
        state->task_done.notify_all();
    }
}

uint64_t WorkQueue::enqueue(std::function<void()> task) {
    std::lock_guard<std::mutex> lock(state_->mu);
    state_->tasks.push_back(std::move(task));
    state_->task_ready.notify_one();
    return ++state_->submitted;
}

uint64_t WorkQueue::last_ticket() const {
    std::lock_guard<std::mutex> lock(state_->mu);
    return state_->submitted;
}

bool WorkQueue::wait(uint64_t ticket, int64_t timeout_ms) const {
    if (on_worker()) {
        return true;  // a task cannot wait for itself or its successors
    }
    std::unique_lock<std::mutex> lock(state_->mu);
    auto done = [&] { return state_->completed >= ticket; };
    if (timeout_ms < 0) {
        state_->task_done.wait(lock, done);
        return true;
    }
    return state_->task_done.wait_for(lock, std::chrono::milliseconds(timeout_ms), done);
}

bool WorkQueue::idle() const {
    std::lock_guard<std::mutex> lock(state_->mu);
    return state_->completed == state_->submitted;
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
        state_->stop = true;
        state_->task_ready.notify_all();
    }
    if (on_worker()) {
        worker_.detach();
    } else {
        worker_.join();
    }
}

}  // namespace aclemu::rt::cpu
