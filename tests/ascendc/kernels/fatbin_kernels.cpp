// Ascend C kernels for test_ascendc_fatbin, built the way ascendc_fatbin_library builds a binary
// (asc_rewrite.py --fatbin-entries, a shared object named test_fatbin_kernels.o) and launched by
// name through aclrtBinaryLoad* / aclrtBinaryGetFunction / aclrtLaunchKernel*.
#include "kernel_operator.h"

// out[i] = (negate ? -x[i] : x[i]) * alpha for this block's `per_block` floats. The uint8_t
// between two pointers checks the packed layout (a C struct of the parameter types).
extern "C" __global__ __aicore__ void scale_block(
    GM_ADDR x, uint8_t negate, GM_ADDR out, float alpha, uint32_t per_block) {
    __gm__ float* in = reinterpret_cast<__gm__ float*>(x) + block_idx * per_block;
    __gm__ float* result = reinterpret_cast<__gm__ float*>(out) + block_idx * per_block;
    for (uint32_t i = 0; i < per_block; ++i) {
        const float v = negate != 0 ? -in[i] : in[i];
        result[i] = v * alpha;
    }
}

// out[b * per_block + i] += table[b]: `table` comes in as a placeholder (host data the runtime
// copies to the device at launch).
extern "C" __global__ __aicore__ void add_block_bias(GM_ADDR out,
                                                     uint32_t per_block,
                                                     GM_ADDR table) {
    __gm__ float* values = reinterpret_cast<__gm__ float*>(out) + block_idx * per_block;
    const float bias = reinterpret_cast<__gm__ float*>(table)[block_idx];
    for (uint32_t i = 0; i < per_block; ++i) {
        values[i] += bias;
    }
}

// A kernel without parameters: marks nothing, checks a launch with argsSize 0.
extern "C" __global__ __aicore__ void no_params() {}

// A global variable of the binary (aclrtBinaryGetGlobal): one bias per block, which the host
// writes through the address the runtime reports. add_global_bias adds it to the block's slice.
// `__gm__`, as CANN's kernels declare such variables: in a CUDA or HIP build it is then a
// __device__ variable whose host copy dlsym cannot see (the rewrite exports an accessor).
__gm__ float fatbin_block_bias[8];

extern "C" __global__ __aicore__ void add_global_bias(GM_ADDR out, uint32_t per_block) {
    __gm__ float* values = reinterpret_cast<__gm__ float*>(out) + block_idx * per_block;
#if defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__)
    // aclrtBinaryGetGlobal is the CPU backend's and the simulator's (docs/ascendc.md): on a GPU a
    // host global is not device memory, so the GPU variant of this kernel adds nothing.
    const float bias = 0.0f;
#else
    const float bias = fatbin_block_bias[block_idx % 8];
#endif
    for (uint32_t i = 0; i < per_block; ++i) {
        values[i] += bias;
    }
}

// Traps in block `trap_block` (the other blocks run): the failure report names this kernel's
// function handle (aclrtGetFuncHandleFromExceptionInfo).
extern "C" __global__ __aicore__ void trap_in_block(uint32_t trap_block) {
    if (block_idx == trap_block) {
        asm("trap");
    }
}
