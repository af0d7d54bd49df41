// Devices and contexts sample: the current context's default stream used by its own handle, core
// budgets for the device, a stream and the calling thread, utilization and status, the stream
// priority range, and peer access between two devices with a copy from one to the other (skipped
// with fewer than two devices; ACLEMU_CPU_DEVICE_COUNT=2 shows two on the CPU). Results are
// checked against values computed here.
#include "acl/acl.h"

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#define INFO_LOG(fmt, ...)  std::printf("[INFO]  " fmt "\n", ##__VA_ARGS__)
#define ERROR_LOG(fmt, ...) std::fprintf(stderr, "[ERROR] " fmt "\n", ##__VA_ARGS__)

#define CHECK_ERROR(call)                                                              \
    do {                                                                               \
        aclError ret_ = (call);                                                        \
        if (ret_ != ACL_SUCCESS) {                                                     \
            const char* msg_ = aclGetRecentErrMsg();                                   \
            ERROR_LOG("%s failed: %d (%s)", #call, ret_, msg_ != nullptr ? msg_ : ""); \
            return 1;                                                                  \
        }                                                                              \
    } while (0)

#define EXPECT_TRUE(cond)                         \
    do {                                          \
        if (!(cond)) {                            \
            ERROR_LOG("check failed: %s", #cond); \
            return 1;                             \
        }                                         \
    } while (0)

namespace {

// Copies 0..n-1 to the device through the current context's default stream (its own handle),
// then back, and compares.
int UseDefaultStream() {
    aclrtStream defaultStream = nullptr;
    CHECK_ERROR(aclrtCtxGetCurrentDefaultStream(&defaultStream));
    INFO_LOG("Current default stream: %p", defaultStream);
    const size_t count = 256;
    std::vector<int32_t> host(count), back(count, -1);
    for (size_t i = 0; i < count; ++i) {
        host[i] = static_cast<int32_t>(i * 3 + 1);
    }
    const size_t bytes = count * sizeof(int32_t);
    void* device = nullptr;
    CHECK_ERROR(aclrtMalloc(&device, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_ERROR(aclrtMemcpyAsync(
        device, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE, defaultStream));
    CHECK_ERROR(aclrtSynchronizeStream(defaultStream));
    CHECK_ERROR(aclrtMemcpy(back.data(), bytes, device, bytes, ACL_MEMCPY_DEVICE_TO_HOST));
    CHECK_ERROR(aclrtFree(device));
    for (size_t i = 0; i < count; ++i) {
        EXPECT_TRUE(back[i] == static_cast<int32_t>(i * 3 + 1));
    }
    INFO_LOG("Round trip through the default stream: %zu values match", count);
    return 0;
}

int CoreBudgets(int32_t deviceId) {
    uint32_t cores = 0;
    CHECK_ERROR(aclrtGetDeviceResLimit(deviceId, ACL_RT_DEV_RES_VECTOR_CORE, &cores));
    INFO_LOG("Vector cores of device %d: %u", deviceId, cores);
    EXPECT_TRUE(cores >= 1);
    const uint32_t half = cores > 1 ? cores / 2 : 1;
    CHECK_ERROR(aclrtSetDeviceResLimit(deviceId, ACL_RT_DEV_RES_VECTOR_CORE, half));
    uint32_t value = 0;
    CHECK_ERROR(aclrtGetResInCurrentThread(ACL_RT_DEV_RES_VECTOR_CORE, &value));
    INFO_LOG("Thread budget after a device limit of %u: %u", half, value);
    EXPECT_TRUE(value == half);

    aclrtStream stream = nullptr;
    CHECK_ERROR(aclrtCreateStream(&stream));
    CHECK_ERROR(aclrtSetStreamResLimit(stream, ACL_RT_DEV_RES_VECTOR_CORE, 1));
    CHECK_ERROR(aclrtUseStreamResInCurrentThread(stream));
    CHECK_ERROR(aclrtGetResInCurrentThread(ACL_RT_DEV_RES_VECTOR_CORE, &value));
    INFO_LOG("Thread budget while using the stream's limit of 1: %u", value);
    EXPECT_TRUE(value == 1);
    CHECK_ERROR(aclrtUnuseStreamResInCurrentThread(stream));
    CHECK_ERROR(aclrtResetStreamResLimit(stream));
    CHECK_ERROR(aclrtDestroyStream(stream));
    CHECK_ERROR(aclrtResetDeviceResLimit(deviceId));
    CHECK_ERROR(aclrtGetResInCurrentThread(ACL_RT_DEV_RES_VECTOR_CORE, &value));
    EXPECT_TRUE(value == cores);
    return 0;
}

int StatusAndPriorities(int32_t deviceId) {
    aclrtUtilizationInfo utilization = {};
    const aclError measured = aclrtGetDeviceUtilizationRate(deviceId, &utilization);
    if (measured == ACL_ERROR_RT_FEATURE_NOT_SUPPORT) {
        const char* msg = aclGetRecentErrMsg();
        INFO_LOG("Utilization cannot be measured here: %s", msg != nullptr ? msg : "");
    } else {
        CHECK_ERROR(measured);
        INFO_LOG("Utilization: cube %d%%, vector %d%%, AI CPU %d%%, memory %d",
                 utilization.cubeUtilization,
                 utilization.vectorUtilization,
                 utilization.aicpuUtilization,
                 utilization.memoryUtilization);
        EXPECT_TRUE(utilization.cubeUtilization >= -1 && utilization.cubeUtilization <= 100);
    }
    aclrtDeviceStatus status = ACL_RT_DEVICE_STATUS_ABNORMAL;
    CHECK_ERROR(aclrtQueryDeviceStatus(deviceId, &status));
    EXPECT_TRUE(status == ACL_RT_DEVICE_STATUS_NORMAL);
    int32_t least = -1, greatest = -1;
    CHECK_ERROR(aclrtDeviceGetStreamPriorityRange(&least, &greatest));
    INFO_LOG("Stream priorities: least %d, greatest %d", least, greatest);
    EXPECT_TRUE(least == 7 && greatest == 0);
    return 0;
}

// Device 0 fills a buffer, device 1 copies it into its own memory with peer access enabled.
int PeerCopy() {
    uint32_t deviceCount = 0;
    CHECK_ERROR(aclrtGetDeviceCount(&deviceCount));
    if (deviceCount < 2) {
        INFO_LOG("[SKIP] peer access needs 2 devices, there is %u", deviceCount);
        return 0;
    }
    int32_t canAccessPeer = 0;
    CHECK_ERROR(aclrtDeviceCanAccessPeer(&canAccessPeer, 0, 1));
    INFO_LOG("Device 0 can access device 1: %d", canAccessPeer);
    if (canAccessPeer != 1) {
        INFO_LOG("[SKIP] the devices cannot access each other");
        return 0;
    }
    const size_t size = 64;
    const int fill = 0x5C;
    void* dev0 = nullptr;
    void* dev1 = nullptr;
    CHECK_ERROR(aclrtSetDevice(0));
    CHECK_ERROR(aclrtDeviceEnablePeerAccess(1, 0));
    CHECK_ERROR(aclrtMalloc(&dev0, size, ACL_MEM_MALLOC_HUGE_FIRST_P2P));
    CHECK_ERROR(aclrtMemset(dev0, size, fill, size));
    CHECK_ERROR(aclrtSetDevice(1));
    CHECK_ERROR(aclrtDeviceEnablePeerAccess(0, 0));
    int32_t status = 0;
    CHECK_ERROR(aclrtDevicePeerAccessStatus(1, 0, &status));
    EXPECT_TRUE(status == 1);
    CHECK_ERROR(aclrtMalloc(&dev1, size, ACL_MEM_MALLOC_HUGE_FIRST_P2P));
    CHECK_ERROR(aclrtMemcpy(dev1, size, dev0, size, ACL_MEMCPY_DEVICE_TO_DEVICE));
    unsigned char host[64] = {};
    CHECK_ERROR(aclrtMemcpy(host, size, dev1, size, ACL_MEMCPY_DEVICE_TO_HOST));
    for (unsigned char byte : host) {
        EXPECT_TRUE(byte == fill);
    }
    INFO_LOG("Device 0 to device 1 copy verified (%zu bytes of 0x%02X)", size, fill);
    CHECK_ERROR(aclrtDeviceDisablePeerAccess(0));
    CHECK_ERROR(aclrtFree(dev1));
    CHECK_ERROR(aclrtResetDeviceForce(1));
    CHECK_ERROR(aclrtSetDevice(0));
    CHECK_ERROR(aclrtDeviceDisablePeerAccess(1));
    CHECK_ERROR(aclrtDevicePeerAccessStatus(0, 1, &status));
    EXPECT_TRUE(status == 0);
    CHECK_ERROR(aclrtFree(dev0));
    return 0;
}

}  // namespace

int main() {
    const int32_t deviceId = 0;
    CHECK_ERROR(aclInit(nullptr));
    CHECK_ERROR(aclrtSetDevice(deviceId));
    INFO_LOG("ACL init and set device %d successfully", deviceId);

    int ret = UseDefaultStream();
    if (ret == 0) {
        // The same through an explicit context: it has a default stream of its own.
        aclrtContext context = nullptr;
        aclrtStream deviceDefault = nullptr;
        aclrtStream contextDefault = nullptr;
        CHECK_ERROR(aclrtCtxGetCurrentDefaultStream(&deviceDefault));
        CHECK_ERROR(aclrtCreateContext(&context, deviceId));
        CHECK_ERROR(aclrtCtxGetCurrentDefaultStream(&contextDefault));
        EXPECT_TRUE(contextDefault != deviceDefault);
        ret = UseDefaultStream();
        CHECK_ERROR(aclrtDestroyContext(context));
        CHECK_ERROR(aclrtSetDevice(deviceId));
    }
    if (ret == 0) {
        ret = CoreBudgets(deviceId);
    }
    if (ret == 0) {
        ret = StatusAndPriorities(deviceId);
    }
    if (ret == 0) {
        ret = PeerCopy();
    }
    CHECK_ERROR(aclrtResetDeviceForce(deviceId));
    CHECK_ERROR(aclFinalize());
    if (ret == 0) {
        INFO_LOG("[SUCCESS] Devices sample completed successfully");
    }
    return ret;
}
