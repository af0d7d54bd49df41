// Compare / Compares and Select, the "first count elements" forms. A comparison writes one bit
// per element into an integer LocalTensor (element i is bit i % 8 of byte i / 8, 1 = true);
// Select takes element i from src0 where bit i of selMask is 1, else from src1 (a tensor or a
// scalar). half and bfloat16_t compare as float (exact: both widen without rounding).
#pragma once

#include "aclemu/ascendc/kernel_vector.h"

#include <cstdio>

namespace AscendC {

enum class CMPMODE : uint8_t { LT = 0, GT, EQ, LE, GE, NE };

enum class SELMODE : uint8_t {
    VSEL_CMPMASK_SPR = 0,
    VSEL_TENSOR_SCALAR_MODE = 1,
    VSEL_TENSOR_TENSOR_MODE = 2,
};

namespace detail {

template <typename C>
ACLEMU_ASC_HD bool compare_values(C a, C b, CMPMODE mode) {
    switch (mode) {
        case CMPMODE::LT:
            return a < b;
        case CMPMODE::GT:
            return a > b;
        case CMPMODE::EQ:
            return a == b;
        case CMPMODE::LE:
            return a <= b;
        case CMPMODE::GE:
            return a >= b;
        case CMPMODE::NE:
            return a != b;
    }
    ::aclemu::ascendc::detail::fail_block("Compare", "cmpMode is not a CMPMODE");
}

/// Bytes of a bit mask of `count` elements a tensor of U must hold.
template <typename U>
ACLEMU_ASC_HD void check_mask_bytes(const char* api, const LocalTensor<U>& mask, uint32_t count) {
    static_assert(std::is_integral_v<U>, "a bit mask is a LocalTensor of an integer type");
    const uint64_t need = (static_cast<uint64_t>(count) + 7) / 8;
    if (need > static_cast<uint64_t>(mask.GetSize()) * sizeof(U)) {
        char what[160];
        ::aclemu::ascendc::detail::format_message(
            what,
            sizeof what,
            "a mask of %u elements needs %llu bytes; the LocalTensor has %llu",
            count,
            static_cast<unsigned long long>(need),
            static_cast<unsigned long long>(mask.GetSize() * sizeof(U)));
        ::aclemu::ascendc::detail::fail_block(api, what);
    }
}

/// The A2/A3 count forms of Compare process whole 256-byte repeats: another count is a kernel
/// bug the NPU does not report (aclemu compares exactly `count`).
template <typename T>
ACLEMU_ASC_HD void check_compare_count(const char* api, uint32_t count) {
    if ((static_cast<uint64_t>(count) * sizeof(T)) % ONE_REPEAT_BYTE_SIZE != 0) {
        char what[160];
        ::aclemu::ascendc::detail::format_message(
            what,
            sizeof what,
            "count %u (%llu bytes) is not a multiple of 256 bytes",
            count,
            static_cast<unsigned long long>(count * sizeof(T)));
        ::aclemu::ascendc::detail::report_check(api, what);
    }
}

/// Writes bit i of the mask in `dst` for i < count, from `bit(i)`; the unused high bits of the
/// last byte are cleared.
template <typename U, typename Bit>
ACLEMU_ASC_HD void write_mask(const LocalTensor<U>& dst, uint32_t count, Bit bit) {
    auto* bytes = reinterpret_cast<uint8_t*>(dst.GetPhyAddr());
    for (uint32_t byte = 0; byte < (count + 7) / 8; ++byte) {
        uint8_t value = 0;
        for (uint32_t k = 0; k < 8 && byte * 8 + k < count; ++k) {
            value = static_cast<uint8_t>(value | (bit(byte * 8 + k) ? 1u << k : 0u));
        }
        bytes[byte] = value;
    }
}

template <typename U>
ACLEMU_ASC_HD bool mask_bit(const LocalTensor<U>& mask, uint32_t i) {
    const auto* bytes = reinterpret_cast<const uint8_t*>(mask.GetPhyAddr());
    return ((bytes[i / 8] >> (i % 8)) & 1u) != 0;
}

}  // namespace detail

/// dst bit i = src0[i] <cmpMode> src1[i], for the first `count` elements.
template <typename T, typename U>
ACLEMU_ASC_HD void Compare(const LocalTensor<U>& dst,
                           const LocalTensor<T>& src0,
                           const LocalTensor<T>& src1,
                           CMPMODE cmpMode,
                           uint32_t count) {
    detail::check_count("Compare", src0, count);
    detail::check_count("Compare", src1, count);
    detail::check_mask_bytes("Compare", dst, count);
    detail::check_compare_count<T>("Compare", count);
    using C = detail::Compute<T>;
    const T* a = src0.GetPhyAddr();
    const T* b = src1.GetPhyAddr();
    detail::write_mask(dst, count, [&](uint32_t i) {
        return detail::compare_values(static_cast<C>(a[i]), static_cast<C>(b[i]), cmpMode);
    });
}

/// dst bit i = src0[i] <cmpMode> scalar, for the first `count` elements.
template <typename T, typename U>
ACLEMU_ASC_HD void Compares(const LocalTensor<U>& dst,
                            const LocalTensor<T>& src0,
                            const T src1Scalar,
                            CMPMODE cmpMode,
                            uint32_t count) {
    detail::check_count("Compares", src0, count);
    detail::check_mask_bytes("Compares", dst, count);
    using C = detail::Compute<T>;
    const T* a = src0.GetPhyAddr();
    const C s = static_cast<C>(src1Scalar);
    detail::write_mask(dst, count, [&](uint32_t i) {
        return detail::compare_values(static_cast<C>(a[i]), s, cmpMode);
    });
}

/// The name Compares had before CANN 8.5.
template <typename T, typename U>
ACLEMU_ASC_HD void CompareScalar(const LocalTensor<U>& dst,
                                 const LocalTensor<T>& src0,
                                 const T src1Scalar,
                                 CMPMODE cmpMode,
                                 uint32_t count) {
    Compares(dst, src0, src1Scalar, cmpMode, count);
}

/// Modes 0 and 2: dst[i] = bit ? src0[i] : src1[i]. Mode 0 reads only the first repeat's bits
/// (256 bytes of T) and applies them to every repeat; mode 2 reads one bit per element.
template <typename T, typename U>
ACLEMU_ASC_HD void Select(const LocalTensor<T>& dst,
                          const LocalTensor<U>& selMask,
                          const LocalTensor<T>& src0,
                          const LocalTensor<T>& src1,
                          SELMODE selMode,
                          uint32_t count) {
    constexpr const char* kApi = "Select";
    if (selMode == SELMODE::VSEL_TENSOR_SCALAR_MODE) {
        ::aclemu::ascendc::detail::fail_block(
            kApi, "VSEL_TENSOR_SCALAR_MODE takes a scalar src1, not a LocalTensor");
    }
    detail::check_count(kApi, dst, count);
    detail::check_count(kApi, src0, count);
    detail::check_count(kApi, src1, count);
    constexpr uint32_t per_repeat = ONE_REPEAT_BYTE_SIZE / sizeof(T);
    const bool repeat_mask = selMode == SELMODE::VSEL_CMPMASK_SPR;
    detail::check_mask_bytes(kApi, selMask, repeat_mask && count > per_repeat ? per_repeat : count);
    T* d = dst.GetPhyAddr();
    const T* a = src0.GetPhyAddr();
    const T* b = src1.GetPhyAddr();
    for (uint32_t i = 0; i < count; ++i) {
        d[i] = detail::mask_bit(selMask, repeat_mask ? i % per_repeat : i) ? a[i] : b[i];
    }
}

/// Mode 1: dst[i] = bit i ? src0[i] : scalar.
template <typename T, typename U>
ACLEMU_ASC_HD void Select(const LocalTensor<T>& dst,
                          const LocalTensor<U>& selMask,
                          const LocalTensor<T>& src0,
                          T src1,
                          SELMODE selMode,
                          uint32_t count) {
    constexpr const char* kApi = "Select";
    if (selMode != SELMODE::VSEL_TENSOR_SCALAR_MODE) {
        ::aclemu::ascendc::detail::fail_block(
            kApi, "a scalar src1 needs SELMODE::VSEL_TENSOR_SCALAR_MODE");
    }
    detail::check_count(kApi, dst, count);
    detail::check_count(kApi, src0, count);
    detail::check_mask_bytes(kApi, selMask, count);
    T* d = dst.GetPhyAddr();
    const T* a = src0.GetPhyAddr();
    for (uint32_t i = 0; i < count; ++i) {
        d[i] = detail::mask_bit(selMask, i) ? a[i] : src1;
    }
}

}  // namespace AscendC
