// Block conversions between the storage dtypes and float for the CPU kernels' staging buffers.
// Every result is bit-identical to kernels_cu/math/dtype.h's to_float / from_float (NaN
// payloads and signaling NaNs included), so a kernel may stage through these or convert element
// by element and get the same bits. On x86-64 CPUs with AVX2 + F16C the fp16 blocks use the
// hardware converters (~10x the portable integer code) and bf16 narrowing is 8 lanes wide.
#pragma once

#include "kernels_cu/math/dtype.h"

#include <cstdint>

namespace aclemu::kernels::cpu {

/// True when widen/narrow run the hardware (x86 F16C) fp16 path on this CPU.
bool fast_half_conversion();

void widen(const float* src, float* dst, int64_t n);
void widen(const Half* src, float* dst, int64_t n);
void widen(const BFloat16* src, float* dst, int64_t n);

void narrow(const float* src, float* dst, int64_t n);
void narrow(const float* src, Half* dst, int64_t n);
void narrow(const float* src, BFloat16* dst, int64_t n);

}  // namespace aclemu::kernels::cpu
