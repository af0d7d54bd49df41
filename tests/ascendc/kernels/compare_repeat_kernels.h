// The host launchers of tests/ascendc/kernels/compare_repeat_kernels.cpp.
#pragma once

#include <cstdint>

/// x, y: 256 floats each; masks: 8 masks of 32 bytes; selected: 3 x 256 floats.
uint32_t launch_compare_select_repeat(void* stream, void* x, void* y, void* masks, void* selected);
/// x, y: 256 halves each; masks: 64 bytes; selected: 256 halves.
uint32_t launch_compare_select_half(void* stream, void* x, void* y, void* masks, void* selected);
