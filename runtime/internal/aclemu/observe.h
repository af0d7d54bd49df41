// Watching aclemu's calls, for the people who profile and debug ported programs
// (docs/profiling.md): a range per acl/aclnn call for Nsight (NVTX, domain "aclemu"; ROCTx on
// HIP builds), the ACLEMU_TRACE timeline, and a DEBUG log line per call.
//
// Every entry point runs inside one CallScope: the runtime's through api_call (status.h), the
// operators' through guard_phase1 and nn::execute. Work put on a stream is recorded with a
// TaskTrace (observe/traced_task.h in the runtime, ops/src/common/dispatch.h for kernels). When
// nothing watches, a scope costs one relaxed atomic load and a branch on top of the thread's
// current-call record, which error messages use to name the API.
// Implemented in libascendcl.so; not installed.
#pragma once

#include "aclemu/export.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

namespace aclemu::rt {
struct Stream;
}

namespace aclemu::observe {

/// Who watches, one bit each (see watchers()).
enum Watcher : uint32_t {
    kNvtx = 1u << 0,        ///< an NVTX tool is attached (or ROCTx is built in)
    kTrace = 1u << 1,       ///< ACLEMU_TRACE is recording
    kDebugLog = 1u << 2,    ///< a log module is at DEBUG (ASCEND_GLOBAL_LOG_LEVEL=0, ...)
    kNotLooked = 1u << 31,  ///< not determined yet: the first call finds out
};

namespace detail {
ACLEMU_EXPORT extern std::atomic<uint32_t> g_watchers;
ACLEMU_EXPORT uint32_t first_look() noexcept;
}  // namespace detail

/// The Watcher bits now. The first call attaches to an NVTX tool and reads the log level.
inline uint32_t watchers() noexcept {
    const uint32_t now = detail::g_watchers.load(std::memory_order_relaxed);
    return (now & kNotLooked) == 0 ? now : detail::first_look();
}

/// Nanoseconds on the steady clock: the clock of the trace and of the DEBUG durations.
ACLEMU_EXPORT int64_t steady_ns() noexcept;

/// The runtime's calls log as module ASCENDCL and trace as category "acl"; the operators' as
/// OP and "aclnn".
enum class CallKind { Runtime, Aclnn };

/// Appends a description of a call's arguments to `out`: `brief` for an NVTX message
/// (x=FLOAT16[2,3]), else with strides, offsets and formats (DEBUG line, trace). Runs only
/// while something watches.
using DescribeArgs = void (*)(const void* context, bool brief, std::string* out);

/// One acl/aclnn call on this thread, from entry to return. `api` and `file` must outlive the
/// scope (string literals). `describe(context, ...)` describes the arguments.
class ACLEMU_EXPORT CallScope {
public:
    CallScope(const char* api,
              CallKind kind,
              const char* file,
              int line,
              DescribeArgs describe = nullptr,
              const void* context = nullptr) noexcept;
    ~CallScope();
    CallScope(const CallScope&) = delete;
    CallScope& operator=(const CallScope&) = delete;

    /// Records the call's return code for the log line and the trace; returns it.
    int32_t finish(int32_t code) noexcept {
        result_ = code;
        return code;
    }

    const char* api() const noexcept { return api_; }
    const char* file() const noexcept { return file_; }
    int line() const noexcept { return line_; }
    CallKind kind() const noexcept { return kind_; }
    /// The Watcher bits this call saw at its entry.
    uint32_t watched() const noexcept { return watched_; }

private:
    friend ACLEMU_EXPORT void note(const char* format, ...) noexcept;
    void open() noexcept;
    void close() noexcept;

    const char* api_;
    const char* file_;
    int line_;
    CallKind kind_;
    DescribeArgs describe_;
    const void* context_;
    CallScope* outer_;
    uint32_t watched_ = 0;
    int32_t result_ = 0;
    int64_t begin_ns_ = 0;
    std::string notes_;  // "; "-separated facts learnt during the call (workspace, kernel)
};

/// The innermost call running on this thread, or nullptr.
ACLEMU_EXPORT const CallScope* current_call() noexcept;

/// Adds a fact, printf-style (e.g. "workspace 0 bytes"), to the current call's DEBUG line and
/// trace event. Test watchers() first to skip the formatting; does nothing outside a watched
/// call.
ACLEMU_EXPORT void note(const char* format, ...) noexcept __attribute__((format(printf, 1, 2)));

/// What an NVTX range is about (NVTX category, colour in Nsight).
enum class RangeKind { Runtime = 1, Aclnn = 2, Kernel = 3 };

/// An NVTX range on this thread while it lives, when a tool is attached; e.g. around a kernel
/// launch, or around a CPU kernel on a stream's worker thread. `message` is copied by the tool.
class ACLEMU_EXPORT ScopedRange {
public:
    ScopedRange(RangeKind kind, const char* message) noexcept;
    ~ScopedRange();
    ScopedRange(const ScopedRange&) = delete;
    ScopedRange& operator=(const ScopedRange&) = delete;

private:
    bool pushed_ = false;
};

/// What a task put on a stream does: the category of its slice in the ACLEMU_TRACE timeline.
enum class TaskKind {
    Kernel,
    Copy,
    Memset,
    EventRecord,
    EventWait,
    NotifyRecord,
    NotifyWait,
    ValueWrite,  // aclrtValueWrite: a store in stream order
    ValueWait,   // aclrtValueWait: the stream held until a word compares true
    HostFunc,
    Cache  // aclrtCmoAsync: a cache operation, an ordering point without a cache to act on
};

namespace detail {
struct TaskRecord;  // observe/trace_recorder.h
}

/// Called by a host call that saw stream work complete (a synchronize returned, a query answered
/// "complete") before it returns: the ACLEMU_TRACE timeline then shows that work ending no later
/// than the call. Does nothing unless the trace records. Not for a GPU runtime's callback thread
/// (it may ask the GPU runtime about events).
ACLEMU_EXPORT void completion_observed() noexcept;

/// One task on a stream's track of the ACLEMU_TRACE timeline (docs/profiling.md), with its real
/// start and end. Made only while the trace records (watchers() & kTrace); an empty TaskTrace
/// records nothing and each call on it is one branch. Two ways to time the task:
///
///   // Work enqueued on a stream: marks on the stream around it (GPU: timing events;
///   // CPU: a clock read by the stream's worker), resolved later without waiting on the stream.
///   TaskTrace task(stream, TaskKind::Copy, "memcpy HtoD");
///   task.mark_before();
///   const aclError err = backend->memcpy_async(...);
///   task.mark_after(err == ACL_SUCCESS);
///
///   // Work timed by the thread that runs it (a CPU kernel on the stream's worker):
///   [task = std::move(task), cpu]() mutable { task.timed(cpu); }
///
/// A task dropped before it was timed (its enqueue failed, its callable was never run) leaves
/// no slice.
class ACLEMU_EXPORT TaskTrace {
public:
    TaskTrace() noexcept;
    /// A task the calling thread is about to put on `stream`, shown as `name` (copied) on the
    /// stream's track and linked by a flow arrow to the acl/aclnn call that enqueues it. Empty
    /// unless the trace records and `stream` is set.
    TaskTrace(const std::shared_ptr<rt::Stream>& stream, TaskKind kind, const char* name) noexcept;
    /// A synchronous copy or memset that the calling thread runs itself, shown on the track of
    /// the synchronous operations of its current device.
    static TaskTrace synchronous(TaskKind kind, const char* name) noexcept;
    TaskTrace(TaskTrace&& other) noexcept;
    TaskTrace& operator=(TaskTrace&& other) noexcept;
    ~TaskTrace();
    TaskTrace(const TaskTrace&) = delete;
    TaskTrace& operator=(const TaskTrace&) = delete;

    explicit operator bool() const noexcept { return record_ != nullptr; }

    /// Adds an argument shown with the slice (Perfetto's "Arguments" panel).
    void arg(const char* key, const std::string& value) noexcept;
    void arg(const char* key, uint64_t value) noexcept;

    /// Marks the stream before the task is enqueued (drops the record if the stream cannot be
    /// marked).
    void mark_before() noexcept {
        if (record_ != nullptr) {
            mark(false, true);
        }
    }
    /// Marks the stream after the task was enqueued and hands the record to the trace, which
    /// resolves both marks once the stream reaches them. `enqueued` false: dropped.
    void mark_after(bool enqueued) noexcept {
        if (record_ != nullptr) {
            mark(true, enqueued);
        }
    }

    /// Records [begin_ns, end_ns] (steady_ns()) as the task's run.
    void ran(int64_t begin_ns, int64_t end_ns) noexcept;
    /// Runs `work()` and records its run.
    template <class Work>
    void timed(Work& work) {
        if (record_ == nullptr) {
            work();
            return;
        }
        const int64_t begin = steady_ns();
        work();
        ran(begin, steady_ns());
    }

private:
    void mark(bool after, bool enqueued) noexcept;

    std::unique_ptr<detail::TaskRecord> record_;
};

}  // namespace aclemu::observe
