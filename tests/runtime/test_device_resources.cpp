// What a device lends, on every backend: its default stream as a handle, core budgets (device,
// stream, thread; the most specific wins; the CPU kernels obey the vector-core budget), the
// stream priority range, utilization, and peer access (the CPU backend's devices share memory;
// the GPU simulator shows two devices with ACLEMU_GPUSIM_DEVICE_COUNT=2).
#include "runtime/runtime_test_util.h"
#include "support/backend_fixture.h"
#include "support/c_enum_calls.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <thread>
#include <utility>

namespace aclemu::test {
namespace {

using ::testing::HasSubstr;

class DeviceResources : public BackendTest {};

TEST_P(DeviceResources, DefaultStreamHandleWorksLikeNull) {
    aclrtStream handle = nullptr;
    ASSERT_EQ(aclrtCtxGetCurrentDefaultStream(&handle), ACL_SUCCESS) << take_recent_error();
    ASSERT_NE(handle, nullptr);
    std::atomic<bool> ran{false};
    ASSERT_EQ(aclrtLaunchHostFunc(handle, set_flag_fn, &ran), ACL_SUCCESS) << take_recent_error();
    ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS) << "the same stream as NULL";
    EXPECT_TRUE(ran.load());
    int32_t id_by_handle = -1, id_by_null = -2;
    ASSERT_EQ(aclrtStreamGetId(handle, &id_by_handle), ACL_SUCCESS);
    ASSERT_EQ(aclrtStreamGetId(nullptr, &id_by_null), ACL_SUCCESS);
    EXPECT_EQ(id_by_handle, id_by_null);
    take_recent_error();
    EXPECT_EQ(aclrtDestroyStream(handle), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("it is a default stream"));
    EXPECT_EQ(aclrtCtxGetCurrentDefaultStream(nullptr), ACL_ERROR_INVALID_PARAM);
}

TEST_P(DeviceResources, CoreBudgetsFromDeviceToStreamToThread) {
    // No limit: the emulated SoC's cores (24 cube, 48 vector), as aclrtGetDeviceInfo says.
    int64_t cores = 0;
    ASSERT_EQ(aclrtGetDeviceInfo(0, ACL_DEV_ATTR_VECTOR_CORE_NUM, &cores), ACL_SUCCESS);
    ASSERT_EQ(cores, 48);
    const auto all = static_cast<uint32_t>(cores);
    const uint32_t all_cube = 24;
    const uint32_t one = 1;
    for (auto [type, expected] : {std::pair{ACL_RT_DEV_RES_CUBE_CORE, all_cube},
                                  std::pair{ACL_RT_DEV_RES_VECTOR_CORE, all}}) {
        uint32_t value = 0;
        ASSERT_EQ(aclrtGetDeviceResLimit(0, type, &value), ACL_SUCCESS);
        EXPECT_EQ(value, expected) << "no limit: the device's cores";
        ASSERT_EQ(aclrtGetResInCurrentThread(type, &value), ACL_SUCCESS);
        EXPECT_EQ(value, expected);
    }
    uint32_t value = 0;
    ASSERT_EQ(aclrtSetDeviceResLimit(0, ACL_RT_DEV_RES_VECTOR_CORE, one), ACL_SUCCESS);
    ASSERT_EQ(aclrtGetDeviceResLimit(0, ACL_RT_DEV_RES_VECTOR_CORE, &value), ACL_SUCCESS);
    EXPECT_EQ(value, one);
    ASSERT_EQ(aclrtGetDeviceResLimit(0, ACL_RT_DEV_RES_CUBE_CORE, &value), ACL_SUCCESS);
    EXPECT_EQ(value, all_cube) << "only the vector budget was set";
    ASSERT_EQ(aclrtGetStreamResLimit(stream(), ACL_RT_DEV_RES_VECTOR_CORE, &value), ACL_SUCCESS);
    EXPECT_EQ(value, one) << "a stream without a limit of its own follows the device";
    ASSERT_EQ(aclrtGetResInCurrentThread(ACL_RT_DEV_RES_VECTOR_CORE, &value), ACL_SUCCESS);
    EXPECT_EQ(value, one);

    // A stream's limit applies to a thread that uses it; the device limit elsewhere.
    ASSERT_EQ(aclrtSetStreamResLimit(stream(), ACL_RT_DEV_RES_VECTOR_CORE, all), ACL_SUCCESS);
    ASSERT_EQ(aclrtGetStreamResLimit(stream(), ACL_RT_DEV_RES_VECTOR_CORE, &value), ACL_SUCCESS);
    EXPECT_EQ(value, all);
    ASSERT_EQ(aclrtGetResInCurrentThread(ACL_RT_DEV_RES_VECTOR_CORE, &value), ACL_SUCCESS);
    EXPECT_EQ(value, one) << "not used by this thread yet";
    ASSERT_EQ(aclrtUseStreamResInCurrentThread(stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtGetResInCurrentThread(ACL_RT_DEV_RES_VECTOR_CORE, &value), ACL_SUCCESS);
    EXPECT_EQ(value, all);
    uint32_t other_thread = 0;
    std::thread([&] {
        aclrtSetDevice(0);
        aclrtGetResInCurrentThread(ACL_RT_DEV_RES_VECTOR_CORE, &other_thread);
        aclrtResetDevice(0);
    }).join();
    EXPECT_EQ(other_thread, one) << "the choice is per thread";
    ASSERT_EQ(aclrtUnuseStreamResInCurrentThread(stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtGetResInCurrentThread(ACL_RT_DEV_RES_VECTOR_CORE, &value), ACL_SUCCESS);
    EXPECT_EQ(value, one);

    ASSERT_EQ(aclrtResetStreamResLimit(stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtGetStreamResLimit(stream(), ACL_RT_DEV_RES_VECTOR_CORE, &value), ACL_SUCCESS);
    EXPECT_EQ(value, one);
    ASSERT_EQ(aclrtResetDeviceResLimit(0), ACL_SUCCESS);
    ASSERT_EQ(aclrtGetDeviceResLimit(0, ACL_RT_DEV_RES_VECTOR_CORE, &value), ACL_SUCCESS);
    EXPECT_EQ(value, all);
}

TEST_P(DeviceResources, CoreBudgetErrors) {
    int64_t cores = 0;
    ASSERT_EQ(aclrtGetDeviceInfo(0, ACL_DEV_ATTR_VECTOR_CORE_NUM, &cores), ACL_SUCCESS);
    uint32_t value = 0;
    take_recent_error();
    EXPECT_EQ(aclrtSetDeviceResLimit(0, ACL_RT_DEV_RES_VECTOR_CORE, 0), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("parameter [value]"));
    EXPECT_EQ(aclrtSetDeviceResLimit(0, ACL_RT_DEV_RES_VECTOR_CORE, cores + 1),
              ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("the device's core count"));
    EXPECT_EQ(aclrtSetStreamResLimit(stream(), ACL_RT_DEV_RES_CUBE_CORE, 25),
              ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("must be in [1, 24]"));
    // Kernels that hard-code 8 or 24 blocks may budget them on any host.
    EXPECT_EQ(aclrtSetStreamResLimit(stream(), ACL_RT_DEV_RES_CUBE_CORE, 24), ACL_SUCCESS);
    EXPECT_EQ(aclrtSetDeviceResLimit(0, ACL_RT_DEV_RES_CUBE_CORE, 8), ACL_SUCCESS);
    ASSERT_EQ(aclrtGetDeviceResLimit(0, ACL_RT_DEV_RES_CUBE_CORE, &value), ACL_SUCCESS);
    EXPECT_EQ(value, 8u);
    EXPECT_EQ(aclrtResetDeviceResLimit(0), ACL_SUCCESS);
    EXPECT_EQ(aclrtResetStreamResLimit(stream()), ACL_SUCCESS);
    EXPECT_EQ(c_aclrtGetDeviceResLimit(0, 2, &value), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("parameter [type]"));
    EXPECT_EQ(aclrtGetDeviceResLimit(4, ACL_RT_DEV_RES_CUBE_CORE, &value),
              ACL_ERROR_RT_INVALID_DEVICEID);
    EXPECT_EQ(aclrtGetDeviceResLimit(0, ACL_RT_DEV_RES_CUBE_CORE, nullptr),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtResetDeviceResLimit(-1), ACL_ERROR_RT_INVALID_DEVICEID);
    EXPECT_EQ(aclrtGetResInCurrentThread(ACL_RT_DEV_RES_CUBE_CORE, nullptr),
              ACL_ERROR_INVALID_PARAM);
    int bogus = 0;
    EXPECT_EQ(aclrtUseStreamResInCurrentThread(&bogus), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtGetStreamResLimit(&bogus, ACL_RT_DEV_RES_CUBE_CORE, &value),
              ACL_ERROR_INVALID_PARAM);
}

TEST_P(DeviceResources, PriorityRange) {
    int32_t least = -1, greatest = -1;
    ASSERT_EQ(aclrtDeviceGetStreamPriorityRange(&least, &greatest), ACL_SUCCESS);
    EXPECT_EQ(least, 7);
    EXPECT_EQ(greatest, 0);
    EXPECT_EQ(aclrtDeviceGetStreamPriorityRange(nullptr, &greatest), ACL_ERROR_INVALID_PARAM);
}

TEST_P(DeviceResources, UtilizationIsAPercentage) {
    EXPECT_EQ(aclrtGetDeviceUtilizationRate(0, nullptr), ACL_ERROR_INVALID_PARAM);
    aclrtUtilizationInfo use{};
    EXPECT_EQ(aclrtGetDeviceUtilizationRate(5, &use), ACL_ERROR_RT_INVALID_DEVICEID);
    use.cubeUtilization = use.vectorUtilization = use.aicpuUtilization = 1000;
    const bool real_gpu = on_gpu() && !on_simulator();
    const aclError measured = aclrtGetDeviceUtilizationRate(0, &use);
    if (real_gpu && measured == ACL_ERROR_RT_FEATURE_NOT_SUPPORT) {
        GTEST_SKIP() << "this GPU's utilization is not measurable here: " << take_recent_error();
    }
    ASSERT_EQ(measured, ACL_SUCCESS) << take_recent_error();
    for (int32_t percent : {use.cubeUtilization, use.vectorUtilization, use.aicpuUtilization}) {
        EXPECT_GE(percent, 0);
        EXPECT_LE(percent, 100);
    }
    EXPECT_EQ(use.cubeUtilization, use.vectorUtilization) << "one kind of core";
    if (real_gpu) {
        EXPECT_GE(use.memoryUtilization, 0) << "NVML measures it";
        EXPECT_LE(use.memoryUtilization, 100);
    } else {
        EXPECT_EQ(use.memoryUtilization, -1) << "not measured (as CANN reports it)";
    }
    EXPECT_EQ(use.utilizationExtend, nullptr);
}

ACLEMU_INSTANTIATE_BACKENDS(DeviceResources);

// The CPU kernels' threads (what rt::op_settings hands the operators) obey the calling thread's
// vector-core budget.
TEST(CoreBudgets, CapTheCpuKernelThreads) {
    ScopedEnv threads("ACLEMU_CPU_THREADS", "6");
    RuntimeSession session("cpu");
    ASSERT_EQ(session.init_result, ACL_SUCCESS);
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    EXPECT_EQ(rt::op_settings().cpu_threads, 6);
    ASSERT_EQ(aclrtSetDeviceResLimit(0, ACL_RT_DEV_RES_VECTOR_CORE, 4), ACL_SUCCESS);
    EXPECT_EQ(rt::op_settings().cpu_threads, 4);
    aclrtStream stream = nullptr;
    ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
    ASSERT_EQ(aclrtSetStreamResLimit(stream, ACL_RT_DEV_RES_VECTOR_CORE, 2), ACL_SUCCESS);
    EXPECT_EQ(rt::op_settings().cpu_threads, 4);
    ASSERT_EQ(aclrtUseStreamResInCurrentThread(stream), ACL_SUCCESS);
    EXPECT_EQ(rt::op_settings().cpu_threads, 2);
    ASSERT_EQ(aclrtSetDeviceResLimit(0, ACL_RT_DEV_RES_CUBE_CORE, 1), ACL_SUCCESS);
    EXPECT_EQ(rt::op_settings().cpu_threads, 2) << "only the vector budget caps them";
    ASSERT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
    EXPECT_EQ(rt::op_settings().cpu_threads, 4) << "a destroyed stream's limit ends with it";
    ASSERT_EQ(aclrtResetDeviceResLimit(0), ACL_SUCCESS);
    EXPECT_EQ(rt::op_settings().cpu_threads, 6);
    EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
}

// Peer access between two devices: the CPU backend's share host memory; the simulator's share
// the simulated memory. Copies between them land.
void check_peer_access(const char* backend) {
    ScopedEnv cpu_devices("ACLEMU_CPU_DEVICE_COUNT", "2");
    ScopedEnv sim_devices("ACLEMU_GPUSIM_DEVICE_COUNT", "2");
    ScopedEnv visible("ASCEND_RT_VISIBLE_DEVICES", nullptr);
    RuntimeSession session(backend);
    ASSERT_EQ(session.init_result, ACL_SUCCESS);
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS) << take_recent_error();
    int32_t can = -1;
    ASSERT_EQ(aclrtDeviceCanAccessPeer(&can, 0, 1), ACL_SUCCESS) << take_recent_error();
    EXPECT_EQ(can, 1);
    int32_t status = -1;
    ASSERT_EQ(aclrtDevicePeerAccessStatus(0, 1, &status), ACL_SUCCESS);
    EXPECT_EQ(status, 0);
    ASSERT_EQ(aclrtDeviceEnablePeerAccess(1, 0), ACL_SUCCESS) << take_recent_error();
    ASSERT_EQ(aclrtDevicePeerAccessStatus(0, 1, &status), ACL_SUCCESS);
    EXPECT_EQ(status, 1);
    ASSERT_EQ(aclrtDevicePeerAccessStatus(1, 0, &status), ACL_SUCCESS);
    EXPECT_EQ(status, 0) << "one direction only";

    void* on0 = nullptr;
    ASSERT_EQ(aclrtMalloc(&on0, 64, ACL_MEM_MALLOC_HUGE_FIRST_P2P), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemset(on0, 64, 0x2A, 64), ACL_SUCCESS);
    ASSERT_EQ(aclrtSetDevice(1), ACL_SUCCESS);
    ASSERT_EQ(aclrtDeviceEnablePeerAccess(0, 0), ACL_SUCCESS) << take_recent_error();
    void* on1 = nullptr;
    ASSERT_EQ(aclrtMalloc(&on1, 64, ACL_MEM_MALLOC_HUGE_FIRST_P2P), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemcpy(on1, 64, on0, 64, ACL_MEMCPY_DEVICE_TO_DEVICE), ACL_SUCCESS)
        << take_recent_error();
    unsigned char back[64] = {};
    ASSERT_EQ(aclrtMemcpy(back, 64, on1, 64, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
    for (unsigned char byte : back) {
        ASSERT_EQ(byte, 0x2A);
    }
    ASSERT_EQ(aclrtDeviceDisablePeerAccess(0), ACL_SUCCESS) << take_recent_error();
    ASSERT_EQ(aclrtDevicePeerAccessStatus(1, 0, &status), ACL_SUCCESS);
    EXPECT_EQ(status, 0);
    take_recent_error();
    EXPECT_EQ(aclrtDeviceDisablePeerAccess(0), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("was not enabled"));
    EXPECT_EQ(aclrtDeviceEnablePeerAccess(1, 0), ACL_ERROR_INVALID_PARAM) << "the current device";
    EXPECT_EQ(aclrtDeviceEnablePeerAccess(0, 1), ACL_ERROR_FEATURE_UNSUPPORTED) << "flags";
    EXPECT_EQ(aclrtDeviceEnablePeerAccess(2, 0), ACL_ERROR_RT_INVALID_DEVICEID);
    EXPECT_EQ(aclrtDevicePeerAccessStatus(0, 2, &status), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_EQ(aclrtDevicePeerAccessStatus(0, 1, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtFree(on1), ACL_SUCCESS);
    EXPECT_EQ(aclrtResetDevice(1), ACL_SUCCESS);
    EXPECT_EQ(aclrtFree(on0), ACL_SUCCESS);
    EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
}

TEST(PeerAccess, CpuDevicesShareMemory) {
    check_peer_access("cpu");
}

TEST(PeerAccess, GpuSimDevicesShareMemory) {
    check_peer_access("gpusim");
}

TEST(PeerAccess, NeedsACurrentDevice) {
    RuntimeSession session("cpu");
    ASSERT_EQ(session.init_result, ACL_SUCCESS);
    EXPECT_EQ(aclrtDeviceEnablePeerAccess(1, 0), ACL_ERROR_RT_CONTEXT_NULL);
    EXPECT_EQ(aclrtCtxGetCurrentDefaultStream(nullptr), ACL_ERROR_INVALID_PARAM);
    aclrtStream handle = nullptr;
    EXPECT_EQ(aclrtCtxGetCurrentDefaultStream(&handle), ACL_ERROR_RT_CONTEXT_NULL);
    uint32_t value = 0;
    EXPECT_EQ(aclrtGetResInCurrentThread(ACL_RT_DEV_RES_CUBE_CORE, &value),
              ACL_ERROR_RT_CONTEXT_NULL);
}

}  // namespace
}  // namespace aclemu::test
