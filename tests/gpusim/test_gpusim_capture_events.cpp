// The GPU simulator keeps CUDA's rules for events around stream capture, which the GPU backend
// once broke on the first real GPU it ran on (2026-11-28, an H200): a record on a capturing
// stream orders the capture only (the graph's launches do not record the event, and querying or
// synchronizing it fails with gpusimErrorCapturedEvent), a plain wait in a capture for an event
// recorded outside it fails with gpusimErrorStreamCaptureIsolation, and the external flags make
// a record or a wait a node that runs at each launch.
#include "gpu/sim/runtime.h"
#include "tests/gpusim/gpusim_test_util.h"

#include <gtest/gtest.h>

#include <atomic>

namespace aclemu::gpusim_test {
namespace {

class GpuSimCaptureEvents : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_EQ(gpusimStreamCreateWithFlags(&stream_, gpusimStreamNonBlocking), gpusimSuccess);
        ASSERT_EQ(gpusimStreamCreateWithFlags(&other_, gpusimStreamNonBlocking), gpusimSuccess);
        ASSERT_EQ(gpusimEventCreateWithFlags(&event_, gpusimEventDefault), gpusimSuccess);
    }
    void TearDown() override {
        EXPECT_EQ(gpusimEventDestroy(event_), gpusimSuccess);
        EXPECT_EQ(gpusimStreamDestroy(other_), gpusimSuccess);
        EXPECT_EQ(gpusimStreamDestroy(stream_), gpusimSuccess);
        static_cast<void>(gpusimGetLastError());
    }

    // Ends the capture on stream_ and instantiates it.
    gpusimGraphExec_t end_capture() {
        gpusimGraph_t graph = nullptr;
        EXPECT_EQ(gpusimStreamEndCapture(stream_, &graph), gpusimSuccess);
        gpusimGraphExec_t exec = nullptr;
        EXPECT_EQ(gpusimGraphInstantiate(&exec, graph, 0), gpusimSuccess);
        EXPECT_EQ(gpusimGraphDestroy(graph), gpusimSuccess);
        return exec;
    }

    static void count(void* n) { static_cast<std::atomic<int>*>(n)->fetch_add(1); }

    gpusimStream_t stream_ = nullptr;
    gpusimStream_t other_ = nullptr;
    gpusimEvent_t event_ = nullptr;
};

TEST_F(GpuSimCaptureEvents, APlainRecordInACaptureLeavesAnEventNoOneMayAsk) {
    ASSERT_EQ(gpusimStreamBeginCapture(stream_, gpusimStreamCaptureModeRelaxed), gpusimSuccess);
    ASSERT_EQ(gpusimEventRecord(event_, stream_), gpusimSuccess);
    gpusimGraphExec_t exec = end_capture();
    EXPECT_EQ(gpusimEventQuery(event_), gpusimErrorCapturedEvent);
    EXPECT_EQ(gpusimEventSynchronize(event_), gpusimErrorCapturedEvent);
    float ms = 0.0f;
    EXPECT_EQ(gpusimEventElapsedTime(&ms, event_, event_), gpusimErrorCapturedEvent);
    ASSERT_EQ(gpusimGraphLaunch(exec, stream_), gpusimSuccess);
    ASSERT_EQ(gpusimStreamSynchronize(stream_), gpusimSuccess);
    EXPECT_EQ(gpusimEventSynchronize(event_), gpusimErrorCapturedEvent)
        << "a launch of the graph recorded the event";
    // A record outside any capture makes it an ordinary event again.
    ASSERT_EQ(gpusimEventRecord(event_, stream_), gpusimSuccess);
    EXPECT_EQ(gpusimEventSynchronize(event_), gpusimSuccess);
    EXPECT_EQ(gpusimGraphExecDestroy(exec), gpusimSuccess);
}

TEST_F(GpuSimCaptureEvents, AnExternalRecordIsRecordedAtEachLaunch) {
    EXPECT_EQ(gpusimEventRecordWithFlags(event_, stream_, gpusimEventRecordExternal),
              gpusimErrorInvalidValue)
        << "the external flag outside a capture";
    EXPECT_EQ(gpusimEventRecordWithFlags(event_, stream_, 0x2u), gpusimErrorInvalidValue);
    std::atomic<int> runs{0};
    ASSERT_EQ(gpusimStreamBeginCapture(stream_, gpusimStreamCaptureModeRelaxed), gpusimSuccess);
    ASSERT_EQ(gpusimLaunchHostFunc(stream_, &count, &runs), gpusimSuccess);
    ASSERT_EQ(gpusimEventRecordWithFlags(event_, stream_, gpusimEventRecordExternal),
              gpusimSuccess);
    gpusimGraphExec_t exec = end_capture();
    EXPECT_EQ(gpusimEventQuery(event_), gpusimSuccess) << "never recorded yet: complete";
    for (int launch = 1; launch <= 3; ++launch) {
        ASSERT_EQ(gpusimGraphLaunch(exec, stream_), gpusimSuccess);
        ASSERT_EQ(gpusimEventSynchronize(event_), gpusimSuccess);
        EXPECT_EQ(runs.load(), launch) << "the record ran before the work it follows";
    }
    EXPECT_EQ(gpusimGraphExecDestroy(exec), gpusimSuccess);
}

TEST_F(GpuSimCaptureEvents, APlainWaitOnWorkOutsideTheCaptureIsRefused) {
    ASSERT_EQ(gpusimEventRecord(event_, other_), gpusimSuccess);
    ASSERT_EQ(gpusimStreamBeginCapture(stream_, gpusimStreamCaptureModeRelaxed), gpusimSuccess);
    EXPECT_EQ(gpusimStreamWaitEvent(stream_, event_, 0), gpusimErrorStreamCaptureIsolation);
    EXPECT_EQ(gpusimGetLastError(), gpusimErrorStreamCaptureIsolation);
    EXPECT_EQ(gpusimStreamWaitEvent(stream_, event_, 0x2u), gpusimErrorInvalidValue);
    gpusimGraphExec_t exec = end_capture();
    EXPECT_EQ(gpusimGraphExecDestroy(exec), gpusimSuccess);
}

TEST_F(GpuSimCaptureEvents, AnExternalWaitWaitsAtEachLaunchForTheLatestRecord) {
    EXPECT_EQ(gpusimStreamWaitEvent(stream_, event_, gpusimEventWaitExternal),
              gpusimErrorInvalidValue)
        << "the external flag outside a capture";
    ASSERT_EQ(gpusimEventRecord(event_, other_), gpusimSuccess);
    std::atomic<int> runs{0};
    ASSERT_EQ(gpusimStreamBeginCapture(stream_, gpusimStreamCaptureModeRelaxed), gpusimSuccess);
    ASSERT_EQ(gpusimStreamWaitEvent(stream_, event_, gpusimEventWaitExternal), gpusimSuccess);
    ASSERT_EQ(gpusimLaunchHostFunc(stream_, &count, &runs), gpusimSuccess);
    gpusimGraphExec_t exec = end_capture();
    // The other stream holds its next record back until the gate opens: a launch queued now
    // must wait for that record, made after the capture ended.
    std::atomic<bool> gate{false};
    ASSERT_EQ(gpusimLaunchHostFunc(
                  other_,
                  [](void* g) {
                      while (!static_cast<std::atomic<bool>*>(g)->load()) {
                      }
                  },
                  &gate),
              gpusimSuccess);
    ASSERT_EQ(gpusimEventRecord(event_, other_), gpusimSuccess);
    ASSERT_EQ(gpusimGraphLaunch(exec, stream_), gpusimSuccess);
    EXPECT_EQ(gpusimStreamQuery(stream_), gpusimErrorNotReady);
    EXPECT_EQ(runs.load(), 0) << "the launch did not wait for the event's latest record";
    gate = true;
    ASSERT_EQ(gpusimStreamSynchronize(stream_), gpusimSuccess);
    EXPECT_EQ(runs.load(), 1);
    EXPECT_EQ(gpusimGraphExecDestroy(exec), gpusimSuccess);
}

}  // namespace
}  // namespace aclemu::gpusim_test
