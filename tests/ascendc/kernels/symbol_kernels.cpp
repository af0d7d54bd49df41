// Kernels and __gm__ variables of a program (symbol_kernels.h): the rewrite registers each
// namespace-scope __gm__ variable and each kernel, so the host reaches them by address.
#include "symbol_kernels.h"

#include "kernel_operator.h"

__gm__ int32_t g_table[kSymbolTableSize];
namespace symbols_test {
__gm__ float g_scale;
}
static __gm__ int64_t g_counter;

// Block b adds to the elements b, b + blocks, ...
extern "C" __global__ __vector__ void add_to_table(int32_t add) {
    for (int64_t i = AscendC::GetBlockIdx(); i < kSymbolTableSize; i += AscendC::GetBlockNum()) {
        g_table[i] += add;
    }
}

extern "C" __global__ __aicore__ void scale_into(__gm__ float* out, __gm__ const int32_t* in) {
    for (int64_t i = AscendC::GetBlockIdx(); i < kSymbolTableSize; i += AscendC::GetBlockNum()) {
        out[i] = static_cast<float>(in[i]) * symbols_test::g_scale;
    }
}

extern "C" __global__ __mix__(1, 2) void mix(GM_ADDR unused) {
    (void)unused;
}

namespace symbols_test {
__global__ __vector__ void count_launch() {
    g_counter += 1;
}
}  // namespace symbols_test

const void* table_symbol() {
    return &g_table;
}
const void* scale_symbol() {
    return &symbols_test::g_scale;
}
const void* counter_symbol() {
    return &g_counter;
}
const void* add_to_table_kernel() {
    return reinterpret_cast<const void*>(&add_to_table);
}
const void* scale_into_kernel() {
    return reinterpret_cast<const void*>(&scale_into);
}
const void* mix_kernel() {
    return reinterpret_cast<const void*>(&mix);
}
const void* count_launch_kernel() {
    return reinterpret_cast<const void*>(&symbols_test::count_launch);
}

uint32_t launch_scale_into(uint32_t blocks, void* stream, float* out, const int32_t* in) {
    return scale_into<<<blocks, nullptr, stream>>>(out, in);
}
