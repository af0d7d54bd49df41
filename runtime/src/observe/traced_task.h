// The runtime's work on streams, on the ACLEMU_TRACE timeline: each entry point that puts a task
// on a stream (copy, memset, event record or wait, host function) or runs a synchronous copy or
// memset calls the backend through one of these. When the trace is off they cost one flag test.
//
//   return traced_enqueue(stream, TaskKind::Copy, "memcpy HtoD",
//                         [&](TaskTrace& task) { task.arg("bytes", count); },
//                         [&] { return backend->memory().memcpy_async(...); });
//
// The name is a string, or a callable returning one (std::string) that is only called while
// the trace records: [&] { return "aclrtReduceAsync " + op + " " + type; }.
#pragma once

#include "acl/acl_base.h"

#include "aclemu/observe.h"
#include "core/status.h"
#include "event/event_registry.h"
#include "runtime_state.h"
#include "stream/task_ids.h"

#include <memory>
#include <string>
#include <type_traits>

namespace aclemu::rt {

using observe::TaskKind;
using observe::TaskTrace;

namespace detail {
template <class Name>
auto task_name(Name& name) {
    if constexpr (std::is_invocable_v<Name&>) {
        return std::string(name());
    } else {
        return static_cast<const char*>(name);
    }
}
inline const char* c_str(const char* text) {
    return text;
}
inline const char* c_str(const std::string& text) {
    return text.c_str();
}
}  // namespace detail

/// Runs `enqueue()` (which puts one task on `stream` and returns an aclError); while the trace
/// records, the task's slice on the stream's track is timed by marks on the stream around it,
/// and `describe(TaskTrace&)` adds its arguments.
template <class Name, class Describe, class Enqueue>
aclError traced_enqueue(const std::shared_ptr<Stream>& stream,
                        observe::TaskKind kind,
                        Name&& name,
                        Describe&& describe,
                        Enqueue&& enqueue) {
    issue_task_id();  // aclrtGetThreadLastTaskId
    if ((observe::watchers() & observe::kTrace) == 0) {
        return enqueue();
    }
    const auto text = detail::task_name(name);
    observe::TaskTrace task(stream, kind, detail::c_str(text));
    describe(task);
    task.mark_before();
    const aclError err = enqueue();
    task.mark_after(err == ACL_SUCCESS);
    return err;
}

/// What an entry point that puts one task on a stream does: traced_enqueue, then on failure the
/// message "cannot queue <what>: <the backend's reason>", on success Runtime::after_enqueue
/// (ASCEND_LAUNCH_BLOCKING).
template <class Name, class Describe, class Enqueue>
aclError enqueue_task(const std::shared_ptr<Stream>& stream,
                      Backend& backend,
                      observe::TaskKind kind,
                      Name&& name,
                      const char* what,
                      Describe&& describe,
                      Enqueue&& enqueue) {
    if (aclError err = traced_enqueue(stream, kind, name, describe, enqueue); err != ACL_SUCCESS) {
        return fail(
            err,
            msg_runtime(std::string("cannot queue ") + what + ": " + backend.last_error_text()));
    }
    return runtime().after_enqueue(*stream);
}

/// The arguments of an event record or wait: the handle, and whether other processes share it.
inline void describe_event(TaskTrace& task, const void* handle, const Event& event) {
    task.arg("event", pointer_text(handle));
    if (event.ipc) {
        task.arg("ipc",
                 std::string(event.imported ? "opened (aclrtIpcOpenEventHandle)"
                                            : "exported (ACL_EVENT_IPC)"));
    }
}

/// Runs `run()`, a synchronous copy or memset on the current device; while the trace records,
/// its slice (timed on this thread) goes on the device's track of this thread's synchronous
/// operations.
template <class Describe, class Run>
aclError traced_sync(observe::TaskKind kind, const char* name, Describe&& describe, Run&& run) {
    if ((observe::watchers() & observe::kTrace) == 0) {
        return run();
    }
    observe::TaskTrace task = observe::TaskTrace::synchronous(kind, name);
    describe(task);
    const int64_t begin = observe::steady_ns();
    const aclError err = run();
    if (err == ACL_SUCCESS) {
        task.ran(begin, observe::steady_ns());
    }
    return err;
}

}  // namespace aclemu::rt
