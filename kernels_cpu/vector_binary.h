// Binary ops over contiguous fp16 or fp32 runs, for the count forms of Ascend C's vector ops
// (ascendc/src/half_convert.cpp), vectorized for the CPU the library runs on rather than the
// x86-64 baseline a user's kernel is compiled for. fp16: each element widened, combined in float
// and rounded once, in registers, instead of staging the run through float buffers; the same bits
// as widen_half_for_math, the float operation and narrow (cpu_convert.h): nearest even, every NaN
// result 0x7FFF. fp32: the float operation (a NaN result's payload is unspecified).
#pragma once

#include "kernels_cu/math/dtype.h"

#include <cstdint>

namespace aclemu::kernels::cpu {

/// The operation, as the float expression it computes.
enum class VectorBinaryOp : uint8_t {
    Add,  // a + b
    Sub,  // a - b
    Mul,  // a * b
    Div,  // a / b
    Max,  // a > b ? a : b
    Min,  // a < b ? a : b
};

/// out[i] = op(a[i], b[i]) for i < n. out may be a or b (in place), never a partial overlap.
void vector_binary(VectorBinaryOp op, const Half* a, const Half* b, Half* out, int64_t n);
void vector_binary(VectorBinaryOp op, const float* a, const float* b, float* out, int64_t n);

}  // namespace aclemu::kernels::cpu
