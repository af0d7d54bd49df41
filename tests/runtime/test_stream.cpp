// Streams on every backend: create/destroy (handles never dereferenced when unknown), the
// default stream, synchronize with and without timeout, query, real asynchrony (a host function
// blocked on a latch does not block the caller), FIFO order on one stream, order across streams
// through events, destroy waiting for pending work, and the CPU backend's workers of destroyed
// idle streams joined by aclFinalize.
#include "runtime/runtime_test_util.h"
#include "support/backend_fixture.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <thread>
#include <vector>

namespace aclemu::test {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

class Streams : public BackendTest {};

struct Step {
    OrderLog* log;
    int value;
};

void log_step(void* args) {
    auto* step = static_cast<Step*>(args);
    step->log->add(step->value);
}

TEST_P(Streams, CreateAndDestroy) {
    aclrtStream a = nullptr, b = nullptr;
    ASSERT_EQ(aclrtCreateStream(&a), ACL_SUCCESS);
    ASSERT_EQ(
        aclrtCreateStreamWithConfig(&b, 3, ACL_STREAM_FAST_LAUNCH | ACL_STREAM_FAST_SYNC | 0x8000),
        ACL_SUCCESS);
    EXPECT_NE(a, b);
    EXPECT_EQ(aclrtSynchronizeStream(a), ACL_SUCCESS);
    EXPECT_EQ(aclrtSynchronizeStream(b), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyStream(a), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyStreamForce(b), ACL_SUCCESS);

    take_recent_error();
    EXPECT_EQ(aclrtCreateStream(nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("EH0002: Argument [stream] must not be null."));
    EXPECT_EQ(aclrtCreateStreamWithConfig(nullptr, 0, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtDestroyStream(nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtDestroyStream(a), ACL_ERROR_INVALID_PARAM);  // already destroyed
    EXPECT_THAT(take_recent_error(), HasSubstr("Reason: not a live stream"));
    int not_a_stream = 0;
    EXPECT_EQ(aclrtDestroyStream(&not_a_stream), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtSynchronizeStream(&not_a_stream), ACL_ERROR_INVALID_PARAM);
    aclrtStreamStatus status;
    EXPECT_EQ(aclrtStreamQuery(&not_a_stream, &status), ACL_ERROR_INVALID_PARAM);
}

TEST_P(Streams, UnsynchronizedWorkIsReallyAsynchronous) {
    Latch latch;
    std::atomic<bool> ran{false};
    ASSERT_EQ(aclrtLaunchHostFunc(stream(), Latch::wait_fn, &latch), ACL_SUCCESS);
    ASSERT_EQ(aclrtLaunchHostFunc(stream(), set_flag_fn, &ran), ACL_SUCCESS);
    // Both calls returned while the stream is held by the latch.
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    EXPECT_FALSE(ran.load());
    aclrtStreamStatus status = ACL_STREAM_STATUS_COMPLETE;
    ASSERT_EQ(aclrtStreamQuery(stream(), &status), ACL_SUCCESS);
    EXPECT_EQ(status, ACL_STREAM_STATUS_NOT_READY);
    latch.release();
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    EXPECT_TRUE(ran.load());
    ASSERT_EQ(aclrtStreamQuery(stream(), &status), ACL_SUCCESS);
    EXPECT_EQ(status, ACL_STREAM_STATUS_COMPLETE);
    EXPECT_EQ(aclrtStreamQuery(stream(), nullptr), ACL_ERROR_INVALID_PARAM);
}

TEST_P(Streams, WorkOnOneStreamRunsInOrder) {
    OrderLog log;
    std::vector<Step> steps;
    steps.reserve(200);
    int sleep_ms = 1;
    for (int i = 0; i < 200; ++i) {
        steps.push_back({&log, i});
    }
    for (int i = 0; i < 200; ++i) {
        if (i % 50 == 0) {
            ASSERT_EQ(aclrtLaunchHostFunc(stream(), sleep_fn, &sleep_ms), ACL_SUCCESS);
        }
        ASSERT_EQ(aclrtLaunchHostFunc(stream(), log_step, &steps[i]), ACL_SUCCESS);
    }
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    std::vector<int> expected(200);
    for (int i = 0; i < 200; ++i) {
        expected[i] = i;
    }
    EXPECT_EQ(log.values(), expected);
}

TEST_P(Streams, NullStreamIsTheDefaultStream) {
    Latch latch;
    std::atomic<bool> ran{false};
    ASSERT_EQ(aclrtLaunchHostFunc(nullptr, Latch::wait_fn, &latch), ACL_SUCCESS);
    ASSERT_EQ(aclrtLaunchHostFunc(nullptr, set_flag_fn, &ran), ACL_SUCCESS);
    EXPECT_EQ(aclrtSynchronizeStreamWithTimeout(nullptr, 30), ACL_ERROR_RT_STREAM_SYNC_TIMEOUT);
    // The user stream is independent of the default stream.
    EXPECT_EQ(aclrtSynchronizeStreamWithTimeout(stream(), 1000), ACL_SUCCESS);
    latch.release();
    ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
    EXPECT_TRUE(ran.load());
}

TEST_P(Streams, SynchronizeWithTimeout) {
    take_recent_error();
    EXPECT_EQ(aclrtSynchronizeStreamWithTimeout(stream(), -1), ACL_SUCCESS);
    EXPECT_EQ(aclrtSynchronizeStreamWithTimeout(stream(), 0), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(),
                HasSubstr("EH0001: Value [0] for parameter [timeout] is invalid."));
    EXPECT_EQ(aclrtSynchronizeStreamWithTimeout(stream(), -2), ACL_ERROR_RT_PARAM_INVALID);

    Latch latch;
    ASSERT_EQ(aclrtLaunchHostFunc(stream(), Latch::wait_fn, &latch), ACL_SUCCESS);
    auto start = std::chrono::steady_clock::now();
    EXPECT_EQ(aclrtSynchronizeStreamWithTimeout(stream(), 50), ACL_ERROR_RT_STREAM_SYNC_TIMEOUT);
    auto waited = std::chrono::steady_clock::now() - start;
    EXPECT_GE(waited, std::chrono::milliseconds(45));
    EXPECT_THAT(take_recent_error(), HasSubstr("did not finish within 50 ms"));
    latch.release();
    EXPECT_EQ(aclrtSynchronizeStreamWithTimeout(stream(), 5000), ACL_SUCCESS);
}

TEST_P(Streams, EventsOrderWorkAcrossStreams) {
    aclrtStream consumer = nullptr;
    aclrtEvent produced = nullptr;
    ASSERT_EQ(aclrtCreateStream(&consumer), ACL_SUCCESS);
    ASSERT_EQ(aclrtCreateEvent(&produced), ACL_SUCCESS);
    OrderLog log;
    Step producer_step{&log, 1};
    Step consumer_step{&log, 2};
    Latch latch;

    ASSERT_EQ(aclrtLaunchHostFunc(stream(), Latch::wait_fn, &latch), ACL_SUCCESS);
    ASSERT_EQ(aclrtLaunchHostFunc(stream(), log_step, &producer_step), ACL_SUCCESS);
    ASSERT_EQ(aclrtRecordEvent(produced, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtStreamWaitEvent(consumer, produced), ACL_SUCCESS);
    ASSERT_EQ(aclrtLaunchHostFunc(consumer, log_step, &consumer_step), ACL_SUCCESS);

    // The consumer cannot run ahead of the producer's record.
    EXPECT_EQ(aclrtSynchronizeStreamWithTimeout(consumer, 50), ACL_ERROR_RT_STREAM_SYNC_TIMEOUT);
    EXPECT_TRUE(log.values().empty());
    latch.release();
    ASSERT_EQ(aclrtSynchronizeStream(consumer), ACL_SUCCESS);
    EXPECT_THAT(log.values(), ElementsAre(1, 2));

    // A later record does not affect a wait issued earlier; the wait covers the record seen
    // at call time.
    ASSERT_EQ(aclrtStreamWaitEvent(consumer, produced), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStreamWithTimeout(consumer, 5000), ACL_SUCCESS);

    EXPECT_EQ(aclrtDestroyEvent(produced), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyStream(consumer), ACL_SUCCESS);
}

TEST_P(Streams, WaitOnNeverRecordedEventDoesNotBlock) {
    aclrtEvent event = nullptr;
    ASSERT_EQ(aclrtCreateEvent(&event), ACL_SUCCESS);
    std::atomic<bool> ran{false};
    ASSERT_EQ(aclrtStreamWaitEvent(stream(), event), ACL_SUCCESS);
    ASSERT_EQ(aclrtLaunchHostFunc(stream(), set_flag_fn, &ran), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStreamWithTimeout(stream(), 5000), ACL_SUCCESS);
    EXPECT_TRUE(ran.load());
    ASSERT_EQ(aclrtStreamWaitEvent(nullptr, event), ACL_SUCCESS);  // default stream
    EXPECT_EQ(aclrtDestroyEvent(event), ACL_SUCCESS);
}

TEST_P(Streams, StreamWaitEventErrors) {
    aclrtEvent timeline_only = nullptr;
    ASSERT_EQ(aclrtCreateEventWithFlag(&timeline_only, ACL_EVENT_TIME_LINE), ACL_SUCCESS);
    int bogus = 0;
    take_recent_error();
    EXPECT_EQ(aclrtStreamWaitEvent(stream(), nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("EH0002: Argument [event] must not be null."));
    EXPECT_EQ(aclrtStreamWaitEvent(stream(), &bogus), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtStreamWaitEvent(&bogus, timeline_only),
              ACL_ERROR_RT_PARAM_INVALID);  // flag first
    EXPECT_EQ(aclrtStreamWaitEvent(stream(), timeline_only), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("created without ACL_EVENT_SYNC"));
    aclrtEvent ok = nullptr;
    ASSERT_EQ(aclrtCreateEvent(&ok), ACL_SUCCESS);
    EXPECT_EQ(aclrtStreamWaitEvent(&bogus, ok), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtDestroyEvent(ok), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyEvent(timeline_only), ACL_SUCCESS);
}

TEST_P(Streams, DestroyWaitsForPendingWork) {
    aclrtStream extra = nullptr;
    ASSERT_EQ(aclrtCreateStream(&extra), ACL_SUCCESS);
    int sleep_ms = 40;
    std::atomic<bool> ran{false};
    ASSERT_EQ(aclrtLaunchHostFunc(extra, sleep_fn, &sleep_ms), ACL_SUCCESS);
    ASSERT_EQ(aclrtLaunchHostFunc(extra, set_flag_fn, &ran), ACL_SUCCESS);
    ASSERT_EQ(aclrtDestroyStream(extra), ACL_SUCCESS);
    EXPECT_TRUE(ran.load());
}

TEST_P(Streams, LaunchHostFuncAndFailureModeArguments) {
    int bogus = 0;
    take_recent_error();
    EXPECT_EQ(aclrtLaunchHostFunc(stream(), nullptr, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("EH0002: Argument [fn] must not be null."));
    EXPECT_EQ(aclrtLaunchHostFunc(&bogus, sleep_fn, &bogus), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtSetStreamFailureMode(stream(), ACL_CONTINUE_ON_FAILURE), ACL_SUCCESS);
    EXPECT_EQ(aclrtSetStreamFailureMode(stream(), ACL_STOP_ON_FAILURE), ACL_SUCCESS);
    EXPECT_EQ(aclrtSetStreamFailureMode(nullptr, ACL_STOP_ON_FAILURE), ACL_SUCCESS);
    EXPECT_EQ(aclrtSetStreamFailureMode(stream(), 2), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtSetStreamFailureMode(&bogus, 0), ACL_ERROR_INVALID_PARAM);
}

TEST_P(Streams, SynchronizeDeviceWaitsForEveryStream) {
    aclrtStream extra = nullptr;
    ASSERT_EQ(aclrtCreateStream(&extra), ACL_SUCCESS);
    int sleep_ms = 30;
    std::atomic<bool> a{false}, b{false};
    ASSERT_EQ(aclrtLaunchHostFunc(stream(), sleep_fn, &sleep_ms), ACL_SUCCESS);
    ASSERT_EQ(aclrtLaunchHostFunc(stream(), set_flag_fn, &a), ACL_SUCCESS);
    ASSERT_EQ(aclrtLaunchHostFunc(extra, sleep_fn, &sleep_ms), ACL_SUCCESS);
    ASSERT_EQ(aclrtLaunchHostFunc(extra, set_flag_fn, &b), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeDevice(), ACL_SUCCESS);
    EXPECT_TRUE(a.load());
    EXPECT_TRUE(b.load());

    Latch latch;
    ASSERT_EQ(aclrtLaunchHostFunc(extra, Latch::wait_fn, &latch), ACL_SUCCESS);
    EXPECT_EQ(aclrtSynchronizeDeviceWithTimeout(40), ACL_ERROR_RT_STREAM_SYNC_TIMEOUT);
    EXPECT_EQ(aclrtSynchronizeDeviceWithTimeout(0), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_EQ(aclrtSynchronizeDeviceWithTimeout(-3), ACL_ERROR_RT_PARAM_INVALID);
    latch.release();
    EXPECT_EQ(aclrtSynchronizeDeviceWithTimeout(5000), ACL_SUCCESS);
    EXPECT_EQ(aclrtSynchronizeDeviceWithTimeout(-1), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyStream(extra), ACL_SUCCESS);
}

ACLEMU_INSTANTIATE_BACKENDS(Streams);

size_t thread_count() {
    size_t count = 0;
    for (const auto& entry : std::filesystem::directory_iterator("/proc/self/task")) {
        static_cast<void>(entry);
        ++count;
    }
    return count;
}

// The CPU backend does not wait for an idle stream's worker at aclrtDestroyStream (Note [Idle
// workers are not waited for] in runtime/src/backend/cpu/work_queue.h): the threads it leaves are
// bounded while the runtime lives, and aclFinalize joins them all.
TEST(CpuStreamWorkers, DestroyedIdleStreamsLeaveNoThreadsAfterFinalize) {
    // ThreadSanitizer starts a thread of its own at the first pthread_create: one made and
    // joined first puts it in `before`.
    std::thread([] {}).join();
    const size_t before = thread_count();
    {
        RuntimeSession session("cpu");
        ASSERT_EQ(session.init_result, ACL_SUCCESS);
        ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
        const size_t with_device = thread_count();
        for (int i = 0; i < 100; ++i) {
            aclrtStream stream = nullptr;
            ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
            std::atomic<bool> ran{false};
            ASSERT_EQ(aclrtLaunchHostFunc(stream, set_flag_fn, &ran), ACL_SUCCESS);
            ASSERT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
            ASSERT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
            EXPECT_TRUE(ran.load());
        }
        EXPECT_LE(thread_count(), with_device + 16);  // at most 16 retired workers unjoined
        EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
    }
    EXPECT_LE(thread_count(), before);
}

TEST(StreamsNoDevice, NullStreamNeedsACurrentContext) {
    RuntimeSession session("cpu");
    ASSERT_EQ(session.init_result, ACL_SUCCESS);
    aclrtStream stream = nullptr;
    aclrtStreamStatus status;
    int x = 0;
    EXPECT_EQ(aclrtCreateStream(&stream), ACL_ERROR_RT_CONTEXT_NULL);
    EXPECT_EQ(aclrtSynchronizeStream(nullptr), ACL_ERROR_RT_CONTEXT_NULL);
    EXPECT_EQ(aclrtSynchronizeStreamWithTimeout(nullptr, 10), ACL_ERROR_RT_CONTEXT_NULL);
    EXPECT_EQ(aclrtStreamQuery(nullptr, &status), ACL_ERROR_RT_CONTEXT_NULL);
    EXPECT_EQ(aclrtLaunchHostFunc(nullptr, sleep_fn, &x), ACL_ERROR_RT_CONTEXT_NULL);
    EXPECT_EQ(aclrtSynchronizeDevice(), ACL_ERROR_RT_CONTEXT_NULL);
    EXPECT_THAT(take_recent_error(), HasSubstr("EH0003"));
}

// ASCEND_LAUNCH_BLOCKING=1: every enqueue returns after its work ran.
TEST(StreamsLaunchBlocking, EveryEnqueueIsSynchronous) {
    ScopedEnv blocking("ASCEND_LAUNCH_BLOCKING", "1");
    RuntimeSession session("cpu");
    ASSERT_EQ(session.init_result, ACL_SUCCESS);
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    aclrtStream stream = nullptr;
    ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
    int sleep_ms = 30;
    std::atomic<bool> ran{false};
    ASSERT_EQ(aclrtLaunchHostFunc(stream, sleep_fn, &sleep_ms), ACL_SUCCESS);
    ASSERT_EQ(aclrtLaunchHostFunc(stream, set_flag_fn, &ran), ACL_SUCCESS);
    EXPECT_TRUE(ran.load());

    void* dev = nullptr;
    void* pinned = nullptr;
    ASSERT_EQ(aclrtMalloc(&dev, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ASSERT_EQ(aclrtMallocHost(&pinned, 64), ACL_SUCCESS);
    ASSERT_EQ(aclrtLaunchHostFunc(stream, sleep_fn, &sleep_ms), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemsetAsync(dev, 64, 0x5A, 64, stream), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemcpyAsync(pinned, 64, dev, 64, ACL_MEMCPY_DEVICE_TO_HOST, stream),
              ACL_SUCCESS);
    EXPECT_EQ(static_cast<uint8_t*>(pinned)[63], 0x5A);  // no synchronize needed
    aclrtStreamStatus status = ACL_STREAM_STATUS_NOT_READY;
    ASSERT_EQ(aclrtStreamQuery(stream, &status), ACL_SUCCESS);
    EXPECT_EQ(status, ACL_STREAM_STATUS_COMPLETE);
    EXPECT_EQ(aclrtFree(dev), ACL_SUCCESS);
    EXPECT_EQ(aclrtFreeHost(pinned), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
    EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
}

TEST(StreamsLaunchBlocking, OffUnlessExactlyOne) {
    ScopedEnv blocking("ASCEND_LAUNCH_BLOCKING", "0");
    RuntimeSession session("cpu");
    ASSERT_EQ(session.init_result, ACL_SUCCESS);
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    Latch latch;
    std::atomic<bool> ran{false};
    ASSERT_EQ(aclrtLaunchHostFunc(nullptr, Latch::wait_fn, &latch), ACL_SUCCESS);
    ASSERT_EQ(aclrtLaunchHostFunc(nullptr, set_flag_fn, &ran), ACL_SUCCESS);
    EXPECT_FALSE(ran.load());
    latch.release();
    ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
    EXPECT_TRUE(ran.load());
    EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
}

}  // namespace
}  // namespace aclemu::test
