// Sums 4 blocks of 1024 half values each (quarters in [-4, 4]: every partial sum is exact in
// float) and checks each block's total against a double-precision sum.
#include "acl/acl.h"

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

int32_t reduce_cast_do(uint32_t blocks, void* stream, uint8_t* x, uint8_t* sums, uint32_t perBlock);

#define CHECK(call)                                                                 \
    do {                                                                            \
        const int err_ = static_cast<int>(call);                                    \
        if (err_ != 0) {                                                            \
            std::printf("%s failed: %d (%s)\n", #call, err_, aclGetRecentErrMsg()); \
            return 1;                                                               \
        }                                                                           \
    } while (0)

int main() {
    constexpr uint32_t kBlocks = 4;
    constexpr uint32_t kPerBlock = 1024;
    CHECK(aclInit(nullptr));
    CHECK(aclrtSetDevice(0));
    aclrtStream stream = nullptr;
    CHECK(aclrtCreateStream(&stream));
    std::vector<_Float16> x(kBlocks * kPerBlock);
    std::vector<double> expected(kBlocks, 0.0);
    for (uint32_t i = 0; i < x.size(); ++i) {
        const double v = (static_cast<int>((i * 7) % 33) - 16) * 0.25;
        x[i] = static_cast<_Float16>(v);  // exact
        expected[i / kPerBlock] += v;
    }
    const size_t x_bytes = x.size() * sizeof(_Float16);
    const size_t sum_bytes = kBlocks * 8 * sizeof(float);
    void *dx = nullptr, *dsums = nullptr;
    CHECK(aclrtMalloc(&dx, x_bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK(aclrtMalloc(&dsums, sum_bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK(aclrtMemcpy(dx, x_bytes, x.data(), x_bytes, ACL_MEMCPY_HOST_TO_DEVICE));
    CHECK(reduce_cast_do(
        kBlocks, stream, static_cast<uint8_t*>(dx), static_cast<uint8_t*>(dsums), kPerBlock));
    CHECK(aclrtSynchronizeStream(stream));
    std::vector<float> sums(kBlocks * 8);
    CHECK(aclrtMemcpy(sums.data(), sum_bytes, dsums, sum_bytes, ACL_MEMCPY_DEVICE_TO_HOST));
    int wrong = 0;
    for (uint32_t b = 0; b < kBlocks; ++b) {
        std::printf("block %u: sum %.2f (expected %.2f)\n", b, sums[b * 8], expected[b]);
        wrong += static_cast<double>(sums[b * 8]) != expected[b];
    }
    CHECK(aclrtFree(dx));
    CHECK(aclrtFree(dsums));
    CHECK(aclrtDestroyStream(stream));
    CHECK(aclrtResetDevice(0));
    CHECK(aclFinalize());
    std::printf("%s\n", wrong == 0 ? "[PASS] reduce_cast" : "[FAIL] reduce_cast");
    return wrong == 0 ? 0 : 1;
}
