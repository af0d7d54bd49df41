// The one copy of aclrtRandomNumAsync's work, shared by the CPU loop (kernels_cpu/builtin/
// random.cpp) and the GPU kernel (random.cu): the task is cut into units (a Philox block, or for
// the dropout bitmask one output byte, which takes two blocks), and random_write_unit() writes
// every output of one unit. The distributions and the element-to-block map are those of
// Note [Random counter] (kernels_cu/math/random_distributions.h).
#pragma once

#include "kernels_cu/builtin/builtin_args.h"
#include "kernels_cu/math/dtype.h"
#include "kernels_cu/math/random_distributions.h"
#include "kernels_cu/portability.h"

#include <cstdint>

namespace aclemu::kernels::builtin {

/// The task's parameters, read from their device addresses where given (when the task runs).
struct RandomValues {
    uint64_t seed = 0;
    uint64_t counter_lo = 0;
    uint64_t counter_hi = 0;
    uint64_t count = 0;
    uint64_t a = 0;  // raw bits in the parameter type
    uint64_t b = 0;
};

ACLEMU_HD uint64_t load_little_endian(const void* addr, int bytes) {
    const unsigned char* p = static_cast<const unsigned char*>(addr);
    uint64_t v = 0;
    for (int i = 0; i < bytes && i < 8; ++i) {
        v |= static_cast<uint64_t>(p[i]) << (8 * i);
    }
    return v;
}

ACLEMU_HD uint64_t load_param(const RandomParam& param) {
    return param.addr != nullptr ? load_little_endian(param.addr, param.bytes) : param.value;
}

ACLEMU_HD RandomValues load_random_values(const RandomArgs& args) {
    RandomValues v;
    v.seed = load_param(args.seed);
    const uint64_t count = load_param(args.count);
    v.count = count < args.max_count ? count : args.max_count;
    v.a = load_param(args.a);
    v.b = load_param(args.b);
    v.counter_lo = load_little_endian(args.counter, 8);
    v.counter_hi = load_little_endian(static_cast<const unsigned char*>(args.counter) + 8, 8);
    return v;
}

/// Units of work for `count` outputs.
ACLEMU_HD uint64_t random_unit_count(const RandomArgs& args, uint64_t count) {
    if (args.func == RandomFunc::DropoutBitmask) {
        return (count + 7) / 8;  // output bytes
    }
    const uint64_t per_block = elem_size(args.type) == 8 ? 2 : 4;
    return (count + per_block - 1) / per_block;
}

namespace random_detail {

ACLEMU_HD Philox4x32 block(const RandomValues& v, uint64_t index) {
    return random_block(v.seed, v.counter_lo, v.counter_hi, index);
}

/// Floating outputs; true when one is not finite while both parameters are.
template <typename T>
ACLEMU_HD bool write_floating(const RandomArgs& args, const RandomValues& v, uint64_t unit) {
    const float a = param_float<T>(v.a);
    const float b = param_float<T>(v.b);
    const bool params_finite = is_finite_float(a) && is_finite_float(b);
    const Philox4x32 words = block(v, unit);
    T* out = static_cast<T*>(args.out);
    bool overflow = false;
    for (int j = 0; j < 4; ++j) {
        const uint64_t i = unit * 4 + j;
        if (i < v.count) {
            float value;
            out[i] = random_float_element<T>(args.func, words.v[j], a, b, &value);
            overflow = overflow || (params_finite && !is_finite_float(to_float(out[i])));
        }
    }
    return overflow;
}

/// Sign-extends the low `bytes` of `bits` (signed types) to 64 bits.
ACLEMU_HD uint64_t widen(uint64_t bits, ElemType type) {
    switch (type) {
        case ElemType::Int32:
            return static_cast<uint64_t>(static_cast<int64_t>(static_cast<int32_t>(bits)));
        case ElemType::UInt32:
            return bits & 0xFFFFFFFFu;
        default:
            break;
    }
    return bits;
}

/// max - min when max > min, else 0.
ACLEMU_HD uint64_t integer_range(uint64_t min, uint64_t max, bool is_signed) {
    const bool larger =
        is_signed ? static_cast<int64_t>(max) > static_cast<int64_t>(min) : max > min;
    return larger ? max - min : 0;
}

template <typename T>
ACLEMU_HD void write_integer(const RandomArgs& args, const RandomValues& v, uint64_t unit) {
    const bool is_signed = args.type == ElemType::Int32 || args.type == ElemType::Int64;
    const uint64_t min = widen(v.a, args.type);
    const uint64_t range = integer_range(min, widen(v.b, args.type), is_signed);
    const Philox4x32 words = block(v, unit);
    T* out = static_cast<T*>(args.out);
    if constexpr (sizeof(T) == 8) {
        for (int j = 0; j < 2; ++j) {
            const uint64_t i = unit * 2 + j;
            if (i < v.count) {
                const uint64_t r =
                    words.v[2 * j] | (static_cast<uint64_t>(words.v[2 * j + 1]) << 32);
                out[i] = static_cast<T>(random_integer(r, min, range));
            }
        }
    } else {
        for (int j = 0; j < 4; ++j) {
            const uint64_t i = unit * 4 + j;
            if (i < v.count) {
                out[i] = static_cast<T>(random_integer(words.v[j], min, range));
            }
        }
    }
}

ACLEMU_HD void write_mask_byte(const RandomArgs& args, const RandomValues& v, uint64_t byte) {
    float ratio = 0.0f;
    switch (args.type) {
        case ElemType::Float16:
            ratio = param_float<Half>(v.a);
            break;
        case ElemType::BFloat16:
            ratio = param_float<BFloat16>(v.a);
            break;
        default:
            ratio = param_float<float>(v.a);
            break;
    }
    const Philox4x32 first = block(v, byte * 2);
    const Philox4x32 second = block(v, byte * 2 + 1);
    uint32_t bits = 0;
    for (int j = 0; j < 8; ++j) {
        const uint64_t i = byte * 8 + j;
        if (i < v.count) {
            const uint32_t w = j < 4 ? first.v[j] : second.v[j - 4];
            bits |= dropout_keep(w, ratio) << j;
        }
    }
    static_cast<uint8_t*>(args.out)[byte] = static_cast<uint8_t>(bits);
}

}  // namespace random_detail

/// Writes the outputs of `unit`; returns true when a floating-point output overflowed.
ACLEMU_HD bool random_write_unit(const RandomArgs& args, const RandomValues& v, uint64_t unit) {
    if (args.func == RandomFunc::DropoutBitmask) {
        random_detail::write_mask_byte(args, v, unit);
        return false;
    }
    switch (args.type) {
        case ElemType::Float32:
            return random_detail::write_floating<float>(args, v, unit);
        case ElemType::Float16:
            return random_detail::write_floating<Half>(args, v, unit);
        case ElemType::BFloat16:
            return random_detail::write_floating<BFloat16>(args, v, unit);
        case ElemType::Int32:
            random_detail::write_integer<int32_t>(args, v, unit);
            break;
        case ElemType::UInt32:
            random_detail::write_integer<uint32_t>(args, v, unit);
            break;
        case ElemType::Int64:
            random_detail::write_integer<int64_t>(args, v, unit);
            break;
        case ElemType::UInt64:
            random_detail::write_integer<uint64_t>(args, v, unit);
            break;
        default:
            break;
    }
    return false;
}

}  // namespace aclemu::kernels::builtin
