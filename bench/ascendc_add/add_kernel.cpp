// The Ascend C kernels of ascendc_add_bench: the double-buffered half vector add of
// samples/ascendc/vector_add (TPipe, TQue, DataCopy, Add), compiled unchanged, its fp32 twin, and
// their <<<>>> launches (this file goes through asc_rewrite.py as ascendc.cmake's sources do).
#include "add_kernel.h"

#include "add_custom.cpp"
#include "add_custom_float.cpp"

uint32_t launch_ascendc_add(uint32_t blocks, void* stream, void* x, void* y, void* z, uint32_t n) {
    return add_custom<<<blocks, 0, stream>>>(x, y, z, AddTiling{n});
}

uint32_t launch_ascendc_add_float(
    uint32_t blocks, void* stream, void* x, void* y, void* z, uint32_t n) {
    return add_custom_float<<<blocks, 0, stream>>>(x, y, z, AddTiling{n});
}
