// aclrtEventGetTimestamp on every backend: microseconds of the host's monotonic clock, inside
// the host's own readings around the record (exactly on the CPU backend, within the calibration
// of a GPU), consistent with aclrtEventElapsedTime, and its error codes.
#include "runtime/event_test.h"
#include "runtime/runtime_test_util.h"
#include "support/backend_fixture.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <thread>

namespace aclemu::test {
namespace {

using ::testing::HasSubstr;

int64_t now_us() {
    return std::chrono::duration_cast<std::chrono::microseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

void sleep_20ms(void*) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
}

class EventTimestamps : public EventTest {};

TEST_P(EventTimestamps, HostMonotonicMicroseconds) {
    aclrtEvent start = make(), end = make();
    const int64_t before = now_us();
    ASSERT_EQ(aclrtRecordEvent(start, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtLaunchHostFunc(stream(), sleep_20ms, nullptr), ACL_SUCCESS);
    ASSERT_EQ(aclrtRecordEvent(end, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    const int64_t after = now_us();
    uint64_t t0 = 0, t1 = 0;
    ASSERT_EQ(aclrtEventGetTimestamp(start, &t0), ACL_SUCCESS) << take_recent_error();
    ASSERT_EQ(aclrtEventGetTimestamp(end, &t1), ACL_SUCCESS) << take_recent_error();
    // Exact on the CPU backend and on the GPU simulator (whose events carry host-clock stamps);
    // a real GPU's stamps come through an anchor event (off by at most half its calibration
    // wait). CI runs no real GPU, so no CI run depends on that bound.
    const bool anchored = on_gpu() && !on_simulator();
    const int64_t slack = anchored ? 5000 : 0;
    EXPECT_GE(static_cast<int64_t>(t0), before - slack);
    EXPECT_LE(static_cast<int64_t>(t1), after + slack);
    EXPECT_GE(static_cast<int64_t>(t1) - static_cast<int64_t>(t0), 19000);
    float ms = 0;
    ASSERT_EQ(aclrtEventElapsedTime(&ms, start, end), ACL_SUCCESS);
    // Exact but for the stamps' microsecond rounding and the elapsed time's float; a real
    // GPU's two stamps may come through different anchors.
    EXPECT_NEAR((static_cast<double>(t1) - static_cast<double>(t0)) / 1000.0,
                ms,
                anchored ? 2.0 : 0.01 + ms * 1e-5);
}

TEST_P(EventTimestamps, ErrorPaths) {
    aclrtEvent event = make();
    uint64_t t = 0;
    take_recent_error();
    EXPECT_EQ(aclrtEventGetTimestamp(nullptr, &t), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtEventGetTimestamp(event, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("[timestamp]"));
    EXPECT_EQ(aclrtEventGetTimestamp(event, &t), ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("has not been recorded"));

    aclrtEvent untimed = make(ACL_EVENT_SYNC);
    ASSERT_EQ(aclrtRecordEvent(untimed, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    EXPECT_EQ(aclrtEventGetTimestamp(untimed, &t), ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("ACL_EVENT_TIME_LINE"));

    Latch latch;
    ASSERT_EQ(aclrtLaunchHostFunc(stream(), Latch::wait_fn, &latch), ACL_SUCCESS);
    ASSERT_EQ(aclrtRecordEvent(event, stream()), ACL_SUCCESS);
    EXPECT_EQ(aclrtEventGetTimestamp(event, &t), ACL_ERROR_RT_EVENT_NOT_COMPLETE);
    EXPECT_THAT(take_recent_error(), HasSubstr("synchronize first"));
    latch.release();
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    EXPECT_EQ(aclrtEventGetTimestamp(event, &t), ACL_SUCCESS);

    int not_an_event = 0;
    EXPECT_EQ(aclrtEventGetTimestamp(&not_an_event, &t), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("not a live event"));
}

ACLEMU_INSTANTIATE_BACKENDS(EventTimestamps);

}  // namespace
}  // namespace aclemu::test
