// aclrtGetDeviceInfo, aclGetDeviceCapability and aclrtGetDeviceCapability on every backend. The
// CPU backend's answers are the host's (checked against sysconf, read here independently); the
// GPU simulator's are its documented constants (gpu/sim: 4 SMs, warps of 32, ...); on a real GPU
// the test checks what every CUDA/HIP device satisfies.
#include "runtime/runtime_test_util.h"
#include "support/backend_fixture.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <thread>
#include <unistd.h>

namespace aclemu::test {
namespace {

using ::testing::AnyOf;
using ::testing::HasSubstr;

int64_t info(aclrtDevAttr attr) {
    int64_t value = -12345;
    EXPECT_EQ(aclrtGetDeviceInfo(0, attr, &value), ACL_SUCCESS)
        << "attribute " << attr << ": " << take_recent_error();
    return value;
}

class DeviceInfo : public BackendTest {};

// The AI cores are the emulated SoC's (an Ascend910B: 24 AI cores = cube cores, 48 vector
// cores) on every backend, whatever the host or GPU has.
TEST_P(DeviceInfo, CoresMemoryAndCaches) {
    const int64_t cores = info(ACL_DEV_ATTR_AICORE_CORE_NUM);
    EXPECT_EQ(cores, 24);
    EXPECT_EQ(info(ACL_DEV_ATTR_CUBE_CORE_NUM), 24);
    EXPECT_EQ(info(ACL_DEV_ATTR_VECTOR_CORE_NUM), 48);
    EXPECT_EQ(info(ACL_DEV_ATTR_AICPU_CORE_NUM), sysconf(_SC_NPROCESSORS_ONLN))
        << "AI CPU work (host functions) runs on the host's cores";
    EXPECT_EQ(info(ACL_DEV_ATTR_PHY_CHIP_ID), 0);
    EXPECT_EQ(info(ACL_DEV_ATTR_IS_VIRTUAL), 0);
    int64_t value = 0;
    ASSERT_EQ(aclGetDeviceCapability(0, ACL_DEVICE_INFO_AI_CORE_NUM, &value), ACL_SUCCESS);
    EXPECT_EQ(value, cores);
    ASSERT_EQ(aclGetDeviceCapability(0, ACL_DEVICE_INFO_VECTOR_CORE_NUM, &value), ACL_SUCCESS);
    EXPECT_EQ(value, 48);
    ASSERT_EQ(aclGetDeviceCapability(0, ACL_DEVICE_INFO_L2_SIZE, &value), ACL_SUCCESS);
    EXPECT_EQ(value, info(ACL_DEV_ATTR_L2_CACHE_SIZE));

    const int64_t host_memory =
        static_cast<int64_t>(sysconf(_SC_PHYS_PAGES)) * static_cast<int64_t>(sysconf(_SC_PAGESIZE));
    if (!on_gpu()) {
        EXPECT_EQ(info(ACL_DEV_ATTR_TOTAL_GLOBAL_MEM_SIZE), host_memory);
        const long l3 = sysconf(_SC_LEVEL3_CACHE_SIZE);
        EXPECT_EQ(info(ACL_DEV_ATTR_L2_CACHE_SIZE), l3 > 0 ? l3 : sysconf(_SC_LEVEL2_CACHE_SIZE))
            << "the last-level cache";
        const long l1 = sysconf(_SC_LEVEL1_DCACHE_SIZE);
        EXPECT_EQ(info(ACL_DEV_ATTR_UBUF_PER_VECTOR_CORE), l1 > 0 ? l1 : 0);
    } else if (on_simulator()) {
        EXPECT_EQ(info(ACL_DEV_ATTR_TOTAL_GLOBAL_MEM_SIZE), host_memory);
        EXPECT_EQ(info(ACL_DEV_ATTR_L2_CACHE_SIZE), 50 << 20);
        EXPECT_EQ(info(ACL_DEV_ATTR_UBUF_PER_VECTOR_CORE), 228 << 10);
    } else {
        EXPECT_GT(info(ACL_DEV_ATTR_TOTAL_GLOBAL_MEM_SIZE), int64_t{1} << 30);
        EXPECT_GT(info(ACL_DEV_ATTR_L2_CACHE_SIZE), 0);
    }
}

TEST_P(DeviceInfo, SimtLimitsExistOnGpusOnly) {
    const aclrtDevAttr simt[] = {ACL_DEV_ATTR_WARP_SIZE,
                                 ACL_DEV_ATTR_MAX_THREAD_PER_VECTOR_CORE,
                                 ACL_DEV_ATTR_MAX_GRID_DIM_X,
                                 ACL_DEV_ATTR_MAX_GRID_DIM_Y,
                                 ACL_DEV_ATTR_MAX_GRID_DIM_Z,
                                 ACL_DEV_ATTR_MAX_BLOCK_PER_GRID,
                                 ACL_DEV_ATTR_MAX_THREADS_PER_BLOCK,
                                 ACL_DEV_ATTR_MAX_BLOCK_DIM_X,
                                 ACL_DEV_ATTR_MAX_BLOCK_DIM_Y,
                                 ACL_DEV_ATTR_MAX_BLOCK_DIM_Z};
    if (!on_gpu()) {
        for (aclrtDevAttr attr : simt) {
            int64_t value = 0;
            take_recent_error();
            EXPECT_EQ(aclrtGetDeviceInfo(0, attr, &value), ACL_ERROR_RT_FEATURE_NOT_SUPPORT)
                << "attribute " << attr;
            EXPECT_THAT(take_recent_error(), HasSubstr("runs no SIMT kernels"));
        }
        return;
    }
    if (on_simulator()) {
        EXPECT_EQ(info(ACL_DEV_ATTR_WARP_SIZE), 32);
        EXPECT_EQ(info(ACL_DEV_ATTR_MAX_THREAD_PER_VECTOR_CORE), 2048);
        EXPECT_EQ(info(ACL_DEV_ATTR_MAX_THREADS_PER_BLOCK), 1024);
        EXPECT_EQ(info(ACL_DEV_ATTR_MAX_BLOCK_DIM_X), 1024);
        EXPECT_EQ(info(ACL_DEV_ATTR_MAX_BLOCK_DIM_Y), 1024);
        EXPECT_EQ(info(ACL_DEV_ATTR_MAX_BLOCK_DIM_Z), 64);
        EXPECT_EQ(info(ACL_DEV_ATTR_MAX_GRID_DIM_X), 2147483647);
        EXPECT_EQ(info(ACL_DEV_ATTR_MAX_GRID_DIM_Y), 65535);
        EXPECT_EQ(info(ACL_DEV_ATTR_MAX_GRID_DIM_Z), 65535);
        EXPECT_EQ(info(ACL_DEV_ATTR_MAX_BLOCK_PER_GRID), 2147483647LL * 65535 * 65535);
    } else {
        EXPECT_THAT(info(ACL_DEV_ATTR_WARP_SIZE), AnyOf(32, 64));
        EXPECT_GE(info(ACL_DEV_ATTR_MAX_THREADS_PER_BLOCK), 256);
        EXPECT_EQ(info(ACL_DEV_ATTR_MAX_BLOCK_PER_GRID),
                  info(ACL_DEV_ATTR_MAX_GRID_DIM_X) * info(ACL_DEV_ATTR_MAX_GRID_DIM_Y)
                      * info(ACL_DEV_ATTR_MAX_GRID_DIM_Z));
    }
}

TEST_P(DeviceInfo, AscendOnlyAttributesAndErrors) {
    int64_t value = 0;
    for (aclrtDevAttr attr : {ACL_DEV_ATTR_SMP_ID,
                              ACL_DEV_ATTR_SUPER_POD_DEVICE_ID,
                              ACL_DEV_ATTR_SUPER_POD_SERVER_ID,
                              ACL_DEV_ATTR_SUPER_POD_ID,
                              ACL_DEV_ATTR_CUST_OP_PRIVILEGE,
                              ACL_DEV_ATTR_MAINBOARD_ID,
                              ACL_DEV_ATTR_HD_CONNECT_TYPE,
                              ACL_DEV_ATTR_DEVICE_FORM_FACTOR,
                              ACL_DEV_ATTR_SUPER_POD_CHASSIS_ID,
                              ACL_DEV_ATTR_NPU_ARCH}) {
        take_recent_error();
        EXPECT_EQ(aclrtGetDeviceInfo(0, attr, &value), ACL_ERROR_RT_FEATURE_NOT_SUPPORT)
            << "attribute " << attr;
        EXPECT_THAT(take_recent_error(), HasSubstr("EH0004: Feature [aclrtGetDeviceInfo]"));
    }
    EXPECT_EQ(aclrtGetDeviceInfo(0, static_cast<aclrtDevAttr>(999), &value),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("parameter [attr]"));
    EXPECT_EQ(aclrtGetDeviceInfo(0, ACL_DEV_ATTR_AICORE_CORE_NUM, nullptr),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtGetDeviceInfo(9, ACL_DEV_ATTR_AICORE_CORE_NUM, &value),
              ACL_ERROR_RT_INVALID_DEVICEID);
}

TEST_P(DeviceInfo, FeaturesOfAscendTaskSchedulersAreAbsent) {
    for (aclrtDevFeatureType feature :
         {ACL_FEATURE_TSCPU_TASK_UPDATE_SUPPORT_AIC_AIV, ACL_FEATURE_SYSTEM_MEMQ_EVENT_CROSS_DEV}) {
        int32_t value = -1;
        ASSERT_EQ(aclrtGetDeviceCapability(0, feature, &value), ACL_SUCCESS);
        EXPECT_EQ(value, ACL_DEV_FEATURE_NOT_SUPPORT);
    }
    int32_t value = 0;
    EXPECT_EQ(aclrtGetDeviceCapability(0, static_cast<aclrtDevFeatureType>(2), &value),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtGetDeviceCapability(3, ACL_FEATURE_TSCPU_TASK_UPDATE_SUPPORT_AIC_AIV, &value),
              ACL_ERROR_RT_INVALID_DEVICEID);
    EXPECT_EQ(aclrtGetDeviceCapability(0, ACL_FEATURE_TSCPU_TASK_UPDATE_SUPPORT_AIC_AIV, nullptr),
              ACL_ERROR_INVALID_PARAM);
}

ACLEMU_INSTANTIATE_BACKENDS(DeviceInfo);

// The CPU backend's kernel threads (ACLEMU_CPU_THREADS) do not change the cores the device
// shows.
TEST(DeviceInfoCpu, CoresIgnoreAclemuCpuThreads) {
    ScopedEnv threads("ACLEMU_CPU_THREADS", "5");
    RuntimeSession session("cpu");
    ASSERT_EQ(session.init_result, ACL_SUCCESS);
    int64_t value = 0;
    ASSERT_EQ(aclrtGetDeviceInfo(0, ACL_DEV_ATTR_VECTOR_CORE_NUM, &value), ACL_SUCCESS);
    EXPECT_EQ(value, 48);
    EXPECT_EQ(aclrtGetDeviceInfo(0, ACL_DEV_ATTR_VECTOR_CORE_NUM, &value), ACL_SUCCESS)
        << "no device needs to be set";
}

}  // namespace
}  // namespace aclemu::test
