// The launchers of add_kernel.cpp: z = x + y over n halves (or floats) on `blocks` blocks (n a
// multiple of blocks * TILE_LENGTH).
#pragma once

#include <cstdint>

uint32_t launch_ascendc_add(uint32_t blocks, void* stream, void* x, void* y, void* z, uint32_t n);
uint32_t launch_ascendc_add_float(
    uint32_t blocks, void* stream, void* x, void* y, void* z, uint32_t n);
