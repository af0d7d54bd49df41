// Note [Short tasks run inline] (CPU backend): a TaskLength::Short host task on an idle CPU
// stream runs on the calling thread before enqueue_host_task returns; on a busy stream, from the
// stream's own worker, or with ACLEMU_CPU_INLINE=0 it is queued. Either way stream order,
// synchronization and stream queries behave as if it had been queued.
#include "aclemu/rt.h"
#include "runtime/runtime_test_util.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <thread>
#include <vector>

namespace aclemu::test {
namespace {

namespace rt = ::aclemu::rt;
using rt::TaskLength;

// A CPU-backend session with one device set and one stream. `inline_switch` is the value of
// ACLEMU_CPU_INLINE while the backend is created (nullptr: unset, the default).
class InlineTasks : public ::testing::Test {
protected:
    void start(const char* inline_switch) {
        inline_env_ = std::make_unique<ScopedEnv>("ACLEMU_CPU_INLINE", inline_switch);
        blocking_env_ = std::make_unique<ScopedEnv>("ASCEND_LAUNCH_BLOCKING", nullptr);
        session_ = std::make_unique<RuntimeSession>("cpu");
        ASSERT_EQ(session_->init_result, ACL_SUCCESS);
        ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
        ASSERT_EQ(aclrtCreateStream(&stream_), ACL_SUCCESS);
    }
    void TearDown() override {
        if (stream_ != nullptr) {
            EXPECT_EQ(aclrtDestroyStream(stream_), ACL_SUCCESS);
        }
        aclrtResetDevice(0);
        session_.reset();
        blocking_env_.reset();
        inline_env_.reset();
    }

    aclrtStreamStatus query() {
        aclrtStreamStatus status = ACL_STREAM_STATUS_RESERVED;
        EXPECT_EQ(aclrtStreamQuery(stream_, &status), ACL_SUCCESS);
        return status;
    }

    aclrtStream stream_ = nullptr;

private:
    std::unique_ptr<ScopedEnv> inline_env_;
    std::unique_ptr<ScopedEnv> blocking_env_;
    std::unique_ptr<RuntimeSession> session_;
};

TEST_F(InlineTasks, ShortTaskOnAnIdleStreamRunsBeforeTheCallReturns) {
    start(nullptr);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
    bool ran = false;
    std::thread::id ran_on;
    ASSERT_EQ(enqueue_task(
                  stream_,
                  [&] {
                      ran = true;
                      ran_on = std::this_thread::get_id();
                  },
                  TaskLength::Short),
              ACL_SUCCESS);
    EXPECT_TRUE(ran);
    EXPECT_EQ(ran_on, std::this_thread::get_id());
    EXPECT_EQ(query(), ACL_STREAM_STATUS_COMPLETE);
    EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);

    // A default-length task is still queued on the worker.
    auto queued_on = std::make_shared<std::thread::id>();
    ASSERT_EQ(enqueue_task(stream_, [queued_on] { *queued_on = std::this_thread::get_id(); }),
              ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
    EXPECT_NE(*queued_on, std::this_thread::get_id());
}

TEST_F(InlineTasks, ShortTaskBehindPendingWorkIsQueuedInOrder) {
    start(nullptr);
    Latch latch;
    OrderLog log;
    ASSERT_EQ(enqueue_task(stream_,
                           [&] {
                               latch.wait();
                               log.add(1);
                           }),
              ACL_SUCCESS);
    std::atomic<bool> short_ran{false};
    ASSERT_EQ(enqueue_task(
                  stream_,
                  [&] {
                      log.add(2);
                      short_ran = true;
                  },
                  TaskLength::Short),
              ACL_SUCCESS);
    EXPECT_FALSE(short_ran.load());  // queued behind the blocked task, not run here
    EXPECT_EQ(query(), ACL_STREAM_STATUS_NOT_READY);
    latch.release();
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
    EXPECT_EQ(log.values(), (std::vector<int>{1, 2}));
}

// While a short task runs inline, the stream is busy: a query says so, a synchronize waits for
// it, and work queued meanwhile from another thread runs after it.
TEST_F(InlineTasks, AnInlineRunHoldsTheStream) {
    start(nullptr);
    Latch inside_gate;
    std::atomic<bool> inside{false};
    OrderLog log;
    std::thread launcher([&] {
        EXPECT_EQ(enqueue_task(
                      stream_,
                      [&] {
                          inside = true;
                          inside_gate.wait();
                          log.add(1);
                      },
                      TaskLength::Short),
                  ACL_SUCCESS);
    });
    while (!inside.load()) {
        std::this_thread::yield();
    }
    EXPECT_EQ(query(), ACL_STREAM_STATUS_NOT_READY);
    ASSERT_EQ(enqueue_task(stream_, [&] { log.add(2); }), ACL_SUCCESS);
    std::atomic<bool> synchronized{false};
    std::thread waiter([&] {
        EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
        synchronized = true;
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
    EXPECT_FALSE(synchronized.load());
    EXPECT_TRUE(log.values().empty());  // the queued task did not overtake the inline one
    inside_gate.release();
    launcher.join();
    waiter.join();
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
    EXPECT_EQ(log.values(), (std::vector<int>{1, 2}));
    EXPECT_EQ(query(), ACL_STREAM_STATUS_COMPLETE);
}

// A task running on the worker that launches a short task: the worker is the stream, so the
// short task is queued behind the running one instead of running inside it.
TEST_F(InlineTasks, ShortTasksFromTheWorkerAreQueued) {
    start(nullptr);
    OrderLog log;
    aclrtStream s = stream_;
    ASSERT_EQ(enqueue_task(s,
                           [&log, s] {
                               EXPECT_EQ(enqueue_task(
                                             s, [&log] { log.add(2); }, TaskLength::Short),
                                         ACL_SUCCESS);
                               log.add(1);
                           }),
              ACL_SUCCESS);
    // The follow-up is enqueued by the first task: synchronize until both ran.
    for (int i = 0; i < 100 && log.values().size() < 2; ++i) {
        ASSERT_EQ(aclrtSynchronizeStream(s), ACL_SUCCESS);
    }
    EXPECT_EQ(log.values(), (std::vector<int>{1, 2}));
}

// Inline runs and queued tasks interleaved from two threads: nothing is lost or reordered
// within a thread, and the worker keeps taking queued work after inline runs.
TEST_F(InlineTasks, MixedShortAndQueuedTasksAllRunInOrder) {
    start(nullptr);
    constexpr int kPerThread = 400;
    std::vector<int> order[2];
    std::atomic<int> ran{0};
    auto producer = [&](int id) {
        for (int i = 0; i < kPerThread; ++i) {
            const TaskLength length = (i % 3 == 0) ? TaskLength::Any : TaskLength::Short;
            ASSERT_EQ(enqueue_task(
                          stream_,
                          [&, id, i] {
                              order[id].push_back(i);
                              ran.fetch_add(1);
                          },
                          length),
                      ACL_SUCCESS);
            if (i % 7 == 3) {
                std::this_thread::sleep_for(std::chrono::microseconds(50));
            }
            if (i % 50 == 49) {
                ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
            }
        }
    };
    std::thread other(producer, 1);
    producer(0);
    other.join();
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
    EXPECT_EQ(ran.load(), 2 * kPerThread);
    for (const std::vector<int>& seq : order) {
        ASSERT_EQ(seq.size(), static_cast<size_t>(kPerThread));
        for (int i = 0; i < kPerThread; ++i) {
            EXPECT_EQ(seq[i], i);
        }
    }
}

// Event timestamps bracket an inline run like a queued one.
TEST_F(InlineTasks, EventsRecordedAroundAnInlineRunBracketIt) {
    start(nullptr);
    aclrtEvent before = nullptr;
    aclrtEvent after = nullptr;
    ASSERT_EQ(aclrtCreateEventWithFlag(&before, ACL_EVENT_TIME_LINE), ACL_SUCCESS);
    ASSERT_EQ(aclrtCreateEventWithFlag(&after, ACL_EVENT_TIME_LINE), ACL_SUCCESS);
    ASSERT_EQ(aclrtRecordEvent(before, stream_), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
    ASSERT_EQ(enqueue_task(
                  stream_,
                  [] { std::this_thread::sleep_for(std::chrono::milliseconds(5)); },
                  TaskLength::Short),
              ACL_SUCCESS);
    ASSERT_EQ(aclrtRecordEvent(after, stream_), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeEvent(after), ACL_SUCCESS);
    float ms = 0.0f;
    ASSERT_EQ(aclrtEventElapsedTime(&ms, before, after), ACL_SUCCESS);
    EXPECT_GE(ms, 5.0f);
    EXPECT_EQ(aclrtDestroyEvent(before), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyEvent(after), ACL_SUCCESS);
}

TEST_F(InlineTasks, SwitchedOffEveryTaskIsQueued) {
    start("0");
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
    auto ran_on = std::make_shared<std::thread::id>();
    ASSERT_EQ(enqueue_task(
                  stream_, [ran_on] { *ran_on = std::this_thread::get_id(); }, TaskLength::Short),
              ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
    EXPECT_NE(*ran_on, std::thread::id());
    EXPECT_NE(*ran_on, std::this_thread::get_id());
}

}  // namespace
}  // namespace aclemu::test
