// Helpers for the runtime tests: scoped environment variables, a runtime session for plain
// TEST()s (aclInit .. aclFinalize with a chosen backend), a one-shot latch for blocking host
// functions, and error-message access.
#pragma once

#include "acl/acl.h"

#include "aclemu/rt.h"
#include "support/error_message.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace aclemu::test {

// Failing calls log ERROR lines to a file under ASCEND_PROCESS_LOG_PATH ($HOME/ascend/log by
// default); keep the test runs out of $HOME unless the caller chose a directory.
inline const bool kTestLogDirChosen = [] {
    if (std::getenv("ASCEND_PROCESS_LOG_PATH") == nullptr) {
        setenv("ASCEND_PROCESS_LOG_PATH", (::testing::TempDir() + "aclemu-test-logs").c_str(), 1);
    }
    return true;
}();

/// Sets (value != nullptr) or unsets an environment variable; restores it on destruction.
class ScopedEnv {
public:
    ScopedEnv(const char* name, const char* value) : name_(name) {
        if (const char* old = std::getenv(name)) {
            previous_ = old;
        }
        if (value != nullptr) {
            setenv(name, value, 1);
        } else {
            unsetenv(name);
        }
    }
    ~ScopedEnv() {
        if (previous_) {
            setenv(name_.c_str(), previous_->c_str(), 1);
        } else {
            unsetenv(name_.c_str());
        }
    }
    ScopedEnv(const ScopedEnv&) = delete;
    ScopedEnv& operator=(const ScopedEnv&) = delete;

private:
    std::string name_;
    std::optional<std::string> previous_;
};

/// aclInit with ACLEMU_BACKEND=`backend` (restored at once: it is read by aclInit), aclFinalize
/// on destruction when still initialized.
class RuntimeSession {
public:
    explicit RuntimeSession(const char* backend = "cpu") {
        take_recent_error();
        ScopedEnv env("ACLEMU_BACKEND", backend);
        init_result = aclInit(nullptr);
        if (init_result == ACL_ERROR_REPEAT_INITIALIZE) {
            aclFinalize();
            init_result = aclInit(nullptr);
        }
    }
    ~RuntimeSession() { aclFinalize(); }
    RuntimeSession(const RuntimeSession&) = delete;
    RuntimeSession& operator=(const RuntimeSession&) = delete;

    aclError init_result = ACL_SUCCESS;
};

/// Blocks waiters until release(); used to hold a stream inside a host function.
class Latch {
public:
    void release() {
        std::lock_guard<std::mutex> lock(mu_);
        open_ = true;
        cv_.notify_all();
    }
    void wait() {
        std::unique_lock<std::mutex> lock(mu_);
        cv_.wait(lock, [&] { return open_; });
    }
    /// aclrtHostFunc that waits on the Latch passed as `args`.
    static void wait_fn(void* args) { static_cast<Latch*>(args)->wait(); }

private:
    std::mutex mu_;
    std::condition_variable cv_;
    bool open_ = false;
};

/// Appends integers from host functions, under a lock, to check execution order.
class OrderLog {
public:
    void add(int value) {
        std::lock_guard<std::mutex> lock(mu_);
        values_.push_back(value);
    }
    std::vector<int> values() {
        std::lock_guard<std::mutex> lock(mu_);
        return values_;
    }

private:
    std::mutex mu_;
    std::vector<int> values_;
};

/// Host function: sleeps for the number of milliseconds pointed to by `args` (an int).
inline void sleep_fn(void* args) {
    std::this_thread::sleep_for(std::chrono::milliseconds(*static_cast<int*>(args)));
}

/// Resolves `stream` and enqueues `task` on it, as an operator's dispatch does.
inline aclError enqueue_task(aclrtStream stream,
                             rt::HostTask task,
                             rt::TaskLength length = rt::TaskLength::Any) {
    rt::StreamTarget target;
    if (aclError err = rt::resolve_stream(stream, &target); err != ACL_SUCCESS) {
        return err;
    }
    return rt::enqueue_host_task(target, std::move(task), length);
}

/// Host function: sets the bool pointed to by `args` (std::atomic<bool>).
inline void set_flag_fn(void* args) {
    static_cast<std::atomic<bool>*>(args)->store(true);
}

}  // namespace aclemu::test
