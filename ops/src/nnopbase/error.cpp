// The aclnn failure-message format (see error.h): formatting, aclGetRecentErrMsg, ERROR log.
#include "nnopbase/error.h"

#include "aclemu/log.h"
#include "aclemu/observe.h"
#include "aclemu/rt.h"

#include <cstdio>
#include <string>

namespace aclemu::nn {

const char* error_id(aclnnStatus code) {
    switch (code) {
        case ACLNN_ERR_PARAM_NULLPTR:
            return "EZ1002";
        case ACLNN_ERR_PARAM_INVALID:
            return "EZ1001";
        case ACLNN_ERR_RUNTIME_ERROR:
            return "EZ3001";
        default:
            return "EZ9999";
    }
}

aclnnStatus vfail(
    aclnnStatus code, const char* api, const char* param, const char* fmt, va_list args) {
    try {
        char reason[1024];
        std::vsnprintf(reason, sizeof reason, fmt != nullptr ? fmt : "", args);
        std::string text;
        if (api != nullptr && api[0] != '\0') {
            text += '[';
            text += api;
            text += "] ";
        }
        if (param != nullptr && param[0] != '\0') {
            text += param;
            text += ": ";
        }
        text += reason;
        const char* id = error_id(code);
        rt::report_error(id, text);
        if (log::enabled(log::Module::Op, log::Level::Error)) {
            // The line names the aclnn entry point being called and its source line (not this
            // file); outside one, the function the failure is about.
            const observe::CallScope* call = observe::current_call();
            const char* function = call != nullptr                    ? call->api()
                                   : api != nullptr && api[0] != '\0' ? api
                                                                      : "aclnn";
            log::write(log::Module::Op,
                       log::Level::Error,
                       call != nullptr ? call->file() : __FILE__,
                       call != nullptr ? call->line() : __LINE__,
                       function,
                       "%s: %s (status %d)",
                       id,
                       text.c_str(),
                       static_cast<int>(code));
        }
    } catch (...) {
        // Out of memory while describing a failure: the status code still tells the caller.
    }
    return code;
}

aclnnStatus fail(aclnnStatus code, const char* api, const char* param, const char* fmt, ...) {
    va_list args;
    va_start(args, fmt);
    const aclnnStatus status = vfail(code, api, param, fmt, args);
    va_end(args);
    return status;
}

}  // namespace aclemu::nn
