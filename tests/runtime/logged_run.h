// Runs code in a runtime initialized with a given log environment and returns what it printed:
// the log settings are read at aclInit, so a test sets the environment first.
#pragma once

#include "runtime/runtime_test_util.h"
#include "support/stdout_capture.h"

#include <gtest/gtest.h>

#include <string>

namespace aclemu::test {

/// `body` in a CPU runtime with ASCEND_GLOBAL_LOG_LEVEL=`global`, ASCEND_MODULE_LOG_LEVEL=`modules`
/// and ASCEND_LOG_PRINT_TO_STDOUT=`to_stdout` (NULL: unset); what stdout received meanwhile.
template <class F>
std::string run_logged(const char* global, const char* modules, const char* to_stdout, F body) {
    ScopedEnv g("ASCEND_GLOBAL_LOG_LEVEL", global);
    ScopedEnv m("ASCEND_MODULE_LOG_LEVEL", modules);
    ScopedEnv s("ASCEND_LOG_PRINT_TO_STDOUT", to_stdout);
    ScopedEnv old("ASCEND_SLOG_PRINT_TO_STDOUT", nullptr);
    StdoutCapture capture;
    {
        RuntimeSession session("cpu");
        EXPECT_EQ(session.init_result, ACL_SUCCESS);
        body();
    }
    std::string out = capture.finish();
    take_recent_error();
    return out;
}

}  // namespace aclemu::test
