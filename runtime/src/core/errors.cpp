// Thread-local error state: the message list returned (newest first, then cleared) by
// aclGetRecentErrMsg, the last error code of aclrtGetLastError, and report_error for the op
// libraries.
#include "acl/acl.h"

#include "aclemu/c_enum.h"
#include "aclemu/log.h"
#include "aclemu/rt.h"
#include "backend/backend.h"
#include "core/arg_checks.h"
#include "core/status.h"

#include <string>
#include <vector>

namespace aclemu::rt {
namespace {

struct ThreadErrors {
    std::vector<std::string> messages;  // oldest first
    std::string returned;               // buffer behind the last aclGetRecentErrMsg pointer
    aclError last = ACL_SUCCESS;
};

ThreadErrors& thread_errors() {
    thread_local ThreadErrors errors;
    return errors;
}

}  // namespace

std::string msg_invalid(const char* param, const std::string& value, const std::string& reason) {
    return "EH0001: Value [" + value + "] for parameter [" + param
           + "] is invalid. Reason: " + reason;
}

std::string msg_null(const char* param) {
    return std::string("EH0002: Argument [") + param + "] must not be null.";
}

std::string msg_order(const std::string& reason) {
    return "EH0003: Call sequence is invalid. Reason: " + reason;
}

std::string msg_unsupported(const char* feature, const std::string& reason) {
    return std::string("EH0004: Feature [") + feature
           + "] is not supported by aclemu. Reason: " + reason;
}

std::string msg_timed_out(const std::string& what, int64_t timeout_ms) {
    return msg_runtime(what + " within " + std::to_string(timeout_ms) + " ms");
}

std::string msg_runtime(const std::string& text) {
    return "EE1001: " + text;
}

void push_error_message(std::string message) {
    auto& errors = thread_errors();
    // Bounded, so a loop of failing calls that never reads the messages cannot grow forever.
    constexpr size_t kMaxMessages = 64;
    if (errors.messages.size() >= kMaxMessages) {
        errors.messages.erase(errors.messages.begin());
    }
    errors.messages.push_back(std::move(message));
}

aclError fail(aclError code, const std::string& message, const char* file, int line) {
    push_error_message(message);
    const observe::CallScope* call = observe::current_call();
    // Inside an aclnn call a runtime service's failure (a stream that cannot be used, after
    // aclFinalize too) is the cause the aclnn layer reports with its own EZ line: one line per
    // failed call. Its message stays, below the aclnn one.
    if (call != nullptr && call->kind() == observe::CallKind::Aclnn) {
        return code;
    }
    if (log::enabled(log::Module::AscendCL, log::Level::Error)) {
        // Inside an entry point the line names it and its source line, wherever the failure was
        // found (docs/errors.md, "Logging"); outside one, the line that failed.
        log::write(log::Module::AscendCL,
                   log::Level::Error,
                   call != nullptr ? call->file() : file,
                   call != nullptr ? call->line() : line,
                   call != nullptr ? call->api() : "aclemu",
                   "%s (error %d)",
                   message.c_str(),
                   code);
    }
    return code;
}

void note_result(aclError code) {
    if (code != ACL_SUCCESS) {
        thread_errors().last = code;
    }
}

aclError last_error(bool clear) {
    auto& errors = thread_errors();
    aclError code = errors.last;
    if (clear) {
        errors.last = ACL_SUCCESS;
    }
    return code;
}

aclError exception_to_code(std::exception_ptr error) {
    try {
        std::rethrow_exception(error);
    } catch (const std::bad_alloc&) {
        return fail(ACL_ERROR_BAD_ALLOC, msg_runtime("out of host memory"));
    } catch (const std::exception& e) {
        return fail(ACL_ERROR_INTERNAL_ERROR,
                    msg_runtime(std::string("internal error: ") + e.what()));
    } catch (...) {
        return fail(ACL_ERROR_INTERNAL_ERROR, msg_runtime("internal error: unknown exception"));
    }
}

// A level other than ACL_RT_THREAD_LEVEL: a message, but the last error code is left as it was
// (it is what the caller asks for).
aclError bad_error_level(int64_t level) {
    return reject_arg(
        ACL_ERROR_INVALID_PARAM, "level", level, "the only level is ACL_RT_THREAD_LEVEL (0)");
}

void report_error(const char* id, const std::string& text) {
    push_error_message(std::string(id != nullptr ? id : "EZ9999") + ": " + text);
}

}  // namespace aclemu::rt

namespace aclemu::rt {

aclError require_sharing(Backend* backend) {
    if (backend->sharing() != nullptr) {
        return ACL_SUCCESS;
    }
    return fail(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                msg_unsupported("memory shared between processes and virtual memory",
                                std::string("the ") + backend->name() + " backend has neither"));
}

aclError require_task_groups(Backend* backend) {
    if (backend->task_groups() != nullptr) {
        return ACL_SUCCESS;
    }
    return fail(
        ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
        msg_unsupported("task groups in a stream capture",
                        std::string("the ") + backend->name() + " backend does not record them"));
}

aclError backend_failed(
    aclError code, Backend* backend, const std::string& what, const char* file, int line) {
    return fail(code, msg_runtime(what + ": " + backend->last_error_text()), file, line);
}

}  // namespace aclemu::rt

extern "C" {

const char* aclGetRecentErrMsg(void) {
    try {
        auto& errors = aclemu::rt::thread_errors();
        if (errors.messages.empty()) {
            return nullptr;
        }
        std::string text;
        for (auto it = errors.messages.rbegin(); it != errors.messages.rend(); ++it) {
            if (!text.empty()) {
                text += '\n';
            }
            text += *it;
        }
        errors.messages.clear();
        errors.returned = std::move(text);
        return errors.returned.c_str();
    } catch (...) {
        return nullptr;
    }
}

aclError aclrtGetLastError(aclrtLastErrLevel level) {
    const int64_t level_value = aclemu::enum_value(level);
    if (level_value != ACL_RT_THREAD_LEVEL) {
        return aclemu::rt::bad_error_level(level_value);
    }
    return aclemu::rt::last_error(true);
}

aclError aclrtPeekAtLastError(aclrtLastErrLevel level) {
    const int64_t level_value = aclemu::enum_value(level);
    if (level_value != ACL_RT_THREAD_LEVEL) {
        return aclemu::rt::bad_error_level(level_value);
    }
    return aclemu::rt::last_error(false);
}

}  // extern "C"
