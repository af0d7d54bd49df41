// Overflow detection sample: reads the device's float overflow mode, asks for saturation (which
// a device without it refuses with ACL_ERROR_RT_FEATURE_NOT_SUPPORT: the sample then goes on in
// Inf/NaN mode), turns a stream's overflow switch on, and reads the 64-byte overflow status
// before and after an fp16 sum that overflows (65504 + 65504) and after a reset. The flags are
// checked against what the calls must give; the program returns non-zero on any failure.
#include "acl/acl.h"

#include <cstdint>
#include <cstdio>
#include <cstring>

#define CHECK_ERROR(expr)                                                              \
    do {                                                                               \
        aclError ret_ = (expr);                                                        \
        if (ret_ != ACL_SUCCESS) {                                                     \
            printf("[ERROR] %s failed: %d (%s)\n", #expr, ret_, aclGetRecentErrMsg()); \
            return 1;                                                                  \
        }                                                                              \
    } while (0)

#define CHECK_TRUE(cond, ...)               \
    do {                                    \
        if (!(cond)) {                      \
            printf("[ERROR] " __VA_ARGS__); \
            printf("\n");                   \
            return 1;                       \
        }                                   \
    } while (0)

namespace {

const size_t kStatusSize = 64;

const char* ModeName(aclrtFloatOverflowMode mode) {
    switch (mode) {
        case ACL_RT_OVERFLOW_MODE_SATURATION:
            return "ACL_RT_OVERFLOW_MODE_SATURATION";
        case ACL_RT_OVERFLOW_MODE_INFNAN:
            return "ACL_RT_OVERFLOW_MODE_INFNAN";
        default:
            return "ACL_RT_OVERFLOW_MODE_UNDEF";
    }
}

// The first 32-bit word of the status, copied to the host.
int ReadFlag(void* statusDevice, aclrtStream stream, uint32_t* flag) {
    uint8_t host[kStatusSize] = {};
    CHECK_ERROR(aclrtGetOverflowStatus(statusDevice, kStatusSize, stream));
    CHECK_ERROR(aclrtSynchronizeStream(stream));
    CHECK_ERROR(
        aclrtMemcpy(host, sizeof host, statusDevice, kStatusSize, ACL_MEMCPY_DEVICE_TO_HOST));
    std::memcpy(flag, host, sizeof(*flag));
    return 0;
}

}  // namespace

int main() {
    CHECK_ERROR(aclInit(nullptr));
    CHECK_ERROR(aclrtSetDevice(0));

    aclrtFloatOverflowMode mode = ACL_RT_OVERFLOW_MODE_UNDEF;
    CHECK_ERROR(aclrtGetDeviceSatMode(&mode));
    printf("Device float overflow mode: %s\n", ModeName(mode));
    const aclError setRet = aclrtSetDeviceSatMode(ACL_RT_OVERFLOW_MODE_SATURATION);
    if (setRet == ACL_ERROR_RT_FEATURE_NOT_SUPPORT) {
        printf("Saturation mode is unavailable here (ret=%d): %s\n", setRet, aclGetRecentErrMsg());
    } else {
        CHECK_ERROR(setRet);
        CHECK_ERROR(aclrtSetDeviceSatMode(mode));  // put it back
    }

    aclrtStream stream = nullptr;
    CHECK_ERROR(aclrtCreateStream(&stream));
    CHECK_ERROR(aclrtSetStreamOverflowSwitch(stream, 1));
    uint32_t switchOn = 0;
    CHECK_ERROR(aclrtGetStreamOverflowSwitch(stream, &switchOn));
    printf("Overflow switch=%u\n", switchOn);
    CHECK_TRUE(switchOn == 1, "the switch did not turn on");

    void* statusDevice = nullptr;
    CHECK_ERROR(aclrtMalloc(&statusDevice, kStatusSize, ACL_MEM_MALLOC_HUGE_FIRST));
    uint32_t flag = 0;
    if (ReadFlag(statusDevice, stream, &flag) != 0) {
        return 1;
    }
    printf("Overflow status before the sum=%u\n", flag);
    CHECK_TRUE(flag == 0, "the status is set before anything overflowed");

    // 65504 is the largest FLOAT16: twice it does not fit.
    const uint16_t maxHalf = 0x7BFF;
    void* a = nullptr;
    void* b = nullptr;
    CHECK_ERROR(aclrtMalloc(&a, sizeof maxHalf, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_ERROR(aclrtMalloc(&b, sizeof maxHalf, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_ERROR(
        aclrtMemcpy(a, sizeof maxHalf, &maxHalf, sizeof maxHalf, ACL_MEMCPY_HOST_TO_DEVICE));
    CHECK_ERROR(
        aclrtMemcpy(b, sizeof maxHalf, &maxHalf, sizeof maxHalf, ACL_MEMCPY_HOST_TO_DEVICE));
    CHECK_ERROR(aclrtReduceAsync(
        a, b, sizeof maxHalf, ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM, ACL_FLOAT16, stream, nullptr));
    if (ReadFlag(statusDevice, stream, &flag) != 0) {
        return 1;
    }
    uint16_t sum = 0;
    CHECK_ERROR(aclrtMemcpy(&sum, sizeof sum, a, sizeof sum, ACL_MEMCPY_DEVICE_TO_HOST));
    printf("65504 + 65504 in FLOAT16 = 0x%04x, overflow status=%u\n", sum, flag);
    CHECK_TRUE(sum == 0x7C00, "the sum is not +inf");
    CHECK_TRUE(flag != 0, "the overflow was not reported");

    CHECK_ERROR(aclrtResetOverflowStatus(stream));
    CHECK_ERROR(aclrtSynchronizeStream(stream));
    if (ReadFlag(statusDevice, stream, &flag) != 0) {
        return 1;
    }
    printf("Overflow status after reset=%u\n", flag);
    CHECK_TRUE(flag == 0, "the reset did not clear the status");

    CHECK_ERROR(aclrtFree(a));
    CHECK_ERROR(aclrtFree(b));
    CHECK_ERROR(aclrtFree(statusDevice));
    CHECK_ERROR(aclrtDestroyStream(stream));
    CHECK_ERROR(aclrtResetDevice(0));
    CHECK_ERROR(aclFinalize());
    printf("Sample run successfully.\n");
    return 0;
}
