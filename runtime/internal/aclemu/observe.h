// Watching aclemu's calls, for the people who profile and debug ported programs
// (docs/profiling.md): a range per acl/aclnn call for Nsight (NVTX, domain "aclemu"; ROCTx on
// HIP builds), the ACLEMU_TRACE timeline, and a DEBUG log line per call.
//
// Every entry point runs inside one CallScope: the runtime's through api_call (status.h), the
// operators' through guard_phase1 and nn::execute. Work put on a stream is recorded with a
// TaskTrace. When nothing watches, a scope costs one relaxed atomic load and a branch on top of
// the thread's current-call record, which error messages use to name the API.
// Implemented in libascendcl.so; not installed.
#pragma once

#include "aclemu/export.h"

#include <atomic>
#include <cstdint>
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

}  // namespace aclemu::observe
