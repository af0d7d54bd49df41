// An independent model of FLOAT16 / BFLOAT16 rounding for test references: written in double
// with frexp/ldexp and an explicit round-half-to-even, sharing no code with kernels_cu/math, so
// a bug in the library's conversions cannot hide in the expected values.
#pragma once

#include "acl/acl_base.h"

#include <cstdint>

namespace aclemu::test {

/// IEEE binary16 bits of `v`, rounded to nearest even; overflow gives +-inf, NaN a quiet NaN.
uint16_t half_bits(double v);
double half_value(uint16_t bits);

/// bfloat16 bits of `v` (8 exponent, 7 mantissa bits), rounded to nearest even.
uint16_t bf16_bits(double v);
double bf16_value(uint16_t bits);

/// `v` rounded to the nearest value of `dtype`: FLOAT (via float), FLOAT16, BFLOAT16; any other
/// dtype returns v unchanged.
double round_to_dtype(double v, aclDataType dtype);

}  // namespace aclemu::test
