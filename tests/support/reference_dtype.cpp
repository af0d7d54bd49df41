// Rounding of doubles to binary16 / bfloat16 (reference_dtype.h), parameterised by the number
// of mantissa and exponent bits.
#include "support/reference_dtype.h"

#include <cmath>

namespace aclemu::test {
namespace {

uint16_t encode(double v, int mant_bits, int exp_bits) {
    const int bias = (1 << (exp_bits - 1)) - 1;
    const uint32_t exp_all = (1u << exp_bits) - 1;
    const uint32_t sign = std::signbit(v) ? 1u << (mant_bits + exp_bits) : 0u;
    if (std::isnan(v)) {
        return static_cast<uint16_t>(sign | (exp_all << mant_bits) | (1u << (mant_bits - 1)));
    }
    const double a = std::fabs(v);
    if (std::isinf(a)) {
        return static_cast<uint16_t>(sign | (exp_all << mant_bits));
    }
    if (a == 0.0) {
        return static_cast<uint16_t>(sign);
    }
    const int min_exp = 1 - bias;  // exponent of the smallest normal number
    int frexp_exp = 0;
    std::frexp(a, &frexp_exp);  // a = f * 2^frexp_exp, f in [0.5, 1)
    int e = frexp_exp - 1;      // a in [2^e, 2^(e+1))
    if (e < min_exp) {
        e = min_exp;  // subnormal: the quantum stays that of the smallest binade
    }
    const double q = std::ldexp(a, mant_bits - e);  // a / quantum, exact
    double r = std::floor(q);
    const double frac = q - r;
    if (frac > 0.5 || (frac == 0.5 && std::fmod(r, 2.0) != 0.0)) {
        r += 1.0;
    }
    const double one = std::ldexp(1.0, mant_bits);  // the implicit leading bit
    if (r >= 2.0 * one) {                           // rounded up into the next binade
        e += 1;
        r = one;
    }
    if (r < one) {  // subnormal (or zero)
        return static_cast<uint16_t>(sign | static_cast<uint32_t>(r));
    }
    const int biased = e + bias;
    if (biased >= static_cast<int>(exp_all)) {
        return static_cast<uint16_t>(sign | (exp_all << mant_bits));  // overflow: inf
    }
    return static_cast<uint16_t>(sign | (static_cast<uint32_t>(biased) << mant_bits)
                                 | (static_cast<uint32_t>(r - one)));
}

double decode(uint16_t bits, int mant_bits, int exp_bits) {
    const int bias = (1 << (exp_bits - 1)) - 1;
    const uint32_t exp_all = (1u << exp_bits) - 1;
    const bool negative = (bits >> (mant_bits + exp_bits)) & 1u;
    const uint32_t exp_field = (bits >> mant_bits) & exp_all;
    const uint32_t mant = bits & ((1u << mant_bits) - 1);
    double magnitude = 0.0;
    if (exp_field == exp_all) {
        magnitude = mant != 0 ? std::nan("") : HUGE_VAL;
    } else if (exp_field == 0) {
        magnitude = std::ldexp(static_cast<double>(mant), 1 - bias - mant_bits);
    } else {
        magnitude = std::ldexp(static_cast<double>(mant + (1u << mant_bits)),
                               static_cast<int>(exp_field) - bias - mant_bits);
    }
    return negative ? -magnitude : magnitude;
}

}  // namespace

uint16_t half_bits(double v) {
    return encode(v, 10, 5);
}
double half_value(uint16_t bits) {
    return decode(bits, 10, 5);
}
uint16_t bf16_bits(double v) {
    return encode(v, 7, 8);
}
double bf16_value(uint16_t bits) {
    return decode(bits, 7, 8);
}

double round_to_dtype(double v, aclDataType dtype) {
    switch (dtype) {
        case ACL_FLOAT:
            return static_cast<double>(static_cast<float>(v));
        case ACL_FLOAT16:
            return half_value(half_bits(v));
        case ACL_BF16:
            return bf16_value(bf16_bits(v));
        default:
            return v;
    }
}

}  // namespace aclemu::test
