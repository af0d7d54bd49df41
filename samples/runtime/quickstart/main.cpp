// Runtime quickstart: the life of an AscendCL program from aclInit to aclFinalize.
//   init -> count devices -> set device -> context -> stream
//   -> host buffer + two device buffers -> host-to-device, device-to-device (timed with events on
//      the stream) and device-to-host copies -> check every byte -> release everything -> finalize
// Prints each step; exits with 0 only when every call succeeds and the data survives the round
// trip unchanged.
#include "acl/acl.h"

#include <cstdint>
#include <cstdio>
#include <vector>

#define CHECK_ACL(call)                                                  \
    do {                                                                 \
        aclError ret_ = (call);                                          \
        if (ret_ != ACL_SUCCESS) {                                       \
            const char* msg_ = aclGetRecentErrMsg();                     \
            std::printf("[ERROR] %s failed at line %d: error %d (%s)\n", \
                        #call,                                           \
                        __LINE__,                                        \
                        static_cast<int>(ret_),                          \
                        msg_ != nullptr ? msg_ : "no message");          \
            return 1;                                                    \
        }                                                                \
    } while (0)

namespace {

constexpr int32_t kDeviceId = 0;
constexpr size_t kElements = 1 << 20;  // 4 MiB of int32
constexpr size_t kBytes = kElements * sizeof(int32_t);

// The pattern written to the device: different in every element and never zero, so a copy that
// drops, shifts or zero-fills anything shows.
int32_t pattern(size_t i) {
    return static_cast<int32_t>((i * 2654435761u) ^ 0x5a5a5a5au) | 1;
}

int run() {
    std::printf("[INFO] aclInit\n");
    CHECK_ACL(aclInit(nullptr));

    uint32_t deviceCount = 0;
    CHECK_ACL(aclrtGetDeviceCount(&deviceCount));
    std::printf("[INFO] %u device(s) visible\n", deviceCount);
    if (deviceCount == 0) {
        std::printf("[ERROR] no device to run on\n");
        return 1;
    }

    CHECK_ACL(aclrtSetDevice(kDeviceId));
    int32_t current = -1;
    CHECK_ACL(aclrtGetDevice(&current));
    if (current != kDeviceId) {
        std::printf(
            "[ERROR] aclrtGetDevice says %d after aclrtSetDevice(%d)\n", current, kDeviceId);
        return 1;
    }
    const char* soc = aclrtGetSocName();
    std::printf("[INFO] set device %d (%s)\n", kDeviceId, soc != nullptr ? soc : "unknown SoC");

    aclrtContext context = nullptr;
    CHECK_ACL(aclrtCreateContext(&context, kDeviceId));
    CHECK_ACL(aclrtSetCurrentContext(context));
    aclrtStream stream = nullptr;
    CHECK_ACL(aclrtCreateStream(&stream));
    std::printf("[INFO] created a context and a stream\n");

    void* hostIn = nullptr;
    CHECK_ACL(aclrtMallocHost(&hostIn, kBytes));
    std::vector<int32_t> hostOut(kElements, 0);
    void* devA = nullptr;
    void* devB = nullptr;
    CHECK_ACL(aclrtMalloc(&devA, kBytes, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_ACL(aclrtMalloc(&devB, kBytes, ACL_MEM_MALLOC_HUGE_FIRST));
    std::printf("[INFO] allocated %zu bytes of host memory and 2 x %zu bytes on the device\n",
                kBytes,
                kBytes);

    auto* in = static_cast<int32_t*>(hostIn);
    for (size_t i = 0; i < kElements; ++i) {
        in[i] = pattern(i);
    }
    CHECK_ACL(aclrtMemset(devB, kBytes, 0, kBytes));  // so a skipped copy cannot pass
    CHECK_ACL(aclrtMemcpy(devA, kBytes, hostIn, kBytes, ACL_MEMCPY_HOST_TO_DEVICE));
    std::printf("[INFO] copied host -> device\n");

    aclrtEvent start = nullptr;
    aclrtEvent stop = nullptr;
    CHECK_ACL(aclrtCreateEventWithFlag(&start, ACL_EVENT_TIME_LINE));
    CHECK_ACL(aclrtCreateEventWithFlag(&stop, ACL_EVENT_TIME_LINE));
    CHECK_ACL(aclrtRecordEvent(start, stream));
    CHECK_ACL(aclrtMemcpyAsync(devB, kBytes, devA, kBytes, ACL_MEMCPY_DEVICE_TO_DEVICE, stream));
    CHECK_ACL(aclrtRecordEvent(stop, stream));
    CHECK_ACL(aclrtSynchronizeStream(stream));
    aclrtEventRecordedStatus status = ACL_EVENT_RECORDED_STATUS_NOT_READY;
    CHECK_ACL(aclrtQueryEventStatus(stop, &status));
    if (status != ACL_EVENT_RECORDED_STATUS_COMPLETE) {
        std::printf("[ERROR] the stop event is not complete after aclrtSynchronizeStream\n");
        return 1;
    }
    float ms = -1.0f;
    CHECK_ACL(aclrtEventElapsedTime(&ms, start, stop));
    if (!(ms >= 0.0f)) {
        std::printf("[ERROR] aclrtEventElapsedTime gave %f ms, expected >= 0\n", ms);
        return 1;
    }
    std::printf("[INFO] copied device -> device on the stream in %.3f ms\n", ms);

    CHECK_ACL(aclrtMemcpy(hostOut.data(), kBytes, devB, kBytes, ACL_MEMCPY_DEVICE_TO_HOST));
    std::printf("[INFO] copied device -> host\n");

    size_t mismatches = 0;
    size_t first = kElements;
    for (size_t i = 0; i < kElements; ++i) {
        if (hostOut[i] != pattern(i)) {
            if (mismatches++ == 0) {
                first = i;
            }
        }
    }
    if (mismatches != 0) {
        std::printf(
            "[ERROR] %zu of %zu elements differ after the round trip; first at %zu: "
            "%d, expected %d\n",
            mismatches,
            kElements,
            first,
            hostOut[first],
            pattern(first));
        return 1;
    }
    std::printf("[INFO] all %zu elements survived host -> device -> device -> host\n", kElements);

    CHECK_ACL(aclrtDestroyEvent(start));
    CHECK_ACL(aclrtDestroyEvent(stop));
    CHECK_ACL(aclrtFree(devA));
    CHECK_ACL(aclrtFree(devB));
    CHECK_ACL(aclrtFreeHost(hostIn));
    CHECK_ACL(aclrtDestroyStream(stream));
    CHECK_ACL(aclrtDestroyContext(context));
    CHECK_ACL(aclrtResetDevice(kDeviceId));
    CHECK_ACL(aclFinalize());
    std::printf("[INFO] released everything and finalized\n");
    return 0;
}

}  // namespace

int main() {
    const int result = run();
    std::printf("%s quickstart\n", result == 0 ? "PASSED" : "FAILED");
    return result;
}
