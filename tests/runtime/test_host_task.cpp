// HostTask (aclemu/host_task.h), the move-only callable CPU streams queue: inline and heap
// storage, moves, empty tasks, capture lifetime; and the CPU work queue's wake-up protocol
// (Note [Work queue wake-ups]): tasks enqueued while the worker spins, sleeps or is just
// falling asleep all run, in order, and every wait returns.
#include "aclemu/host_task.h"
#include "aclemu/rt.h"
#include "runtime/runtime_test_util.h"
#include "support/backend_fixture.h"

#include <gtest/gtest.h>

#include <array>
#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <thread>
#include <vector>

namespace aclemu::test {
namespace {

namespace rt = ::aclemu::rt;

TEST(HostTask, RunsSmallAndLargeCallables) {
    int small_hits = 0;
    rt::HostTask small([&small_hits] { ++small_hits; });
    ASSERT_TRUE(static_cast<bool>(small));
    small();
    small();
    EXPECT_EQ(small_hits, 2);

    // Larger than the inline buffer: stored on the heap, same behaviour.
    std::array<int, rt::HostTask::kInlineBytes / sizeof(int) + 8> big{};
    big[0] = 3;
    big[big.size() - 1] = 4;
    int sum = 0;
    rt::HostTask large([big, &sum] { sum = big[0] + big[big.size() - 1]; });
    rt::HostTask moved = std::move(large);
    EXPECT_FALSE(static_cast<bool>(large));
    moved();
    EXPECT_EQ(sum, 7);
}

TEST(HostTask, EmptyFromNullCallables) {
    EXPECT_FALSE(static_cast<bool>(rt::HostTask()));
    EXPECT_FALSE(static_cast<bool>(rt::HostTask(nullptr)));
    EXPECT_FALSE(static_cast<bool>(rt::HostTask(std::function<void()>())));
    void (*null_fn)() = nullptr;
    EXPECT_FALSE(static_cast<bool>(rt::HostTask(null_fn)));
    EXPECT_TRUE(static_cast<bool>(rt::HostTask(std::function<void()>([] {}))));
}

TEST(HostTask, MovesAndReleasesCaptures) {
    auto token = std::make_shared<int>(5);
    std::weak_ptr<int> watch = token;
    int seen = 0;
    {
        rt::HostTask a([token = std::move(token), &seen] { seen = *token; });
        rt::HostTask b;
        b = std::move(a);
        EXPECT_FALSE(static_cast<bool>(a));
        EXPECT_FALSE(watch.expired());  // one live copy, owned by b
        b();
        EXPECT_EQ(seen, 5);
        b.reset();
        EXPECT_TRUE(watch.expired());
        EXPECT_FALSE(static_cast<bool>(b));
    }

    // Move-only captures work, inline and on the heap.
    auto owned = std::make_unique<int>(9);
    rt::HostTask c([p = std::move(owned), &seen] { seen = *p; });
    rt::HostTask d(std::move(c));
    d();
    EXPECT_EQ(seen, 9);
}

class WorkQueueWakeups : public BackendTest {};

// Enqueues with gaps that straddle the worker's spin (none, short, long enough to sleep) from
// two threads, then checks every task ran exactly once and each thread's tasks ran in order.
TEST_P(WorkQueueWakeups, NoTaskIsLostWhateverTheGap) {
    constexpr int kPerThread = 300;
    std::vector<int> order[2];
    std::atomic<int> ran{0};
    auto producer = [&](int id) {
        for (int i = 0; i < kPerThread; ++i) {
            ASSERT_EQ(enqueue_task(stream(),
                                   [&, id, i] {
                                       order[id].push_back(i);
                                       ran.fetch_add(1);
                                   }),
                      ACL_SUCCESS);
            if (i % 3 == 1) {
                std::this_thread::sleep_for(std::chrono::microseconds(20 + (i % 7) * 15));
            } else if (i % 50 == 0) {
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
            }
            if (i % 40 == 39) {
                ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
            }
        }
    };
    std::thread other(producer, 1);
    producer(0);
    other.join();
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    EXPECT_EQ(ran.load(), 2 * kPerThread);
    for (const std::vector<int>& seq : order) {
        ASSERT_EQ(seq.size(), static_cast<size_t>(kPerThread));
        for (int i = 0; i < kPerThread; ++i) {
            EXPECT_EQ(seq[i], i);
        }
    }
}

// A task that enqueues on its own stream, and a waiter that wakes while the worker is busy.
TEST_P(WorkQueueWakeups, TasksMayEnqueueFollowUps) {
    std::atomic<int> depth{0};
    aclrtStream s = stream();
    std::function<void()> step;
    step = [&] {
        if (depth.fetch_add(1) < 50) {
            EXPECT_EQ(enqueue_task(s, step), ACL_SUCCESS);
        }
    };
    ASSERT_EQ(enqueue_task(s, step), ACL_SUCCESS);
    // Each synchronize sees a ticket the chain may already have passed, or not yet reached.
    while (depth.load() < 51) {
        ASSERT_EQ(aclrtSynchronizeStream(s), ACL_SUCCESS);
    }
    ASSERT_EQ(aclrtSynchronizeStream(s), ACL_SUCCESS);
    EXPECT_EQ(depth.load(), 51);
}

// The work queue is the CPU backend's.
ACLEMU_INSTANTIATE_CPU_ONLY(WorkQueueWakeups);

}  // namespace
}  // namespace aclemu::test
