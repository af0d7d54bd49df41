// The kernel of the ascendc.cmake build: writes the value launch.h passes plus value.h's
// constant; launch.h holds the <<<>>> launch, so the rewrite rewrites that header too.
#include "kernel_operator.h"
#include "value.h"

extern "C" __global__ __aicore__ void rebuild_fill(GM_ADDR out, int32_t launched) {
    *reinterpret_cast<__gm__ int32_t*>(out) = launched + kAddedInKernel;
}

#include "launch.h"
