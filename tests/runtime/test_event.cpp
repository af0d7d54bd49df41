// Events on every backend: create (flags), record/query/synchronize, the two status enums with
// their opposite orders, timeouts, elapsed time (plausibility around a 20 ms sleep), reset,
// and every error code of the event API.
#include "runtime/event_test.h"
#include "runtime/runtime_test_util.h"
#include "support/backend_fixture.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>

namespace aclemu::test {
namespace {

using ::testing::HasSubstr;

class Events : public EventTest {};

TEST_P(Events, StatusEnumsHaveCannValues) {
    EXPECT_EQ(ACL_EVENT_STATUS_COMPLETE, 0);
    EXPECT_EQ(ACL_EVENT_STATUS_NOT_READY, 1);
    EXPECT_EQ(ACL_EVENT_RECORDED_STATUS_NOT_READY, 0);
    EXPECT_EQ(ACL_EVENT_RECORDED_STATUS_COMPLETE, 1);
}

TEST_P(Events, CreateAndDestroy) {
    aclrtEvent plain = nullptr;
    ASSERT_EQ(aclrtCreateEvent(&plain), ACL_SUCCESS);
    aclrtEvent ex = nullptr;
    ASSERT_EQ(aclrtCreateEventExWithFlag(&ex, ACL_EVENT_SYNC), ACL_SUCCESS);
    aclrtEvent none = nullptr;
    ASSERT_EQ(aclrtCreateEventWithFlag(&none, 0), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyEvent(plain), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyEvent(ex), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyEvent(none), ACL_SUCCESS);

    take_recent_error();
    EXPECT_EQ(aclrtDestroyEvent(plain), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("Reason: not a live event"));
    EXPECT_EQ(aclrtDestroyEvent(nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtCreateEvent(nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtCreateEventWithFlag(nullptr, ACL_EVENT_SYNC), ACL_ERROR_INVALID_PARAM);
    aclrtEvent bad = nullptr;
    EXPECT_EQ(aclrtCreateEventWithFlag(&bad, 0x100), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("[flag]"));
    EXPECT_EQ(bad, nullptr);
}

// aclrtQueryEventStatus: CANN's ACL_EVENT_RECORDED_STATUS_NOT_READY covers "not recorded to a
// stream" (a fresh event, or one reset since), which the event samples check. The older
// aclrtQueryEvent and the synchronizes have nothing to wait for.
TEST_P(Events, NeverRecordedEventIsNotReadyButNeedsNoWait) {
    aclrtEvent event = make();
    aclrtEventStatus status = ACL_EVENT_STATUS_NOT_READY;
    ASSERT_EQ(aclrtQueryEvent(event, &status), ACL_SUCCESS);
    EXPECT_EQ(status, ACL_EVENT_STATUS_COMPLETE);
    aclrtEventRecordedStatus recorded = ACL_EVENT_RECORDED_STATUS_COMPLETE;
    ASSERT_EQ(aclrtQueryEventStatus(event, &recorded), ACL_SUCCESS);
    EXPECT_EQ(recorded, ACL_EVENT_RECORDED_STATUS_NOT_READY);
    EXPECT_EQ(aclrtSynchronizeEvent(event), ACL_SUCCESS);
    EXPECT_EQ(aclrtSynchronizeEventWithTimeout(event, 10), ACL_SUCCESS);

    // Recorded and done: complete; reset: not recorded any more, not ready again.
    ASSERT_EQ(aclrtRecordEvent(event, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeEvent(event), ACL_SUCCESS);
    ASSERT_EQ(aclrtQueryEventStatus(event, &recorded), ACL_SUCCESS);
    EXPECT_EQ(recorded, ACL_EVENT_RECORDED_STATUS_COMPLETE);
    ASSERT_EQ(aclrtResetEvent(event, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtQueryEventStatus(event, &recorded), ACL_SUCCESS);
    EXPECT_EQ(recorded, ACL_EVENT_RECORDED_STATUS_NOT_READY);
}

TEST_P(Events, RecordOnABusyStream) {
    aclrtEvent event = make();
    Latch latch;
    ASSERT_EQ(aclrtLaunchHostFunc(stream(), Latch::wait_fn, &latch), ACL_SUCCESS);
    ASSERT_EQ(aclrtRecordEvent(event, stream()), ACL_SUCCESS);

    aclrtEventStatus status = ACL_EVENT_STATUS_COMPLETE;
    ASSERT_EQ(aclrtQueryEvent(event, &status), ACL_SUCCESS);
    EXPECT_EQ(status, ACL_EVENT_STATUS_NOT_READY);
    aclrtEventRecordedStatus recorded = ACL_EVENT_RECORDED_STATUS_COMPLETE;
    ASSERT_EQ(aclrtQueryEventStatus(event, &recorded), ACL_SUCCESS);
    EXPECT_EQ(recorded, ACL_EVENT_RECORDED_STATUS_NOT_READY);

    take_recent_error();
    EXPECT_EQ(aclrtSynchronizeEventWithTimeout(event, 40), ACL_ERROR_RT_EVENT_SYNC_TIMEOUT);
    EXPECT_THAT(take_recent_error(), HasSubstr("did not complete within 40 ms"));
    float ms = 0;
    EXPECT_EQ(aclrtEventElapsedTime(&ms, event, event), ACL_ERROR_RT_EVENT_NOT_COMPLETE);
    EXPECT_THAT(take_recent_error(), HasSubstr("synchronize first"));

    latch.release();
    ASSERT_EQ(aclrtSynchronizeEvent(event), ACL_SUCCESS);
    ASSERT_EQ(aclrtQueryEvent(event, &status), ACL_SUCCESS);
    EXPECT_EQ(status, ACL_EVENT_STATUS_COMPLETE);
    ASSERT_EQ(aclrtQueryEventStatus(event, &recorded), ACL_SUCCESS);
    EXPECT_EQ(recorded, ACL_EVENT_RECORDED_STATUS_COMPLETE);
}

TEST_P(Events, ElapsedTimeMeasuresTheWorkBetweenRecords) {
    aclrtEvent start = make();
    aclrtEvent end = make();
    int sleep_ms = 20;
    const auto host_start = std::chrono::steady_clock::now();
    ASSERT_EQ(aclrtRecordEvent(start, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtLaunchHostFunc(stream(), sleep_fn, &sleep_ms), ACL_SUCCESS);
    ASSERT_EQ(aclrtRecordEvent(end, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    const double host_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - host_start)
            .count();
    float ms = -1;
    ASSERT_EQ(aclrtEventElapsedTime(&ms, start, end), ACL_SUCCESS) << take_recent_error();
    // Bounded by what happened, not by how busy the machine is: at least the sleep between the
    // records, at most the host's time from before the first record to after the synchronize
    // (plus the float's rounding).
    EXPECT_GE(ms, static_cast<float>(sleep_ms) * 0.999f);
    EXPECT_LE(ms, host_ms * 1.0001 + 0.001);

    // Same event twice: zero.
    ASSERT_EQ(aclrtEventElapsedTime(&ms, start, start), ACL_SUCCESS);
    EXPECT_EQ(ms, 0.0f);
    // aclrtCreateEvent events carry timestamps too.
    aclrtEvent plain = nullptr;
    ASSERT_EQ(aclrtCreateEvent(&plain), ACL_SUCCESS);
    ASSERT_EQ(aclrtRecordEvent(plain, nullptr), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeEvent(plain), ACL_SUCCESS);
    EXPECT_EQ(aclrtEventElapsedTime(&ms, plain, plain), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyEvent(plain), ACL_SUCCESS);
}

TEST_P(Events, ElapsedTimeErrors) {
    aclrtEvent a = make();
    aclrtEvent b = make();
    aclrtEvent no_timing = make(ACL_EVENT_SYNC);
    take_recent_error();
    float ms = 0;
    EXPECT_EQ(aclrtEventElapsedTime(nullptr, a, b), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("EH0002: Argument [ms] must not be null."));
    EXPECT_EQ(aclrtEventElapsedTime(&ms, nullptr, b), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtEventElapsedTime(&ms, a, nullptr), ACL_ERROR_INVALID_PARAM);
    int bogus = 0;
    EXPECT_EQ(aclrtEventElapsedTime(&ms, &bogus, b), ACL_ERROR_INVALID_PARAM);
    // Never recorded.
    EXPECT_EQ(aclrtEventElapsedTime(&ms, a, b), ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("[startEvent]"));
    ASSERT_EQ(aclrtRecordEvent(a, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtRecordEvent(no_timing, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    EXPECT_EQ(aclrtEventElapsedTime(&ms, a, b), ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("[endEvent]"));
    // No ACL_EVENT_TIME_LINE: no timestamp.
    EXPECT_EQ(aclrtEventElapsedTime(&ms, a, no_timing), ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("without ACL_EVENT_TIME_LINE"));
}

TEST_P(Events, ResetForgetsTheRecord) {
    aclrtEvent event = make();
    Latch latch;
    ASSERT_EQ(aclrtLaunchHostFunc(stream(), Latch::wait_fn, &latch), ACL_SUCCESS);
    ASSERT_EQ(aclrtRecordEvent(event, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtResetEvent(event, stream()), ACL_SUCCESS);
    aclrtEventStatus status = ACL_EVENT_STATUS_NOT_READY;
    ASSERT_EQ(aclrtQueryEvent(event, &status), ACL_SUCCESS);
    EXPECT_EQ(status, ACL_EVENT_STATUS_COMPLETE);
    EXPECT_EQ(aclrtSynchronizeEventWithTimeout(event, 10), ACL_SUCCESS);  // nothing to wait for
    float ms = 0;
    EXPECT_EQ(aclrtEventElapsedTime(&ms, event, event), ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID);
    latch.release();
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);

    aclrtEvent timeline_only = make(ACL_EVENT_TIME_LINE);
    take_recent_error();
    EXPECT_EQ(aclrtResetEvent(timeline_only, stream()), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("cannot be reset"));
    int bogus = 0;
    EXPECT_EQ(aclrtResetEvent(nullptr, stream()), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtResetEvent(event, &bogus), ACL_ERROR_INVALID_PARAM);
}

// ACL_EVENT_EXTERNAL events (the task-update events of captures) may be waited on and reset, as
// ACL_EVENT_SYNC ones may, and take no other flag (CANN's aclrtCreateEventWithFlag page).
TEST_P(Events, ExternalEventsAreWaitableAndTakeNoOtherFlag) {
    aclrtEvent external = make(ACL_EVENT_EXTERNAL);
    ASSERT_EQ(aclrtRecordEvent(external, stream()), ACL_SUCCESS);
    aclrtStream other = nullptr;
    ASSERT_EQ(aclrtCreateStream(&other), ACL_SUCCESS);
    EXPECT_EQ(aclrtStreamWaitEvent(other, external), ACL_SUCCESS) << take_recent_error();
    EXPECT_EQ(aclrtResetEvent(external, other), ACL_SUCCESS) << take_recent_error();
    EXPECT_EQ(aclrtSynchronizeStream(other), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyStream(other), ACL_SUCCESS);

    take_recent_error();
    aclrtEvent combined = nullptr;
    EXPECT_EQ(aclrtCreateEventWithFlag(&combined, ACL_EVENT_EXTERNAL | ACL_EVENT_SYNC),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("ACL_EVENT_EXTERNAL cannot be combined"));
    EXPECT_EQ(combined, nullptr);
}

TEST_P(Events, ArgumentErrors) {
    aclrtEvent event = make();
    int bogus = 0;
    aclrtEventStatus status;
    aclrtEventRecordedStatus recorded;
    take_recent_error();
    EXPECT_EQ(aclrtRecordEvent(nullptr, stream()), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtRecordEvent(&bogus, stream()), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtRecordEvent(event, &bogus), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("[stream]"));
    EXPECT_EQ(aclrtQueryEvent(event, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtQueryEvent(nullptr, &status), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtQueryEvent(&bogus, &status), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtQueryEventStatus(event, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtQueryEventStatus(&bogus, &recorded), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtSynchronizeEvent(nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtSynchronizeEvent(&bogus), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtSynchronizeEventWithTimeout(event, 0), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_EQ(aclrtSynchronizeEventWithTimeout(event, -5), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_EQ(aclrtSynchronizeEventWithTimeout(event, -1), ACL_SUCCESS);
}

ACLEMU_INSTANTIATE_BACKENDS(Events);

TEST(EventsNoDevice, CreateNeedsACurrentContext) {
    RuntimeSession session("cpu");
    ASSERT_EQ(session.init_result, ACL_SUCCESS);
    aclrtEvent event = nullptr;
    EXPECT_EQ(aclrtCreateEvent(&event), ACL_ERROR_RT_CONTEXT_NULL);
    EXPECT_EQ(aclrtCreateEventWithFlag(&event, ACL_EVENT_SYNC), ACL_ERROR_RT_CONTEXT_NULL);
    EXPECT_EQ(event, nullptr);
}

}  // namespace
}  // namespace aclemu::test
