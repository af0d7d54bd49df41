// y = alpha * x + y over float vectors, split evenly across the blocks. Built with
// ascendc_fatbin_library into a binary (fatbin/axpy_kernels/axpy_kernels.o) that main.cpp loads
// and launches by name, as CANN's "launch kernel" runtime example does.
#include "kernel_operator.h"

extern "C" __global__ __aicore__ void axpy(GM_ADDR x, GM_ADDR y, float alpha, uint32_t perBlock) {
    __gm__ float* xs = reinterpret_cast<__gm__ float*>(x) + AscendC::GetBlockIdx() * perBlock;
    __gm__ float* ys = reinterpret_cast<__gm__ float*>(y) + AscendC::GetBlockIdx() * perBlock;
    for (uint32_t i = 0; i < perBlock; ++i) {
        ys[i] = alpha * xs[i] + ys[i];
    }
}
