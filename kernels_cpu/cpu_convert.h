// Block conversions between the storage dtypes and float for the CPU kernels' staging buffers.
// Every result is bit-identical to kernels_cu/math/dtype.h's to_float / from_float (NaN
// payloads and signaling NaNs included, except where widen_half_for_math says otherwise), so a
// kernel may stage through these or convert element by element and get the same bits. Where
// cpu_isa() allows, they run the x86 conversions of x86/convert.h (F16C for fp16, 8 or 16 lanes
// wide); otherwise the portable loops.
#pragma once

#include "kernels_cu/math/dtype.h"

#include <cstdint>

namespace aclemu::kernels::cpu {

/// True when fp16 blocks convert in hardware (F16C) on this CPU.
bool fast_half_conversion();

void widen(const float* src, float* dst, int64_t n);
void widen(const Half* src, float* dst, int64_t n);
void widen(const BFloat16* src, float* dst, int64_t n);

/// fp16 -> float for values that then go through arithmetic: the same as widen() except that a
/// signaling NaN may come back quiet (arithmetic quiets it either way). The elementwise kernels'
/// conversion.
void widen_half_for_math(const Half* src, float* dst, int64_t n);

void narrow(const float* src, float* dst, int64_t n);
void narrow(const float* src, Half* dst, int64_t n);
void narrow(const float* src, BFloat16* dst, int64_t n);

}  // namespace aclemu::kernels::cpu
