// A scalar Ascend C kernel: each block adds its index to its own GM slot (64 bytes apart, as
// the NPU's cache lines need) and prints a line; the host wrapper launches it with <<<>>>.
#include "kernel_operator.h"

extern "C" __global__ __aicore__ void scalar_hello(GM_ADDR data) {
    __gm__ int32_t* slots = (__gm__ int32_t*)data;
    slots[block_idx * 16] += static_cast<int32_t>(block_idx);
#if __NPU_ARCH__ == 3510
    dcci(slots + block_idx * 16, ENTIRE_DATA_CACHE, CACHELINE_OUT);
#endif
    AscendC::printf(
        "Hello World from block %ld of %ld\n", AscendC::GetBlockIdx(), AscendC::GetBlockNum());
}

int32_t scalar_hello_do(uint32_t blocks, void* stream, uint8_t* data) {
    return static_cast<int32_t>(scalar_hello<<<blocks, nullptr, stream>>>(data));
}
