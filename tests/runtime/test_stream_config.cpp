// Streams created from a configuration (aclrtCreateStreamV2, aclrtCreateStreamWithConfig), what
// a stream reports (priority, flags, id), the per-device stream budget, abort and stop, failure
// modes and stream state callbacks, on every backend.
#include "runtime/runtime_test_util.h"
#include "support/backend_fixture.h"
#include "support/c_enum_calls.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <mutex>
#include <set>
#include <utility>
#include <vector>

namespace aclemu::test {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

class StreamConfig : public BackendTest {};

TEST_P(StreamConfig, CreateV2FromAHandle) {
    aclrtStreamConfigHandle* config = aclrtCreateStreamConfigHandle();
    ASSERT_NE(config, nullptr);
    EXPECT_EQ(config->priority, 0u);
    EXPECT_EQ(config->flag, 0u);
    const uint32_t flags = ACL_STREAM_FAST_LAUNCH | ACL_STREAM_FAST_SYNC;
    const uint32_t priority = 5;
    ASSERT_EQ(aclrtSetStreamConfigOpt(config, ACL_RT_STREAM_FLAG, &flags, sizeof flags),
              ACL_SUCCESS);
    ASSERT_EQ(aclrtSetStreamConfigOpt(config, ACL_RT_STREAM_PRIORITY, &priority, sizeof priority),
              ACL_SUCCESS);
    void* work = &work;
    const size_t work_size = 4096;
    ASSERT_EQ(aclrtSetStreamConfigOpt(config, ACL_RT_STREAM_WORK_ADDR_PTR, &work, sizeof work),
              ACL_SUCCESS);
    ASSERT_EQ(
        aclrtSetStreamConfigOpt(config, ACL_RT_STREAM_WORK_SIZE, &work_size, sizeof work_size),
        ACL_SUCCESS);
    EXPECT_EQ(config->workptr, work);
    EXPECT_EQ(config->workSize, work_size);
    EXPECT_EQ(config->flag, flags);
    EXPECT_EQ(config->priority, priority);

    aclrtStream created = nullptr;
    ASSERT_EQ(aclrtCreateStreamV2(&created, config), ACL_SUCCESS) << take_recent_error();
    uint32_t got_priority = 99, got_flags = 99;
    ASSERT_EQ(aclrtStreamGetPriority(created, &got_priority), ACL_SUCCESS);
    ASSERT_EQ(aclrtStreamGetFlags(created, &got_flags), ACL_SUCCESS);
    EXPECT_EQ(got_priority, priority);
    EXPECT_EQ(got_flags, flags);
    std::atomic<bool> ran{false};
    ASSERT_EQ(aclrtLaunchHostFunc(created, set_flag_fn, &ran), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(created), ACL_SUCCESS);
    EXPECT_TRUE(ran.load());
    EXPECT_EQ(aclrtDestroyStream(created), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyStreamConfigHandle(config), ACL_SUCCESS);
}

TEST_P(StreamConfig, ConfigErrors) {
    aclrtStreamConfigHandle* config = aclrtCreateStreamConfigHandle();
    ASSERT_NE(config, nullptr);
    const uint32_t four = 4;
    const uint64_t eight = 8;
    take_recent_error();
    EXPECT_EQ(aclrtSetStreamConfigOpt(config, ACL_RT_STREAM_PRIORITY, &eight, sizeof eight),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("parameter [valueSize]"));
    EXPECT_EQ(aclrtSetStreamConfigOpt(config, ACL_RT_STREAM_FLAG, &eight, sizeof eight),
              ACL_SUCCESS)
        << "a flag may come as the handle's size_t";
    EXPECT_EQ(config->flag, 8u);
    EXPECT_EQ(aclrtSetStreamConfigOpt(config, ACL_RT_STREAM_FLAG, &four, 2),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(c_aclrtSetStreamConfigOpt(config, 4, &four, 4), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("parameter [attr]"));
    EXPECT_EQ(aclrtSetStreamConfigOpt(nullptr, ACL_RT_STREAM_FLAG, &four, 4),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtSetStreamConfigOpt(config, ACL_RT_STREAM_FLAG, nullptr, 4),
              ACL_ERROR_INVALID_PARAM);

    config->priority = 8;  // the handle is a plain struct: a program may write it directly
    aclrtStream created = nullptr;
    EXPECT_EQ(aclrtCreateStreamV2(&created, config), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("Value [8] for parameter [priority]"));
    EXPECT_EQ(aclrtCreateStreamV2(&created, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtCreateStreamV2(nullptr, config), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtDestroyStreamConfigHandle(config), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyStreamConfigHandle(config), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("destroyed already"));
    aclrtStreamConfigHandle on_stack{};
    EXPECT_EQ(aclrtDestroyStreamConfigHandle(&on_stack), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtDestroyStreamConfigHandle(nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtCreateStreamV2(&created, &on_stack), ACL_SUCCESS) << "a handle on the stack";
    EXPECT_EQ(aclrtDestroyStream(created), ACL_SUCCESS);
}

TEST_P(StreamConfig, PriorityFlagsAndIds) {
    aclrtStream low = nullptr;
    ASSERT_EQ(aclrtCreateStreamWithConfig(&low, 7, ACL_STREAM_HUGE | 0x8000), ACL_SUCCESS);
    uint32_t value = 99;
    ASSERT_EQ(aclrtStreamGetPriority(low, &value), ACL_SUCCESS);
    EXPECT_EQ(value, 7u);
    ASSERT_EQ(aclrtStreamGetFlags(low, &value), ACL_SUCCESS);
    EXPECT_EQ(value, ACL_STREAM_HUGE) << "unknown bits are dropped";
    ASSERT_EQ(aclrtStreamGetPriority(stream(), &value), ACL_SUCCESS);
    EXPECT_EQ(value, 0u) << "aclrtCreateStream: the greatest priority";
    ASSERT_EQ(aclrtStreamGetFlags(stream(), &value), ACL_SUCCESS);
    EXPECT_EQ(value, 0u);
    ASSERT_EQ(aclrtStreamGetPriority(nullptr, &value), ACL_SUCCESS);
    EXPECT_EQ(value, 0u) << "the default stream";

    std::set<int32_t> ids;
    for (aclrtStream s : {stream(), low, static_cast<aclrtStream>(nullptr)}) {
        int32_t id = -1;
        ASSERT_EQ(aclrtStreamGetId(s, &id), ACL_SUCCESS);
        EXPECT_GE(id, 0);
        ids.insert(id);
    }
    EXPECT_EQ(ids.size(), 3u) << "ids differ";

    take_recent_error();
    aclrtStream bad = nullptr;
    EXPECT_EQ(aclrtCreateStreamWithConfig(&bad, 8, 0), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("must be in [0, 7]"));
    EXPECT_EQ(aclrtStreamGetPriority(low, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtStreamGetFlags(low, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtStreamGetId(low, nullptr), ACL_ERROR_INVALID_PARAM);
    int bogus = 0;
    int32_t id = 0;
    EXPECT_EQ(aclrtStreamGetId(&bogus, &id), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtDestroyStream(low), ACL_SUCCESS);
}

TEST_P(StreamConfig, AvailableStreamsCountDown) {
    uint32_t before = 0;
    ASSERT_EQ(aclrtGetStreamAvailableNum(&before), ACL_SUCCESS);
    EXPECT_EQ(before, 1984u - 2) << "the default stream and the fixture's stream exist";
    aclrtStream extra = nullptr;
    ASSERT_EQ(aclrtCreateStream(&extra), ACL_SUCCESS);
    uint32_t after = 0;
    ASSERT_EQ(aclrtGetStreamAvailableNum(&after), ACL_SUCCESS);
    EXPECT_EQ(after, before - 1);
    ASSERT_EQ(aclrtDestroyStream(extra), ACL_SUCCESS);
    ASSERT_EQ(aclrtGetStreamAvailableNum(&after), ACL_SUCCESS);
    EXPECT_EQ(after, before);
    EXPECT_EQ(aclrtGetStreamAvailableNum(nullptr), ACL_ERROR_INVALID_PARAM);
}

TEST_P(StreamConfig, FailureModeAndStop) {
    EXPECT_EQ(aclrtSetStreamFailureMode(stream(), ACL_STOP_ON_FAILURE), ACL_SUCCESS);
    EXPECT_EQ(aclrtSetStreamFailureMode(nullptr, ACL_CONTINUE_ON_FAILURE), ACL_SUCCESS);
    take_recent_error();
    EXPECT_EQ(aclrtStreamStop(stream()), ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
    EXPECT_THAT(take_recent_error(), HasSubstr("EH0004: Feature [aclrtStreamStop]"));
    EXPECT_EQ(aclrtStreamStop(nullptr), ACL_ERROR_INVALID_PARAM);
    int bogus = 0;
    EXPECT_EQ(aclrtStreamStop(&bogus), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtStreamAbort(nullptr), ACL_ERROR_INVALID_PARAM);
    std::atomic<bool> ran{false};
    ASSERT_EQ(aclrtLaunchHostFunc(stream(), set_flag_fn, &ran), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS) << "the stream still works";
    EXPECT_TRUE(ran.load());
}

// The CPU backend drops what has not started; a GPU cannot take back queued work.
TEST_P(StreamConfig, AbortDropsTasksThatHaveNotStarted) {
    Latch latch;
    std::atomic<int> ran{0};
    auto count = [](void* args) { static_cast<std::atomic<int>*>(args)->fetch_add(1); };
    ASSERT_EQ(aclrtLaunchHostFunc(stream(), Latch::wait_fn, &latch), ACL_SUCCESS);
    for (int i = 0; i < 3; ++i) {
        ASSERT_EQ(aclrtLaunchHostFunc(stream(), count, &ran), ACL_SUCCESS);
    }
    aclrtEvent event = nullptr;
    ASSERT_EQ(aclrtCreateEvent(&event), ACL_SUCCESS);
    ASSERT_EQ(aclrtRecordEvent(event, stream()), ACL_SUCCESS);
    const aclError aborted = aclrtStreamAbort(stream());
    latch.release();
    if (on_gpu()) {
        EXPECT_EQ(aborted, ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
        EXPECT_THAT(take_recent_error(), HasSubstr("cannot take back work already queued"));
        EXPECT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
        EXPECT_EQ(ran.load(), 3);
        EXPECT_EQ(aclrtDestroyEvent(event), ACL_SUCCESS);
        return;
    }
    ASSERT_EQ(aborted, ACL_SUCCESS) << take_recent_error();
    EXPECT_EQ(aclrtSynchronizeStream(stream()), ACL_ERROR_RT_STREAM_ABORT)
        << "the first synchronize reports the abort";
    EXPECT_THAT(take_recent_error(), HasSubstr("aclrtStreamAbort"));
    EXPECT_EQ(ran.load(), 0) << "queued tasks were dropped";
    EXPECT_EQ(aclrtSynchronizeEvent(event), ACL_SUCCESS) << "an event record is kept";
    EXPECT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS) << "reported once";
    ASSERT_EQ(aclrtLaunchHostFunc(stream(), count, &ran), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    EXPECT_EQ(ran.load(), 1) << "the stream takes work again";
    EXPECT_EQ(aclrtDestroyEvent(event), ACL_SUCCESS);
}

ACLEMU_INSTANTIATE_BACKENDS(StreamConfig);

struct StateLog {
    std::mutex mu;
    std::vector<std::pair<aclrtStream, aclrtStreamState>> calls;
};

void log_state(aclrtStream stream, aclrtStreamState state, void* args) {
    auto* log = static_cast<StateLog*>(args);
    std::lock_guard<std::mutex> lock(log->mu);
    log->calls.emplace_back(stream, state);
}

void check_state_callbacks(const char* backend) {
    StateLog log;
    ASSERT_EQ(aclrtRegStreamStateCallback("test", log_state, &log), ACL_SUCCESS);
    {
        RuntimeSession session(backend);
        ASSERT_EQ(session.init_result, ACL_SUCCESS);
        ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
        aclrtStream default_stream = nullptr;
        ASSERT_EQ(aclrtCtxGetCurrentDefaultStream(&default_stream), ACL_SUCCESS);
        aclrtStream user = nullptr;
        ASSERT_EQ(aclrtCreateStream(&user), ACL_SUCCESS);
        ASSERT_EQ(aclrtDestroyStream(user), ACL_SUCCESS);
        ASSERT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
        EXPECT_THAT(log.calls,
                    ElementsAre(std::pair{default_stream, ACL_RT_STREAM_STATE_CREATE_POST},
                                std::pair{user, ACL_RT_STREAM_STATE_CREATE_POST},
                                std::pair{user, ACL_RT_STREAM_STATE_DESTROY_PRE},
                                std::pair{default_stream, ACL_RT_STREAM_STATE_DESTROY_PRE}));
        take_recent_error();
        EXPECT_EQ(aclrtRegStreamStateCallback("test", log_state, &log), ACL_ERROR_RT_PARAM_INVALID);
        EXPECT_THAT(take_recent_error(), HasSubstr("already registered"));
    }
    ASSERT_EQ(aclrtRegStreamStateCallback("test", nullptr, nullptr), ACL_SUCCESS);
    log.calls.clear();
    RuntimeSession again(backend);
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
    EXPECT_TRUE(log.calls.empty()) << "removed";
    EXPECT_EQ(aclrtRegStreamStateCallback(nullptr, log_state, &log), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtRegStreamStateCallback("", log_state, &log), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtRegStreamStateCallback("never", nullptr, nullptr), ACL_SUCCESS);
}

TEST(StreamStateCallbacks, CpuStreamsAreReported) {
    check_state_callbacks("cpu");
}

TEST(StreamStateCallbacks, GpuSimStreamsAreReported) {
    check_state_callbacks("gpusim");
}

}  // namespace
}  // namespace aclemu::test
