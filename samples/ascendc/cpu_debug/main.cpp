// The CPU-debug way to run a kernel: GmAlloc'd memory, ICPU_RUN_KF, no acl calls.
#include <cstdint>
#include <cstdio>

#ifdef ASCENDC_CPU_DEBUG
#    include "tikicpulib.h"
extern "C" __global__ __aicore__ void scale_add_one(GM_ADDR x, GM_ADDR y, float scale);
#endif

int main() {
#ifndef ASCENDC_CPU_DEBUG
    std::printf("[FAIL] cpu_debug_scale: built without ASCENDC_CPU_DEBUG\n");
    return 1;
#else
    constexpr uint32_t kBlocks = 4;
    constexpr uint32_t kTotal = kBlocks * 512;
    auto* x = static_cast<float*>(GmAlloc(kTotal * sizeof(float)));
    auto* y = static_cast<float*>(GmAlloc(kTotal * sizeof(float)));
    for (uint32_t i = 0; i < kTotal; ++i) {
        x[i] = static_cast<float>(i % 37) * 0.5f - 3.0f;
    }
    AscendC::SetKernelMode(AscendC::KernelMode::AIV_MODE);
    ICPU_RUN_KF(scale_add_one, kBlocks, (uint8_t*)x, (uint8_t*)y, 2.5f);
    uint32_t wrong = 0;
    for (uint32_t i = 0; i < kTotal; ++i) {
        // Two float operations, each rounded once: x * 2.5 then + 1.
        const float scaled = static_cast<float>(static_cast<double>(x[i]) * 2.5);
        wrong += y[i] != static_cast<float>(static_cast<double>(scaled) + 1.0);
    }
    GmFree(x);
    GmFree(y);
    std::printf("%s (%u of %u wrong)\n",
                wrong == 0 ? "[PASS] cpu_debug_scale" : "[FAIL] cpu_debug_scale",
                wrong,
                kTotal);
    return wrong == 0 ? 0 : 1;
#endif
}
