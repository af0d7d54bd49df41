// The host launchers of tests/ascendc/kernels/test_kernels.cpp.
#pragma once

#include <cstdint>

struct AddTiling {
    uint32_t per_block;
    uint32_t tile;
};

uint32_t launch_scalar_add_block(uint32_t blocks, void* stream, void* data);
uint32_t launch_print_blocks(uint32_t blocks, void* stream, int32_t tag);
uint32_t launch_trap_in_block(uint32_t blocks, void* stream, void* data, int32_t bad_block);
uint32_t launch_assert_positive(void* stream, int32_t value);
uint32_t launch_add_custom(
    uint32_t blocks, void* stream, void* x, void* y, void* z, AddTiling tiling);
uint32_t launch_sum_half_as_float(
    uint32_t blocks, void* stream, void* x, void* out, uint32_t count);
uint32_t launch_sync_sum(uint32_t blocks, void* stream, void* data);
uint32_t launch_pad_and_accumulate(uint32_t blocks, void* stream, void* x, void* total, uint32_t n);
uint32_t launch_copy_count(void* stream, void* x, void* y, uint32_t count);
uint32_t launch_cast_modes(void* stream, void* x, void* halves, void* ints);
constexpr uint32_t kHalfOps = 1040;
uint32_t launch_half_ops(void* stream, void* x, void* y, void* out);
uint32_t launch_mul_max_min_ops(
    void* stream, void* x, void* y, void* out, void* fx, void* fy, void* fout);
uint32_t launch_repeat_forms(void* stream, void* x, void* y, void* out, void* strided);
uint32_t launch_compare_select(void* stream, void* x, void* y, void* masks, void* selected);
