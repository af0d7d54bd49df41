// The runtime services of aclemu/rt.h used by the operator libraries: resolve_stream,
// enqueue_host_task (stream order, asynchrony), finish_gpu_launch, locate, deterministic,
// cpu_threads and active_backend.
#include "aclemu/rt.h"
#include "runtime/runtime_test_util.h"
#include "support/backend_fixture.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <thread>

namespace aclemu::test {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
namespace rt = ::aclemu::rt;

class RtServices : public BackendTest {};

TEST_P(RtServices, ResolveStream) {
    rt::StreamTarget target;
    ASSERT_EQ(rt::resolve_stream(stream(), &target), ACL_SUCCESS);
    if (on_gpu()) {
        EXPECT_NE(target.kind, rt::BackendKind::Cpu);
        EXPECT_NE(target.native, nullptr);
    } else {
        EXPECT_EQ(target.kind, rt::BackendKind::Cpu);
        EXPECT_EQ(target.native, nullptr);
    }
    EXPECT_EQ(target.device, 0);
    EXPECT_EQ(target.kind, rt::active_backend());

    rt::StreamTarget fallback;
    ASSERT_EQ(rt::resolve_stream(nullptr, &fallback), ACL_SUCCESS);  // default stream
    EXPECT_EQ(fallback.kind, target.kind);
    if (on_gpu()) {
        EXPECT_NE(fallback.native, target.native);
    }

    int bogus = 0;
    take_recent_error();
    EXPECT_EQ(rt::resolve_stream(&bogus, &target), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("not a live stream"));
    EXPECT_EQ(rt::resolve_stream(stream(), nullptr), ACL_ERROR_INVALID_PARAM);
}

TEST_P(RtServices, HostTasksRunInStreamOrderAndAsynchronously) {
    OrderLog log;
    Latch latch;
    ASSERT_EQ(enqueue_task(stream(), [&] { latch.wait(); }), ACL_SUCCESS);
    for (int i = 0; i < 5; ++i) {
        ASSERT_EQ(enqueue_task(stream(), [&log, i] { log.add(i); }), ACL_SUCCESS);
    }
    std::atomic<bool> host_func_ran{false};
    ASSERT_EQ(aclrtLaunchHostFunc(stream(), set_flag_fn, &host_func_ran), ACL_SUCCESS);
    EXPECT_TRUE(log.values().empty());  // returned while the stream is held
    latch.release();
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    EXPECT_THAT(log.values(), ElementsAre(0, 1, 2, 3, 4));
    EXPECT_TRUE(host_func_ran.load());

    ASSERT_EQ(enqueue_task(nullptr, [&log] { log.add(9); }), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
    EXPECT_EQ(log.values().back(), 9);

    int bogus = 0;
    EXPECT_EQ(enqueue_task(&bogus, [] {}), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(enqueue_task(stream(), nullptr), ACL_ERROR_INVALID_PARAM);
}

TEST_P(RtServices, LocateUsesTheAllocationTable) {
    void* dev = nullptr;
    void* host = nullptr;
    ASSERT_EQ(aclrtMalloc(&dev, 100, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ASSERT_EQ(aclrtMallocHost(&host, 50), ACL_SUCCESS);
    auto* d = static_cast<char*>(dev);
    EXPECT_EQ(rt::locate(dev, 100), rt::MemoryLocation::Device);
    EXPECT_EQ(rt::locate(d + 40, 60), rt::MemoryLocation::Device);
    EXPECT_EQ(rt::locate(d + 40, 61), rt::MemoryLocation::Unknown);  // runs past the block
    EXPECT_EQ(rt::locate(host, 50), rt::MemoryLocation::Host);
    int on_stack = 0;
    EXPECT_EQ(rt::locate(&on_stack, sizeof(on_stack)), rt::MemoryLocation::Unknown);
    EXPECT_EQ(rt::locate(nullptr, 0), rt::MemoryLocation::Unknown);
    EXPECT_EQ(aclrtFree(dev), ACL_SUCCESS);
    EXPECT_EQ(rt::locate(dev, 1), rt::MemoryLocation::Unknown);  // freed
    EXPECT_EQ(aclrtFreeHost(host), ACL_SUCCESS);
}

TEST_P(RtServices, FinishGpuLaunchMapsAFailedLaunch) {
    rt::StreamTarget target;
    ASSERT_EQ(rt::resolve_stream(stream(), &target), ACL_SUCCESS);
    EXPECT_EQ(rt::finish_gpu_launch(target, 0), ACL_SUCCESS);
    take_recent_error();
    EXPECT_EQ(rt::finish_gpu_launch(target, 1), ACL_ERROR_RT_INTERNAL_ERROR);
    EXPECT_THAT(take_recent_error(),
                HasSubstr("EE1001: kernel launch failed on device 0 with status 1"));
}

ACLEMU_INSTANTIATE_BACKENDS(RtServices);

TEST(RtServicesCpu, NeedInitAndAContext) {
    rt::StreamTarget target;
    take_recent_error();
    EXPECT_EQ(rt::resolve_stream(nullptr, &target), ACL_ERROR_UNINITIALIZE);
    EXPECT_EQ(enqueue_task(nullptr, [] {}), ACL_ERROR_UNINITIALIZE);
    RuntimeSession session("cpu");
    ASSERT_EQ(session.init_result, ACL_SUCCESS);
    EXPECT_EQ(rt::resolve_stream(nullptr, &target), ACL_ERROR_RT_CONTEXT_NULL);
    EXPECT_EQ(enqueue_task(nullptr, [] {}), ACL_ERROR_RT_CONTEXT_NULL);
    EXPECT_THAT(take_recent_error(), HasSubstr("EH0003"));
}

TEST(RtServicesCpu, HostTaskUnderLaunchBlockingRunsBeforeReturning) {
    ScopedEnv blocking("ASCEND_LAUNCH_BLOCKING", "1");
    RuntimeSession session("cpu");
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    std::atomic<bool> ran{false};
    ASSERT_EQ(enqueue_task(nullptr,
                           [&] {
                               std::this_thread::sleep_for(std::chrono::milliseconds(20));
                               ran = true;
                           }),
              ACL_SUCCESS);
    EXPECT_TRUE(ran.load());
    EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
}

TEST(RtServicesCpu, DeterministicFollowsContextThenProcess) {
    RuntimeSession session("cpu");
    ASSERT_EQ(session.init_result, ACL_SUCCESS);
    EXPECT_FALSE(rt::deterministic());
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    EXPECT_FALSE(rt::deterministic());
    ASSERT_EQ(aclrtSetSysParamOpt(ACL_OPT_DETERMINISTIC, 1), ACL_SUCCESS);
    EXPECT_TRUE(rt::deterministic());
    ASSERT_EQ(aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 0), ACL_SUCCESS);
    EXPECT_FALSE(rt::deterministic());  // the context value wins
    bool other_thread = false;
    std::thread([&] { other_thread = rt::deterministic(); }).join();
    EXPECT_TRUE(other_thread);  // no context there: the process value
    ASSERT_EQ(aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 1), ACL_SUCCESS);
    EXPECT_TRUE(rt::deterministic());
    EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
}

TEST(RtServicesCpu, CpuThreadsFromTheEnvironment) {
    {
        ScopedEnv threads("ACLEMU_CPU_THREADS", "3");
        RuntimeSession session("cpu");
        EXPECT_EQ(rt::op_settings().cpu_threads, 3);
    }
    unsigned hw = std::thread::hardware_concurrency();
    int expected = hw == 0 ? 1 : static_cast<int>(hw);
    for (const char* value : {static_cast<const char*>(nullptr), "0", "-2", "many"}) {
        ScopedEnv threads("ACLEMU_CPU_THREADS", value);
        RuntimeSession session("cpu");
        EXPECT_EQ(rt::op_settings().cpu_threads, expected) << (value ? value : "(unset)");
    }
}

TEST(RtServicesCpu, ActiveBackendBeforeAndAfterTheFirstDevice) {
    {
        RuntimeSession session("cpu");
        EXPECT_EQ(rt::active_backend(), rt::BackendKind::Cpu);
    }
    {
        RuntimeSession session("cuda");
        EXPECT_EQ(rt::active_backend(), rt::BackendKind::Cuda);  // the choice, before any device
    }
    {
        RuntimeSession session("hip");
        EXPECT_EQ(rt::active_backend(), rt::BackendKind::Hip);
    }
    {
        RuntimeSession session("gpusim");
        EXPECT_EQ(rt::active_backend(), rt::BackendKind::GpuSim);
    }
    {
        RuntimeSession session("auto");
        ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
        rt::StreamTarget target;
        ASSERT_EQ(rt::resolve_stream(nullptr, &target), ACL_SUCCESS);
        EXPECT_EQ(rt::active_backend(), target.kind);  // whatever auto chose
        EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
    }
}

}  // namespace
}  // namespace aclemu::test
