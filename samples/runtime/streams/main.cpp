// Streams sample: a stream state callback, a stream made from a configuration handle
// (aclrtCreateStreamV2) and one from aclrtCreateStreamWithConfig, their priority, flags and ids,
// the streams left on the device, failure mode, and aclrtStreamAbort dropping work that has not
// started (a runtime whose device cannot take back queued work says so, and the sample accepts
// that answer). Results are checked against values computed here.
#include "acl/acl.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <thread>
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

std::atomic<int> g_created{0};
std::atomic<int> g_destroyed{0};

void StreamStateCallback(aclrtStream stream, aclrtStreamState state, void* args) {
    (state == ACL_RT_STREAM_STATE_CREATE_POST ? g_created : g_destroyed).fetch_add(1);
    INFO_LOG("Stream state callback from %s: stream=%p state=%d",
             static_cast<const char*>(args),
             stream,
             static_cast<int>(state));
}

void SlowHostFunc(void*) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
}

// Doubles every value on the device with a copy out and back, on `stream`.
int RoundTrip(aclrtStream stream) {
    const size_t count = 128;
    std::vector<float> host(count), back(count, 0.0f);
    for (size_t i = 0; i < count; ++i) {
        host[i] = 0.5f * static_cast<float>(i);
    }
    const size_t bytes = count * sizeof(float);
    void* device = nullptr;
    CHECK_ERROR(aclrtMalloc(&device, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_ERROR(
        aclrtMemcpyAsync(device, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE, stream));
    CHECK_ERROR(
        aclrtMemcpyAsync(back.data(), bytes, device, bytes, ACL_MEMCPY_DEVICE_TO_HOST, stream));
    CHECK_ERROR(aclrtSynchronizeStream(stream));
    CHECK_ERROR(aclrtFree(device));
    for (size_t i = 0; i < count; ++i) {
        EXPECT_TRUE(back[i] == 0.5f * static_cast<float>(i));
    }
    return 0;
}

int ConfiguredStreams() {
    aclrtStreamConfigHandle* config = aclrtCreateStreamConfigHandle();
    EXPECT_TRUE(config != nullptr);
    const uint32_t flags = ACL_STREAM_FAST_LAUNCH;
    const uint32_t priority = 3;
    CHECK_ERROR(aclrtSetStreamConfigOpt(config, ACL_RT_STREAM_FLAG, &flags, sizeof(flags)));
    CHECK_ERROR(
        aclrtSetStreamConfigOpt(config, ACL_RT_STREAM_PRIORITY, &priority, sizeof(priority)));
    uint32_t availableBefore = 0;
    CHECK_ERROR(aclrtGetStreamAvailableNum(&availableBefore));

    aclrtStream configured = nullptr;
    aclrtStream lowest = nullptr;
    CHECK_ERROR(aclrtCreateStreamV2(&configured, config));
    CHECK_ERROR(aclrtCreateStreamWithConfig(&lowest, 7, ACL_STREAM_FAST_SYNC));
    uint32_t availableAfter = 0;
    CHECK_ERROR(aclrtGetStreamAvailableNum(&availableAfter));
    INFO_LOG(
        "Available streams: %u before, %u after creating two", availableBefore, availableAfter);
    EXPECT_TRUE(availableAfter + 2 == availableBefore);

    int32_t idA = -1, idB = -1;
    uint32_t gotPriority = 0, gotFlags = 0;
    CHECK_ERROR(aclrtStreamGetId(configured, &idA));
    CHECK_ERROR(aclrtStreamGetId(lowest, &idB));
    CHECK_ERROR(aclrtStreamGetPriority(configured, &gotPriority));
    CHECK_ERROR(aclrtStreamGetFlags(configured, &gotFlags));
    INFO_LOG("Stream V2: id %d, priority %u, flags 0x%x", idA, gotPriority, gotFlags);
    EXPECT_TRUE(idA != idB && gotPriority == priority && gotFlags == flags);
    CHECK_ERROR(aclrtStreamGetPriority(lowest, &gotPriority));
    CHECK_ERROR(aclrtStreamGetFlags(lowest, &gotFlags));
    INFO_LOG("Stream with config: id %d, priority %u, flags 0x%x", idB, gotPriority, gotFlags);
    EXPECT_TRUE(gotPriority == 7 && gotFlags == ACL_STREAM_FAST_SYNC);

    CHECK_ERROR(aclrtSetStreamFailureMode(configured, ACL_STOP_ON_FAILURE));
    if (RoundTrip(configured) != 0 || RoundTrip(lowest) != 0) {
        return 1;
    }
    INFO_LOG("Copies through both streams verified");
    CHECK_ERROR(aclrtDestroyStream(configured));
    CHECK_ERROR(aclrtDestroyStream(lowest));
    CHECK_ERROR(aclrtDestroyStreamConfigHandle(config));
    return 0;
}

// A slow host function holds the stream; the fill queued behind it is dropped by the abort.
int AbortStream() {
    aclrtStream stream = nullptr;
    CHECK_ERROR(aclrtCreateStream(&stream));
    const size_t bytes = 256;
    void* device = nullptr;
    CHECK_ERROR(aclrtMalloc(&device, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_ERROR(aclrtMemset(device, bytes, 0, bytes));
    CHECK_ERROR(aclrtLaunchHostFunc(stream, SlowHostFunc, nullptr));
    CHECK_ERROR(aclrtMemsetAsync(device, bytes, 0x7F, bytes, stream));
    const aclError aborted = aclrtStreamAbort(stream);
    if (aborted == ACL_ERROR_RT_FEATURE_NOT_SUPPORT) {
        const char* msg = aclGetRecentErrMsg();
        INFO_LOG("aclrtStreamAbort is not supported here: %s", msg != nullptr ? msg : "");
        CHECK_ERROR(aclrtSynchronizeStream(stream));
    } else {
        CHECK_ERROR(aborted);
        const aclError sync = aclrtSynchronizeStream(stream);
        INFO_LOG("aclrtSynchronizeStream after abort returned %d (expected %d)",
                 sync,
                 ACL_ERROR_RT_STREAM_ABORT);
        EXPECT_TRUE(sync == ACL_ERROR_RT_STREAM_ABORT);
        aclGetRecentErrMsg();
        unsigned char host[256];
        CHECK_ERROR(aclrtMemcpy(host, bytes, device, bytes, ACL_MEMCPY_DEVICE_TO_HOST));
        for (unsigned char byte : host) {
            EXPECT_TRUE(byte == 0);  // the fill never ran
        }
        INFO_LOG("The aborted fill never ran");
    }
    const aclError stopped = aclrtStreamStop(stream);
    INFO_LOG("aclrtStreamStop returned %d", stopped);
    aclGetRecentErrMsg();
    CHECK_ERROR(aclrtFree(device));
    CHECK_ERROR(aclrtDestroyStream(stream));
    return 0;
}

}  // namespace

int main() {
    const int32_t deviceId = 0;
    static char tag[] = "streams_sample";
    CHECK_ERROR(aclInit(nullptr));
    CHECK_ERROR(aclrtRegStreamStateCallback("streams_sample", StreamStateCallback, tag));
    CHECK_ERROR(aclrtSetDevice(deviceId));
    const int defaultStreams = g_created.load();
    INFO_LOG("Streams reported at aclrtSetDevice: %d", defaultStreams);
    EXPECT_TRUE(defaultStreams == 1);  // the device's default stream

    int ret = ConfiguredStreams();
    if (ret == 0) {
        ret = AbortStream();
    }
    INFO_LOG("Stream callbacks: %d created, %d destroyed", g_created.load(), g_destroyed.load());
    if (ret == 0) {
        EXPECT_TRUE(g_created.load() == 4 && g_destroyed.load() == 3);  // default still alive
    }
    CHECK_ERROR(aclrtResetDeviceForce(deviceId));
    CHECK_ERROR(aclrtRegStreamStateCallback("streams_sample", nullptr, nullptr));
    CHECK_ERROR(aclFinalize());
    if (ret == 0) {
        INFO_LOG("[SUCCESS] Streams sample completed successfully");
    }
    return ret;
}
