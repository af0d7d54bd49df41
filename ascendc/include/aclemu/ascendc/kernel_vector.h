// Vector computation on LocalTensors, the "first count elements" forms: the binary and unary
// arithmetic, the scalar forms, Duplicate, Cast with its round modes and the whole-tensor
// reductions. half and bfloat16_t are computed in float and rounded once per operation.
#pragma once

#include "aclemu/ascendc/kernel_copy.h"
#include "aclemu/ascendc/kernel_repeat.h"
#include "aclemu/ascendc/kernel_unsupported.h"

#include <cmath>
#include <cstdio>
#include <limits>

namespace AscendC {
namespace detail {

// The type a T operand is computed in.
template <typename T>
using Compute =
    std::conditional_t<std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t>, float, T>;

template <typename T>
ACLEMU_ASC_HD void check_count(const char* api, const LocalTensor<T>& tensor, uint32_t count) {
    if (count > tensor.GetSize()) {
        char what[160];
        ::aclemu::ascendc::detail::format_message(what,
                                                  sizeof what,
                                                  "count %u exceeds the LocalTensor's %u elements",
                                                  count,
                                                  tensor.GetSize());
        ::aclemu::ascendc::detail::fail_block(api, what);
    }
}

/// What a count form leaves in the mask register on A2/A3: Normal mode, every element (CANN's
/// count forms switch to Counter mode for the call and back, resetting the mask).
inline ACLEMU_ASC_HD void reset_mask_after_count_form() {
    if (auto* block = ::aclemu::ascendc::detail::current_block()) {
        block->mask_counter = false;
        block->vector_mask[0] = ~0ull;
        block->vector_mask[1] = ~0ull;
    }
}

#ifndef ACLEMU_ASC_DEVICE_PASS
// The half forms on the host: staged through float in chunks by the library's block conversions
// (one rounding per operation, as _Float16 arithmetic gives, without a libgcc call per element).
// dst may be a source (in place), never a partial overlap.
constexpr uint32_t kHalfChunk = 512;

template <typename Op>
void binary_half(half* d, const half* x, const half* y, uint32_t count, Op op) {
    float a[kHalfChunk];
    float b[kHalfChunk];
    for (uint32_t base = 0; base < count; base += kHalfChunk) {
        const uint32_t n = count - base < kHalfChunk ? count - base : kHalfChunk;
        ::aclemu::ascendc::detail::widen_half_on_host(x + base, a, n);
        ::aclemu::ascendc::detail::widen_half_on_host(y + base, b, n);
        for (uint32_t i = 0; i < n; ++i) {
            a[i] = op(a[i], b[i]);
        }
        ::aclemu::ascendc::detail::narrow_half_on_host(a, d + base, n);
    }
}

template <typename Op>
void unary_half(half* d, const half* x, uint32_t count, Op op) {
    float a[kHalfChunk];
    for (uint32_t base = 0; base < count; base += kHalfChunk) {
        const uint32_t n = count - base < kHalfChunk ? count - base : kHalfChunk;
        ::aclemu::ascendc::detail::widen_half_on_host(x + base, a, n);
        for (uint32_t i = 0; i < n; ++i) {
            a[i] = static_cast<float>(op(a[i]));
        }
        ::aclemu::ascendc::detail::narrow_half_on_host(a, d + base, n);
    }
}
#endif

/// True when the n elements at d either are those at s or share no memory with them.
template <typename T>
inline bool same_or_apart(const T* d, const T* s, uint32_t n) {
    const auto dst = reinterpret_cast<uintptr_t>(d), src = reinterpret_cast<uintptr_t>(s);
    const uintptr_t bytes = uintptr_t{n} * sizeof(T);
    return dst == src || dst + bytes <= src || src + bytes <= dst;
}

/// The count form of a binary op. `fused` names op for the library's vectorized loops
/// (binary_half_on_host, binary_float_on_host), or is VectorBinary::None.
template <typename T, typename Op>
ACLEMU_ASC_HD void binary(const char* api,
                          const LocalTensor<T>& dst,
                          const LocalTensor<T>& a,
                          const LocalTensor<T>& b,
                          uint32_t count,
                          ::aclemu::ascendc::detail::VectorBinary fused,
                          Op op) {
    check_count(api, dst, count);
    check_count(api, a, count);
    check_count(api, b, count);
    T* d = dst.GetPhyAddr();
    const T* x = a.GetPhyAddr();
    const T* y = b.GetPhyAddr();
    reset_mask_after_count_form();
#ifndef ACLEMU_ASC_DEVICE_PASS
    constexpr auto kNone = ::aclemu::ascendc::detail::VectorBinary::None;
    if constexpr (std::is_same_v<T, half>) {
        if (fused != kNone) {
            ::aclemu::ascendc::detail::binary_half_on_host(fused, d, x, y, count);
        } else {
            binary_half(d, x, y, count, op);
        }
        return;
    }
    if constexpr (std::is_same_v<T, float>) {
        // A partial overlap keeps the element-by-element loop below (its order is the result).
        if (fused != kNone && same_or_apart(d, x, count) && same_or_apart(d, y, count)) {
            ::aclemu::ascendc::detail::binary_float_on_host(fused, d, x, y, count);
            return;
        }
    }
#else
    (void)fused;
#endif
    for (uint32_t i = 0; i < count; ++i) {
        d[i] = static_cast<T>(op(static_cast<Compute<T>>(x[i]), static_cast<Compute<T>>(y[i])));
    }
}

template <typename T, typename Op>
ACLEMU_ASC_HD void unary(
    const char* api, const LocalTensor<T>& dst, const LocalTensor<T>& a, uint32_t count, Op op) {
    check_count(api, dst, count);
    check_count(api, a, count);
    T* d = dst.GetPhyAddr();
    const T* x = a.GetPhyAddr();
    reset_mask_after_count_form();
#ifndef ACLEMU_ASC_DEVICE_PASS
    if constexpr (std::is_same_v<T, half>) {
        unary_half(d, x, count, op);
        return;
    }
#endif
    for (uint32_t i = 0; i < count; ++i) {
        d[i] = static_cast<T>(op(static_cast<Compute<T>>(x[i])));
    }
}

}  // namespace detail

// fused: the op's VectorBinary (or None), for the half and float count forms on the host.
#define ACLEMU_ASC_BINARY(name, fused, expr)                           \
    template <typename T>                                              \
    ACLEMU_ASC_HD void name(const LocalTensor<T>& dst,                 \
                            const LocalTensor<T>& src0,                \
                            const LocalTensor<T>& src1,                \
                            int32_t count) {                           \
        detail::binary(#name,                                          \
                       dst,                                            \
                       src0,                                           \
                       src1,                                           \
                       static_cast<uint32_t>(count),                   \
                       ::aclemu::ascendc::detail::VectorBinary::fused, \
                       [](auto a, auto b) { return expr; });           \
    }                                                                  \
    template <typename T, bool isSetMask = true>                       \
    ACLEMU_ASC_HD void name(const LocalTensor<T>& dst,                 \
                            const LocalTensor<T>& src0,                \
                            const LocalTensor<T>& src1,                \
                            uint64_t mask,                             \
                            const uint8_t repeatTime,                  \
                            const BinaryRepeatParams& params) {        \
        detail::binary_repeat(#name,                                   \
                              dst,                                     \
                              src0,                                    \
                              src1,                                    \
                              detail::call_mask<isSetMask>(mask),      \
                              repeatTime,                              \
                              params,                                  \
                              [](auto a, auto b) { return expr; });    \
    }                                                                  \
    template <typename T, bool isSetMask = true>                       \
    ACLEMU_ASC_HD void name(const LocalTensor<T>& dst,                 \
                            const LocalTensor<T>& src0,                \
                            const LocalTensor<T>& src1,                \
                            const uint64_t mask[],                     \
                            const uint8_t repeatTime,                  \
                            const BinaryRepeatParams& params) {        \
        detail::binary_repeat(#name,                                   \
                              dst,                                     \
                              src0,                                    \
                              src1,                                    \
                              detail::call_mask<isSetMask>(mask),      \
                              repeatTime,                              \
                              params,                                  \
                              [](auto a, auto b) { return expr; });    \
    }

ACLEMU_ASC_BINARY(Add, Add, a + b)
ACLEMU_ASC_BINARY(Sub, Sub, a - b)
ACLEMU_ASC_BINARY(Mul, Mul, a* b)
ACLEMU_ASC_BINARY(Div, Div, a / b)
ACLEMU_ASC_BINARY(Max, Max, a > b ? a : b)
ACLEMU_ASC_BINARY(Min, Min, a < b ? a : b)
ACLEMU_ASC_BINARY(And, None, a& b)
ACLEMU_ASC_BINARY(Or, None, a | b)
ACLEMU_ASC_BINARY(AddRelu, None, a + b > 0 ? a + b : decltype(a + b)(0))
ACLEMU_ASC_BINARY(SubRelu, None, a - b > 0 ? a - b : decltype(a - b)(0))
#undef ACLEMU_ASC_BINARY

namespace detail {

/// `a` shifted left by `bits` (0 .. the width; the width gives 0), in the unsigned twin so that
/// negative values shift without overflow.
template <typename T>
ACLEMU_ASC_HD T shift_left_bits(T a, T bits) {
    static_assert(std::is_integral_v<T>, "ShiftLeft: the elements must be integers");
    using Bits = std::make_unsigned_t<T>;
    const int64_t n = static_cast<int64_t>(bits);
    if (n < 0 || n >= static_cast<int64_t>(sizeof(T) * 8)) {
        return T(0);
    }
    return static_cast<T>(static_cast<Bits>(static_cast<Bits>(a) << n));
}

/// `a` shifted right by `bits`: a logical shift for unsigned T, an arithmetic one (the sign bit
/// copied in) for signed T; a shift by the width gives 0, or -1 for a negative signed value.
template <typename T>
ACLEMU_ASC_HD T shift_right_bits(T a, T bits) {
    static_assert(std::is_integral_v<T>, "ShiftRight: the elements must be integers");
    const int64_t n = static_cast<int64_t>(bits);
    if (n < 0 || n >= static_cast<int64_t>(sizeof(T) * 8)) {
        return std::is_signed_v<T> && a < 0 ? T(-1) : T(0);
    }
    return static_cast<T>(a >> n);
}

}  // namespace detail

#define ACLEMU_ASC_SCALAR(name, expr)                                                              \
    template <typename T, typename U>                                                              \
    ACLEMU_ASC_HD void name(                                                                       \
        const LocalTensor<T>& dst, const LocalTensor<T>& src, U scalar, int32_t count) {           \
        const auto s = static_cast<detail::Compute<T>>(static_cast<T>(scalar));                    \
        detail::unary(                                                                             \
            #name, dst, src, static_cast<uint32_t>(count), [s](auto a) { return expr; });          \
    }                                                                                              \
    template <typename T, typename U, bool isSetMask = true>                                       \
    ACLEMU_ASC_HD void name(const LocalTensor<T>& dst,                                             \
                            const LocalTensor<T>& src,                                             \
                            U scalar,                                                              \
                            uint64_t mask,                                                         \
                            const uint8_t repeatTime,                                              \
                            const UnaryRepeatParams& params) {                                     \
        const auto s = static_cast<detail::Compute<T>>(static_cast<T>(scalar));                    \
        detail::unary_repeat(                                                                      \
            #name, dst, src, detail::call_mask<isSetMask>(mask), repeatTime, params, [s](auto a) { \
                return expr;                                                                       \
            });                                                                                    \
    }                                                                                              \
    template <typename T, typename U, bool isSetMask = true>                                       \
    ACLEMU_ASC_HD void name(const LocalTensor<T>& dst,                                             \
                            const LocalTensor<T>& src,                                             \
                            U scalar,                                                              \
                            const uint64_t mask[],                                                 \
                            const uint8_t repeatTime,                                              \
                            const UnaryRepeatParams& params) {                                     \
        const auto s = static_cast<detail::Compute<T>>(static_cast<T>(scalar));                    \
        detail::unary_repeat(                                                                      \
            #name, dst, src, detail::call_mask<isSetMask>(mask), repeatTime, params, [s](auto a) { \
                return expr;                                                                       \
            });                                                                                    \
    }                                                                                              \
    /* CANN's <T, isSetMask> spelling (Adds<half, false>): the scalar is a T. */                   \
    template <typename T, bool isSetMask = true>                                                   \
    ACLEMU_ASC_HD void name(const LocalTensor<T>& dst,                                             \
                            const LocalTensor<T>& src,                                             \
                            T scalar,                                                              \
                            uint64_t mask,                                                         \
                            const uint8_t repeatTime,                                              \
                            const UnaryRepeatParams& params) {                                     \
        name<T, T, isSetMask>(dst, src, scalar, mask, repeatTime, params);                         \
    }                                                                                              \
    template <typename T, bool isSetMask = true>                                                   \
    ACLEMU_ASC_HD void name(const LocalTensor<T>& dst,                                             \
                            const LocalTensor<T>& src,                                             \
                            T scalar,                                                              \
                            const uint64_t mask[],                                                 \
                            const uint8_t repeatTime,                                              \
                            const UnaryRepeatParams& params) {                                     \
        name<T, T, isSetMask>(dst, src, scalar, mask, repeatTime, params);                         \
    }                                                                                              \
    /* The count form as <T, isSetMask>: isSetMask = false runs one repeat through the mask */     \
    /* register the kernel set (in Counter mode its element count), `count` unused, as on A2. */   \
    template <typename T, bool isSetMask = true>                                                   \
    ACLEMU_ASC_HD void name(                                                                       \
        const LocalTensor<T>& dst, const LocalTensor<T>& src, T scalar, int32_t count) {           \
        if constexpr (isSetMask) {                                                                 \
            name<T, T>(dst, src, scalar, count);                                                   \
        } else {                                                                                   \
            name<T, T, false>(dst, src, scalar, MASK_PLACEHOLDER, 1, UnaryRepeatParams{});         \
        }                                                                                          \
    }

ACLEMU_ASC_SCALAR(Adds, a + s)
ACLEMU_ASC_SCALAR(Muls, a* s)
ACLEMU_ASC_SCALAR(Maxs, a > s ? a : s)
ACLEMU_ASC_SCALAR(Mins, a < s ? a : s)
ACLEMU_ASC_SCALAR(LeakyRelu, a >= 0 ? a : a * s)
ACLEMU_ASC_SCALAR(ShiftLeft, detail::shift_left_bits(a, s))
ACLEMU_ASC_SCALAR(ShiftRight, detail::shift_right_bits(a, s))
#undef ACLEMU_ASC_SCALAR

#define ACLEMU_ASC_UNARY(name, expr)                                                               \
    template <typename T>                                                                          \
    ACLEMU_ASC_HD void name(const LocalTensor<T>& dst, const LocalTensor<T>& src, int32_t count) { \
        detail::unary(#name, dst, src, static_cast<uint32_t>(count), [](auto a) {                  \
            using C = decltype(a);                                                                 \
            return static_cast<C>(expr);                                                           \
        });                                                                                        \
    }                                                                                              \
    template <typename T, bool isSetMask = true>                                                   \
    ACLEMU_ASC_HD void name(const LocalTensor<T>& dst,                                             \
                            const LocalTensor<T>& src,                                             \
                            uint64_t mask,                                                         \
                            const uint8_t repeatTime,                                              \
                            const UnaryRepeatParams& params) {                                     \
        detail::unary_repeat(                                                                      \
            #name, dst, src, detail::call_mask<isSetMask>(mask), repeatTime, params, [](auto a) {  \
                using C = decltype(a);                                                             \
                return static_cast<C>(expr);                                                       \
            });                                                                                    \
    }                                                                                              \
    template <typename T, bool isSetMask = true>                                                   \
    ACLEMU_ASC_HD void name(const LocalTensor<T>& dst,                                             \
                            const LocalTensor<T>& src,                                             \
                            const uint64_t mask[],                                                 \
                            const uint8_t repeatTime,                                              \
                            const UnaryRepeatParams& params) {                                     \
        detail::unary_repeat(                                                                      \
            #name, dst, src, detail::call_mask<isSetMask>(mask), repeatTime, params, [](auto a) {  \
                using C = decltype(a);                                                             \
                return static_cast<C>(expr);                                                       \
            });                                                                                    \
    }

ACLEMU_ASC_UNARY(Exp, std::exp(a))
ACLEMU_ASC_UNARY(Ln, std::log(a))
ACLEMU_ASC_UNARY(Abs, a < 0 ? -a : a)
ACLEMU_ASC_UNARY(Relu, a > 0 ? a : C(0))
ACLEMU_ASC_UNARY(Sqrt, std::sqrt(a))
ACLEMU_ASC_UNARY(Rsqrt, C(1) / std::sqrt(a))
ACLEMU_ASC_UNARY(Reciprocal, C(1) / a)
ACLEMU_ASC_UNARY(Not, ~a)
#undef ACLEMU_ASC_UNARY

/// dst[i] = firstValue + i, for the first `count` elements (an index vector; half and bfloat16
/// round each value once).
template <typename T>
ACLEMU_ASC_HD void CreateVecIndex(const LocalTensor<T>& dst, T firstValue, uint32_t count) {
    detail::check_count("CreateVecIndex", dst, count);
    using C = detail::Compute<T>;
    for (uint32_t i = 0; i < count; ++i) {
        dst.GetPhyAddr()[i] = static_cast<T>(static_cast<C>(firstValue) + static_cast<C>(i));
    }
}

/// dst[i] += src[i] * scalar.
template <typename T, typename U>
ACLEMU_ASC_HD void Axpy(const LocalTensor<T>& dst,
                        const LocalTensor<U>& src,
                        U scalar,
                        int32_t count) {
    detail::check_count("Axpy", dst, static_cast<uint32_t>(count));
    detail::check_count("Axpy", src, static_cast<uint32_t>(count));
    using C = detail::Compute<T>;
    for (int32_t i = 0; i < count; ++i) {
        dst.GetPhyAddr()[i] =
            static_cast<T>(static_cast<C>(dst.GetPhyAddr()[i])
                           + static_cast<C>(static_cast<detail::Compute<U>>(src.GetPhyAddr()[i])
                                            * static_cast<detail::Compute<U>>(scalar)));
    }
}

template <typename T, typename U>
ACLEMU_ASC_HD void Duplicate(const LocalTensor<T>& dst, U scalar, int32_t count) {
    detail::check_count("Duplicate", dst, static_cast<uint32_t>(count));
    const T value = static_cast<T>(scalar);
    for (int32_t i = 0; i < count; ++i) {
        dst.GetPhyAddr()[i] = value;
    }
}

enum class RoundMode : uint8_t {
    CAST_NONE,
    CAST_RINT,
    CAST_FLOOR,
    CAST_CEIL,
    CAST_ROUND,
    CAST_TRUNC,
    CAST_ODD,
    CAST_HYBRID,
};

namespace detail {

template <typename T>
constexpr bool is_float_like =
    std::is_floating_point_v<T> || std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t>;

template <typename T>
ACLEMU_ASC_HD double to_double(T v) {
    return static_cast<double>(static_cast<Compute<T>>(v));
}

// The representable neighbour of `v` toward +inf or -inf.
template <typename T>
ACLEMU_ASC_HD T step(T v, bool up) {
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
        return std::nextafter(
            v, up ? std::numeric_limits<T>::infinity() : -std::numeric_limits<T>::infinity());
    } else {
        uint16_t bits;
        std::memcpy(&bits, &v, sizeof bits);
        const bool negative = (bits & 0x8000u) != 0;
        if ((bits & 0x7FFFu) == 0) {
            bits = up ? 0x0001 : 0x8001;
        } else if (up != negative) {
            ++bits;  // away from zero
        } else {
            --bits;
        }
        T out;
        std::memcpy(static_cast<void*>(&out), &bits, sizeof out);
        return out;
    }
}

template <typename T>
ACLEMU_ASC_HD bool odd_last_bit(T v) {
    if constexpr (sizeof(T) == 2) {
        uint16_t bits;
        std::memcpy(&bits, &v, sizeof bits);
        return (bits & 1u) != 0;
    } else if constexpr (sizeof(T) == 4) {
        uint32_t bits;
        std::memcpy(&bits, &v, sizeof bits);
        return (bits & 1u) != 0;
    } else {
        uint64_t bits;
        std::memcpy(&bits, &v, sizeof bits);
        return (bits & 1u) != 0;
    }
}

/// `v` rounded to the floating type D in `mode` (RINT: nearest even).
template <typename D>
ACLEMU_ASC_HD D round_to_float(double v, RoundMode mode) {
    D nearest;
    if constexpr (std::is_same_v<D, bfloat16_t>) {
        nearest = bfloat16_t(static_cast<float>(v));  // sources are exact in float
    } else {
        nearest = static_cast<D>(v);
    }
    const double n = to_double(nearest);
    if (std::isnan(v) || n == v || mode == RoundMode::CAST_NONE || mode == RoundMode::CAST_RINT) {
        return nearest;
    }
    const D lower = n < v ? nearest : step(nearest, false);
    const D upper = n > v ? nearest : step(nearest, true);
    switch (mode) {
        case RoundMode::CAST_FLOOR:
            return lower;
        case RoundMode::CAST_CEIL:
            return upper;
        case RoundMode::CAST_TRUNC:
            return v < 0 ? upper : lower;
        case RoundMode::CAST_ROUND: {
            const double below = v - to_double(lower);
            const double above = to_double(upper) - v;
            if (below == above) {
                return v < 0 ? lower : upper;  // ties away from zero
            }
            return below < above ? lower : upper;
        }
        case RoundMode::CAST_ODD:
            return odd_last_bit(lower) ? lower : upper;
        default:
            return nearest;
    }
}

/// `v` rounded to the integer type D in `mode`, saturated.
template <typename D>
ACLEMU_ASC_HD D round_to_int(double v, RoundMode mode) {
    if (std::isnan(v)) {
        return 0;
    }
    double r;
    switch (mode) {
        case RoundMode::CAST_FLOOR:
            r = std::floor(v);
            break;
        case RoundMode::CAST_CEIL:
            r = std::ceil(v);
            break;
        case RoundMode::CAST_TRUNC:
            r = std::trunc(v);
            break;
        case RoundMode::CAST_ROUND:
            r = std::round(v);
            break;
        default:
            r = std::nearbyint(v);
            break;
    }
    if (r <= static_cast<double>(std::numeric_limits<D>::min())) {
        return std::numeric_limits<D>::min();
    }
    if (r >= static_cast<double>(std::numeric_limits<D>::max())) {
        return std::numeric_limits<D>::max();
    }
    return static_cast<D>(r);
}

/// Element i of a tensor of T as a double (int4b_t: a signed nibble).
template <typename T>
ACLEMU_ASC_HD double load_as_double(const T* base, uint64_t i) {
    if constexpr (kElementBits<T> == 4) {
        const uint8_t byte = reinterpret_cast<const uint8_t*>(base)[i / 2];
        const int nibble = i % 2 == 0 ? byte & 0xF : byte >> 4;
        return static_cast<double>(nibble >= 8 ? nibble - 16 : nibble);
    } else {
        return to_double(base[i]);
    }
}

/// `v` rounded in `mode` into element i of a tensor of D (integers saturate; int4b_t to
/// [-8, 7] in its nibble).
template <typename D>
ACLEMU_ASC_HD void store_rounded(D* base, uint64_t i, double v, RoundMode mode) {
    if constexpr (kElementBits<D> == 4) {
        int8_t x = round_to_int<int8_t>(v, mode);
        x = x < -8 ? -8 : x > 7 ? 7 : x;
        uint8_t& byte = reinterpret_cast<uint8_t*>(base)[i / 2];
        const uint8_t nibble = static_cast<uint8_t>(x) & 0xF;
        byte = i % 2 == 0 ? static_cast<uint8_t>((byte & 0xF0) | nibble)
                          : static_cast<uint8_t>((byte & 0x0F) | (nibble << 4));
    } else if constexpr (is_float_like<D>) {
        base[i] = round_to_float<D>(v, mode);
    } else {
        base[i] = round_to_int<D>(v, mode);
    }
}

/// Cast's repeat form: a repeat holds 256 bytes of the wider type (n elements), each operand
/// read in DataBlocks of its own type through its block and repeat strides.
template <typename D, typename S>
ACLEMU_ASC_HD void cast_repeat(const LocalTensor<D>& dst,
                               const LocalTensor<S>& src,
                               RoundMode mode,
                               const RepeatMask& mask,
                               uint8_t repeatTime,
                               const UnaryRepeatParams& p) {
    constexpr uint32_t wider =
        kElementBits < D >> kElementBits<S> ? kElementBits<D> : kElementBits<S>;
    constexpr uint32_t n = ONE_REPEAT_BYTE_SIZE * 8 / wider;
    constexpr uint32_t dst_block = ONE_BLK_SIZE * 8 / kElementBits<D>;  // elements per DataBlock
    constexpr uint32_t src_block = ONE_BLK_SIZE * 8 / kElementBits<S>;
    check_repeat_mask("Cast", mask, n);
    const uint32_t runs = mask.repeats(repeatTime, n);
    for (uint32_t r = 0; r < runs; ++r) {
        for (uint32_t k = 0; k < n; ++k) {
            if (!mask.selects(r, k, n)) {
                continue;
            }
            const uint64_t x =
                (uint64_t{r} * p.srcRepStride + uint64_t{k / src_block} * p.srcBlkStride)
                    * src_block
                + k % src_block;
            const uint64_t d =
                (uint64_t{r} * p.dstRepStride + uint64_t{k / dst_block} * p.dstBlkStride)
                    * dst_block
                + k % dst_block;
            check_reach("Cast", src, x);
            check_reach("Cast", dst, d);
            store_rounded(dst.GetPhyAddr(), d, load_as_double(src.GetPhyAddr(), x), mode);
        }
    }
}

}  // namespace detail

template <typename D, typename S>
ACLEMU_ASC_HD void Cast(const LocalTensor<D>& dst,
                        const LocalTensor<S>& src,
                        RoundMode mode,
                        const uint32_t count) {
    detail::check_count("Cast", dst, count);
    detail::check_count("Cast", src, count);
    for (uint32_t i = 0; i < count; ++i) {
        detail::store_rounded(
            dst.GetPhyAddr(), i, detail::load_as_double(src.GetPhyAddr(), i), mode);
    }
}

/// Cast, repeat forms: a count (or, in Counter mode, total) mask or a bit-wise one, counted in
/// elements of the wider type; the strides in DataBlocks of each operand's own type.
template <typename D, typename S, bool isSetMask = true>
ACLEMU_ASC_HD void Cast(const LocalTensor<D>& dst,
                        const LocalTensor<S>& src,
                        RoundMode roundMode,
                        const uint64_t mask,
                        const uint8_t repeatTime,
                        const UnaryRepeatParams& repeatParams) {
    detail::cast_repeat(
        dst, src, roundMode, detail::call_mask<isSetMask>(mask), repeatTime, repeatParams);
}

template <typename D, typename S, bool isSetMask = true>
ACLEMU_ASC_HD void Cast(const LocalTensor<D>& dst,
                        const LocalTensor<S>& src,
                        RoundMode roundMode,
                        const uint64_t mask[],
                        const uint8_t repeatTime,
                        const UnaryRepeatParams& repeatParams) {
    detail::cast_repeat(
        dst, src, roundMode, detail::call_mask<isSetMask>(mask), repeatTime, repeatParams);
}

namespace detail {

// One 256-byte repeat's elements reduced as a binary tree, each step rounded to T.
template <typename T, typename Op>
ACLEMU_ASC_HD T tree_reduce(const T* values, uint32_t n, Op op) {
    T buffer[ONE_REPEAT_BYTE_SIZE / sizeof(T)] = {};
    for (uint32_t i = 0; i < n; ++i) {
        buffer[i] = values[i];
    }
    while (n > 1) {
        const uint32_t half_n = (n + 1) / 2;
        for (uint32_t i = 0; i + half_n < n; ++i) {
            buffer[i] = static_cast<T>(op(static_cast<Compute<T>>(buffer[i]),
                                          static_cast<Compute<T>>(buffer[i + half_n])));
        }
        n = half_n;
    }
    return buffer[0];
}

/// ReduceSum<T, false> in Normal mode: the elements of the first repeat the register's bits
/// select, summed as a tree of the repeat (unselected ones add nothing).
template <typename T>
ACLEMU_ASC_HD void reduce_masked_repeat_sum(const LocalTensor<T>& dst,
                                            const LocalTensor<T>& src,
                                            const RepeatMask& mask) {
    constexpr uint32_t per_repeat = ONE_REPEAT_BYTE_SIZE / sizeof(T);
    check_count("ReduceSum", src, per_repeat);
    check_count("ReduceSum", dst, 1);
    T picked[per_repeat];
    for (uint32_t k = 0; k < per_repeat; ++k) {
        picked[k] = mask.selects(k) ? src.GetPhyAddr()[k] : static_cast<T>(0);
    }
    const T total = tree_reduce(picked, per_repeat, [](auto a, auto b) { return a + b; });
    dst.GetPhyAddr()[0] = total;
    if (auto* block = ::aclemu::ascendc::detail::current_block()) {
        block->reduce_sum_spr = 0;
        std::memcpy(&block->reduce_sum_spr, &total, sizeof(T) <= 8 ? sizeof(T) : 8);
    }
}

/// ReduceSum's count form without its effect on the mask register.
template <typename T>
ACLEMU_ASC_HD void reduce_sum_count(const LocalTensor<T>& dst,
                                    const LocalTensor<T>& src,
                                    const int32_t count) {
    detail::check_count("ReduceSum", src, static_cast<uint32_t>(count));
    detail::check_count("ReduceSum", dst, 1);
    constexpr uint32_t per_repeat = ONE_REPEAT_BYTE_SIZE / sizeof(T);
    using C = detail::Compute<T>;
    auto add = [](C a, C b) { return a + b; };
    T total = static_cast<T>(0);
    for (uint32_t first = 0; first < static_cast<uint32_t>(count); first += per_repeat) {
        const uint32_t n = std::min<uint32_t>(per_repeat, static_cast<uint32_t>(count) - first);
        const T part = detail::tree_reduce(src.GetPhyAddr() + first, n, add);
        total = first == 0 ? part : static_cast<T>(static_cast<C>(total) + static_cast<C>(part));
    }
    dst.GetPhyAddr()[0] = total;
    if (auto* block = ::aclemu::ascendc::detail::current_block()) {
        block->reduce_sum_spr = 0;  // kept for GetReduceRepeatSumSpr
        std::memcpy(&block->reduce_sum_spr, &total, sizeof(T) <= 8 ? sizeof(T) : 8);
    }
}

}  // namespace detail

/// The sum of the first `count` elements in dst[0]: each 256-byte repeat summed as a tree, the
/// repeats' sums then added in order (the NPU's order, which decides the rounding). With
/// isSetMask = false the mask register decides instead of `count`: in Counter mode its element
/// count, in Normal mode the elements of the first repeat its bits select; with true the register
/// ends in Normal mode, every element, as after every count form.
template <typename T, bool isSetMask = true>
ACLEMU_ASC_HD void ReduceSum(const LocalTensor<T>& dst,
                             const LocalTensor<T>& src,
                             const LocalTensor<T>& tmp,
                             const int32_t count) {
    (void)tmp;
    if constexpr (!isSetMask) {
        const detail::RepeatMask mask = detail::mask_of_register();
        if (mask.counter) {
            detail::reduce_sum_count(dst, src, static_cast<int32_t>(mask.count));
        } else {
            detail::reduce_masked_repeat_sum(dst, src, mask);
        }
        return;  // the register as the kernel set it
    }
    detail::reduce_sum_count(dst, src, count);
    detail::reset_mask_after_count_form();
}

/// The result of the last count-form ReduceSum (its special register on the NPU).
template <typename T>
ACLEMU_ASC_HD T GetReduceRepeatSumSpr() {
    T value = static_cast<T>(0);
    if (const auto* block = ::aclemu::ascendc::detail::current_block()) {
        std::memcpy(
            static_cast<void*>(&value), &block->reduce_sum_spr, sizeof(T) <= 8 ? sizeof(T) : 8);
    }
    return value;
}

/// GetReduceRepeatSumSpr's name before CANN 9.0.
template <typename T>
ACLEMU_ASC_HD T GetAccVal() {
    return GetReduceRepeatSumSpr<T>();
}

namespace detail {

/// Keeps a maximum or minimum and its index for GetReduceRepeatMaxMinSpr (the special register
/// ReduceRepeat<MAX/MIN>, ReduceMax and ReduceMin write on the NPU).
template <typename T>
ACLEMU_ASC_HD void set_max_min_spr(T value, uint32_t index) {
    if (auto* block = ::aclemu::ascendc::detail::current_block()) {
        block->reduce_max_min_spr = 0;
        std::memcpy(&block->reduce_max_min_spr, &value, sizeof(T) <= 8 ? sizeof(T) : 8);
        block->reduce_max_min_index = index;
    }
}

/// An integer stored as the bits of T (an index next to a maximum or minimum; the low bytes of
/// the index, little-endian, as the NPU and aclemu's hosts and GPUs are).
template <typename T>
ACLEMU_ASC_HD T index_bits(uint32_t index) {
    static_assert(sizeof(T) <= sizeof(uint64_t), "an index is stored in at most 8 bytes");
    const uint64_t bits = index;
    T out;
    std::memcpy(static_cast<void*>(&out), &bits, sizeof out);
    return out;
}

template <typename T, typename Better>
ACLEMU_ASC_HD void reduce_extreme(const char* api,
                                  const LocalTensor<T>& dst,
                                  const LocalTensor<T>& src,
                                  int32_t count,
                                  bool with_index,
                                  Better better) {
    check_count(api, src, static_cast<uint32_t>(count));
    check_count(api, dst, with_index ? 2 : 1);
    if (count <= 0) {
        return;
    }
    const T* x = src.GetPhyAddr();
    uint32_t best = 0;
    for (uint32_t i = 1; i < static_cast<uint32_t>(count); ++i) {
        if (better(static_cast<Compute<T>>(x[i]), static_cast<Compute<T>>(x[best]))) {
            best = i;
        }
    }
    dst.GetPhyAddr()[0] = x[best];
    if (with_index) {
        dst.GetPhyAddr()[1] = index_bits<T>(best);  // the index as the bits of T
    }
    set_max_min_spr(x[best], best);
}

}  // namespace detail

template <typename T>
ACLEMU_ASC_HD void ReduceMax(const LocalTensor<T>& dst,
                             const LocalTensor<T>& src,
                             const LocalTensor<T>& tmp,
                             const int32_t count,
                             bool calIndex = false) {
    (void)tmp;
    detail::reduce_extreme(
        "ReduceMax", dst, src, count, calIndex, [](auto a, auto b) { return a > b; });
}

template <typename T>
ACLEMU_ASC_HD void ReduceMin(const LocalTensor<T>& dst,
                             const LocalTensor<T>& src,
                             const LocalTensor<T>& tmp,
                             const int32_t count,
                             bool calIndex = false) {
    (void)tmp;
    detail::reduce_extreme(
        "ReduceMin", dst, src, count, calIndex, [](auto a, auto b) { return a < b; });
}

/// The extreme of the last ReduceRepeat<MAX/MIN> (WholeReduceMax/Min) over all its repeats, or of
/// the last ReduceMax/ReduceMin, and its index (repeat * elements per repeat + position; for
/// ReduceMax/ReduceMin the element's index, where the NPU's is not exact) stored as the bits of
/// T: read it through a uint16_t (half) or uint32_t (float). The first of equal extremes.
template <typename T>
ACLEMU_ASC_HD void GetReduceRepeatMaxMinSpr(T& maxMinValue, T& maxMinIndex) {
    maxMinValue = static_cast<T>(0);
    maxMinIndex = static_cast<T>(0);
    if (const auto* block = ::aclemu::ascendc::detail::current_block()) {
        std::memcpy(static_cast<void*>(&maxMinValue),
                    &block->reduce_max_min_spr,
                    sizeof(T) <= 8 ? sizeof(T) : 8);
        maxMinIndex = detail::index_bits<T>(block->reduce_max_min_index);
    }
}

/// The extreme only (the Atlas inference products' form).
template <typename T>
ACLEMU_ASC_HD void GetReduceRepeatMaxMinSpr(T& maxMinValue) {
    T index;
    GetReduceRepeatMaxMinSpr(maxMinValue, index);
}

/// GetReduceRepeatMaxMinSpr's name before CANN 9.0.
template <typename T>
ACLEMU_ASC_HD void GetReduceMaxMinCount(T& maxMinValue, T& maxMinIndex) {
    GetReduceRepeatMaxMinSpr(maxMinValue, maxMinIndex);
}
template <typename T>
ACLEMU_ASC_HD void GetReduceMaxMinCount(T& maxMinValue) {
    GetReduceRepeatMaxMinSpr(maxMinValue);
}

}  // namespace AscendC
