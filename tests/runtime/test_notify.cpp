// Notifies on every backend: ids, a wait that holds its stream until the record (and one that
// comes after it), the reset after the wait, the wait's timeout (CPU backend; on a GPU, whose
// stream memory operations have no deadline, the wait holds until the record), the batch reset,
// and every error code.
#include "runtime/runtime_test_util.h"
#include "support/backend_fixture.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

namespace aclemu::test {
namespace {

using ::testing::HasSubstr;
using Clock = std::chrono::steady_clock;

class Notifies : public BackendTest {
protected:
    void SetUp() override {
        BackendTest::SetUp();
        if (HasFatalFailure() || IsSkipped()) {
            return;
        }
        ASSERT_EQ(aclrtCreateStream(&other_), ACL_SUCCESS);
    }
    void TearDown() override {
        for (aclrtNotify notify : notifies_) {
            EXPECT_EQ(aclrtDestroyNotify(notify), ACL_SUCCESS) << take_recent_error();
        }
        if (other_ != nullptr) {
            EXPECT_EQ(aclrtDestroyStream(other_), ACL_SUCCESS);
        }
        BackendTest::TearDown();
    }
    aclrtNotify make() {
        aclrtNotify notify = nullptr;
        EXPECT_EQ(aclrtCreateNotify(&notify, ACL_NOTIFY_DEFAULT), ACL_SUCCESS)
            << take_recent_error();
        notifies_.push_back(notify);
        return notify;
    }
    uint32_t id_of(aclrtNotify notify) {
        uint32_t id = 12345;
        EXPECT_EQ(aclrtGetNotifyId(notify, &id), ACL_SUCCESS);
        return id;
    }
    aclrtStream other_ = nullptr;
    std::vector<aclrtNotify> notifies_;
};

TEST_P(Notifies, IdsAreTheLowestFreeNumbers) {
    aclrtNotify a = make(), b = make(), c = make();
    EXPECT_EQ(id_of(a), 0u);
    EXPECT_EQ(id_of(b), 1u);
    EXPECT_EQ(id_of(c), 2u);
    ASSERT_EQ(aclrtDestroyNotify(b), ACL_SUCCESS);
    notifies_.erase(notifies_.begin() + 1);
    aclrtNotify d = nullptr;
    ASSERT_EQ(aclrtCreateNotify(&d, ACL_NOTIFY_DEVICE_USE_ONLY), ACL_SUCCESS);
    notifies_.push_back(d);
    EXPECT_EQ(id_of(d), 1u);
}

TEST_P(Notifies, WaitHoldsItsStreamUntilTheRecord) {
    aclrtNotify notify = make();
    Latch latch;
    std::atomic<bool> after_wait{false};
    ASSERT_EQ(aclrtLaunchHostFunc(stream(), Latch::wait_fn, &latch), ACL_SUCCESS);
    ASSERT_EQ(aclrtRecordNotify(notify, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtWaitAndResetNotify(notify, other_, 0), ACL_SUCCESS);
    ASSERT_EQ(aclrtLaunchHostFunc(other_, set_flag_fn, &after_wait), ACL_SUCCESS);

    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    EXPECT_FALSE(after_wait.load()) << "the waiting stream ran past an unrecorded notify";
    aclrtStreamStatus status = ACL_STREAM_STATUS_COMPLETE;
    ASSERT_EQ(aclrtStreamQuery(other_, &status), ACL_SUCCESS);
    EXPECT_EQ(status, ACL_STREAM_STATUS_NOT_READY);

    latch.release();
    ASSERT_EQ(aclrtSynchronizeStream(other_), ACL_SUCCESS);
    EXPECT_TRUE(after_wait.load());
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
}

TEST_P(Notifies, RecordBeforeTheWaitLetsItPass) {
    aclrtNotify notify = make();
    ASSERT_EQ(aclrtRecordNotify(notify, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtWaitAndResetNotify(notify, other_, 0), ACL_SUCCESS);
    EXPECT_EQ(aclrtSynchronizeStreamWithTimeout(other_, 10000), ACL_SUCCESS);
    // Again: record and wait, in one stream (default stream, NULL).
    ASSERT_EQ(aclrtRecordNotify(notify, nullptr), ACL_SUCCESS);
    ASSERT_EQ(aclrtWaitAndResetNotify(notify, nullptr, 0), ACL_SUCCESS);
    EXPECT_EQ(aclrtSynchronizeStreamWithTimeout(nullptr, 10000), ACL_SUCCESS);
}

TEST_P(Notifies, TheWaitResetsAndItsTimeoutHoldsOnlyOnTheCpu) {
    aclrtNotify notify = make();
    ASSERT_EQ(aclrtRecordNotify(notify, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtWaitAndResetNotify(notify, other_, 0), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(other_), ACL_SUCCESS);
    // Reset by the first wait: a second one waits. The CPU backend ends it at its 1 s timeout
    // and the stream goes on; a GPU stream wait has no deadline (stream memory operations have
    // none), so there it holds the stream until the next record.
    const auto start = Clock::now();
    ASSERT_EQ(aclrtWaitAndResetNotify(notify, other_, 1), ACL_SUCCESS);
    if (!on_gpu()) {
        ASSERT_EQ(aclrtSynchronizeStream(other_), ACL_SUCCESS);
        EXPECT_GE(Clock::now() - start, std::chrono::milliseconds(950));
        return;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1200));
    aclrtStreamStatus status = ACL_STREAM_STATUS_COMPLETE;
    ASSERT_EQ(aclrtStreamQuery(other_, &status), ACL_SUCCESS);
    EXPECT_EQ(status, ACL_STREAM_STATUS_NOT_READY) << "the GPU wait ended without a record";
    ASSERT_EQ(aclrtRecordNotify(notify, stream()), ACL_SUCCESS);
    EXPECT_EQ(aclrtSynchronizeStreamWithTimeout(other_, 10000), ACL_SUCCESS);
}

TEST_P(Notifies, BatchResetClearsRecords) {
    aclrtNotify a = make(), b = make();
    ASSERT_EQ(aclrtRecordNotify(a, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtRecordNotify(b, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    aclrtNotify both[] = {a, b};
    ASSERT_EQ(aclrtNotifyBatchReset(both, 2), ACL_SUCCESS);
    if (!on_gpu()) {
        const auto start = Clock::now();
        ASSERT_EQ(aclrtWaitAndResetNotify(b, other_, 1), ACL_SUCCESS);
        ASSERT_EQ(aclrtSynchronizeStream(other_), ACL_SUCCESS);
        EXPECT_GE(Clock::now() - start, std::chrono::milliseconds(950)) << "b was not reset";
    }
    take_recent_error();
    EXPECT_EQ(aclrtNotifyBatchReset(nullptr, 2), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("[notifies]"));
    EXPECT_EQ(aclrtNotifyBatchReset(both, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("[num]"));
    int not_a_notify = 0;
    aclrtNotify with_bad[] = {a, &not_a_notify};
    EXPECT_EQ(aclrtNotifyBatchReset(with_bad, 2), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("not a live notify"));
}

TEST_P(Notifies, ErrorPaths) {
    take_recent_error();
    EXPECT_EQ(aclrtCreateNotify(nullptr, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("[notify]"));
    aclrtNotify notify = nullptr;
    EXPECT_EQ(aclrtCreateNotify(&notify, 0x4), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("[flag]"));
    EXPECT_EQ(notify, nullptr);

    aclrtNotify live = make();
    uint32_t id = 0;
    EXPECT_EQ(aclrtGetNotifyId(live, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtGetNotifyId(nullptr, &id), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtRecordNotify(nullptr, stream()), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtWaitAndResetNotify(nullptr, stream(), 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtDestroyNotify(nullptr), ACL_ERROR_INVALID_PARAM);
    int not_a_stream = 0;
    take_recent_error();
    EXPECT_EQ(aclrtRecordNotify(live, &not_a_stream), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("not a live stream"));

    aclrtNotify dead = nullptr;
    ASSERT_EQ(aclrtCreateNotify(&dead, 0), ACL_SUCCESS);
    ASSERT_EQ(aclrtDestroyNotify(dead), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyNotify(dead), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("not a live notify"));
    EXPECT_EQ(aclrtRecordNotify(dead, stream()), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtWaitAndResetNotify(dead, stream(), 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtGetNotifyId(dead, &id), ACL_ERROR_INVALID_PARAM);
}

ACLEMU_INSTANTIATE_BACKENDS(Notifies);

TEST(NotifyDevices, AStreamOfAnotherDeviceIsRefused) {
    ScopedEnv devices("ACLEMU_CPU_DEVICE_COUNT", "2");
    RuntimeSession session("cpu");
    ASSERT_EQ(session.init_result, ACL_SUCCESS);
    ASSERT_EQ(aclrtSetDevice(1), ACL_SUCCESS);
    aclrtStream on_device_1 = nullptr;
    ASSERT_EQ(aclrtCreateStream(&on_device_1), ACL_SUCCESS);
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    aclrtNotify notify = nullptr;
    ASSERT_EQ(aclrtCreateNotify(&notify, 0), ACL_SUCCESS);
    take_recent_error();
    EXPECT_EQ(aclrtRecordNotify(notify, on_device_1), ACL_ERROR_RT_STREAM_CONTEXT);
    EXPECT_THAT(take_recent_error(), HasSubstr("the notify to device 0"));
    EXPECT_EQ(aclrtDestroyNotify(notify), ACL_SUCCESS);
}

TEST(NotifyLimits, AtMost8192PerDevice) {
    RuntimeSession session("cpu");
    ASSERT_EQ(session.init_result, ACL_SUCCESS);
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    std::vector<aclrtNotify> all(8192);
    for (aclrtNotify& n : all) {
        ASSERT_EQ(aclrtCreateNotify(&n, 0), ACL_SUCCESS);
    }
    aclrtNotify extra = nullptr;
    take_recent_error();
    EXPECT_EQ(aclrtCreateNotify(&extra, 0), ACL_ERROR_RT_NO_NOTIFY_RESOURCE);
    EXPECT_THAT(take_recent_error(), HasSubstr("8192 notifies"));
    // aclFinalize releases the rest; their handles are then unknown.
    ASSERT_EQ(aclFinalize(), ACL_SUCCESS);
    ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    uint32_t id = 0;
    EXPECT_EQ(aclrtGetNotifyId(all[0], &id), ACL_ERROR_INVALID_PARAM);
}

TEST(NotifyInitGate, NeedsAclInit) {
    aclrtNotify notify = nullptr;
    EXPECT_EQ(aclrtCreateNotify(&notify, 0), ACL_ERROR_UNINITIALIZE);
}

}  // namespace
}  // namespace aclemu::test
