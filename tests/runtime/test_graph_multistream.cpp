// ACL graphs (issue 20): a capture that forks onto a second stream through an event and joins
// back through another (CUDA's semantics, Note [Captures joined through events]): the second
// stream's tasks are recorded into the same instance, in an order that keeps both dependencies,
// and every execution replays them.
#include "runtime/runtime_test_util.h"
#include "support/backend_fixture.h"
#include "support/device_tensor.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

namespace aclemu::test {
namespace {

constexpr size_t kBytes = 96;
constexpr uint8_t kUntouched = 0xEE;

class GraphMultiStream : public BackendTest {
protected:
    void TearDown() override {
        for (aclrtEvent e : events_) {
            aclrtDestroyEvent(e);
        }
        for (aclrtStream s : streams_) {
            aclrtDestroyStream(s);
        }
        BackendTest::TearDown();
    }
    aclrtStream new_stream() {
        aclrtStream s = nullptr;
        EXPECT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
        streams_.push_back(s);
        return s;
    }
    aclrtEvent new_event() {
        aclrtEvent e = nullptr;
        EXPECT_EQ(aclrtCreateEvent(&e), ACL_SUCCESS);
        events_.push_back(e);
        return e;
    }
    static void reset(DeviceBuffer& buffer) {
        const std::vector<uint8_t> bytes(kBytes, kUntouched);
        ASSERT_TRUE(buffer.upload(bytes.data(), kBytes));
    }
    // The value every byte of `buffer` holds, or -1 when they differ.
    static int filled_with(const DeviceBuffer& buffer) {
        std::vector<uint8_t> bytes(kBytes);
        if (!buffer.download(bytes.data(), kBytes)) {
            return -2;
        }
        for (uint8_t b : bytes) {
            if (b != bytes[0]) {
                return -1;
            }
        }
        return bytes[0];
    }

    std::vector<aclrtStream> streams_;
    std::vector<aclrtEvent> events_;
};

TEST_P(GraphMultiStream, ForkAndJoinThroughEventsAreCapturedInOrder) {
    aclrtStream origin = new_stream();
    aclrtStream side = new_stream();
    aclrtEvent forked = new_event();
    aclrtEvent joined = new_event();
    DeviceBuffer a(kBytes), b(kBytes), c(kBytes), d(kBytes);
    for (DeviceBuffer* buffer : {&a, &b, &c, &d}) {
        reset(*buffer);
    }

    ASSERT_EQ(aclmdlRICaptureBegin(origin, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemsetAsync(a.get(), kBytes, 0x21, kBytes, origin), ACL_SUCCESS);
    ASSERT_EQ(aclrtRecordEvent(forked, origin), ACL_SUCCESS);
    ASSERT_EQ(aclrtStreamWaitEvent(side, forked), ACL_SUCCESS) << take_recent_error();
    // The side stream now captures into the same instance.
    aclmdlRICaptureStatus status = ACL_MODEL_RI_CAPTURE_STATUS_NONE;
    aclmdlRI on_origin = nullptr;
    aclmdlRI on_side = nullptr;
    ASSERT_EQ(aclmdlRICaptureGetInfo(origin, &status, &on_origin), ACL_SUCCESS);
    ASSERT_EQ(aclmdlRICaptureGetInfo(side, &status, &on_side), ACL_SUCCESS);
    EXPECT_EQ(status, ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE);
    EXPECT_EQ(on_side, on_origin);
    ASSERT_EQ(aclrtMemcpyAsync(b.get(), kBytes, a.get(), kBytes, ACL_MEMCPY_DEVICE_TO_DEVICE, side),
              ACL_SUCCESS);
    ASSERT_EQ(aclrtRecordEvent(joined, side), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemsetAsync(d.get(), kBytes, 0x44, kBytes, side), ACL_SUCCESS);  // unjoined
    take_recent_error();
    aclmdlRI model = nullptr;
    EXPECT_EQ(aclmdlRICaptureEnd(side, &model), ACL_ERROR_RT_STREAM_CAPTURE_UNMATCHED);
    EXPECT_NE(take_recent_error().find("joined the capture"), std::string::npos);
    ASSERT_EQ(aclrtStreamWaitEvent(origin, joined), ACL_SUCCESS);
    ASSERT_EQ(
        aclrtMemcpyAsync(c.get(), kBytes, b.get(), kBytes, ACL_MEMCPY_DEVICE_TO_DEVICE, origin),
        ACL_SUCCESS);
    ASSERT_EQ(aclmdlRICaptureEnd(origin, &model), ACL_SUCCESS) << take_recent_error();
    EXPECT_EQ(model, on_origin);
    ASSERT_EQ(aclmdlRICaptureGetInfo(side, &status, &on_side), ACL_SUCCESS);
    EXPECT_EQ(status, ACL_MODEL_RI_CAPTURE_STATUS_NONE);  // the join ended with the capture
    ASSERT_EQ(aclrtSynchronizeStream(side), ACL_SUCCESS);
    EXPECT_EQ(filled_with(a), kUntouched);  // nothing ran during the capture
    EXPECT_EQ(filled_with(c), kUntouched);

    for (int execution = 0; execution < 2; ++execution) {
        for (DeviceBuffer* buffer : {&a, &b, &c, &d}) {
            reset(*buffer);
        }
        ASSERT_EQ(aclmdlRIExecuteAsync(model, stream()), ACL_SUCCESS) << take_recent_error();
        ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
        EXPECT_EQ(filled_with(a), 0x21);
        EXPECT_EQ(filled_with(b), 0x21);  // copied on the side stream after the fill
        EXPECT_EQ(filled_with(c), 0x21);  // copied on the origin after the side's copy
        EXPECT_EQ(filled_with(d), 0x44);  // the side's task after its last join still runs
    }
    // After the capture the side stream runs its work at once again.
    reset(d);
    ASSERT_EQ(aclrtMemsetAsync(d.get(), kBytes, 0x55, kBytes, side), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(side), ACL_SUCCESS);
    EXPECT_EQ(filled_with(d), 0x55);
    EXPECT_EQ(aclmdlRIDestroy(model), ACL_SUCCESS);
}

// An event recorded outside any capture is an ordinary wait for a capturing stream's neighbour.
TEST_P(GraphMultiStream, EventsRecordedOutsideACaptureJoinNothing) {
    aclrtStream origin = new_stream();
    aclrtStream side = new_stream();
    aclrtEvent outside = new_event();
    ASSERT_EQ(aclrtRecordEvent(outside, side), ACL_SUCCESS);
    ASSERT_EQ(aclmdlRICaptureBegin(origin, ACL_MODEL_RI_CAPTURE_MODE_RELAXED), ACL_SUCCESS);
    ASSERT_EQ(aclrtStreamWaitEvent(origin, outside), ACL_SUCCESS);
    aclmdlRICaptureStatus status = ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE;
    aclmdlRI on_side = nullptr;
    ASSERT_EQ(aclmdlRICaptureGetInfo(side, &status, &on_side), ACL_SUCCESS);
    EXPECT_EQ(status, ACL_MODEL_RI_CAPTURE_STATUS_NONE);
    aclmdlRI model = nullptr;
    ASSERT_EQ(aclmdlRICaptureEnd(origin, &model), ACL_SUCCESS);
    ASSERT_EQ(aclmdlRIExecuteAsync(model, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    EXPECT_EQ(aclmdlRIDestroy(model), ACL_SUCCESS);
}

ACLEMU_INSTANTIATE_BACKENDS(GraphMultiStream);

}  // namespace
}  // namespace aclemu::test
