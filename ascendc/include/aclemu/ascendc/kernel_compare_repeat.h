// The mask/repeat forms of Compare, Compares and Select (kernel_compare.h has the count forms).
// Each repeat reads 8 DataBlocks of every source through the block and repeat strides
// (kernel_repeat.h).
//
// Compare / Compares: on A2/A3 the mask is reserved and has no effect (CANN's API reference):
// every element of each repeat is compared. The bits of repeat r follow those of repeat r - 1
// (repeat r fills bits [r * n, (r + 1) * n) of dst, n elements per repeat), which is what CANN's
// count form gets from the repeat form with the default strides. **[inferred]** The hardware's
// dst strides for a bit result are not documented: aclemu reports other dst strides as a check.
//
// Select: the mask picks the elements of each repeat that are written (the others keep their
// value). Element k of repeat r takes its bit from selMask: bit k in mode 0 (the first repeat's
// bits serve every repeat, as the count form), bit r * n + k in modes 1 and 2.
#pragma once

#include "aclemu/ascendc/kernel_compare.h"
#include "aclemu/ascendc/kernel_repeat.h"

#include <cstdio>

namespace AscendC {
namespace detail {

/// Elements of T in one 256-byte repeat.
template <typename T>
ACLEMU_ASC_HD constexpr uint32_t per_repeat() {
    return ONE_REPEAT_BYTE_SIZE / sizeof(T);
}

/// Reports dst strides of a compare other than the default: aclemu writes the bits of the
/// repeats one after another whatever they are.
ACLEMU_ASC_HD inline void check_compare_dst_strides(const char* api, uint32_t blk, uint32_t rep) {
    if (blk != DEFAULT_BLK_STRIDE || rep != DEFAULT_REPEAT_STRIDE) {
        char what[160];
        ::aclemu::ascendc::detail::format_message(
            what,
            sizeof what,
            "dst strides (%u, %u) are not emulated: the bits of each repeat follow the "
            "previous repeat's, as with (1, 8)",
            blk,
            rep);
        ::aclemu::ascendc::detail::report_check(api, what);
    }
}

/// Compares element k of repeat r (`value(r, blk, e)` of src0 against `other(r, blk, e)`) and
/// writes its bit at r * n + k of dst.
template <typename T, typename U, typename Left, typename Right>
ACLEMU_ASC_HD void compare_repeat(const char* api,
                                  const LocalTensor<U>& dst,
                                  CMPMODE mode,
                                  uint8_t repeats,
                                  Left left,
                                  Right right) {
    constexpr uint32_t n = per_repeat<T>();
    constexpr uint32_t per_block = ONE_BLK_SIZE / sizeof(T);
    const uint32_t bits = static_cast<uint32_t>(repeats) * n;
    check_mask_bytes(api, dst, bits);
    using C = Compute<T>;
    write_mask(dst, bits, [&](uint32_t i) {
        const uint32_t r = i / n;
        const uint32_t k = i % n;
        return compare_values(static_cast<C>(left(r, k / per_block, k % per_block)),
                              static_cast<C>(right(r, k / per_block, k % per_block)),
                              mode);
    });
}

template <typename T, typename U, typename Src1>
ACLEMU_ASC_HD void select_repeat(const LocalTensor<T>& dst,
                                 const LocalTensor<U>& selMask,
                                 const LocalTensor<T>& src0,
                                 Src1 src1,
                                 SELMODE selMode,
                                 const RepeatMask& mask,
                                 uint8_t repeats,
                                 const BinaryRepeatParams& p) {
    constexpr const char* kApi = "Select";
    constexpr uint32_t n = per_repeat<T>();
    constexpr uint32_t per_block = ONE_BLK_SIZE / sizeof(T);
    check_repeat<T>(kApi, mask, repeats);
    const bool first_repeat_bits = selMode == SELMODE::VSEL_CMPMASK_SPR;
    const uint32_t runs = mask.repeats(repeats, n);
    check_mask_bytes(kApi, selMask, first_repeat_bits ? n : runs * n);
    for (uint32_t r = 0; r < runs; ++r) {
        for (uint32_t k = 0; k < n; ++k) {
            if (!mask.selects(r, k, n)) {
                continue;
            }
            const uint32_t blk = k / per_block;
            const uint32_t e = k % per_block;
            const uint64_t d = repeat_offset<T>(r, blk, e, p.dstBlkStride, p.dstRepStride);
            check_reach(kApi, dst, d);
            const bool take_src0 = mask_bit(selMask, first_repeat_bits ? k : r * n + k);
            dst.GetPhyAddr()[d] =
                take_src0 ? repeat_value(kApi, src0, r, blk, e, p.src0BlkStride, p.src0RepStride)
                          : src1(r, blk, e);
        }
    }
}

}  // namespace detail

/// Compare, repeat form: the mask is reserved on A2/A3 (every element is compared).
template <typename T, typename U, bool isSetMask = true>
ACLEMU_ASC_HD void Compare(const LocalTensor<U>& dst,
                           const LocalTensor<T>& src0,
                           const LocalTensor<T>& src1,
                           CMPMODE cmpMode,
                           const uint64_t mask,
                           uint8_t repeatTime,
                           const BinaryRepeatParams& repeatParams) {
    (void)mask;
    const BinaryRepeatParams& p = repeatParams;
    detail::check_compare_dst_strides("Compare", p.dstBlkStride, p.dstRepStride);
    detail::compare_repeat<T>(
        "Compare",
        dst,
        cmpMode,
        repeatTime,
        [&](uint32_t r, uint32_t b, uint32_t e) {
            return detail::repeat_value("Compare", src0, r, b, e, p.src0BlkStride, p.src0RepStride);
        },
        [&](uint32_t r, uint32_t b, uint32_t e) {
            return detail::repeat_value("Compare", src1, r, b, e, p.src1BlkStride, p.src1RepStride);
        });
}

/// Compare, repeat form with a bit-wise mask (reserved on A2/A3, as the count mask).
template <typename T, typename U, bool isSetMask = true>
ACLEMU_ASC_HD void Compare(const LocalTensor<U>& dst,
                           const LocalTensor<T>& src0,
                           const LocalTensor<T>& src1,
                           CMPMODE cmpMode,
                           const uint64_t mask[],
                           uint8_t repeatTime,
                           const BinaryRepeatParams& repeatParams) {
    (void)mask;
    Compare<T, U, isSetMask>(dst, src0, src1, cmpMode, uint64_t{0}, repeatTime, repeatParams);
}

/// Compares, repeat form: src0 against a scalar; the mask is reserved on A2/A3.
template <typename T, typename U, bool isSetMask = true>
ACLEMU_ASC_HD void Compares(const LocalTensor<U>& dst,
                            const LocalTensor<T>& src0,
                            const T src1Scalar,
                            CMPMODE cmpMode,
                            const uint64_t mask,
                            uint8_t repeatTime,
                            const UnaryRepeatParams& repeatParams) {
    (void)mask;
    const UnaryRepeatParams& p = repeatParams;
    detail::check_compare_dst_strides("Compares", p.dstBlkStride, p.dstRepStride);
    detail::compare_repeat<T>(
        "Compares",
        dst,
        cmpMode,
        repeatTime,
        [&](uint32_t r, uint32_t b, uint32_t e) {
            return detail::repeat_value("Compares", src0, r, b, e, p.srcBlkStride, p.srcRepStride);
        },
        [&](uint32_t, uint32_t, uint32_t) { return src1Scalar; });
}

template <typename T, typename U, bool isSetMask = true>
ACLEMU_ASC_HD void Compares(const LocalTensor<U>& dst,
                            const LocalTensor<T>& src0,
                            const T src1Scalar,
                            CMPMODE cmpMode,
                            const uint64_t mask[],
                            uint8_t repeatTime,
                            const UnaryRepeatParams& repeatParams) {
    (void)mask;
    Compares<T, U, isSetMask>(
        dst, src0, src1Scalar, cmpMode, uint64_t{0}, repeatTime, repeatParams);
}

/// The name Compares had before CANN 8.5, repeat forms.
template <typename T, typename U, bool isSetMask = true>
ACLEMU_ASC_HD void CompareScalar(const LocalTensor<U>& dst,
                                 const LocalTensor<T>& src0,
                                 const T src1Scalar,
                                 CMPMODE cmpMode,
                                 const uint64_t mask,
                                 uint8_t repeatTime,
                                 const UnaryRepeatParams& repeatParams) {
    Compares<T, U, isSetMask>(dst, src0, src1Scalar, cmpMode, mask, repeatTime, repeatParams);
}

template <typename T, typename U, bool isSetMask = true>
ACLEMU_ASC_HD void CompareScalar(const LocalTensor<U>& dst,
                                 const LocalTensor<T>& src0,
                                 const T src1Scalar,
                                 CMPMODE cmpMode,
                                 const uint64_t mask[],
                                 uint8_t repeatTime,
                                 const UnaryRepeatParams& repeatParams) {
    Compares<T, U, isSetMask>(dst, src0, src1Scalar, cmpMode, mask, repeatTime, repeatParams);
}

namespace detail {

template <typename T, typename U>
ACLEMU_ASC_HD void select_tensors(const LocalTensor<T>& dst,
                                  const LocalTensor<U>& selMask,
                                  const LocalTensor<T>& src0,
                                  const LocalTensor<T>& src1,
                                  SELMODE selMode,
                                  const RepeatMask& mask,
                                  uint8_t repeatTime,
                                  const BinaryRepeatParams& p) {
    if (selMode == SELMODE::VSEL_TENSOR_SCALAR_MODE) {
        ::aclemu::ascendc::detail::fail_block(
            "Select", "VSEL_TENSOR_SCALAR_MODE takes a scalar src1, not a LocalTensor");
    }
    select_repeat(
        dst,
        selMask,
        src0,
        [&](uint32_t r, uint32_t b, uint32_t e) {
            return repeat_value("Select", src1, r, b, e, p.src1BlkStride, p.src1RepStride);
        },
        selMode,
        mask,
        repeatTime,
        p);
}

template <typename T, typename U>
ACLEMU_ASC_HD void select_scalar(const LocalTensor<T>& dst,
                                 const LocalTensor<U>& selMask,
                                 const LocalTensor<T>& src0,
                                 T src1,
                                 SELMODE selMode,
                                 const RepeatMask& mask,
                                 uint8_t repeatTime,
                                 const BinaryRepeatParams& p) {
    if (selMode != SELMODE::VSEL_TENSOR_SCALAR_MODE) {
        ::aclemu::ascendc::detail::fail_block(
            "Select", "a scalar src1 needs SELMODE::VSEL_TENSOR_SCALAR_MODE");
    }
    select_repeat(
        dst,
        selMask,
        src0,
        [&](uint32_t, uint32_t, uint32_t) { return src1; },
        selMode,
        mask,
        repeatTime,
        p);
}

}  // namespace detail

/// Select, repeat forms (modes 0 and 2 with a tensor src1, mode 1 with a scalar), with a count
/// or a bit-wise mask of the elements written in each repeat.
template <typename T, typename U>
ACLEMU_ASC_HD void Select(const LocalTensor<T>& dst,
                          const LocalTensor<U>& selMask,
                          const LocalTensor<T>& src0,
                          const LocalTensor<T>& src1,
                          SELMODE selMode,
                          uint64_t mask,
                          uint8_t repeatTime,
                          const BinaryRepeatParams& repeatParams) {
    detail::select_tensors(
        dst, selMask, src0, src1, selMode, detail::mask_of(mask), repeatTime, repeatParams);
}

template <typename T, typename U>
ACLEMU_ASC_HD void Select(const LocalTensor<T>& dst,
                          const LocalTensor<U>& selMask,
                          const LocalTensor<T>& src0,
                          const LocalTensor<T>& src1,
                          SELMODE selMode,
                          const uint64_t mask[],
                          uint8_t repeatTime,
                          const BinaryRepeatParams& repeatParams) {
    const uint64_t words[2] = {mask[0], mask[1]};
    detail::select_tensors(
        dst, selMask, src0, src1, selMode, detail::mask_of(words), repeatTime, repeatParams);
}

template <typename T, typename U>
ACLEMU_ASC_HD void Select(const LocalTensor<T>& dst,
                          const LocalTensor<U>& selMask,
                          const LocalTensor<T>& src0,
                          T src1,
                          SELMODE selMode,
                          uint64_t mask,
                          uint8_t repeatTime,
                          const BinaryRepeatParams& repeatParams) {
    detail::select_scalar(
        dst, selMask, src0, src1, selMode, detail::mask_of(mask), repeatTime, repeatParams);
}

template <typename T, typename U>
ACLEMU_ASC_HD void Select(const LocalTensor<T>& dst,
                          const LocalTensor<U>& selMask,
                          const LocalTensor<T>& src0,
                          T src1,
                          SELMODE selMode,
                          const uint64_t mask[],
                          uint8_t repeatTime,
                          const BinaryRepeatParams& repeatParams) {
    const uint64_t words[2] = {mask[0], mask[1]};
    detail::select_scalar(
        dst, selMask, src0, src1, selMode, detail::mask_of(words), repeatTime, repeatParams);
}

}  // namespace AscendC
