// The log as CANN users read it: at ASCEND_GLOBAL_LOG_LEVEL=0 one DEBUG line per aclnn call (the
// op, its tensors' dtypes, shapes, strides, offsets and formats, the workspace, the backend and
// kernel variant) and per runtime call, each naming the API and its source file; none above
// level 0; an operator's ERROR line naming the aclnn function, not an internal file; a runtime
// failure found in a helper logged at the entry point's file; and one ERROR line for an aclnn
// call the runtime refused (after aclFinalize).
#include "acl/acl.h"
#include "aclnnop/aclnn_logit_grad.h"

#include "runtime/runtime_test_util.h"
#include "support/device_tensor.h"
#include "support/stdout_capture.h"
#include "support/two_phase.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <regex>
#include <string>

namespace aclemu::test {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

// Runs LogitGrad on a 2x3 fp16 transpose view at log level `level`, printing to stdout, and
// returns what was printed.
std::string logit_grad_logged(const char* level, double eps = -1.0, bool* ok = nullptr) {
    ScopedEnv global("ASCEND_GLOBAL_LOG_LEVEL", level);
    ScopedEnv modules("ASCEND_MODULE_LOG_LEVEL", nullptr);
    ScopedEnv to_stdout("ASCEND_LOG_PRINT_TO_STDOUT", "1");
    StdoutCapture capture;
    {
        RuntimeSession session("cpu");
        EXPECT_EQ(session.init_result, ACL_SUCCESS);
        EXPECT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
        aclrtStream stream = nullptr;
        EXPECT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
        {
            // x is a transposed view of a row-major 3x2 storage: strides [1,2].
            auto x = DeviceTensor::strided(
                {2, 3}, {1, 2}, 0, {6}, ACL_FLOAT16, {0.1, 0.2, 0.3, 0.4, 0.5, 0.6});
            auto dy = DeviceTensor::filled({2, 3}, ACL_FLOAT16, 1.0);
            auto out = DeviceTensor::filled({2, 3}, ACL_FLOAT16, 0.0);
            const TwoPhaseResult r = run_two_phase(aclnnLogitGradGetWorkspaceSize,
                                                   aclnnLogitGrad,
                                                   stream,
                                                   x.get(),
                                                   dy.get(),
                                                   eps,
                                                   out.get());
            if (ok != nullptr) {
                *ok = r.ok();
            }
        }
        EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
        EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
    }
    std::string printed = capture.finish();
    take_recent_error();
    return printed;
}

// CANN's line prefix up to the source location, for module `module` at `level`.
std::string prefix(const std::string& level, const std::string& module, const std::string& file) {
    return R"(\[)" + level + R"(\] )" + module
           + R"(\(\d+,[^)]+\):\d{4}-\d\d-\d\d-\d\d:\d\d:\d\d\.\d{3}\.\d{3} \[)" + file
           + R"(:\d+\]\d+ )";
}

TEST(CallLogging, LevelZeroPrintsALinePerAclnnCall) {
    bool ok = false;
    const std::string out = logit_grad_logged("0", -1.0, &ok);
    ASSERT_TRUE(ok);
    const std::string tensors = R"(x=FLOAT16\[2,3\] strides=\[1,2\] offset=0 format=ND, )"
                                R"(dy=FLOAT16\[2,3\] strides=\[3,1\] offset=0 format=ND, )"
                                R"(out=FLOAT16\[2,3\] strides=\[3,1\] offset=0 format=ND)";
    const std::regex phase1(prefix("DEBUG", "OP", "aclnn_logit_grad\\.cpp")
                            + "aclnnLogitGradGetWorkspaceSize: " + tensors
                            + R"(; workspace 0 bytes; returned 0 in [0-9.]+ us)");
    EXPECT_TRUE(std::regex_search(out, phase1)) << out;
    // 6 elements of 3 fp16 tensors move 36 bytes; a short kernel runs on one thread.
    const std::regex phase2(prefix("DEBUG", "OP", "aclnn_logit_grad\\.cpp")
                            + "aclnnLogitGrad: " + tensors
                            + R"(; workspace 0 bytes; kernel logit_grad \(strided\) on cpu: )"
                              R"((avx512|avx2|baseline), 1 thread, may run inline, 36 bytes; )"
                              R"(returned 0 in [0-9.]+ us)");
    EXPECT_TRUE(std::regex_search(out, phase2)) << out;
}

TEST(CallLogging, LevelZeroPrintsALinePerRuntimeCall) {
    const std::string out = logit_grad_logged("0");
    for (const auto& [api, file] : {std::pair{"aclrtSetDevice", "api_device"},
                                    std::pair{"aclrtCreateStream", "api_stream"},
                                    std::pair{"aclrtMalloc", "api_memory"},
                                    std::pair{"aclrtMemcpy", "api_memory"},
                                    std::pair{"aclrtSynchronizeStream", "api_stream"},
                                    std::pair{"aclrtFree", "api_memory"},
                                    std::pair{"aclFinalize", "api_init"}}) {
        const std::regex line(prefix("DEBUG", "ASCENDCL", std::string(file) + "\\.cpp") + api
                              + R"(: returned 0 in [0-9.]+ us)");
        EXPECT_TRUE(std::regex_search(out, line)) << api << "\n" << out;
    }
}

TEST(CallLogging, NoDebugLinesAboveLevelZero) {
    const std::string out = logit_grad_logged("1");
    EXPECT_THAT(out, HasSubstr("[INFO]"));
    EXPECT_THAT(out, Not(HasSubstr("[DEBUG]")));
}

TEST(CallLogging, OperatorErrorNamesTheAclnnFunction) {
    // dy with another dtype than x fails phase 1.
    ScopedEnv global("ASCEND_GLOBAL_LOG_LEVEL", "3");
    ScopedEnv to_stdout("ASCEND_LOG_PRINT_TO_STDOUT", "1");
    StdoutCapture capture;
    {
        RuntimeSession session("cpu");
        ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
        auto x = DeviceTensor::filled({2, 3}, ACL_FLOAT16, 0.5);
        auto dy = DeviceTensor::filled({2, 3}, ACL_FLOAT, 1.0);
        auto out = DeviceTensor::filled({2, 3}, ACL_FLOAT16, 0.0);
        uint64_t workspace = 0;
        aclOpExecutor* executor = nullptr;
        EXPECT_EQ(aclnnLogitGradGetWorkspaceSize(
                      x.get(), dy.get(), -1.0, out.get(), &workspace, &executor),
                  ACLNN_ERR_PARAM_INVALID);
        EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
    }
    const std::string printed = capture.finish();
    take_recent_error();
    const std::regex line(prefix("ERROR", "OP", "aclnn_logit_grad\\.cpp")
                          + R"(aclnnLogitGradGetWorkspaceSize: EZ1001: \[aclnnLogitGrad\] dy: )");
    EXPECT_TRUE(std::regex_search(printed, line)) << printed;
    EXPECT_THAT(printed, Not(HasSubstr("error.cpp")));
}

TEST(CallLogging, RuntimeErrorNamesTheEntryPointsFile) {
    // The stream lookup that refuses the handle lives in runtime.cpp.
    ScopedEnv global("ASCEND_GLOBAL_LOG_LEVEL", "3");
    ScopedEnv to_stdout("ASCEND_LOG_PRINT_TO_STDOUT", "1");
    StdoutCapture capture;
    {
        RuntimeSession session("cpu");
        ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
        int not_a_stream = 0;
        EXPECT_EQ(aclrtSynchronizeStream(&not_a_stream), ACL_ERROR_INVALID_PARAM);
        EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
    }
    const std::string printed = capture.finish();
    take_recent_error();
    const std::regex line(prefix("ERROR", "ASCENDCL", "api_stream\\.cpp")
                          + R"(aclrtSynchronizeStream: EH0001: .*not a live stream)");
    EXPECT_TRUE(std::regex_search(printed, line)) << printed;
    EXPECT_THAT(printed, Not(HasSubstr("[runtime.cpp:")));
}

TEST(CallLogging, AclnnCallAfterFinalizeWritesOneErrorLine) {
    ScopedEnv global("ASCEND_GLOBAL_LOG_LEVEL", "3");
    ScopedEnv modules("ASCEND_MODULE_LOG_LEVEL", nullptr);
    ScopedEnv to_stdout("ASCEND_LOG_PRINT_TO_STDOUT", "1");
    RuntimeSession session("cpu");
    ASSERT_EQ(session.init_result, ACL_SUCCESS);
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    aclrtStream stream = nullptr;
    ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
    auto x = DeviceTensor::filled({2, 3}, ACL_FLOAT, 0.5);
    auto dy = DeviceTensor::filled({2, 3}, ACL_FLOAT, 1.0);
    auto out = DeviceTensor::filled({2, 3}, ACL_FLOAT, 0.0);
    uint64_t workspace = 0;
    aclOpExecutor* executor = nullptr;
    ASSERT_EQ(
        aclnnLogitGradGetWorkspaceSize(x.get(), dy.get(), -1.0, out.get(), &workspace, &executor),
        ACLNN_SUCCESS);
    ASSERT_EQ(workspace, 0u);
    ASSERT_EQ(aclFinalize(), ACL_SUCCESS);
    take_recent_error();

    StdoutCapture capture;
    EXPECT_EQ(aclnnLogitGrad(nullptr, 0, executor, stream), ACLNN_ERR_RUNTIME_ERROR);
    const std::string printed = capture.finish();
    const std::string messages = take_recent_error();

    const std::regex line(
        prefix("ERROR", "OP", "aclnn_logit_grad\\.cpp")
        + R"(aclnnLogitGrad: EZ3001: \[aclnnLogitGrad\] stream: .*the runtime is )"
          R"(not initialized)");
    EXPECT_TRUE(std::regex_search(printed, line)) << printed;
    size_t error_lines = 0;
    for (size_t at = printed.find("[ERROR]"); at != std::string::npos;
         at = printed.find("[ERROR]", at + 1)) {
        ++error_lines;
    }
    EXPECT_EQ(error_lines, 1u) << printed;
    // Both messages stay, the aclnn one first.
    const size_t aclnn = messages.find("EZ3001");
    const size_t runtime = messages.find("EH0003");
    EXPECT_NE(aclnn, std::string::npos) << messages;
    EXPECT_NE(runtime, std::string::npos) << messages;
    EXPECT_LT(aclnn, runtime) << messages;

    // The tensors' memory went with aclFinalize; their frees fail quietly in a new session.
    ScopedEnv quiet("ASCEND_GLOBAL_LOG_LEVEL", "4");
    ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
}

}  // namespace
}  // namespace aclemu::test
