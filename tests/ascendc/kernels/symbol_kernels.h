// The program-symbol kernels (symbol_kernels.cpp): __gm__ variables and kernels that
// test_ascendc_symbols.cpp reaches by address (aclrtGetSymbolAddress, aclrtGetFuncBySymbol).
#pragma once

#include <cstdint>

constexpr int kSymbolTableSize = 16;

// The addresses the host names the symbols by (&variable, &kernel).
const void* table_symbol();         // int32_t g_table[kSymbolTableSize]
const void* scale_symbol();         // float symbols_test::g_scale
const void* counter_symbol();       // int64_t g_counter (static)
const void* add_to_table_kernel();  // add_to_table(int32_t add): g_table[i] += add
const void* scale_into_kernel();    // scale_into(out, in): out[i] = in[i] * g_scale
const void* mix_kernel();           // a __mix__(1, 2) kernel
const void* count_launch_kernel();  // symbols_test::count_launch(): g_counter += 1

// scale_into<<<blocks, nullptr, stream>>>(out, in), the <<<>>> launch of the same kernel.
uint32_t launch_scale_into(uint32_t blocks, void* stream, float* out, const int32_t* in);
