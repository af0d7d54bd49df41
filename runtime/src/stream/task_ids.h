// Task ids (aclrtGetThreadLastTaskId, aclrtGetTaskIdFromExceptionInfo): every task put on a
// stream gets the next id of the process, and the thread that put it there remembers it. While an
// exception callback is registered, a task of an operator library (rt.h enqueue_host_task) knows
// its id and its issuing thread while it runs, for the failure report (fail_stream_task).
#pragma once

#include <cstdint>

namespace aclemu::rt {

/// The next task id (never 0, so that 0 can say "no task yet"); becomes the calling thread's last.
uint32_t issue_task_id();
/// The id of the last task the calling thread put on a stream; 0 before its first.
uint32_t thread_last_task_id();
/// The kernel's id of the calling thread (gettid).
uint32_t os_thread_id();

/// What the failure report knows about the task running on this thread.
struct RunningTask {
    uint32_t task_id = 0;
    uint32_t issuing_thread = 0;
    const void* function = nullptr;  // the function handle of a launch by loaded binary
};

/// Marks the task running on this thread for the scope's lifetime.
class RunningTaskScope {
public:
    explicit RunningTaskScope(RunningTask task);
    ~RunningTaskScope();
    RunningTaskScope(const RunningTaskScope&) = delete;
    RunningTaskScope& operator=(const RunningTaskScope&) = delete;

private:
    RunningTask previous_;
};

/// The task running on this thread (all zero outside one).
RunningTask running_task();

/// Marks `function` (an aclrtFuncHandle) as the kernel this thread is launching for the scope's
/// lifetime: the task it enqueues carries it to the exception report.
class LaunchingFunctionScope {
public:
    explicit LaunchingFunctionScope(const void* function);
    ~LaunchingFunctionScope();
    LaunchingFunctionScope(const LaunchingFunctionScope&) = delete;
    LaunchingFunctionScope& operator=(const LaunchingFunctionScope&) = delete;

private:
    const void* previous_;
};

/// The function handle this thread is launching (NULL outside a launch by loaded binary).
const void* launching_function();

}  // namespace aclemu::rt
