// The built-in tasks' references (fuzz_task_reference.h).
#include "fuzz/fuzz_task_reference.h"

#include "acl/acl.h"

#include "support/philox_reference.h"
#include "support/reference_dtype.h"

#include <cmath>
#include <cstring>
#include <limits>

namespace aclemu::fuzz {
namespace {

constexpr double kFloatUnit = 1.0 / 16777216.0;  // 2^-24, one fp32 rounding (relative)

// `value` wrapped into a two's-complement integer of `bits` bits.
int64_t wrap_signed(int64_t value, int bits) {
    const uint64_t mask = bits == 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
    uint64_t u = static_cast<uint64_t>(value) & mask;
    if (bits < 64 && (u >> (bits - 1)) != 0) {
        u |= ~mask;
    }
    return static_cast<int64_t>(u);
}

double as_float32(double v) {
    return static_cast<double>(static_cast<float>(v));
}

}  // namespace

bool reduce_dtype(int dtype) {
    switch (dtype) {
        case ACL_INT8:
        case ACL_INT16:
        case ACL_INT32:
        case ACL_UINT32:
        case ACL_FLOAT16:
        case ACL_FLOAT:
        case ACL_BF16:
            return true;
        default:
            return false;
    }
}

int task_dtype_bytes(int dtype) {
    switch (dtype) {
        case ACL_INT8:
            return 1;
        case ACL_INT16:
        case ACL_FLOAT16:
        case ACL_BF16:
            return 2;
        case ACL_INT32:
        case ACL_UINT32:
        case ACL_FLOAT:
            return 4;
        case ACL_INT64:
        case ACL_UINT64:
            return 8;
        default:
            return 0;
    }
}

bool floating_dtype(int dtype) {
    return dtype == ACL_FLOAT || dtype == ACL_FLOAT16 || dtype == ACL_BF16;
}

uint64_t encode_element(double value, int dtype) {
    switch (dtype) {
        case ACL_FLOAT: {
            const float f = static_cast<float>(value);
            uint32_t bits = 0;
            std::memcpy(&bits, &f, 4);
            return bits;
        }
        case ACL_FLOAT16:
            return test::half_bits(value);
        case ACL_BF16:
            return test::bf16_bits(value);
        case ACL_UINT32:
        case ACL_UINT64:
            return static_cast<uint64_t>(value);
        default:
            break;
    }
    const int bits = task_dtype_bytes(dtype) * 8;
    const uint64_t mask = bits == 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
    return static_cast<uint64_t>(static_cast<int64_t>(value)) & mask;
}

double decode_element(uint64_t bits, int dtype) {
    switch (dtype) {
        case ACL_FLOAT: {
            const auto word = static_cast<uint32_t>(bits);
            float f = 0.0f;
            std::memcpy(&f, &word, 4);
            return f;
        }
        case ACL_FLOAT16:
            return test::half_value(static_cast<uint16_t>(bits));
        case ACL_BF16:
            return test::bf16_value(static_cast<uint16_t>(bits));
        case ACL_UINT32:
            return static_cast<double>(static_cast<uint32_t>(bits));
        case ACL_UINT64:
            return static_cast<double>(bits);
        default:
            break;
    }
    return static_cast<double>(
        wrap_signed(static_cast<int64_t>(bits), task_dtype_bytes(dtype) * 8));
}

double reduce_element(double dst, double src, int kind, int dtype) {
    constexpr int kSum = 10;
    constexpr int kMax = 11;
    if (!floating_dtype(dtype)) {
        const auto a = static_cast<int64_t>(dst);
        const auto b = static_cast<int64_t>(src);
        if (kind == kSum) {
            const int64_t sum = a + b;  // both fit 32 bits: no overflow in 64
            return dtype == ACL_UINT32
                       ? static_cast<double>(static_cast<uint32_t>(sum))
                       : static_cast<double>(wrap_signed(sum, task_dtype_bytes(dtype) * 8));
        }
        return static_cast<double>(kind == kMax ? std::max(a, b) : std::min(a, b));
    }
    const auto type = static_cast<aclDataType>(dtype);
    if (std::isnan(dst) || std::isnan(src)) {
        return std::numeric_limits<double>::quiet_NaN();
    }
    if (kind == kSum) {
        // a + b rounded once to fp32 (a double sum rounded to float: 53 >= 2 * 24 + 2 bits, so
        // the two roundings give the correctly rounded fp32 sum), then to the dtype.
        return test::round_to_dtype(as_float32(dst + src), type);
    }
    if (dst == 0.0 && src == 0.0) {  // -0 < +0
        const bool negative = kind == kMax ? std::signbit(dst) && std::signbit(src)
                                           : std::signbit(dst) || std::signbit(src);
        return negative ? -0.0 : 0.0;
    }
    return kind == kMax ? std::max(dst, src) : std::min(dst, src);
}

uint32_t PhiloxStream::word(uint64_t block, int index) const {
    return test::reference_random_word(seed, counter_lo, counter_hi, block, index);
}

uint64_t PhiloxStream::draw64(uint64_t i) const {
    const int first = static_cast<int>(2 * (i % 2));
    return word(i / 2, first) | (static_cast<uint64_t>(word(i / 2, first + 1)) << 32);
}

double unit_uniform(uint32_t w) {
    return std::ldexp(static_cast<double>(w >> 8), -24);
}

Expected uniform_float(uint32_t w, double min, double max) {
    Expected e;
    e.value = min + unit_uniform(w) * (max - min);
    e.error = 4 * kFloatUnit * (std::fabs(min) + std::fabs(max)) + 1e-44;
    return e;
}

Expected normal_float(uint32_t w, bool truncated, double mean, double stddev) {
    const double k = static_cast<double>(static_cast<int64_t>(w >> 8) - 8388608);
    double s = std::ldexp(k + 0.5, -23);
    if (truncated) {
        s *= std::erf(std::sqrt(2.0));
    }
    const double z = std::sqrt(2.0) * test::reference_erfinv(s);
    Expected e;
    e.value = mean + stddev * z;
    // A single-precision erfinv approximation (relative error a few 1e-7, more in the far
    // tail), then two fp32 roundings.
    e.error = std::fabs(stddev) * 2e-5 * (1.0 + z * z)
              + 4 * kFloatUnit * (std::fabs(mean) + std::fabs(stddev * z)) + 1e-44;
    return e;
}

uint64_t uniform_integer(
    uint64_t r, uint64_t min_bits, uint64_t max_bits, bool is_signed, int bits) {
    const uint64_t mask = bits == 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
    // Widen to 64 bits (sign-extend signed types), take the range, wrap back.
    auto widen = [&](uint64_t v) {
        return is_signed ? static_cast<uint64_t>(wrap_signed(static_cast<int64_t>(v & mask), bits))
                         : v & mask;
    };
    const uint64_t lo = widen(min_bits);
    const uint64_t hi = widen(max_bits);
    const bool larger = is_signed ? static_cast<int64_t>(hi) > static_cast<int64_t>(lo) : hi > lo;
    const uint64_t range = larger ? hi - lo : 0;
    const uint64_t value = range == 0 ? lo : lo + r % range;
    return value & mask;
}

}  // namespace aclemu::fuzz
