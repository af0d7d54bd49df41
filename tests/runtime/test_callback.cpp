// aclrtLaunchCallback with its report thread (aclrtSubscribeReport / aclrtProcessReport /
// aclrtUnSubscribeReport) on every backend: delivery, ACL_CALLBACK_BLOCK ordering, and every
// error code of the protocol.
#include "runtime/runtime_test_util.h"
#include "support/backend_fixture.h"
#include "support/c_enum_calls.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <pthread.h>
#include <thread>

namespace aclemu::test {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

// A thread that processes reports until stopped; it is its own subscriber id.
class ReportThread {
public:
    ReportThread() {
        std::promise<uint64_t> id;
        auto id_future = id.get_future();
        thread_ = std::thread([this, &id] {
            id.set_value(static_cast<uint64_t>(pthread_self()));
            while (!stop_.load()) {
                aclrtProcessReport(20);
            }
            aclGetRecentErrMsg();
        });
        id_ = id_future.get();
    }
    ~ReportThread() {
        stop_ = true;
        thread_.join();
    }
    uint64_t id() const { return id_; }

private:
    std::atomic<bool> stop_{false};
    std::thread thread_;
    uint64_t id_ = 0;
};

struct Call {
    OrderLog* log;
    int value;
};

void record_call(void* data) {
    auto* call = static_cast<Call*>(data);
    if (call->value == 1) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));  // a slow blocking callback
    }
    call->log->add(call->value);
}

class Callbacks : public BackendTest {};

TEST_P(Callbacks, DeliveredToTheSubscribedThreadInOrder) {
    ReportThread reporter;
    ASSERT_EQ(aclrtSubscribeReport(reporter.id(), stream()), ACL_SUCCESS);
    OrderLog log;
    Call blocking{&log, 1};
    Call after{&log, 2};
    ASSERT_EQ(aclrtLaunchCallback(record_call, &blocking, ACL_CALLBACK_BLOCK, stream()),
              ACL_SUCCESS);
    ASSERT_EQ(aclrtLaunchHostFunc(stream(), record_call, &after), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    EXPECT_THAT(log.values(), ElementsAre(1, 2));  // the stream waited for the callback

    Call non_blocking{&log, 3};
    ASSERT_EQ(aclrtLaunchCallback(record_call, &non_blocking, ACL_CALLBACK_NO_BLOCK, stream()),
              ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    for (int i = 0; i < 500 && log.values().size() < 3; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    EXPECT_THAT(log.values(), ElementsAre(1, 2, 3));
    EXPECT_EQ(aclrtUnSubscribeReport(reporter.id(), stream()), ACL_SUCCESS);
}

TEST_P(Callbacks, SubscriptionErrors) {
    ReportThread reporter;
    OrderLog log;
    Call call{&log, 0};
    take_recent_error();
    EXPECT_EQ(aclrtLaunchCallback(record_call, &call, ACL_CALLBACK_NO_BLOCK, stream()),
              ACL_ERROR_RT_STREAM_NO_CB_REG);
    EXPECT_THAT(take_recent_error(), HasSubstr("aclrtSubscribeReport"));
    ASSERT_EQ(aclrtSubscribeReport(reporter.id(), stream()), ACL_SUCCESS);
    EXPECT_EQ(aclrtSubscribeReport(reporter.id(), stream()), ACL_ERROR_REPEAT_SUBSCRIBE);
    EXPECT_EQ(aclrtLaunchCallback(nullptr, &call, ACL_CALLBACK_NO_BLOCK, stream()),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(c_aclrtLaunchCallback(record_call, &call, 2, stream()), ACL_ERROR_INVALID_PARAM);
    int bogus = 0;
    EXPECT_EQ(aclrtLaunchCallback(record_call, &call, ACL_CALLBACK_NO_BLOCK, &bogus),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtSubscribeReport(reporter.id(), &bogus), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtUnSubscribeReport(reporter.id() + 1, stream()), ACL_ERROR_STREAM_NOT_SUBSCRIBE);
    ASSERT_EQ(aclrtUnSubscribeReport(reporter.id(), stream()), ACL_SUCCESS);
    EXPECT_EQ(aclrtUnSubscribeReport(reporter.id(), stream()), ACL_ERROR_STREAM_NOT_SUBSCRIBE);
    EXPECT_EQ(aclrtLaunchCallback(record_call, &call, ACL_CALLBACK_NO_BLOCK, stream()),
              ACL_ERROR_RT_STREAM_NO_CB_REG);
}

TEST_P(Callbacks, ProcessReportErrors) {
    take_recent_error();
    EXPECT_EQ(aclrtProcessReport(10), ACL_ERROR_THREAD_NOT_SUBSCRIBE);
    EXPECT_THAT(take_recent_error(), HasSubstr("not subscribed to any stream"));
    uint64_t self = static_cast<uint64_t>(pthread_self());
    ASSERT_EQ(aclrtSubscribeReport(self, stream()), ACL_SUCCESS);
    EXPECT_EQ(aclrtProcessReport(20), ACL_ERROR_WAIT_CALLBACK_TIMEOUT);
    EXPECT_EQ(aclrtProcessReport(-2), ACL_ERROR_INVALID_PARAM);
    // This thread processes its own callback.
    OrderLog log;
    Call call{&log, 7};
    ASSERT_EQ(aclrtLaunchCallback(record_call, &call, ACL_CALLBACK_NO_BLOCK, stream()),
              ACL_SUCCESS);
    EXPECT_EQ(aclrtProcessReport(5000), ACL_SUCCESS);
    EXPECT_THAT(log.values(), ElementsAre(7));
    EXPECT_EQ(aclrtUnSubscribeReport(self, stream()), ACL_SUCCESS);
}

TEST_P(Callbacks, UnsubscribeReleasesABlockedStream) {
    uint64_t self = static_cast<uint64_t>(pthread_self());
    ASSERT_EQ(aclrtSubscribeReport(self, stream()), ACL_SUCCESS);
    OrderLog log;
    Call call{&log, 5};
    ASSERT_EQ(aclrtLaunchCallback(record_call, &call, ACL_CALLBACK_BLOCK, stream()), ACL_SUCCESS);
    EXPECT_EQ(aclrtSynchronizeStreamWithTimeout(stream(), 30), ACL_ERROR_RT_STREAM_SYNC_TIMEOUT);
    ASSERT_EQ(aclrtUnSubscribeReport(self, stream()), ACL_SUCCESS);  // the callback is dropped
    EXPECT_EQ(aclrtSynchronizeStreamWithTimeout(stream(), 5000), ACL_SUCCESS);
    EXPECT_TRUE(log.values().empty());
}

ACLEMU_INSTANTIATE_BACKENDS(Callbacks);

}  // namespace
}  // namespace aclemu::test
