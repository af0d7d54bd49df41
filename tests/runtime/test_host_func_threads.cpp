// aclrtSubscribeHostFunc / aclrtProcessHostFunc / aclrtUnSubscribeHostFunc on every backend: a
// host function launched on a subscribed stream runs on the subscribed thread, in stream order,
// and the stream's later work waits for it; the protocol's error codes.
#include "runtime/runtime_test_util.h"
#include "support/backend_fixture.h"
#include "support/error_message.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <future>
#include <pthread.h>
#include <thread>

namespace aclemu::test {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

struct HostCall {
    OrderLog* log = nullptr;
    int value = 0;
    pthread_t ran_on{};
};

void run_host_call(void* data) {
    auto* call = static_cast<HostCall*>(data);
    call->ran_on = pthread_self();
    call->log->add(call->value);
}

// A user thread serving host functions until stopped.
class HostFuncThread {
public:
    HostFuncThread() {
        std::promise<pthread_t> self;
        auto self_future = self.get_future();
        thread_ = std::thread([this, &self] {
            self.set_value(pthread_self());
            while (!stop_.load()) {
                aclrtProcessHostFunc(20);
            }
            aclGetRecentErrMsg();
        });
        self_ = self_future.get();
    }
    ~HostFuncThread() {
        stop_ = true;
        thread_.join();
    }
    uint64_t id() const { return static_cast<uint64_t>(self_); }
    pthread_t self() const { return self_; }

private:
    std::atomic<bool> stop_{false};
    std::thread thread_;
    pthread_t self_{};
};

class HostFuncThreads : public BackendTest {};

TEST_P(HostFuncThreads, RunOnTheSubscribedThreadInStreamOrder) {
    HostFuncThread server;
    ASSERT_EQ(aclrtSubscribeHostFunc(server.id(), stream()), ACL_SUCCESS);
    OrderLog log;
    HostCall first{&log, 1};
    HostCall second{&log, 2};
    // A copy between the two functions: it runs after the first, before the second.
    int32_t* device = nullptr;
    ASSERT_EQ(
        aclrtMalloc(reinterpret_cast<void**>(&device), sizeof(int32_t), ACL_MEM_MALLOC_HUGE_FIRST),
        ACL_SUCCESS);
    const int32_t value = 42;
    int32_t back = 0;
    ASSERT_EQ(aclrtLaunchHostFunc(stream(), run_host_call, &first), ACL_SUCCESS);
    ASSERT_EQ(
        aclrtMemcpyAsync(
            device, sizeof(value), &value, sizeof(value), ACL_MEMCPY_HOST_TO_DEVICE, stream()),
        ACL_SUCCESS);
    ASSERT_EQ(aclrtMemcpyAsync(
                  &back, sizeof(back), device, sizeof(back), ACL_MEMCPY_DEVICE_TO_HOST, stream()),
              ACL_SUCCESS);
    ASSERT_EQ(aclrtLaunchHostFunc(stream(), run_host_call, &second), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    EXPECT_THAT(log.values(), ElementsAre(1, 2));
    EXPECT_EQ(back, 42);
    EXPECT_TRUE(pthread_equal(first.ran_on, server.self()));
    EXPECT_TRUE(pthread_equal(second.ran_on, server.self()));
    EXPECT_EQ(aclrtUnSubscribeHostFunc(server.id(), stream()), ACL_SUCCESS);

    // Unsubscribed: the runtime runs it again, on a thread of its own.
    HostCall third{&log, 3};
    ASSERT_EQ(aclrtLaunchHostFunc(stream(), run_host_call, &third), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    EXPECT_THAT(log.values(), ElementsAre(1, 2, 3));
    EXPECT_FALSE(pthread_equal(third.ran_on, server.self()));
    EXPECT_EQ(aclrtFree(device), ACL_SUCCESS);
}

TEST_P(HostFuncThreads, TheCallingThreadCanServeItsOwnStream) {
    const uint64_t self = static_cast<uint64_t>(pthread_self());
    ASSERT_EQ(aclrtSubscribeHostFunc(self, stream()), ACL_SUCCESS);
    OrderLog log;
    HostCall call{&log, 7};
    ASSERT_EQ(aclrtLaunchHostFunc(stream(), run_host_call, &call), ACL_SUCCESS);
    // The stream holds until this thread runs the function.
    EXPECT_EQ(aclrtSynchronizeStreamWithTimeout(stream(), 30), ACL_ERROR_RT_STREAM_SYNC_TIMEOUT);
    EXPECT_EQ(aclrtProcessHostFunc(5000), ACL_SUCCESS);
    EXPECT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    EXPECT_THAT(log.values(), ElementsAre(7));
    EXPECT_TRUE(pthread_equal(call.ran_on, pthread_self()));
    EXPECT_EQ(aclrtUnSubscribeHostFunc(self, stream()), ACL_SUCCESS);
}

TEST_P(HostFuncThreads, ReportAndHostFuncSubscriptionsAreSeparate) {
    const uint64_t self = static_cast<uint64_t>(pthread_self());
    ASSERT_EQ(aclrtSubscribeReport(self, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtSubscribeHostFunc(self, stream()), ACL_SUCCESS);
    take_recent_error();
    EXPECT_EQ(aclrtProcessReport(10), ACL_ERROR_WAIT_CALLBACK_TIMEOUT);
    EXPECT_EQ(aclrtUnSubscribeReport(self, stream()), ACL_SUCCESS);
    EXPECT_EQ(aclrtProcessHostFunc(10), ACL_ERROR_WAIT_CALLBACK_TIMEOUT);
    EXPECT_EQ(aclrtUnSubscribeHostFunc(self, stream()), ACL_SUCCESS);
}

TEST_P(HostFuncThreads, ProtocolErrors) {
    const uint64_t self = static_cast<uint64_t>(pthread_self());
    take_recent_error();
    EXPECT_EQ(aclrtProcessHostFunc(10), ACL_ERROR_THREAD_NOT_SUBSCRIBE);
    EXPECT_THAT(take_recent_error(), HasSubstr("aclrtSubscribeHostFunc"));
    EXPECT_EQ(aclrtProcessHostFunc(0), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("timeout"));
    EXPECT_EQ(aclrtProcessHostFunc(-2), ACL_ERROR_INVALID_PARAM);
    int bogus = 0;
    EXPECT_EQ(aclrtSubscribeHostFunc(self, &bogus), ACL_ERROR_INVALID_PARAM);
    ASSERT_EQ(aclrtSubscribeHostFunc(self, stream()), ACL_SUCCESS);
    EXPECT_EQ(aclrtSubscribeHostFunc(self + 1, stream()), ACL_ERROR_REPEAT_SUBSCRIBE);
    EXPECT_THAT(take_recent_error(), HasSubstr("stream"));
    EXPECT_EQ(aclrtProcessHostFunc(10), ACL_ERROR_WAIT_CALLBACK_TIMEOUT);
    EXPECT_EQ(aclrtUnSubscribeHostFunc(self + 1, stream()), ACL_ERROR_STREAM_NOT_SUBSCRIBE);
    EXPECT_THAT(take_recent_error(), HasSubstr("threadId"));
    EXPECT_EQ(aclrtUnSubscribeHostFunc(self, stream()), ACL_SUCCESS);
    EXPECT_EQ(aclrtUnSubscribeHostFunc(self, stream()), ACL_ERROR_STREAM_NOT_SUBSCRIBE);
}

TEST_P(HostFuncThreads, UnsubscribeReleasesAWaitingStream) {
    const uint64_t self = static_cast<uint64_t>(pthread_self());
    ASSERT_EQ(aclrtSubscribeHostFunc(self, stream()), ACL_SUCCESS);
    OrderLog log;
    HostCall call{&log, 5};
    ASSERT_EQ(aclrtLaunchHostFunc(stream(), run_host_call, &call), ACL_SUCCESS);
    EXPECT_EQ(aclrtSynchronizeStreamWithTimeout(stream(), 30), ACL_ERROR_RT_STREAM_SYNC_TIMEOUT);
    ASSERT_EQ(aclrtUnSubscribeHostFunc(self, stream()), ACL_SUCCESS);  // the function is dropped
    EXPECT_EQ(aclrtSynchronizeStreamWithTimeout(stream(), 5000), ACL_SUCCESS);
    EXPECT_TRUE(log.values().empty());
}

ACLEMU_INSTANTIATE_BACKENDS(HostFuncThreads);

}  // namespace
}  // namespace aclemu::test
