// Ascend 950's logic ops with a scalar on either side (Ors, Ands: the scalar a value, or one
// element of a LocalTensor whose side BinaryConfig names) and the shifts by a tensor of shift
// counts (ShiftLeft / ShiftRight with a LocalTensor src1). aclemu offers them on every
// architecture; CANN's examples compile them only for dav-3510.
#pragma once

#include "aclemu/ascendc/kernel_vector.h"

namespace AscendC {

/// Reserved first template parameter of the flexible-scalar ops.
struct BinaryDefaultType {};

/// Which operand is the one-element scalar when both are LocalTensors: 0 src0, 1 src1.
struct BinaryConfig {
    int8_t scalarTensorIndex = 1;
};
inline constexpr BinaryConfig DEFAULT_BINARY_CONFIG = {1};

namespace detail {

template <typename X>
struct IsLocalTensor : std::false_type {};
template <typename E>
struct IsLocalTensor<LocalTensor<E>> : std::true_type {};

/// The vector operand and the scalar of a flexible-scalar op (src0 op src1).
template <typename E>
struct VectorAndScalar {
    LocalTensor<E> vector;
    E scalar;
    bool scalar_first;
};

template <const BinaryConfig& config, typename E, typename S, typename V>
ACLEMU_ASC_HD VectorAndScalar<E> split_operands(const S& src0, const V& src1) {
    if constexpr (IsLocalTensor<S>::value && IsLocalTensor<V>::value) {
        if (config.scalarTensorIndex == 0) {
            return {src1, src0.GetPhyAddr()[0], true};
        }
        return {src0, src1.GetPhyAddr()[0], false};
    } else if constexpr (IsLocalTensor<S>::value) {
        return {src0, static_cast<E>(src1), false};
    } else {
        static_assert(IsLocalTensor<V>::value, "one of src0 and src1 must be a LocalTensor");
        return {src1, static_cast<E>(src0), true};
    }
}

}  // namespace detail

#define ACLEMU_ASC_FLEX_SCALAR(name, expr)                                                       \
    template <typename T = BinaryDefaultType,                                                    \
              bool isSetMask = true,                                                             \
              const BinaryConfig& config = DEFAULT_BINARY_CONFIG,                                \
              typename U,                                                                        \
              typename S,                                                                        \
              typename V>                                                                        \
    ACLEMU_ASC_HD void name(const U& dst, S src0, V src1, int32_t count) {                       \
        using E = typename U::PrimType;                                                          \
        const auto ops = detail::split_operands<config, E>(src0, src1);                          \
        const E s = ops.scalar;                                                                  \
        detail::unary(                                                                           \
            #name, dst, ops.vector, static_cast<uint32_t>(count), [s](auto a) { return expr; }); \
    }                                                                                            \
    template <typename T = BinaryDefaultType,                                                    \
              bool isSetMask = true,                                                             \
              const BinaryConfig& config = DEFAULT_BINARY_CONFIG,                                \
              typename U,                                                                        \
              typename S,                                                                        \
              typename V,                                                                        \
              typename Mask>                                                                     \
    ACLEMU_ASC_HD void name(const U& dst,                                                        \
                            S src0,                                                              \
                            V src1,                                                              \
                            Mask mask,                                                           \
                            const uint8_t repeatTime,                                            \
                            const UnaryRepeatParams& repeatParams) {                             \
        using E = typename U::PrimType;                                                          \
        const auto ops = detail::split_operands<config, E>(src0, src1);                          \
        const E s = ops.scalar;                                                                  \
        detail::unary_repeat(#name,                                                              \
                             dst,                                                                \
                             ops.vector,                                                         \
                             detail::call_mask<isSetMask>(detail::mask_argument(mask)),          \
                             repeatTime,                                                         \
                             repeatParams,                                                       \
                             [s](auto a) { return expr; });                                      \
    }

// Bitwise or and and are symmetric: the scalar's side changes nothing in the result.
ACLEMU_ASC_FLEX_SCALAR(Ors, a | s)
ACLEMU_ASC_FLEX_SCALAR(Ands, a& s)
#undef ACLEMU_ASC_FLEX_SCALAR

namespace detail {

/// dst[i] = shift(src0[i], src1[i]) for the first `count` elements; the counts must not be
/// negative (CANN: not supported), a count of the width or more gives the shift's limit.
template <typename T, typename U, typename Shift>
ACLEMU_ASC_HD void shift_by_tensor(const char* api,
                                   const LocalTensor<T>& dst,
                                   const LocalTensor<T>& src0,
                                   const LocalTensor<U>& src1,
                                   int32_t count,
                                   Shift shift) {
    static_assert(sizeof(U) == sizeof(T), "the shift counts have the width of the elements");
    const uint32_t n = count < 0 ? 0 : static_cast<uint32_t>(count);
    check_count(api, dst, n);
    check_count(api, src0, n);
    check_count(api, src1, n);
    for (uint32_t i = 0; i < n; ++i) {
        const U bits = src1.GetPhyAddr()[i];
        if (bits < 0) {
            ::aclemu::ascendc::detail::report_check(api, "a shift count is negative");
        }
        dst.GetPhyAddr()[i] = shift(src0.GetPhyAddr()[i], static_cast<T>(bits < 0 ? 0 : bits));
    }
}

}  // namespace detail

template <typename T, typename U>
ACLEMU_ASC_HD void ShiftLeft(const LocalTensor<T>& dst,
                             const LocalTensor<T>& src0,
                             const LocalTensor<U>& src1,
                             int32_t count) {
    detail::shift_by_tensor("ShiftLeft", dst, src0, src1, count, [](T a, T b) {
        return detail::shift_left_bits(a, b);
    });
}

template <typename T, typename U>
ACLEMU_ASC_HD void ShiftRight(const LocalTensor<T>& dst,
                              const LocalTensor<T>& src0,
                              const LocalTensor<U>& src1,
                              int32_t count) {
    detail::shift_by_tensor("ShiftRight", dst, src0, src1, count, [](T a, T b) {
        return detail::shift_right_bits(a, b);
    });
}

}  // namespace AscendC
