// A program that never calls aclFinalize (nor frees or destroys anything), so its ACLEMU_TRACE
// timeline can only be written at exit; its last memset is still queued when main returns.
// ctest runs it under scripts/check_trace.py, on the CPU backend and on the GPU simulator.
#include "acl/acl.h"

#include <cstdio>

#define CHECK(call)                                                           \
    do {                                                                      \
        const aclError status_ = (call);                                      \
        if (status_ != ACL_SUCCESS) {                                         \
            std::printf("%s failed: %d\n", #call, static_cast<int>(status_)); \
            return 1;                                                         \
        }                                                                     \
    } while (0)

int main() {
    CHECK(aclInit(nullptr));
    CHECK(aclrtSetDevice(0));
    aclrtStream stream = nullptr;
    CHECK(aclrtCreateStream(&stream));
    aclrtEvent event = nullptr;
    CHECK(aclrtCreateEvent(&event));
    void* buffer = nullptr;
    CHECK(aclrtMalloc(&buffer, 1 << 20, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK(aclrtMemsetAsync(buffer, 1 << 20, 7, 1 << 20, stream));
    CHECK(aclrtRecordEvent(event, stream));
    CHECK(aclrtSynchronizeEvent(event));
    CHECK(aclrtMemsetAsync(buffer, 1 << 20, 9, 1 << 20, stream));
    std::printf("returning from main without aclFinalize\n");
    return 0;
}
