// References for the runtime's built-in tasks, written here from docs/backends.md ("Built-in
// tasks") in double precision, sharing nothing with kernels_cu/math: aclrtReduceAsync's element
// results and aclrtRandomNumAsync's numbers (Philox words from the tests' own Philox4x32-10,
// support/philox_reference.h).
#pragma once

#include "fuzz/fuzz_reference.h"

#include <cstdint>

namespace aclemu::fuzz {

/// The dtypes aclrtReduceAsync takes: INT8, INT16, INT32, UINT32, FLOAT16, FLOAT, BF16.
bool reduce_dtype(int dtype);
/// Bytes of one element of the built-in tasks' dtypes (the above and INT64, UINT64); 0 else.
int task_dtype_bytes(int dtype);
bool floating_dtype(int dtype);

/// An element of `dtype` as stored in 1..8 little-endian bytes, and back (integers exact,
/// floats through reference_dtype.h; values are first rounded / wrapped into the dtype).
uint64_t encode_element(double value, int dtype);
double decode_element(uint64_t bits, int dtype);

/// dst[i] after aclrtReduceAsync(kind 10 SUM, 11 MAX, 12 MIN): integers wrap, float sums are
/// fp32 sums rounded to the dtype, NaN propagates, -0 < +0. Exact.
double reduce_element(double dst, double src, int kind, int dtype);

/// The 128-bit counter and 64-bit key of a random-number task.
struct PhiloxStream {
    uint64_t seed = 0;
    uint64_t counter_lo = 0;
    uint64_t counter_hi = 0;
    /// Word `word` (0..3) of block `block`.
    uint32_t word(uint64_t block, int word) const;
    /// The 32-bit draw of element i (32-bit types, normals, dropout bits).
    uint32_t draw32(uint64_t i) const { return word(i / 4, static_cast<int>(i % 4)); }
    /// The 64-bit draw of element i (INT64, UINT64).
    uint64_t draw64(uint64_t i) const;
};

/// u = (w >> 8) 2^-24.
double unit_uniform(uint32_t w);
/// min + u (max - min) in fp32 (three roundings).
Expected uniform_float(uint32_t w, double min, double max);
/// mean + stddev sqrt(2) erfinv(s) (s scaled by erf(sqrt 2) when truncated), within the
/// approximation's error.
Expected normal_float(uint32_t w, bool truncated, double mean, double stddev);
/// min + r mod (max - min) in two's complement of `bits` (32 or 64); max <= min gives min.
/// Arguments and result as the element's bits.
uint64_t uniform_integer(
    uint64_t r, uint64_t min_bits, uint64_t max_bits, bool is_signed, int bits);

}  // namespace aclemu::fuzz
