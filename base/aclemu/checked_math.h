// Overflow-checked integer arithmetic for every size, offset, stride and extent computed from a
// caller's numbers (tensor dims, strides and offsets, byte counts, pitches, workspace slices). A
// result that does not fit its type is reported, never wrapped and never undefined: such input
// is rejected with the API's error code and a message naming the parameter. Usage:
//
//   int64_t numel = 0;
//   if (!checked_product(dims.data(), dims.size(), &numel)) return fail(..., "overflows int64");
//   int64_t bytes = 0;
//   if (!checked_mul(numel, element_size, &bytes)) return fail(...);
//   size_t span = 0;                     // (height - 1) * pitch + width
//   if (!checked_mul(height - 1, pitch, &span) || !checked_add(span, width, &span)) ...
//   const uint64_t estimate = saturating_mul<uint64_t>(numel, 12);  // estimates only
//
// The operands may have different integer types: the exact result is compared with what `out`'s
// type can hold (so a negative result into an unsigned type fails too). Header-only, host code
// of every compiler the project uses (g++, clang, nvcc, hipcc).
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace aclemu {

/// *out = a * b; false when the exact product does not fit T (*out is then unspecified).
template <class T, class A, class B>
[[nodiscard]] inline bool checked_mul(A a, B b, T* out) {
    static_assert(std::is_integral_v<A> && std::is_integral_v<B> && std::is_integral_v<T>);
    return !__builtin_mul_overflow(a, b, out);
}

/// *out = a + b; false when the exact sum does not fit T.
template <class T, class A, class B>
[[nodiscard]] inline bool checked_add(A a, B b, T* out) {
    static_assert(std::is_integral_v<A> && std::is_integral_v<B> && std::is_integral_v<T>);
    return !__builtin_add_overflow(a, b, out);
}

/// *out = a - b; false when the exact difference does not fit T.
template <class T, class A, class B>
[[nodiscard]] inline bool checked_sub(A a, B b, T* out) {
    static_assert(std::is_integral_v<A> && std::is_integral_v<B> && std::is_integral_v<T>);
    return !__builtin_sub_overflow(a, b, out);
}

/// The element count of `count` dims: 0 when any dim is 0 (whatever the others), 1 for none.
/// False when a dim is negative or the count does not fit int64.
[[nodiscard]] inline bool checked_product(const int64_t* dims, size_t count, int64_t* out) {
    bool empty = false;
    for (size_t d = 0; d < count; ++d) {
        if (dims[d] < 0) {
            return false;
        }
        empty = empty || dims[d] == 0;
    }
    if (empty) {
        *out = 0;
        return true;
    }
    int64_t n = 1;
    for (size_t d = 0; d < count; ++d) {
        if (!checked_mul(n, dims[d], &n)) {
            return false;
        }
    }
    *out = n;
    return true;
}

/// `value` rounded up to a multiple of `align` (> 0); false when that does not fit T.
template <class T>
[[nodiscard]] inline bool checked_round_up(T value, T align, T* out) {
    static_assert(std::is_unsigned_v<T>);
    T padded = 0;
    if (align == 0 || !checked_add(value, align - 1, &padded)) {
        return false;
    }
    *out = padded / align * align;
    return true;
}

/// v < 0, without a comparison an unsigned V makes pointless (nvcc warns about those).
template <class V>
[[nodiscard]] constexpr bool is_negative(V v) {
    if constexpr (std::is_signed_v<V>) {
        return v < 0;
    } else {
        return false;
    }
}

/// a * b for an unsigned T: T's maximum when the exact product is larger, 0 when it is
/// negative. For estimates, and for sizes that a later check compares with a limit.
template <class T, class A, class B>
[[nodiscard]] inline T saturating_mul(A a, B b) {
    static_assert(std::is_unsigned_v<T>);
    T out = 0;
    if (checked_mul(a, b, &out)) {
        return out;
    }
    const bool negative = is_negative(a) != is_negative(b) && a != 0 && b != 0;
    return negative ? T{0} : std::numeric_limits<T>::max();
}

/// a + b for an unsigned T: T's maximum when the exact sum is larger, 0 when it is negative.
template <class T, class A, class B>
[[nodiscard]] inline T saturating_add(A a, B b) {
    static_assert(std::is_unsigned_v<T>);
    T out = 0;
    if (checked_add(a, b, &out)) {
        return out;
    }
    // Into an unsigned type a sum with a negative operand can only fail by being negative.
    return is_negative(a) || is_negative(b) ? T{0} : std::numeric_limits<T>::max();
}

}  // namespace aclemu
