// Synchronization sample: a notify orders two streams (stream 2 copies what stream 1 produced
// only after stream 1 recorded the notify), a 64-bit flag word does the same through
// aclrtValueWrite / aclrtValueWait, and event timestamps bracket a piece of work. Every result
// is checked against values computed here; the program returns non-zero on any failure.
#include "acl/acl.h"

#include <cstdint>
#include <cstdio>
#include <vector>

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

const size_t kCount = 4096;

// Stream 1 fills `src`; stream 2 waits for the notify, then copies src to dst.
int NotifySample(aclrtStream stream1,
                 aclrtStream stream2,
                 void* src,
                 void* dst,
                 const std::vector<int32_t>& data) {
    const size_t bytes = kCount * sizeof(int32_t);
    aclrtNotify notify = nullptr;
    CHECK_ERROR(aclrtCreateNotify(&notify, ACL_NOTIFY_DEFAULT));
    uint32_t notifyId = 0;
    CHECK_ERROR(aclrtGetNotifyId(notify, &notifyId));
    printf("Created notify %u\n", notifyId);

    CHECK_ERROR(aclrtMemsetAsync(dst, bytes, 0, bytes, stream2));
    CHECK_ERROR(aclrtWaitAndResetNotify(notify, stream2, 0));  // queued before the record
    CHECK_ERROR(aclrtMemcpyAsync(dst, bytes, src, bytes, ACL_MEMCPY_DEVICE_TO_DEVICE, stream2));
    CHECK_ERROR(aclrtMemcpy(src, bytes, data.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE));
    CHECK_ERROR(aclrtRecordNotify(notify, stream1));
    CHECK_ERROR(aclrtSynchronizeStream(stream2));
    CHECK_ERROR(aclrtSynchronizeStream(stream1));

    std::vector<int32_t> result(kCount);
    CHECK_ERROR(aclrtMemcpy(result.data(), bytes, dst, bytes, ACL_MEMCPY_DEVICE_TO_HOST));
    for (size_t i = 0; i < kCount; ++i) {
        CHECK_TRUE(
            result[i] == data[i], "notify: dst[%zu] = %d, expected %d", i, result[i], data[i]);
    }
    printf("Notify ordered the copy after the record: %zu values match\n", kCount);
    CHECK_ERROR(aclrtDestroyNotify(notify));
    return 0;
}

// The same hand-over through a flag word: stream 2 waits until flag >= 1.
int ValueSample(aclrtStream stream1,
                aclrtStream stream2,
                void* src,
                void* dst,
                const std::vector<int32_t>& data) {
    const size_t bytes = kCount * sizeof(int32_t);
    void* flag = nullptr;
    CHECK_ERROR(aclrtMalloc(&flag, sizeof(uint64_t), ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_ERROR(aclrtMemset(flag, sizeof(uint64_t), 0, sizeof(uint64_t)));
    std::vector<int32_t> doubled(kCount);
    for (size_t i = 0; i < kCount; ++i) {
        doubled[i] = 2 * data[i];
    }

    CHECK_ERROR(aclrtValueWait(flag, 1, ACL_STREAM_WAIT_VALUE_GEQ, stream2));
    CHECK_ERROR(aclrtMemcpyAsync(dst, bytes, src, bytes, ACL_MEMCPY_DEVICE_TO_DEVICE, stream2));
    CHECK_ERROR(aclrtMemcpy(src, bytes, doubled.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE));
    CHECK_ERROR(aclrtValueWrite(flag, 1, 0, stream1));
    CHECK_ERROR(aclrtSynchronizeStream(stream2));
    CHECK_ERROR(aclrtSynchronizeStream(stream1));

    std::vector<int32_t> result(kCount);
    CHECK_ERROR(aclrtMemcpy(result.data(), bytes, dst, bytes, ACL_MEMCPY_DEVICE_TO_HOST));
    for (size_t i = 0; i < kCount; ++i) {
        CHECK_TRUE(result[i] == doubled[i],
                   "value wait: dst[%zu] = %d, expected %d",
                   i,
                   result[i],
                   doubled[i]);
    }
    uint64_t flagValue = 0;
    CHECK_ERROR(aclrtMemcpy(
        &flagValue, sizeof flagValue, flag, sizeof flagValue, ACL_MEMCPY_DEVICE_TO_HOST));
    CHECK_TRUE(flagValue == 1, "flag = %llu, expected 1", (unsigned long long)flagValue);
    printf("aclrtValueWait held stream 2 until aclrtValueWrite: %zu values match\n", kCount);
    CHECK_ERROR(aclrtFree(flag));
    return 0;
}

int TimestampSample(aclrtStream stream, void* buffer) {
    const size_t bytes = kCount * sizeof(int32_t);
    aclrtEvent start = nullptr;
    aclrtEvent end = nullptr;
    CHECK_ERROR(aclrtCreateEvent(&start));
    CHECK_ERROR(aclrtCreateEvent(&end));
    CHECK_ERROR(aclrtRecordEvent(start, stream));
    for (int i = 0; i < 16; ++i) {
        CHECK_ERROR(aclrtMemsetAsync(buffer, bytes, i, bytes, stream));
    }
    CHECK_ERROR(aclrtRecordEvent(end, stream));
    CHECK_ERROR(aclrtSynchronizeStream(stream));
    uint64_t t0 = 0;
    uint64_t t1 = 0;
    float ms = 0.0f;
    CHECK_ERROR(aclrtEventGetTimestamp(start, &t0));
    CHECK_ERROR(aclrtEventGetTimestamp(end, &t1));
    CHECK_ERROR(aclrtEventElapsedTime(&ms, start, end));
    printf("Start event timestamp: %llu us, end event timestamp: %llu us, elapsed %.3f ms\n",
           (unsigned long long)t0,
           (unsigned long long)t1,
           ms);
    CHECK_TRUE(t1 >= t0, "the end event's timestamp is before the start's");
    const double fromStamps = (double)(t1 - t0) / 1000.0;
    // On a GPU the stamps go through a calibrated reference (within about a millisecond).
    CHECK_TRUE(fromStamps - ms < 1.0 && ms - fromStamps < 1.0,
               "timestamps differ by %.3f ms, aclrtEventElapsedTime says %.3f ms",
               fromStamps,
               ms);
    CHECK_ERROR(aclrtDestroyEvent(start));
    CHECK_ERROR(aclrtDestroyEvent(end));
    return 0;
}

}  // namespace

int main() {
    const int32_t deviceId = 0;
    CHECK_ERROR(aclInit(nullptr));
    CHECK_ERROR(aclrtSetDevice(deviceId));
    aclrtStream stream1 = nullptr;
    aclrtStream stream2 = nullptr;
    CHECK_ERROR(aclrtCreateStream(&stream1));
    CHECK_ERROR(aclrtCreateStream(&stream2));

    const size_t bytes = kCount * sizeof(int32_t);
    void* src = nullptr;
    void* dst = nullptr;
    CHECK_ERROR(aclrtMalloc(&src, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_ERROR(aclrtMalloc(&dst, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    std::vector<int32_t> data(kCount);
    for (size_t i = 0; i < kCount; ++i) {
        data[i] = (int32_t)(i * 7 + 3);
    }

    if (NotifySample(stream1, stream2, src, dst, data) != 0
        || ValueSample(stream1, stream2, src, dst, data) != 0
        || TimestampSample(stream1, src) != 0) {
        return 1;
    }

    CHECK_ERROR(aclrtFree(src));
    CHECK_ERROR(aclrtFree(dst));
    CHECK_ERROR(aclrtDestroyStream(stream1));
    CHECK_ERROR(aclrtDestroyStream(stream2));
    CHECK_ERROR(aclrtResetDevice(deviceId));
    CHECK_ERROR(aclFinalize());
    printf("Sample run successfully.\n");
    return 0;
}
