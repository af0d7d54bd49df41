// Launches the vector add through its generated header (ACLRT_LAUNCH_KERNEL) on 8 blocks of
// 2048 half values and checks each sum against the exact sum rounded once to half.
#include "acl/acl.h"

#include "aclrtlaunch_add_custom.h"
#include "add_custom_tiling.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#define CHECK(call)                                                                 \
    do {                                                                            \
        const int err_ = static_cast<int>(call);                                    \
        if (err_ != 0) {                                                            \
            std::printf("%s failed: %d (%s)\n", #call, err_, aclGetRecentErrMsg()); \
            return 1;                                                               \
        }                                                                           \
    } while (0)

namespace {

// IEEE binary16 <-> double, written here so the check does not trust the kernel's own types.
uint16_t to_half_bits(double v) {
    const _Float16 h = static_cast<_Float16>(v);  // one correctly rounded conversion
    uint16_t bits;
    std::memcpy(&bits, &h, sizeof bits);
    return bits;
}
double from_half_bits(uint16_t bits) {
    const int exponent = (bits >> 10) & 0x1F;
    const int mantissa = bits & 0x3FF;
    const double sign = (bits & 0x8000) ? -1.0 : 1.0;
    if (exponent == 0) {
        return sign * std::ldexp(mantissa, -24);
    }
    return sign * std::ldexp(1024 + mantissa, exponent - 25);
}

}  // namespace

int main() {
    constexpr uint32_t kBlocks = 8;
    constexpr uint32_t kTotal = kBlocks * 2048;
    CHECK(aclInit(nullptr));
    CHECK(aclrtSetDevice(0));
    aclrtStream stream = nullptr;
    CHECK(aclrtCreateStream(&stream));
    std::vector<uint16_t> x(kTotal), y(kTotal), z(kTotal);
    for (uint32_t i = 0; i < kTotal; ++i) {
        x[i] = to_half_bits((i % 211) * 0.173 - 17.0);
        y[i] = to_half_bits((i % 53) * 2.71 + 0.5);
    }
    const size_t bytes = kTotal * sizeof(uint16_t);
    void *dx = nullptr, *dy = nullptr, *dz = nullptr;
    CHECK(aclrtMalloc(&dx, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK(aclrtMalloc(&dy, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK(aclrtMalloc(&dz, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK(aclrtMemcpy(dx, bytes, x.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE));
    CHECK(aclrtMemcpy(dy, bytes, y.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE));
    AddTiling tiling{kTotal};
    CHECK(ACLRT_LAUNCH_KERNEL(add_custom)(kBlocks, stream, dx, dy, dz, &tiling));
    CHECK(aclrtSynchronizeStream(stream));
    CHECK(aclrtMemcpy(z.data(), bytes, dz, bytes, ACL_MEMCPY_DEVICE_TO_HOST));
    uint32_t wrong = 0;
    for (uint32_t i = 0; i < kTotal; ++i) {
        wrong += z[i] != to_half_bits(from_half_bits(x[i]) + from_half_bits(y[i]));
    }
    CHECK(aclrtFree(dx));
    CHECK(aclrtFree(dy));
    CHECK(aclrtFree(dz));
    CHECK(aclrtDestroyStream(stream));
    CHECK(aclrtResetDevice(0));
    CHECK(aclFinalize());
    std::printf("%s (%u of %u wrong)\n",
                wrong == 0 ? "[PASS] vector_add" : "[FAIL] vector_add",
                wrong,
                kTotal);
    return wrong == 0 ? 0 : 1;
}
