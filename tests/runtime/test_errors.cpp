// aclGetRecentErrMsg: CANN-style messages naming the parameter, several messages newest first,
// cleared once read, kept per thread; report_error (the op libraries' entry) feeds the same list.
#include "aclemu/rt.h"
#include "runtime/runtime_test_util.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <thread>

namespace aclemu::test {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

class RecentErrors : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_EQ(session_.init_result, ACL_SUCCESS);
        ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
        aclGetRecentErrMsg();
    }
    void TearDown() override { aclrtResetDevice(0); }
    RuntimeSession session_{"cpu"};
};

TEST_F(RecentErrors, NullWhenNothingFailed) {
    EXPECT_EQ(aclGetRecentErrMsg(), nullptr);
}

TEST_F(RecentErrors, MessageNamesTheParameterAndIsClearedOnceRead) {
    void* ptr = nullptr;
    ASSERT_EQ(aclrtMalloc(&ptr, 0, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
    const char* text = aclGetRecentErrMsg();
    ASSERT_NE(text, nullptr);
    EXPECT_STREQ(
        text, "EH0001: Value [0] for parameter [size] is invalid. Reason: must be greater than 0");
    EXPECT_EQ(aclGetRecentErrMsg(), nullptr);
}

TEST_F(RecentErrors, SuccessDoesNotClearEarlierMessages) {
    ASSERT_EQ(aclrtSetDevice(9), ACL_ERROR_RT_INVALID_DEVICEID);
    int32_t device = -1;
    ASSERT_EQ(aclrtGetDevice(&device), ACL_SUCCESS);
    EXPECT_THAT(take_recent_error(), HasSubstr("[deviceId]"));
}

TEST_F(RecentErrors, SeveralMessagesNewestFirst) {
    void* ptr = nullptr;
    ASSERT_EQ(aclrtMalloc(nullptr, 8, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
    ASSERT_EQ(aclrtSetDevice(5), ACL_ERROR_RT_INVALID_DEVICEID);
    ASSERT_EQ(aclrtMalloc(&ptr, 0, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
    std::string text = take_recent_error();
    size_t first = text.find('\n');
    size_t second = text.find('\n', first + 1);
    ASSERT_NE(first, std::string::npos);
    ASSERT_NE(second, std::string::npos);
    EXPECT_THAT(text.substr(0, first), HasSubstr("[size]"));
    EXPECT_THAT(text.substr(first + 1, second - first - 1), HasSubstr("[deviceId]"));
    EXPECT_THAT(text.substr(second + 1), HasSubstr("[devPtr]"));
    EXPECT_EQ(take_recent_error(), "");
}

TEST_F(RecentErrors, MessagesArePerThread) {
    std::string seen_by_worker = "unset";
    std::thread worker([&] {
        uint32_t count = 0;
        aclrtGetDeviceCount(nullptr);  // fails on the worker
        aclrtGetDeviceCount(&count);
        const char* text = aclGetRecentErrMsg();
        seen_by_worker = text != nullptr ? text : "";
    });
    worker.join();
    EXPECT_THAT(seen_by_worker, HasSubstr("[count]"));
    EXPECT_EQ(aclGetRecentErrMsg(), nullptr);  // nothing on this thread
}

TEST_F(RecentErrors, ReportErrorFromTheOpLibraries) {
    aclemu::rt::report_error("EZ1001", "gradOutput: dtype BOOL is not supported");
    EXPECT_EQ(take_recent_error(), "EZ1001: gradOutput: dtype BOOL is not supported");
    aclemu::rt::report_error("EZ1001", "first");
    int bogus = 0;
    ASSERT_EQ(aclrtDestroyStream(&bogus), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), StartsWith("EH0001: Value [0x"));
}

TEST_F(RecentErrors, PointerReturnedStaysValidUntilTheNextRead) {
    void* ptr = nullptr;
    ASSERT_EQ(aclrtMalloc(&ptr, 0, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
    const char* text = aclGetRecentErrMsg();
    ASSERT_NE(text, nullptr);
    std::string copy = text;
    ASSERT_EQ(aclrtSetDevice(77), ACL_ERROR_RT_INVALID_DEVICEID);  // a new failure
    EXPECT_EQ(std::string(text), copy);
}

}  // namespace
}  // namespace aclemu::test
