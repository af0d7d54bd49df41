// Which instruction set the CPU elementwise loops run with. The loops are compiled for the x86-64
// baseline and (x86-64, GCC) for AVX2 + F16C and AVX-512 (F, BW, VL, DQ); the widest the CPU has
// (cpu_features.h) is used. All give the same bits. Tests force each in turn to compare them,
// and check the fp16 conversion runs against their own reference.
#pragma once

#include "kernels_cpu/cpu_features.h"
#include "kernels_cu/math/dtype.h"

#include <cstdint>

namespace aclemu::kernels::cpu {

/// The widest variant this build and this CPU can run.
CpuIsa elementwise_isa_supported();

/// Tests: run the following elementwise calls (all threads) with `isa`. False, and nothing
/// changes, when the CPU or the build cannot run it.
bool force_elementwise_isa(CpuIsa isa);
/// Tests: back to elementwise_isa_supported().
void unforce_elementwise_isa();

/// How the contiguous elementwise loops write their output: Auto streams it (non-temporal
/// stores) when the call's traffic exceeds the last-level cache (Note [Streaming stores],
/// elementwise.cpp); Cached and Streaming force one way. Same bits either way.
enum class StoreMode { Auto = 0, Cached = 1, Streaming = 2 };

/// Tests and benchmarks: the store mode of the following elementwise calls (all threads).
void force_elementwise_store_mode(StoreMode mode);

/// Tests: the fp16 <-> float conversion runs of one variant over contiguous arrays (the baseline
/// one when the CPU cannot run `isa`).
void convert_half_to_float(CpuIsa isa, const Half* in, float* out, int64_t n);
void convert_float_to_half(CpuIsa isa, const float* in, Half* out, int64_t n);

}  // namespace aclemu::kernels::cpu
