// Runs the scalar kernel on 8 blocks and checks every block's slot.
#include "acl/acl.h"

#include <cstdint>
#include <cstdio>
#include <vector>

int32_t scalar_hello_do(uint32_t blocks, void* stream, uint8_t* data);

#define CHECK(call)                                                                 \
    do {                                                                            \
        const int err_ = static_cast<int>(call);                                    \
        if (err_ != 0) {                                                            \
            std::printf("%s failed: %d (%s)\n", #call, err_, aclGetRecentErrMsg()); \
            return 1;                                                               \
        }                                                                           \
    } while (0)

int main() {
    constexpr uint32_t kBlocks = 8;
    CHECK(aclInit(nullptr));
    CHECK(aclrtSetDevice(0));
    aclrtStream stream = nullptr;
    CHECK(aclrtCreateStream(&stream));
    std::vector<int32_t> host(kBlocks * 16, 10);
    const size_t bytes = host.size() * sizeof(int32_t);
    void* device = nullptr;
    CHECK(aclrtMalloc(&device, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK(aclrtMemcpy(device, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE));
    CHECK(scalar_hello_do(kBlocks, stream, static_cast<uint8_t*>(device)));
    CHECK(aclrtSynchronizeStream(stream));
    CHECK(aclrtMemcpy(host.data(), bytes, device, bytes, ACL_MEMCPY_DEVICE_TO_HOST));
    int wrong = 0;
    for (uint32_t b = 0; b < kBlocks; ++b) {
        wrong += host[b * 16] != 10 + static_cast<int32_t>(b);
    }
    CHECK(aclrtFree(device));
    CHECK(aclrtDestroyStream(stream));
    CHECK(aclrtResetDevice(0));
    CHECK(aclFinalize());
    std::printf("%s\n", wrong == 0 ? "[PASS] scalar_hello" : "[FAIL] scalar_hello");
    return wrong == 0 ? 0 : 1;
}
