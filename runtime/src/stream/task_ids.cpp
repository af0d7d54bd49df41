// Task ids (task_ids.h).
#include "stream/task_ids.h"

#include <atomic>
#include <sys/syscall.h>
#include <unistd.h>

namespace aclemu::rt {

namespace {

std::atomic<uint32_t> next_task_id{0};
thread_local uint32_t last_issued = 0;
thread_local RunningTask running;
thread_local const void* launching = nullptr;

}  // namespace

uint32_t issue_task_id() {
    uint32_t id = next_task_id.fetch_add(1, std::memory_order_relaxed) + 1;
    if (id == 0 || id == UINT32_MAX) {  // wrapped: 0 means "none", UINT32_MAX "no info"
        id = next_task_id.fetch_add(2, std::memory_order_relaxed) + 2;
    }
    last_issued = id;
    return id;
}

uint32_t thread_last_task_id() {
    return last_issued;
}

uint32_t os_thread_id() {
    static thread_local const uint32_t tid = static_cast<uint32_t>(::syscall(SYS_gettid));
    return tid;
}

RunningTaskScope::RunningTaskScope(RunningTask task) : previous_(running) {
    running = task;
}

RunningTaskScope::~RunningTaskScope() {
    running = previous_;
}

RunningTask running_task() {
    return running;
}

LaunchingFunctionScope::LaunchingFunctionScope(const void* function) : previous_(launching) {
    launching = function;
}

LaunchingFunctionScope::~LaunchingFunctionScope() {
    launching = previous_;
}

const void* launching_function() {
    return launching;
}

}  // namespace aclemu::rt
