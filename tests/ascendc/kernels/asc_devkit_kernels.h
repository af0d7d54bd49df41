// The host launchers of tests/ascendc/kernels/asc_devkit_kernels.cpp: what CANN's public
// asc-devkit examples needed beyond the other tests (docs/ascendc.md, "CANN's public examples").
#pragma once

#include <cstdint>

/// x: 20 halves (bits); out: 32 halves, x padded by DataCopyPad without isPad after
/// SetPadValue(1.0).
uint32_t launch_pad_value_half(void* stream, void* x, void* out);
/// x: 3 rows of 5 floats; out: 3 x 8 floats, each row padded to 32 bytes with -2.5 (SetPadValue),
/// then copied again with isPad and paddingValue 4 into out + 24 (a further 3 x 8 floats).
uint32_t launch_pad_value_rows(void* stream, void* x, void* out);
/// Launches 3 blocks: block b copies row b of x (3 x 64 floats) into out_max with SetAtomicMax
/// and row b of xi (3 x 64 int32) into out_min with SetAtomicMin, then (SetAtomicNone) its own
/// row of x into plain (3 x 64 floats).
uint32_t launch_atomic_max_min(
    void* stream, void* x, void* xi, void* out_max, void* out_min, void* plain);
/// x: 64 floats; y: 64 int32, Cast with CAST_CEIL (count form). The kernel also names int4b_t and
/// the mask/repeat form of Cast in a scenario it does not instantiate, as CANN's cast example does.
uint32_t launch_cast_ceil_scenario(void* stream, void* x, void* y);
/// x: 64 int16, u: 64 uint16, w: 64 int32; out16: 4 x 64 int16 (x >> 3, x << 5, x >> 16, u >> 3
/// as bits), out32: 2 x 64 int32 (w >> 31, w << 7).
uint32_t launch_shifts(void* stream, void* x, void* u, void* w, void* out16, void* out32);
/// a, b: 64 floats each, p, q: 64 int16 each; out: 2 x 64 floats (AddRelu, SubRelu), out16:
/// 2 x 64 int16 (AddRelu, SubRelu).
uint32_t launch_add_sub_relu(
    void* stream, void* a, void* b, void* p, void* q, void* out, void* out16);
/// out16: 96 int16 from -40, out32: 80 int32 from 1000000, outf: 72 floats from -2.5
/// (CreateVecIndex), the slots after each count left as they were.
uint32_t launch_vec_index(void* stream, void* out16, void* out32, void* outf);
