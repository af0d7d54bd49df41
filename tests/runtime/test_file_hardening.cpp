// Files another user cannot redirect and lines nobody can forge (issue 20): without HOME the log
// goes to stderr; log folders are created 0700 and a folder of another user or a symbolic link
// is refused (stderr instead); the plog and the ACLEMU_TRACE file are never opened through a
// symbolic link; control characters in logged values are escaped; a negative size variable is
// refused with a WARNING and the default kept.
#include "runtime/runtime_test_util.h"
#include "support/stdout_capture.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

namespace aclemu::test {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using ::testing::Not;

// A fresh directory under the test's temporary directory.
std::string fresh_dir(const std::string& name) {
    std::string dir = ::testing::TempDir() + "aclemu-" + name + "-" + std::to_string(::getpid());
    fs::remove_all(dir);
    return dir;
}

std::string read_all(const fs::path& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

int mode_of(const fs::path& path) {
    struct stat st {};
    EXPECT_EQ(::lstat(path.c_str(), &st), 0) << path;
    return static_cast<int>(st.st_mode & 07777);
}

// A failing call (logged at ERROR) in a runtime started with the current environment.
void log_one_error() {
    RuntimeSession session("cpu");
    ASSERT_EQ(session.init_result, ACL_SUCCESS);
    void* ptr = nullptr;
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    EXPECT_EQ(aclrtMalloc(&ptr, 0, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
    take_recent_error();
}

class FileHardening : public ::testing::Test {
protected:
    ScopedEnv level_{"ASCEND_GLOBAL_LOG_LEVEL", "3"};
    ScopedEnv to_stdout_{"ASCEND_LOG_PRINT_TO_STDOUT", nullptr};
    ScopedEnv old_stdout_{"ASCEND_SLOG_PRINT_TO_STDOUT", nullptr};
};

TEST_F(FileHardening, WithoutHomeTheLogGoesToStderr) {
    ScopedEnv path("ASCEND_PROCESS_LOG_PATH", nullptr);
    ScopedEnv home("HOME", nullptr);
    StdoutCapture capture(STDERR_FILENO);
    log_one_error();
    const std::string err = capture.finish();
    EXPECT_THAT(err, HasSubstr("[ERROR] ASCENDCL("));
    EXPECT_THAT(err, HasSubstr("aclrtMalloc: EH0001"));
}

TEST_F(FileHardening, LogFoldersArePrivateAndTheFileIsTheUsersOwn) {
    const std::string dir = fresh_dir("private-log");
    ScopedEnv path("ASCEND_PROCESS_LOG_PATH", dir.c_str());
    log_one_error();
    const fs::path plog = fs::path(dir) / "debug" / "plog";
    EXPECT_EQ(mode_of(dir), 0700);
    EXPECT_EQ(mode_of(fs::path(dir) / "debug"), 0700);
    EXPECT_EQ(mode_of(plog), 0700);
    int files = 0;
    for (const auto& entry : fs::directory_iterator(plog)) {
        ++files;
        EXPECT_EQ(mode_of(entry.path()), 0600);
        EXPECT_THAT(read_all(entry.path()), HasSubstr("aclrtMalloc: EH0001"));
    }
    EXPECT_EQ(files, 1);
    fs::remove_all(dir);
}

TEST_F(FileHardening, SymlinkedLogFolderIsRefused) {
    const std::string dir = fresh_dir("linked-log");
    const std::string elsewhere = fresh_dir("linked-log-target");
    fs::create_directories(fs::path(dir) / "debug");
    fs::create_directories(elsewhere);
    fs::create_directory_symlink(elsewhere, fs::path(dir) / "debug" / "plog");
    ScopedEnv path("ASCEND_PROCESS_LOG_PATH", dir.c_str());
    StdoutCapture capture(STDERR_FILENO);
    log_one_error();
    const std::string err = capture.finish();
    EXPECT_TRUE(fs::is_empty(elsewhere)) << "a line was written through the link";
    EXPECT_THAT(err, HasSubstr("refused"));
    EXPECT_THAT(err, HasSubstr("aclrtMalloc: EH0001"));
    fs::remove_all(dir);
    fs::remove_all(elsewhere);
}

TEST_F(FileHardening, LogFolderOfAnotherUserIsRefused) {
    if (::geteuid() != 0) {
        GTEST_SKIP() << "making a folder of another user needs root";
    }
    const std::string dir = fresh_dir("foreign-log");
    fs::create_directories(fs::path(dir) / "debug" / "plog");
    constexpr uid_t kNobody = 65534;
    ASSERT_EQ(::chown((dir + "/debug").c_str(), kNobody, kNobody), 0);
    ScopedEnv path("ASCEND_PROCESS_LOG_PATH", dir.c_str());
    StdoutCapture capture(STDERR_FILENO);
    log_one_error();
    const std::string err = capture.finish();
    EXPECT_TRUE(fs::is_empty(fs::path(dir) / "debug" / "plog"));
    EXPECT_THAT(err, HasSubstr("belongs to another user"));
    fs::remove_all(dir);
}

TEST_F(FileHardening, ControlCharactersInLoggedValuesCannotForgeALine) {
    ScopedEnv info("ASCEND_GLOBAL_LOG_LEVEL", "1");
    ScopedEnv to_stdout("ASCEND_LOG_PRINT_TO_STDOUT", "1");
    StdoutCapture capture;
    {
        RuntimeSession session("cpu");
        ASSERT_EQ(session.init_result, ACL_SUCCESS);
        aclAppLog(ACL_ERROR, "f\nx", "a.cpp", 1, "value\n[ERROR] FORGED\r\x1b[2J");
        // A path the runtime puts in an error message of its own.
        EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
        EXPECT_EQ(aclInit("no/such/config\n[ERROR] FORGED TOO"), ACL_ERROR_INVALID_FILE);
        EXPECT_EQ(aclInit(nullptr), ACL_SUCCESS);
    }
    const std::string out = capture.finish();
    take_recent_error();
    EXPECT_THAT(out, HasSubstr("f\\nx: value\\n[ERROR] FORGED\\r\\x1b[2J"));
    EXPECT_THAT(out, HasSubstr("no/such/config\\n[ERROR] FORGED TOO"));
    std::istringstream lines(out);
    for (std::string line; std::getline(lines, line);) {
        EXPECT_EQ(line.rfind("[ERROR] FORGED", 0), std::string::npos) << line;
    }
}

TEST_F(FileHardening, TraceFileIsNeverOpenedThroughALink) {
    const std::string dir = fresh_dir("linked-trace");
    fs::create_directories(dir);
    const fs::path victim = fs::path(dir) / "victim.txt";
    std::ofstream(victim) << "keep me";
    const fs::path trace = fs::path(dir) / "trace.json";
    fs::create_symlink(victim, trace);
    {
        ScopedEnv env("ACLEMU_TRACE", trace.c_str());
        log_one_error();
    }
    EXPECT_EQ(read_all(victim), "keep me");
    EXPECT_TRUE(fs::is_symlink(trace));

    const fs::path own = fs::path(dir) / "own.json";
    {
        ScopedEnv env("ACLEMU_TRACE", own.c_str());
        log_one_error();
    }
    ASSERT_TRUE(fs::exists(own));
    EXPECT_EQ(mode_of(own), 0600);
    EXPECT_THAT(read_all(own), HasSubstr("traceEvents"));
    fs::remove_all(dir);
}

// The CPU backend's device memory: " -1" (and other negatives) is refused with a WARNING, and the
// default (the physical memory) is kept, as with the variable unset.
TEST_F(FileHardening, NegativeSizeVariableIsRefused) {
    auto total_with = [](const char* value) {
        ScopedEnv budget("ACLEMU_CPU_DEVICE_MEMORY", value);
        RuntimeSession session("cpu");
        EXPECT_EQ(session.init_result, ACL_SUCCESS);
        EXPECT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
        size_t free = 0;
        size_t total = 0;
        EXPECT_EQ(aclrtGetMemInfo(ACL_HBM_MEM, &free, &total), ACL_SUCCESS);
        EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
        return total;
    };
    const size_t physical = total_with(nullptr);
    ASSERT_GT(physical, size_t{0});
    ASSERT_LT(physical, ~size_t{0} / 2);
    ScopedEnv warn("ASCEND_GLOBAL_LOG_LEVEL", "2");
    ScopedEnv to_stdout("ASCEND_LOG_PRINT_TO_STDOUT", "1");
    for (const char* value : {" -1", "-1", "\t-5G", "+-3", " 18446744073709551615K"}) {
        StdoutCapture capture;
        EXPECT_EQ(total_with(value), physical) << "'" << value << "'";
        const std::string out = capture.finish();
        EXPECT_THAT(out, HasSubstr("[WARNING]")) << value;
        EXPECT_THAT(out, HasSubstr("ACLEMU_CPU_DEVICE_MEMORY=")) << value;
    }
    EXPECT_EQ(total_with("64M"), size_t{64} << 20);
}

}  // namespace
}  // namespace aclemu::test
