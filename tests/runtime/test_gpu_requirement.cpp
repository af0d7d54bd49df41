// What a GPU CI runner relies on: `auto` falling back to the CPU says so at WARNING with the GPU
// runtime's reason, and ACLEMU_REQUIRE_GPU=1 turns the gpu tests' quiet move to the GPU
// simulator into a failure that names the reason (a probe test of this binary, run again in a
// child process with and without the variable). Whether a GPU answers is learnt from the
// runtime itself, so both hold with and without one.
#include "runtime/runtime_test_util.h"
#include "support/backend_fixture.h"
#include "support/stdout_capture.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace aclemu::test {
namespace {

using ::testing::AnyOf;
using ::testing::HasSubstr;
using ::testing::Not;

// ACLEMU_BACKEND=gpu: does a real GPU answer?
bool real_gpu_answers() {
    RuntimeSession session("gpu");
    if (session.init_result != ACL_SUCCESS) {
        return false;
    }
    const bool answers = aclrtSetDevice(0) == ACL_SUCCESS;
    if (answers) {
        aclrtResetDevice(0);
    }
    take_recent_error();
    return answers;
}

TEST(BackendSelection, AutoFallingBackToTheCpuIsAWarningWithTheReason) {
    const bool gpu = real_gpu_answers();
    ScopedEnv level("ASCEND_GLOBAL_LOG_LEVEL", "2");  // WARNING and above
    ScopedEnv to_stdout("ASCEND_LOG_PRINT_TO_STDOUT", "1");
    StdoutCapture capture;
    std::string reason;
    {
        RuntimeSession session("auto");
        ASSERT_EQ(session.init_result, ACL_SUCCESS);
        ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS) << take_recent_error();
        reason = rt::cpu_fallback_reason();
        EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
    }
    const std::string out = capture.finish();
    if (gpu) {
        EXPECT_EQ(reason, "");
        EXPECT_THAT(out, Not(HasSubstr("using the CPU backend")));
        return;
    }
    EXPECT_THAT(reason,
                AnyOf(HasSubstr("built without a GPU backend"),
                      HasSubstr("cudaGetDeviceCount: "),
                      HasSubstr("hipGetDeviceCount: ")));
    EXPECT_THAT(out, HasSubstr("[WARNING] RUNTIME("));
    EXPECT_THAT(
        out,
        HasSubstr("ACLEMU_BACKEND=auto: no usable GPU (" + reason + "); using the CPU backend"));
}

// The probe the child process runs: any gpu test does what it does in SetUp.
class RequireGpuProbe : public BackendTest {};

TEST_P(RequireGpuProbe, GetsADeviceAndAStream) {
    EXPECT_NE(stream(), nullptr);
}

ACLEMU_INSTANTIATE_GPU_ONLY(RequireGpuProbe);

struct ChildRun {
    int exit_code = -1;
    std::string output;
};

// This test binary again, running only the probe, with ACLEMU_REQUIRE_GPU=`require`.
ChildRun run_probe(const char* require) {
    ChildRun run;
    char self[4096] = {};
    const ssize_t length = readlink("/proc/self/exe", self, sizeof self - 1);
    if (length <= 0) {
        ADD_FAILURE() << "readlink(/proc/self/exe) failed";
        return run;
    }
    const std::string command = std::string("ACLEMU_REQUIRE_GPU=") + require + " '" + self
                                + "' --gtest_filter='Gpu/RequireGpuProbe.*' 2>&1";
    FILE* pipe = popen(command.c_str(), "r");
    if (pipe == nullptr) {
        ADD_FAILURE() << "popen failed: " << command;
        return run;
    }
    char buffer[4096];
    size_t got = 0;
    while ((got = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) {
        run.output.append(buffer, got);
    }
    const int status = pclose(pipe);
    run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return run;
}

TEST(RequireGpu, FailsTheGpuTestsWhenNoGpuAnswers) {
    const bool gpu = real_gpu_answers();
    const ChildRun required = run_probe("1");
    if (gpu) {
        EXPECT_EQ(required.exit_code, 0) << required.output;
        EXPECT_THAT(required.output, HasSubstr("[  PASSED  ] 1 test"));
        return;
    }
    EXPECT_NE(required.exit_code, 0) << required.output;
    EXPECT_THAT(required.output, HasSubstr("ACLEMU_REQUIRE_GPU=1, but no GPU answers: "));
    EXPECT_THAT(required.output, HasSubstr("[  FAILED  ] Gpu/RequireGpuProbe."));

    // Without the variable the same probe runs on the GPU simulator (skips where it is not built).
    const ChildRun simulated = run_probe("0");
    EXPECT_EQ(simulated.exit_code, 0) << simulated.output;
    EXPECT_THAT(simulated.output,
                AnyOf(HasSubstr("[  PASSED  ] 1 test"), HasSubstr("[  SKIPPED ] 1 test")));
}

}  // namespace
}  // namespace aclemu::test
