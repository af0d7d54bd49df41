// Logging: CANN's line format, ASCEND_GLOBAL_LOG_LEVEL (0..4, invalid -> 3),
// ASCEND_MODULE_LOG_LEVEL, ASCEND_LOG_PRINT_TO_STDOUT vs the older ASCEND_SLOG_PRINT_TO_STDOUT,
// the lazily created plog file under ASCEND_PROCESS_LOG_PATH, and aclAppLog. Settings are read
// at aclInit, so each case sets the environment, then initializes.
#include "runtime/logged_run.h"
#include "runtime/runtime_test_util.h"
#include "support/c_enum_calls.h"
#include "support/stdout_capture.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <unistd.h>

namespace aclemu::test {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using ::testing::Not;

void failing_malloc() {
    void* ptr = nullptr;
    aclrtSetDevice(0);
    aclrtMalloc(&ptr, 0, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtResetDevice(0);
}

TEST(Logging, ErrorLineHasCannFormat) {
    std::string out = run_logged("3", nullptr, "1", failing_malloc);
    std::regex line(
        R"(\[ERROR\] ASCENDCL\()" + std::to_string(::getpid())
        + R"(,[^)]+\):\d{4}-\d\d-\d\d-\d\d:\d\d:\d\d\.\d{3}\.\d{3} \[api_memory\.cpp:\d+\]\d+ )"
          R"(aclrtMalloc: EH0001: Value \[0\] for parameter \[size\] is invalid\. Reason: must be )"
          R"(greater than 0 \(error 100000\))");
    EXPECT_TRUE(std::regex_search(out, line)) << out;
    EXPECT_THAT(out, Not(HasSubstr("[INFO]")));
}

TEST(Logging, LevelZeroShowsDebugAndInfoFourShowsNothing) {
    std::string verbose = run_logged("0", nullptr, "1", failing_malloc);
    EXPECT_THAT(verbose, HasSubstr("[INFO] ASCENDCL("));
    EXPECT_THAT(verbose, HasSubstr("aclInit: ACLEMU_BACKEND=cpu"));
    EXPECT_THAT(verbose, HasSubstr("[INFO] RUNTIME("));
    EXPECT_THAT(verbose, HasSubstr("using the cpu backend"));
    EXPECT_THAT(verbose, HasSubstr("[ERROR] ASCENDCL("));

    std::string off = run_logged("4", nullptr, "1", failing_malloc);
    EXPECT_EQ(off, "");
}

TEST(Logging, InvalidGlobalLevelMeansError) {
    for (const char* bad : {"9", "-1", "info", "", "12"}) {
        SCOPED_TRACE(bad);
        std::string out = run_logged(bad, nullptr, "1", failing_malloc);
        EXPECT_THAT(out, HasSubstr("[ERROR]"));
        EXPECT_THAT(out, Not(HasSubstr("[INFO]")));
    }
}

TEST(Logging, ModuleLevelsOverrideTheGlobalLevel) {
    std::string out = run_logged("3", "ASCENDCL=1", "1", failing_malloc);
    EXPECT_THAT(out, HasSubstr("[INFO] ASCENDCL("));
    EXPECT_THAT(out, Not(HasSubstr("[INFO] RUNTIME(")));

    out = run_logged("3", "ASCENDCL=4:RUNTIME=1:OP=0", "1", failing_malloc);
    EXPECT_THAT(out, HasSubstr("[INFO] RUNTIME("));
    EXPECT_THAT(out, Not(HasSubstr("ASCENDCL(")));  // even errors are off for ASCENDCL

    out = run_logged("1", "RUNTIME=3:BOGUS=0:ASCENDCL=x", "1", failing_malloc);
    EXPECT_THAT(out, HasSubstr("[INFO] ASCENDCL("));  // invalid entries are ignored
    EXPECT_THAT(out, Not(HasSubstr("[INFO] RUNTIME(")));
}

TEST(Logging, OlderStdoutVariableWorksAndTheNewOneWins) {
    {
        ScopedEnv g("ASCEND_GLOBAL_LOG_LEVEL", "3");
        ScopedEnv s("ASCEND_LOG_PRINT_TO_STDOUT", nullptr);
        ScopedEnv old("ASCEND_SLOG_PRINT_TO_STDOUT", "1");
        StdoutCapture capture;
        {
            RuntimeSession session("cpu");
            failing_malloc();
        }
        EXPECT_THAT(capture.finish(), HasSubstr("[ERROR] ASCENDCL("));
    }
    {
        std::string dir = ::testing::TempDir() + "aclemu-log-newwins-" + std::to_string(::getpid());
        fs::remove_all(dir);
        ScopedEnv path("ASCEND_PROCESS_LOG_PATH", dir.c_str());
        ScopedEnv g("ASCEND_GLOBAL_LOG_LEVEL", "3");
        ScopedEnv s("ASCEND_LOG_PRINT_TO_STDOUT", "0");
        ScopedEnv old("ASCEND_SLOG_PRINT_TO_STDOUT", "1");
        StdoutCapture capture;
        {
            RuntimeSession session("cpu");
            failing_malloc();
        }
        EXPECT_EQ(capture.finish(), "");
        EXPECT_TRUE(fs::exists(dir + "/debug/plog"));
        fs::remove_all(dir);
    }
    take_recent_error();
}

std::string read_plog(const std::string& dir, int* files) {
    std::string all;
    *files = 0;
    std::string plog = dir + "/debug/plog";
    if (!fs::exists(plog)) {
        return all;
    }
    for (const auto& entry : fs::directory_iterator(plog)) {
        std::string name = entry.path().filename().string();
        EXPECT_TRUE(std::regex_match(
            name, std::regex("plog-" + std::to_string(::getpid()) + R"(_\d{14}\.log)")))
            << name;
        ++*files;
        std::ifstream in(entry.path());
        std::stringstream text;
        text << in.rdbuf();
        all += text.str();
    }
    return all;
}

TEST(Logging, FileUnderProcessLogPathCreatedOnTheFirstLine) {
    std::string dir = ::testing::TempDir() + "aclemu-log-file-" + std::to_string(::getpid());
    fs::remove_all(dir);
    ScopedEnv path("ASCEND_PROCESS_LOG_PATH", dir.c_str());
    ScopedEnv g("ASCEND_GLOBAL_LOG_LEVEL", "3");
    ScopedEnv s("ASCEND_LOG_PRINT_TO_STDOUT", nullptr);
    ScopedEnv old("ASCEND_SLOG_PRINT_TO_STDOUT", nullptr);
    {
        RuntimeSession session("cpu");
        ASSERT_EQ(session.init_result, ACL_SUCCESS);
        uint32_t count = 0;
        ASSERT_EQ(aclrtGetDeviceCount(&count), ACL_SUCCESS);
        EXPECT_FALSE(fs::exists(dir)) << "no line logged yet, so no file";
        failing_malloc();
    }
    int files = 0;
    std::string text = read_plog(dir, &files);
    EXPECT_EQ(files, 1);
    EXPECT_THAT(text, HasSubstr("aclrtMalloc: EH0001: Value [0] for parameter [size]"));
    take_recent_error();
    fs::remove_all(dir);
}

TEST(Logging, AppLogHonoursLevelAndFormat) {
    std::string out = run_logged("1", nullptr, "1", [] {
        ACL_APP_LOG(ACL_INFO, "value %d", 42);
        ACL_APP_LOG(ACL_DEBUG, "hidden %s", "debug");
        aclAppLog(ACL_ERROR, "myfunc", "/some/dir/app.cpp", 7, "boom %s", "here");
        c_aclAppLog(9, "bad level");  // a level aclLogLevel cannot hold: ignored
        aclAppLog(ACL_ERROR, "f", "f.cpp", 1, nullptr);
    });
    EXPECT_THAT(out, HasSubstr("[INFO] APP("));
    EXPECT_THAT(out, HasSubstr("[test_log.cpp:"));
    EXPECT_THAT(out, HasSubstr("value 42"));
    EXPECT_THAT(out, Not(HasSubstr("hidden debug")));
    EXPECT_THAT(out, HasSubstr("[app.cpp:7]"));
    EXPECT_THAT(out, HasSubstr(" myfunc: boom here"));
    EXPECT_THAT(out, Not(HasSubstr("bad level")));
    std::string app_debug =
        run_logged("3", "APP=0", "1", [] { ACL_APP_LOG(ACL_DEBUG, "app %s", "debug"); });
    EXPECT_THAT(app_debug, HasSubstr("[DEBUG] APP("));
    EXPECT_THAT(app_debug, HasSubstr("app debug"));
}

}  // namespace
}  // namespace aclemu::test
