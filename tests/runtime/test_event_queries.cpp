// What an event answers about itself on every backend: its id (aclrtGetEventId), how many more
// the device may create (aclrtGetEventAvailNum), whether the waits on it are done
// (aclrtQueryEventWaitStatus); and the stream wait with a deadline
// (aclrtStreamWaitEventWithTimeout), with the inputs CANN refuses.
#include "runtime/runtime_test_util.h"
#include "support/backend_fixture.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <set>
#include <vector>

namespace aclemu::test {
namespace {

using ::testing::HasSubstr;

class EventQueries : public BackendTest {};

TEST_P(EventQueries, IdsAreDistinctAndReusedAndTheBudgetCountsLiveEvents) {
    uint32_t before = 0;
    ASSERT_EQ(aclrtGetEventAvailNum(&before), ACL_SUCCESS) << take_recent_error();
    ASSERT_GT(before, 3u);
    ASSERT_LE(before, 65536u);
    std::vector<aclrtEvent> made(3, nullptr);
    std::set<uint32_t> ids;
    for (aclrtEvent& event : made) {
        ASSERT_EQ(aclrtCreateEvent(&event), ACL_SUCCESS);
        uint32_t id = 0;
        ASSERT_EQ(aclrtGetEventId(event, &id), ACL_SUCCESS) << take_recent_error();
        ids.insert(id);
    }
    EXPECT_EQ(ids.size(), 3u) << "each live event has its own id";
    uint32_t after = 0;
    ASSERT_EQ(aclrtGetEventAvailNum(&after), ACL_SUCCESS);
    EXPECT_EQ(after, before - 3);
    // The id of a destroyed event is the next one's.
    uint32_t freed = 0;
    ASSERT_EQ(aclrtGetEventId(made[1], &freed), ACL_SUCCESS);
    ASSERT_EQ(aclrtDestroyEvent(made[1]), ACL_SUCCESS);
    ASSERT_EQ(aclrtCreateEvent(&made[1]), ACL_SUCCESS);
    uint32_t again = 0;
    ASSERT_EQ(aclrtGetEventId(made[1], &again), ACL_SUCCESS);
    EXPECT_EQ(again, freed);
    for (aclrtEvent event : made) {
        EXPECT_EQ(aclrtDestroyEvent(event), ACL_SUCCESS);
    }
    ASSERT_EQ(aclrtGetEventAvailNum(&after), ACL_SUCCESS);
    EXPECT_EQ(after, before);
}

TEST_P(EventQueries, WaitStatusFollowsTheRecordTheWaitsAreOn) {
    aclrtStream producer = nullptr;
    aclrtStream consumer = nullptr;
    ASSERT_EQ(aclrtCreateStream(&producer), ACL_SUCCESS);
    ASSERT_EQ(aclrtCreateStream(&consumer), ACL_SUCCESS);
    aclrtEvent event = nullptr;
    ASSERT_EQ(aclrtCreateEvent(&event), ACL_SUCCESS);
    aclrtEventWaitStatus status = ACL_EVENT_WAIT_STATUS_RESERVED;
    ASSERT_EQ(aclrtQueryEventWaitStatus(event, &status), ACL_SUCCESS) << take_recent_error();
    EXPECT_EQ(status, ACL_EVENT_WAIT_STATUS_NOT_READY) << "never recorded";

    Latch latch;
    ASSERT_EQ(aclrtLaunchHostFunc(producer, Latch::wait_fn, &latch), ACL_SUCCESS);
    ASSERT_EQ(aclrtRecordEvent(event, producer), ACL_SUCCESS);
    ASSERT_EQ(aclrtStreamWaitEventWithTimeout(consumer, event, 5), ACL_SUCCESS)
        << take_recent_error();
    ASSERT_EQ(aclrtQueryEventWaitStatus(event, &status), ACL_SUCCESS);
    EXPECT_EQ(status, ACL_EVENT_WAIT_STATUS_NOT_READY) << "the record is held";
    aclrtStreamStatus consumer_state = ACL_STREAM_STATUS_COMPLETE;
    ASSERT_EQ(aclrtStreamQuery(consumer, &consumer_state), ACL_SUCCESS);
    EXPECT_EQ(consumer_state, ACL_STREAM_STATUS_NOT_READY) << "the consumer waits";

    latch.release();
    ASSERT_EQ(aclrtSynchronizeStream(consumer), ACL_SUCCESS);
    ASSERT_EQ(aclrtQueryEventWaitStatus(event, &status), ACL_SUCCESS);
    EXPECT_EQ(status, ACL_EVENT_WAIT_STATUS_COMPLETE);

    EXPECT_EQ(aclrtDestroyEvent(event), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyStream(consumer), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyStream(producer), ACL_SUCCESS);
}

TEST_P(EventQueries, RefusesWhatCannRefuses) {
    aclrtEvent event = nullptr;
    ASSERT_EQ(aclrtCreateEvent(&event), ACL_SUCCESS);
    EXPECT_EQ(aclrtGetEventId(event, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("eventId"));
    uint32_t id = 0;
    EXPECT_EQ(aclrtGetEventId(nullptr, &id), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("event"));
    EXPECT_EQ(aclrtGetEventAvailNum(nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("eventCount"));
    EXPECT_EQ(aclrtQueryEventWaitStatus(event, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("status"));
    EXPECT_EQ(aclrtStreamWaitEventWithTimeout(stream(), event, -1), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("timeout"));

    // An event made without ACL_EVENT_SYNC cannot be waited on, so it has no wait status.
    aclrtEvent timing_only = nullptr;
    ASSERT_EQ(aclrtCreateEventWithFlag(&timing_only, ACL_EVENT_TIME_LINE), ACL_SUCCESS);
    aclrtEventWaitStatus status = ACL_EVENT_WAIT_STATUS_RESERVED;
    EXPECT_EQ(aclrtQueryEventWaitStatus(timing_only, &status), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("ACL_EVENT_SYNC"));
    EXPECT_EQ(aclrtDestroyEvent(timing_only), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyEvent(event), ACL_SUCCESS);
}

ACLEMU_INSTANTIATE_BACKENDS(EventQueries);

}  // namespace
}  // namespace aclemu::test
