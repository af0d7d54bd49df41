// The host launchers of tests/ascendc/kernels/namespace_const_kernels.cpp: Ascend C calls whose
// counts, scalars, masks, repeat times, copy parameters and round modes are namespace-scope
// constants, as CANN's examples write them (asc_sync_all's `const int32_t TILE_LENGTH`).
#pragma once

#include <cstdint>

/// The float results of const_float_ops: kConstRows rows of 64 floats.
constexpr int kConstRows = 11;

/// x, y: 64 floats each; out: kConstRows x 64 floats, in order: Add(x, y), Sub(x, y),
/// Muls(x, 2.5), Adds(x, -0.75), Maxs(x, 0.5), Mins(x, 0.5), Abs(x), Relu(x), Duplicate(2.5),
/// Muls(x, 2.5) in the mask/repeat form (mask 64, 1 repeat), CreateVecIndex from -3.0 over 48
/// elements (the rest 2.5). copy: x copied GM -> UB -> GM by DataCopyParams (1 block of 8 x 32
/// bytes), slot 0 set to 2.5 by SetValue in UB. The kernel also prints "tile 64 scale 2.500000".
uint32_t launch_const_float_ops(void* stream, void* x, void* y, void* out, void* copy);
/// x: 64 floats; out: 64 int32 (Cast with CAST_RINT); s: 64 int16; out16: 4 x 64 int16:
/// ShiftLeft(s, 3), ShiftRight(s, 3), Ors(s, 0x0F0F with the scalar first), and DivCeil(64, 24)
/// in the first DivCeil(64, 2) slots (zeros after).
uint32_t launch_const_int_ops(void* stream, void* x, void* out, void* s, void* out16);
