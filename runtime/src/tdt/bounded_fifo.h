// A bounded first-in first-out queue with blocking, timed and non-blocking push and pop, and a
// stop that wakes every waiter: TDT channels and queues (acl_tdt.h, acl_tdt_queue.h) are this
// over their messages. Thread-safe.
#pragma once

#include "tdt/tdt_timeout.h"

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <utility>

namespace aclemu::rt::tdt {

enum class FifoResult { Done, Full, Empty, Stopped, Refused };

template <class T>
class BoundedFifo {
public:
    explicit BoundedFifo(size_t capacity) : capacity_(capacity) {}

    /// Appends `value` unless the FIFO stays full until `deadline` (Full) or is stopped.
    FifoResult push(T value, const Deadline& deadline) {
        std::unique_lock<std::mutex> lock(mu_);
        if (!wait(
                lock, not_full_, deadline, [&] { return stopped_ || items_.size() < capacity_; })) {
            return FifoResult::Full;
        }
        if (stopped_) {
            return FifoResult::Stopped;
        }
        items_.push_back(std::move(value));
        not_empty_.notify_one();
        return FifoResult::Done;
    }

    /// Takes the oldest value unless the FIFO stays empty until `deadline` (Empty) or is
    /// stopped while empty.
    FifoResult pop(T* out, const Deadline& deadline) {
        return pop_if(out, deadline, [](const T&) { return true; });
    }

    /// As pop, but the oldest value is taken only if `accept(value)` says so; else it stays
    /// first (Refused).
    template <class Accept>
    FifoResult pop_if(T* out, const Deadline& deadline, Accept accept) {
        std::unique_lock<std::mutex> lock(mu_);
        if (!wait(lock, not_empty_, deadline, [&] { return stopped_ || !items_.empty(); })) {
            return FifoResult::Empty;
        }
        if (items_.empty()) {
            return FifoResult::Stopped;
        }
        if (!accept(items_.front())) {
            return FifoResult::Refused;
        }
        *out = std::move(items_.front());
        items_.pop_front();
        not_full_.notify_one();
        return FifoResult::Done;
    }

    /// Wakes every waiter; from now on push fails and pop fails once the FIFO is empty.
    void stop() {
        std::lock_guard<std::mutex> lock(mu_);
        stopped_ = true;
        not_full_.notify_all();
        not_empty_.notify_all();
    }

    /// Removes and returns everything queued.
    std::deque<T> clear() {
        std::lock_guard<std::mutex> lock(mu_);
        std::deque<T> taken;
        taken.swap(items_);
        not_full_.notify_all();
        return taken;
    }

    size_t size() const {
        std::lock_guard<std::mutex> lock(mu_);
        return items_.size();
    }
    size_t capacity() const { return capacity_; }

private:
    template <class Ready>
    static bool wait(std::unique_lock<std::mutex>& lock,
                     std::condition_variable& cv,
                     const Deadline& deadline,
                     Ready ready) {
        if (deadline.forever) {
            cv.wait(lock, ready);
            return true;
        }
        return cv.wait_until(lock, deadline.at, ready);
    }

    const size_t capacity_;
    mutable std::mutex mu_;
    std::condition_variable not_full_;
    std::condition_variable not_empty_;
    std::deque<T> items_;
    bool stopped_ = false;
};

}  // namespace aclemu::rt::tdt
