// The per-thread lookup caches of the hot path (Note [Lock-free lookups on the hot path],
// alloc_table.cpp): a cached stream or memory block must never outlive the registry entry it
// came from, and the null stream must follow the thread's current context.
#include "aclemu/rt.h"
#include "runtime/runtime_test_util.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <thread>

namespace aclemu::test {
namespace {

using ::testing::HasSubstr;
namespace rt = ::aclemu::rt;

TEST(LookupCaches, FreedBlocksAreForgottenOnEveryThread) {
    RuntimeSession session("cpu");
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    void* block = nullptr;
    ASSERT_EQ(aclrtMalloc(&block, 256, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ASSERT_EQ(rt::locate(block, 256), rt::MemoryLocation::Device);  // cached on this thread

    std::thread other([&] {
        EXPECT_EQ(rt::locate(block, 256), rt::MemoryLocation::Device);  // cached there too
        EXPECT_EQ(aclrtFree(block), ACL_SUCCESS);
        EXPECT_EQ(rt::locate(block, 1), rt::MemoryLocation::Unknown);
    });
    other.join();
    EXPECT_EQ(rt::locate(block, 1), rt::MemoryLocation::Unknown);

    // A new, smaller block (possibly at the same address) is checked against its own size.
    void* smaller = nullptr;
    ASSERT_EQ(aclrtMalloc(&smaller, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    EXPECT_EQ(rt::locate(smaller, 64), rt::MemoryLocation::Device);
    EXPECT_EQ(rt::locate(smaller, 65), rt::MemoryLocation::Unknown);
    EXPECT_EQ(aclrtFree(smaller), ACL_SUCCESS);

    // More live blocks than the cache holds: every one is still found, none confused.
    constexpr int kBlocks = 20;
    void* blocks[kBlocks] = {};
    for (int i = 0; i < kBlocks; ++i) {
        ASSERT_EQ(aclrtMalloc(&blocks[i], 32 * (i + 1), ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    }
    for (int round = 0; round < 3; ++round) {
        for (int i = 0; i < kBlocks; ++i) {
            EXPECT_EQ(rt::locate(blocks[i], 32 * (i + 1)), rt::MemoryLocation::Device);
            EXPECT_EQ(rt::locate(blocks[i], 32 * (i + 1) + 1), rt::MemoryLocation::Unknown);
        }
    }
    for (void* b : blocks) {
        EXPECT_EQ(aclrtFree(b), ACL_SUCCESS);
    }
    EXPECT_EQ(rt::locate(blocks[0], 1), rt::MemoryLocation::Unknown);
    EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
}

TEST(LookupCaches, DestroyedStreamsAreNotResolved) {
    RuntimeSession session("cpu");
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    aclrtStream stream = nullptr;
    ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
    rt::StreamTarget target;
    ASSERT_EQ(rt::resolve_stream(stream, &target), ACL_SUCCESS);
    ASSERT_EQ(enqueue_task(stream, [] {}), ACL_SUCCESS);
    ASSERT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
    take_recent_error();
    EXPECT_EQ(rt::resolve_stream(stream, &target), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("not a live stream"));
    EXPECT_EQ(enqueue_task(stream, [] {}), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
}

TEST(LookupCaches, NullStreamFollowsTheCurrentContext) {
    ScopedEnv devices("ACLEMU_CPU_DEVICE_COUNT", "2");
    RuntimeSession session("cpu");
    rt::StreamTarget target;
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    aclrtContext first = nullptr;
    ASSERT_EQ(aclrtGetCurrentContext(&first), ACL_SUCCESS);
    ASSERT_EQ(rt::resolve_stream(nullptr, &target), ACL_SUCCESS);
    EXPECT_EQ(target.device, 0);

    ASSERT_EQ(aclrtSetDevice(1), ACL_SUCCESS);
    ASSERT_EQ(rt::resolve_stream(nullptr, &target), ACL_SUCCESS);
    EXPECT_EQ(target.device, 1);

    ASSERT_EQ(aclrtSetCurrentContext(first), ACL_SUCCESS);
    ASSERT_EQ(rt::resolve_stream(nullptr, &target), ACL_SUCCESS);
    EXPECT_EQ(target.device, 0);

    // A context of the thread's own making, then destroyed while current.
    aclrtContext own = nullptr;
    ASSERT_EQ(aclrtCreateContext(&own, 1), ACL_SUCCESS);
    ASSERT_EQ(rt::resolve_stream(nullptr, &target), ACL_SUCCESS);
    EXPECT_EQ(target.device, 1);
    ASSERT_EQ(aclrtDestroyContext(own), ACL_SUCCESS);
    take_recent_error();
    EXPECT_EQ(rt::resolve_stream(nullptr, &target), ACL_ERROR_RT_CONTEXT_NULL);
    EXPECT_THAT(take_recent_error(), HasSubstr("EH0003"));

    // Another thread has no current context, whatever this one cached.
    std::thread other([] {
        rt::StreamTarget t;
        EXPECT_EQ(rt::resolve_stream(nullptr, &t), ACL_ERROR_RT_CONTEXT_NULL);
    });
    other.join();
    EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
    EXPECT_EQ(aclrtResetDevice(1), ACL_SUCCESS);
}

TEST(LookupCaches, DeterministicSeesWritesFromOtherThreadsAndContextSwitches) {
    RuntimeSession session("cpu");
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    aclrtContext device_context = nullptr;
    ASSERT_EQ(aclrtGetCurrentContext(&device_context), ACL_SUCCESS);
    EXPECT_FALSE(rt::deterministic());  // cached: false

    std::thread([] {
        EXPECT_EQ(aclrtSetSysParamOpt(ACL_OPT_DETERMINISTIC, 1), ACL_SUCCESS);
    }).join();
    EXPECT_TRUE(rt::deterministic());  // the process value, written by another thread

    aclrtContext own = nullptr;
    ASSERT_EQ(aclrtCreateContext(&own, 0), ACL_SUCCESS);  // becomes current
    ASSERT_EQ(aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 0), ACL_SUCCESS);
    EXPECT_FALSE(rt::deterministic());
    ASSERT_EQ(aclrtSetCurrentContext(device_context), ACL_SUCCESS);
    EXPECT_TRUE(rt::deterministic());  // no context value there
    ASSERT_EQ(aclrtSetCurrentContext(own), ACL_SUCCESS);
    EXPECT_FALSE(rt::deterministic());
    ASSERT_EQ(aclrtDestroyContext(own), ACL_SUCCESS);
    EXPECT_TRUE(rt::deterministic());  // no current context: the process value
    EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
}

TEST(LookupCaches, NothingSurvivesFinalize) {
    rt::StreamTarget target;
    {
        RuntimeSession session("cpu");
        ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
        ASSERT_EQ(rt::resolve_stream(nullptr, &target), ACL_SUCCESS);
        ASSERT_EQ(aclrtSetSysParamOpt(ACL_OPT_DETERMINISTIC, 1), ACL_SUCCESS);
        EXPECT_TRUE(rt::deterministic());
        void* block = nullptr;
        ASSERT_EQ(aclrtMalloc(&block, 128, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
        ASSERT_EQ(rt::locate(block, 128), rt::MemoryLocation::Device);
        // aclFinalize frees the block and retires the context without aclrtResetDevice.
        ASSERT_EQ(aclFinalize(), ACL_SUCCESS);
        EXPECT_EQ(rt::locate(block, 1), rt::MemoryLocation::Unknown);
    }
    RuntimeSession again("cpu");
    ASSERT_EQ(again.init_result, ACL_SUCCESS);
    EXPECT_FALSE(rt::deterministic());  // the process values went with aclFinalize
    take_recent_error();
    EXPECT_EQ(rt::resolve_stream(nullptr, &target), ACL_ERROR_RT_CONTEXT_NULL);
}

}  // namespace
}  // namespace aclemu::test
