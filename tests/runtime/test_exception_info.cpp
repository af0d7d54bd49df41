// aclrtSetExceptionInfoCallback, the aclrtGet*FromExceptionInfo getters and
// aclrtGetThreadLastTaskId on every backend: a task that fails on a stream (rt.h
// fail_stream_task, as a trapped Ascend C kernel does) is reported to the callback with its task
// id, stream id, launching thread, device and error code, before the synchronize returns it.
#include "aclemu/rt.h"
#include "runtime/runtime_test_util.h"
#include "support/backend_fixture.h"
#include "support/error_message.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <mutex>
#include <sys/syscall.h>
#include <thread>
#include <unistd.h>

namespace aclemu::test {
namespace {

using ::testing::HasSubstr;

struct SeenException {
    int calls = 0;
    uint32_t task = 0, stream = 0, thread = 0, device = 0, code = 0;
};

std::mutex seen_mutex;
SeenException seen;

void remember_exception(aclrtExceptionInfo* info) {
    std::lock_guard<std::mutex> lock(seen_mutex);
    ++seen.calls;
    seen.task = aclrtGetTaskIdFromExceptionInfo(info);
    seen.stream = aclrtGetStreamIdFromExceptionInfo(info);
    seen.thread = aclrtGetThreadIdFromExceptionInfo(info);
    seen.device = aclrtGetDeviceIdFromExceptionInfo(info);
    seen.code = aclrtGetErrorCodeFromExceptionInfo(info);
}

class ExceptionInfo : public BackendTest {
protected:
    void SetUp() override {
        BackendTest::SetUp();
        std::lock_guard<std::mutex> lock(seen_mutex);
        seen = SeenException{};
    }
    void TearDown() override {
        EXPECT_EQ(aclrtSetExceptionInfoCallback(nullptr), ACL_SUCCESS);
        BackendTest::TearDown();
    }
    // Queues a task that fails with `code` on stream(); returns the id it was given.
    uint32_t queue_failing_task(aclError code) {
        rt::StreamTarget target;
        EXPECT_EQ(rt::resolve_stream(stream(), &target), ACL_SUCCESS);
        EXPECT_EQ(
            rt::enqueue_host_task(
                target, [target, code] { rt::fail_stream_task(target, code, "test failure"); }),
            ACL_SUCCESS);
        uint32_t id = 0;
        EXPECT_EQ(aclrtGetThreadLastTaskId(&id), ACL_SUCCESS);
        return id;
    }
};

TEST_P(ExceptionInfo, FailingTaskReportsThroughTheCallback) {
    ASSERT_EQ(aclrtSetExceptionInfoCallback(remember_exception), ACL_SUCCESS);
    const uint32_t task = queue_failing_task(ACL_ERROR_RT_VECTOR_CORE_EXCEPTION);
    EXPECT_NE(task, 0u);
    EXPECT_EQ(aclrtSynchronizeStream(stream()), ACL_ERROR_RT_VECTOR_CORE_EXCEPTION);
    int32_t stream_id = -1;
    ASSERT_EQ(aclrtStreamGetId(stream(), &stream_id), ACL_SUCCESS);
    std::lock_guard<std::mutex> lock(seen_mutex);
    EXPECT_EQ(seen.calls, 1);
    EXPECT_EQ(seen.task, task);
    EXPECT_EQ(seen.stream, static_cast<uint32_t>(stream_id));
    EXPECT_EQ(seen.thread, static_cast<uint32_t>(::syscall(SYS_gettid)));
    EXPECT_EQ(seen.device, 0u);
    EXPECT_EQ(seen.code, static_cast<uint32_t>(ACL_ERROR_RT_VECTOR_CORE_EXCEPTION));
}

TEST_P(ExceptionInfo, WithoutACallbackNothingIsCalled) {
    ASSERT_EQ(aclrtSetExceptionInfoCallback(remember_exception), ACL_SUCCESS);
    ASSERT_EQ(aclrtSetExceptionInfoCallback(nullptr), ACL_SUCCESS);
    queue_failing_task(ACL_ERROR_RT_AICORE_EXCEPTION);
    EXPECT_EQ(aclrtSynchronizeStream(stream()), ACL_ERROR_RT_AICORE_EXCEPTION);
    std::lock_guard<std::mutex> lock(seen_mutex);
    EXPECT_EQ(seen.calls, 0);
}

TEST_P(ExceptionInfo, GettersOfANullInfoAreAllOnes) {
    EXPECT_EQ(aclrtGetTaskIdFromExceptionInfo(nullptr), 0xFFFFFFFFu);
    EXPECT_EQ(aclrtGetStreamIdFromExceptionInfo(nullptr), 0xFFFFFFFFu);
    EXPECT_EQ(aclrtGetThreadIdFromExceptionInfo(nullptr), 0xFFFFFFFFu);
    EXPECT_EQ(aclrtGetDeviceIdFromExceptionInfo(nullptr), 0xFFFFFFFFu);
    EXPECT_EQ(aclrtGetErrorCodeFromExceptionInfo(nullptr), 0xFFFFFFFFu);
}

TEST_P(ExceptionInfo, ThreadLastTaskIdFollowsTheThreadsOwnTasks) {
    int32_t* device = nullptr;
    ASSERT_EQ(aclrtMalloc(reinterpret_cast<void**>(&device), 64, ACL_MEM_MALLOC_HUGE_FIRST),
              ACL_SUCCESS);
    uint32_t first = 0;
    uint32_t second = 0;
    ASSERT_EQ(aclrtMemsetAsync(device, 64, 0, 64, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtGetThreadLastTaskId(&first), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemsetAsync(device, 64, 1, 64, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtGetThreadLastTaskId(&second), ACL_SUCCESS);
    EXPECT_NE(first, 0u);
    EXPECT_GT(second, first);
    // A query is no task.
    uint32_t again = 0;
    ASSERT_EQ(aclrtGetThreadLastTaskId(&again), ACL_SUCCESS);
    EXPECT_EQ(again, second);
    // Another thread that launched nothing has no last task.
    uint32_t other = 1;
    aclError other_result = ACL_ERROR_INTERNAL_ERROR;
    std::thread([&] { other_result = aclrtGetThreadLastTaskId(&other); }).join();
    EXPECT_EQ(other_result, ACL_SUCCESS);
    EXPECT_EQ(other, 0u);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    EXPECT_EQ(aclrtFree(device), ACL_SUCCESS);
    take_recent_error();
    EXPECT_EQ(aclrtGetThreadLastTaskId(nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("taskId"));
}

ACLEMU_INSTANTIATE_BACKENDS(ExceptionInfo);

}  // namespace
}  // namespace aclemu::test
