/*
 * Runtime sample "memory": device memory with a configuration (aclrtMallocWithCfg), the device's
 * free memory as allocations come and go (aclrtGetMemInfo), and a custom allocator registered on
 * a stream (acl/acl_rt_allocator.h). Written like a CANN runtime sample: every call is checked,
 * results are compared with values computed here, and the exit status is 0 only when all match.
 */
#include "acl/acl.h"

#include <cstdio>
#include <vector>

#define INFO_LOG(fmt, ...)  std::printf("[INFO]  " fmt "\n", ##__VA_ARGS__)
#define ERROR_LOG(fmt, ...) std::fprintf(stderr, "[ERROR] " fmt "\n", ##__VA_ARGS__)
#define CHECK_ACL(call)                                                   \
    do {                                                                  \
        aclError check_ret_ = (call);                                     \
        if (check_ret_ != ACL_SUCCESS) {                                  \
            const char* check_msg_ = aclGetRecentErrMsg();                \
            ERROR_LOG("%s failed: %d (%s)",                               \
                      #call,                                              \
                      check_ret_,                                         \
                      check_msg_ != nullptr ? check_msg_ : "no message"); \
            return 1;                                                     \
        }                                                                 \
    } while (0)
#define CHECK_TRUE(cond, fmt, ...)         \
    do {                                   \
        if (!(cond)) {                     \
            ERROR_LOG(fmt, ##__VA_ARGS__); \
            return 1;                      \
        }                                  \
    } while (0)

namespace {

// A user's allocator: counts what it is asked for (the callbacks CANN's executors use).
struct CountingAllocator {
    int allocations = 0;
};

void* AllocBlock(aclrtAllocator allocator, size_t size) {
    static_cast<CountingAllocator*>(allocator)->allocations++;
    (void)size;
    return nullptr;
}
void FreeBlock(aclrtAllocator allocator, aclrtAllocatorBlock block) {
    (void)allocator;
    (void)block;
}
void* BlockAddress(aclrtAllocatorBlock block) {
    return block;
}

int MallocWithConfig() {
    aclrtMallocAttribute attrs[1];
    attrs[0].attr = ACL_RT_MEM_ATTR_DEVICE_ID;
    attrs[0].value.deviceId = 0;
    aclrtMallocConfig cfg = {attrs, 1};
    const size_t count = 4096;
    void* dev = nullptr;
    CHECK_ACL(aclrtMallocWithCfg(&dev, count * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST, &cfg));
    INFO_LOG("aclrtMallocWithCfg: %zu bytes on device 0 at %p", count * sizeof(float), dev);

    std::vector<float> host(count);
    for (size_t i = 0; i < count; ++i) {
        host[i] = 0.5f * static_cast<float>(i);
    }
    CHECK_ACL(aclrtMemcpy(
        dev, count * sizeof(float), host.data(), count * sizeof(float), ACL_MEMCPY_HOST_TO_DEVICE));
    std::vector<float> back(count, -1.0f);
    CHECK_ACL(aclrtMemcpy(
        back.data(), count * sizeof(float), dev, count * sizeof(float), ACL_MEMCPY_DEVICE_TO_HOST));
    for (size_t i = 0; i < count; ++i) {
        CHECK_TRUE(back[i] == 0.5f * static_cast<float>(i), "element %zu is %f", i, back[i]);
    }
    INFO_LOG("round trip through the configured allocation: %zu values match", count);
    CHECK_ACL(aclrtFree(dev));
    return 0;
}

// On a GPU, aclrtGetMemInfo counts the whole device, which other processes use at the same time:
// a few tries, and one where free memory went down by the allocation and back up proves it.
int FreeMemoryFollowsAllocations() {
    const size_t bytes = 64u << 20;
    const int tries = 8;
    for (int attempt = 1; attempt <= tries; ++attempt) {
        size_t freeBefore = 0, total = 0;
        CHECK_ACL(aclrtGetMemInfo(ACL_HBM_MEM, &freeBefore, &total));
        INFO_LOG("aclrtGetMemInfo: free %zu of %zu bytes", freeBefore, total);
        void* dev = nullptr;
        CHECK_ACL(aclrtMalloc(&dev, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
        size_t freeDuring = 0;
        CHECK_ACL(aclrtGetMemInfo(ACL_HBM_MEM, &freeDuring, &total));
        INFO_LOG("after aclrtMalloc(%zu): free %zu bytes", bytes, freeDuring);
        CHECK_ACL(aclrtFree(dev));
        size_t freeAfter = 0;
        CHECK_ACL(aclrtGetMemInfo(ACL_HBM_MEM, &freeAfter, &total));
        INFO_LOG("after aclrtFree: free %zu bytes", freeAfter);
        if (freeDuring + bytes <= freeBefore && freeAfter >= freeDuring + bytes) {
            return 0;
        }
        INFO_LOG("try %d of %d: another process changed the device's free memory meanwhile",
                 attempt,
                 tries);
    }
    ERROR_LOG("free memory never followed an allocation of %zu bytes in %d tries", bytes, tries);
    return 1;
}

int CustomAllocator(aclrtStream stream) {
    CountingAllocator counts;
    aclrtAllocatorDesc desc = aclrtAllocatorCreateDesc();
    CHECK_TRUE(desc != nullptr, "aclrtAllocatorCreateDesc returned NULL");
    CHECK_ACL(aclrtAllocatorSetObjToDesc(desc, &counts));
    CHECK_ACL(aclrtAllocatorSetAllocFuncToDesc(desc, AllocBlock));
    CHECK_ACL(aclrtAllocatorSetFreeFuncToDesc(desc, FreeBlock));
    CHECK_ACL(aclrtAllocatorSetGetAddrFromBlockFuncToDesc(desc, BlockAddress));
    CHECK_ACL(aclrtAllocatorRegister(stream, desc));
    INFO_LOG("allocator %p registered on stream %p", static_cast<void*>(&counts), stream);

    aclrtAllocatorDesc gotDesc = nullptr;
    aclrtAllocator gotAllocator = nullptr;
    aclrtAllocatorAllocFunc gotAlloc = nullptr;
    CHECK_ACL(aclrtAllocatorGetByStream(
        stream, &gotDesc, &gotAllocator, &gotAlloc, nullptr, nullptr, nullptr));
    CHECK_TRUE(gotDesc == desc && gotAllocator == &counts && gotAlloc == &AllocBlock,
               "aclrtAllocatorGetByStream does not return what was registered");
    INFO_LOG("aclrtAllocatorGetByStream returns the registered allocator and callbacks");
    CHECK_ACL(aclrtAllocatorUnregister(stream));
    INFO_LOG("allocator unregistered");
    CHECK_ACL(aclrtAllocatorDestroyDesc(desc));
    return 0;
}

}  // namespace

int main() {
    CHECK_ACL(aclInit(nullptr));
    CHECK_ACL(aclrtSetDevice(0));
    aclrtStream stream = nullptr;
    CHECK_ACL(aclrtCreateStream(&stream));
    int failed = MallocWithConfig();
    if (failed == 0) {
        failed = FreeMemoryFollowsAllocations();
    }
    if (failed == 0) {
        failed = CustomAllocator(stream);
    }
    CHECK_ACL(aclrtDestroyStream(stream));
    CHECK_ACL(aclrtResetDevice(0));
    CHECK_ACL(aclFinalize());
    if (failed != 0) {
        ERROR_LOG("memory sample failed");
        return 1;
    }
    INFO_LOG("memory sample passed");
    return 0;
}
