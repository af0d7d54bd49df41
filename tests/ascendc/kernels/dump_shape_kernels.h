// The host launcher of tests/ascendc/kernels/dump_shape_kernels.cpp.
#pragma once

#include <cstdint>

/// x: 8 floats; y: 8 int32 in GM, dumped with shapes.
uint32_t launch_dump_shape(void* stream, void* x, void* y);
