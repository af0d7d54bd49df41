// The host launchers of tests/ascendc/kernels/cmpmask_kernels.cpp.
#pragma once

#include <cstdint>

/// x, y: 256 floats each; masks: 3 x 128 bytes; selected: 4 x 256 floats.
uint32_t launch_cmpmask_select(void* stream, void* x, void* y, void* masks, void* selected);
/// x, y: 128 halves each; mask: 16 bytes; selected: 256 halves.
uint32_t launch_cmpmask_half(void* stream, void* x, void* y, void* mask, void* selected);
/// Select mode 2 with a CMPMASK register that holds no UB address: the block fails.
uint32_t launch_cmpmask_bad_address(void* stream, void* out);
