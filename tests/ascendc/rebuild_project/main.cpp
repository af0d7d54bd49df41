// Launches rebuild_fill once (through launch.h's launch_rebuild_fill) and prints what it wrote.
#include "acl/acl.h"

#include <cstdint>
#include <cstdio>

int32_t launch_rebuild_fill(void* out, void* stream);

#define CHECK(call)                                                                 \
    do {                                                                            \
        const int err_ = static_cast<int>(call);                                    \
        if (err_ != 0) {                                                            \
            std::printf("%s failed: %d (%s)\n", #call, err_, aclGetRecentErrMsg()); \
            return 1;                                                               \
        }                                                                           \
    } while (0)

int main() {
    CHECK(aclInit(nullptr));
    CHECK(aclrtSetDevice(0));
    aclrtStream stream = nullptr;
    CHECK(aclrtCreateStream(&stream));
    void* device = nullptr;
    CHECK(aclrtMalloc(&device, 32, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK(launch_rebuild_fill(device, stream));
    CHECK(aclrtSynchronizeStream(stream));
    int32_t value = 0;
    CHECK(aclrtMemcpy(&value, sizeof(value), device, sizeof(value), ACL_MEMCPY_DEVICE_TO_HOST));
    CHECK(aclrtFree(device));
    CHECK(aclrtDestroyStream(stream));
    CHECK(aclrtResetDevice(0));
    CHECK(aclFinalize());
    std::printf("value %d\n", value);
    return 0;
}
