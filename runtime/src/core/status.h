// Error plumbing of the front end: CANN-style messages (docs/errors.md lists the IDs), the
// thread-local message list behind aclGetRecentErrMsg, and api_call(), the wrapper every
// extern "C" entry point runs its body in (init gate, exception -> code, last-error record, and
// the call's observe::CallScope: NVTX range, trace event, DEBUG line).
#pragma once

#include "acl/acl_base.h"

#include "aclemu/acl_try.h"
#include "aclemu/observe.h"

#include <cstdint>
#include <exception>
#include <new>
#include <string>

namespace aclemu::rt {

// Message builders. Each returns a whole message "<ID>: <text>".
/// EH0001: Value [v] for parameter [p] is invalid. Reason: r
std::string msg_invalid(const char* param, const std::string& value, const std::string& reason);
/// EH0002: Argument [p] must not be null.
std::string msg_null(const char* param);
/// EH0003: Call sequence is invalid. Reason: r  (init gate, no current device/context)
std::string msg_order(const std::string& reason);
/// EH0004: Feature [f] is not supported by aclemu. Reason: r
std::string msg_unsupported(const char* feature, const std::string& reason);
/// EE1001: text  (device, backend and resource failures, timeouts)
std::string msg_runtime(const std::string& text);
/// msg_runtime("<what> within <timeout_ms> ms"), for a wait that ran out of time.
std::string msg_timed_out(const std::string& what, int64_t timeout_ms);

/// Appends `message` to the calling thread's list for aclGetRecentErrMsg.
void push_error_message(std::string message);
/// Records `message`, logs it at ERROR (module ASCENDCL) and returns `code`.
aclError fail(aclError code,
              const std::string& message,
              const char* file = __builtin_FILE(),
              int line = __builtin_LINE());

/// Sets the thread's last error code for aclrtGetLastError (0 leaves it unchanged).
void note_result(aclError code);
aclError last_error(bool clear);
/// aclrtGetLastError / aclrtPeekAtLastError with an unknown level: ACL_ERROR_INVALID_PARAM, with
/// a message, the last error code untouched.
aclError bad_error_level(int64_t level);

/// Returns the init-gate code: ACL_SUCCESS after aclInit, else ACL_ERROR_UNINITIALIZE (recorded).
aclError require_init();

aclError exception_to_code(std::exception_ptr error);

/// Runs `body` (returning aclError) without letting an exception escape, and records a failure
/// for aclrtGetLastError.
template <class F>
aclError guarded(F&& body) noexcept {
    aclError code;
    try {
        code = body();
    } catch (...) {
        code = exception_to_code(std::current_exception());
    }
    note_result(code);
    return code;
}

/// Runs `body` as the entry point `name` (guarded, in a CallScope that names the entry point in
/// messages and log lines). `file` and `line` default to the entry point's own.
template <class F>
aclError api_call(const char* name,
                  F&& body,
                  const char* file = __builtin_FILE(),
                  int line = __builtin_LINE()) noexcept {
    observe::CallScope scope(name, observe::CallKind::Runtime, file, line);
    return scope.finish(guarded(body));
}

/// api_call behind the init gate.
template <class F>
aclError api_call_init(const char* name,
                       F&& body,
                       const char* file = __builtin_FILE(),
                       int line = __builtin_LINE()) noexcept {
    return api_call(
        name,
        [&]() -> aclError {
            ACLEMU_TRY(require_init());
            return body();
        },
        file,
        line);
}

class Backend;
/// Records a backend's failure: "<what>: <the backend's last error text>", at `file`:`line`.
aclError backend_failed(aclError code,
                        Backend* backend,
                        const std::string& what,
                        const char* file = __builtin_FILE(),
                        int line = __builtin_LINE());

/// ACL_SUCCESS when `backend` has the sharing facet (IPC, virtual memory), else the one
/// ACL_ERROR_RT_FEATURE_NOT_SUPPORT failure that says so.
aclError require_sharing(Backend* backend);
/// ACL_SUCCESS when `backend` has the task-group facet (task groups in a capture), else the one
/// ACL_ERROR_RT_FEATURE_NOT_SUPPORT failure that says so.
aclError require_task_groups(Backend* backend);

/// ACLEMU_TRY for a backend call: a failure is recorded as backend_failed(..., what) and returned.
#define ACLEMU_TRY_BACKEND(expr, backend, what)                                              \
    do {                                                                                     \
        if (const aclError aclemu_try_status_ = (expr); aclemu_try_status_ != ACL_SUCCESS) { \
            return ::aclemu::rt::backend_failed(                                             \
                aclemu_try_status_, (backend), (what), __builtin_FILE(), __builtin_LINE());  \
        }                                                                                    \
    } while (0)

/// Shorthand for the common "argument is null" failure.
#define ACLEMU_CHECK_NOT_NULL(arg)                                                            \
    do {                                                                                      \
        if ((arg) == nullptr) {                                                               \
            return ::aclemu::rt::fail(ACL_ERROR_INVALID_PARAM, ::aclemu::rt::msg_null(#arg)); \
        }                                                                                     \
    } while (0)

}  // namespace aclemu::rt
