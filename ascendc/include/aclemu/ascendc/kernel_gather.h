// The gathers. Gather: dst[i] = the element of src at byte srcBaseAddr + srcOffset[i] (byte
// offsets from src's start, multiples of the element size), in the count form and the
// mask/repeat form (a repeat gathers 256 bytes of dst; srcOffset is read contiguously, r * n + k
// for element k of repeat r; dstRepStride in DataBlocks). Gatherb: whole 32-byte DataBlocks,
// offset[r * 8 + j] naming the source block of dst block j of repeat r. GatherMask: the
// elements a bit pattern selects, packed one after another into dst, their count returned.
#pragma once

#include "aclemu/ascendc/kernel_repeat.h"
#include "aclemu/ascendc/kernel_vector.h"

namespace AscendC {
namespace detail {

/// The element of src that byte offset `base + offset` names, range- and alignment-checked.
template <typename T>
ACLEMU_ASC_HD T gathered(const LocalTensor<T>& src, uint32_t base, uint32_t offset) {
    const uint64_t byte = uint64_t{base} + offset;
    if (byte % sizeof(T) != 0) {
        ::aclemu::ascendc::detail::report_check(
            "Gather", "a source offset is not a multiple of the element size (rounded down)");
    }
    const uint64_t at = byte / sizeof(T);
    if (at >= src.GetSize()) {
        char what[160];
        ::aclemu::ascendc::detail::format_message(what,
                                                  sizeof what,
                                                  "byte offset %llu is outside src's %u elements",
                                                  static_cast<unsigned long long>(byte),
                                                  src.GetSize());
        ::aclemu::ascendc::detail::fail_block("Gather", what);
    }
    return src.GetPhyAddr()[at];
}

template <typename T>
ACLEMU_ASC_HD void gather_repeat(const LocalTensor<T>& dst,
                                 const LocalTensor<T>& src,
                                 const LocalTensor<uint32_t>& srcOffset,
                                 uint32_t srcBaseAddr,
                                 const RepeatMask& mask,
                                 uint8_t repeatTime,
                                 uint16_t dstRepStride) {
    constexpr uint32_t n = ONE_REPEAT_BYTE_SIZE / sizeof(T);
    constexpr uint32_t per_block = ONE_BLK_SIZE / sizeof(T);
    check_repeat_mask("Gather", mask, n);
    const uint32_t runs = mask.repeats(repeatTime, n);
    for (uint32_t r = 0; r < runs; ++r) {
        for (uint32_t k = 0; k < n; ++k) {
            if (!mask.selects(r, k, n)) {
                continue;
            }
            const uint64_t o = uint64_t{r} * n + k;
            const uint64_t d = uint64_t{r} * dstRepStride * per_block + k;
            check_reach("Gather", srcOffset, o);
            check_reach("Gather", dst, d);
            dst.GetPhyAddr()[d] = gathered(src, srcBaseAddr, srcOffset.GetPhyAddr()[o]);
        }
    }
}

}  // namespace detail

template <typename T>
ACLEMU_ASC_HD void Gather(const LocalTensor<T>& dst,
                          const LocalTensor<T>& src,
                          const LocalTensor<uint32_t>& srcOffset,
                          const uint32_t srcBaseAddr,
                          const uint32_t count) {
    detail::check_count("Gather", dst, count);
    detail::check_count("Gather", srcOffset, count);
    for (uint32_t i = 0; i < count; ++i) {
        dst.GetPhyAddr()[i] = detail::gathered(src, srcBaseAddr, srcOffset.GetPhyAddr()[i]);
    }
}

template <typename T>
ACLEMU_ASC_HD void Gather(const LocalTensor<T>& dst,
                          const LocalTensor<T>& src,
                          const LocalTensor<uint32_t>& srcOffset,
                          const uint32_t srcBaseAddr,
                          const uint64_t mask,
                          const uint8_t repeatTime,
                          const uint16_t dstRepStride) {
    detail::gather_repeat(
        dst, src, srcOffset, srcBaseAddr, detail::mask_of(mask), repeatTime, dstRepStride);
}

template <typename T>
ACLEMU_ASC_HD void Gather(const LocalTensor<T>& dst,
                          const LocalTensor<T>& src,
                          const LocalTensor<uint32_t>& srcOffset,
                          const uint32_t srcBaseAddr,
                          const uint64_t mask[],
                          const uint8_t repeatTime,
                          const uint16_t dstRepStride) {
    detail::gather_repeat(
        dst, src, srcOffset, srcBaseAddr, detail::call_mask<true>(mask), repeatTime, dstRepStride);
}

/// Gatherb's strides: dst block and repeat strides in DataBlocks (a block stride of 0 counts as
/// 1); the other fields are reserved, as in CANN.
struct GatherRepeatParams {
    GatherRepeatParams() = default;
    ACLEMU_ASC_HD GatherRepeatParams(uint8_t dst_blk, uint8_t dst_rep)
        : dstRepStride(dst_rep), dstBlkStride(dst_blk) {}
    uint32_t blockNumber = 8;
    uint16_t dstRepStride = DEFAULT_REPEAT_STRIDE;
    uint8_t dstBlkStride = DEFAULT_BLK_STRIDE;
    uint8_t src0BlkStride = DEFAULT_BLK_STRIDE;
    uint8_t src1BlkStride = DEFAULT_BLK_STRIDE;
    uint8_t src0RepStride = DEFAULT_REPEAT_STRIDE;
    uint8_t src1RepStride = DEFAULT_REPEAT_STRIDE;
    bool repeatStrideMode = false;
    bool strideSizeMode = false;
};

/// dst block j of repeat r = the 32 bytes of src at byte offset[r * 8 + j] (32-byte aligned).
template <typename T>
ACLEMU_ASC_HD void Gatherb(const LocalTensor<T>& dst,
                           const LocalTensor<T>& src,
                           const LocalTensor<uint32_t>& offset,
                           const uint8_t repeatTime,
                           const GatherRepeatParams& repeatParams) {
    constexpr uint32_t per_block = ONE_BLK_SIZE / sizeof(T);
    const uint32_t blk_stride = repeatParams.dstBlkStride == 0 ? 1 : repeatParams.dstBlkStride;
    for (uint32_t r = 0; r < repeatTime; ++r) {
        for (uint32_t j = 0; j < 8; ++j) {
            const uint64_t o = uint64_t{r} * 8 + j;
            detail::check_reach("Gatherb", offset, o);
            const uint32_t byte = offset.GetPhyAddr()[o];
            if (byte % ONE_BLK_SIZE != 0) {
                ::aclemu::ascendc::detail::report_check("Gatherb",
                                                        "an offset is not 32-byte aligned");
            }
            const uint64_t from = byte / sizeof(T);
            const uint64_t to =
                (uint64_t{r} * repeatParams.dstRepStride + uint64_t{j} * blk_stride) * per_block;
            detail::check_reach("Gatherb", src, from + per_block - 1);
            detail::check_reach("Gatherb", dst, to + per_block - 1);
            for (uint32_t e = 0; e < per_block; ++e) {
                dst.GetPhyAddr()[to + e] = src.GetPhyAddr()[from + e];
            }
        }
    }
}

/// GatherMask's src0 strides (DataBlocks), repeat count and pattern repeat stride (DataBlocks).
struct GatherMaskParams {
    GatherMaskParams() = default;
    ACLEMU_ASC_HD GatherMaskParams(uint8_t src0_blk,
                                   uint16_t repeats,
                                   uint16_t src0_rep,
                                   uint8_t src1_rep)
        : src0BlockStride(src0_blk),
          repeatTimes(repeats),
          src0RepeatStride(src0_rep),
          src1RepeatStride(src1_rep) {}
    uint8_t src0BlockStride = DEFAULT_BLK_STRIDE;
    uint16_t repeatTimes = 0;
    uint16_t src0RepeatStride = DEFAULT_REPEAT_STRIDE;
    uint8_t src1RepeatStride = DEFAULT_REPEAT_STRIDE;
};

/// Reserved in CANN: one behaviour.
enum class GatherMaskMode : uint8_t { VERSION_V1 = 0, VERSION_V2 = 1 };
constexpr GatherMaskMode defaultGatherMaskMode = GatherMaskMode::VERSION_V1;

namespace detail {

/// GatherMask: repeat r reads `per` elements of src0 (256 bytes, or `mask` in Counter mode) and
/// keeps those whose pattern bit `picked(r, k)` is set, packed into dst.
template <typename T, typename Picked>
ACLEMU_ASC_HD uint64_t gather_mask(const LocalTensor<T>& dst,
                                   const LocalTensor<T>& src0,
                                   bool reduceMode,
                                   uint32_t mask,
                                   const GatherMaskParams& p,
                                   Picked picked) {
    constexpr uint32_t per_block = ONE_BLK_SIZE / sizeof(T);
    const uint32_t per = reduceMode ? mask : ONE_REPEAT_BYTE_SIZE / sizeof(T);
    uint64_t kept = 0;
    for (uint32_t r = 0; r < p.repeatTimes; ++r) {
        for (uint32_t k = 0; k < per; ++k) {
            if (!picked(r, k)) {
                continue;
            }
            const T v = repeat_value("GatherMask",
                                     src0,
                                     r,
                                     k / per_block,
                                     k % per_block,
                                     p.src0BlockStride,
                                     p.src0RepeatStride);
            check_reach("GatherMask", dst, kept);
            dst.GetPhyAddr()[kept++] = v;
        }
    }
    SetMaskNorm();  // CANN: the call leaves the mask in Normal mode
    return kept;
}

}  // namespace detail

/// GatherMask with a pattern tensor: bit k of repeat r is bit k of the pattern bytes starting
/// src1RepeatStride * r DataBlocks in.
template <typename T, typename U, GatherMaskMode mode = defaultGatherMaskMode>
ACLEMU_ASC_HD void GatherMask(const LocalTensor<T>& dst,
                              const LocalTensor<T>& src0,
                              const LocalTensor<U>& src1Pattern,
                              const bool reduceMode,
                              const uint32_t mask,
                              const GatherMaskParams& gatherMaskParams,
                              uint64_t& rsvdCnt) {
    const uint8_t* bits = reinterpret_cast<const uint8_t*>(src1Pattern.GetPhyAddr());
    const uint64_t pattern_bytes = uint64_t{src1Pattern.GetSize()} * sizeof(U);
    rsvdCnt = detail::gather_mask(
        dst, src0, reduceMode, mask, gatherMaskParams, [&](uint32_t r, uint32_t k) {
            const uint64_t byte =
                uint64_t{r} * gatherMaskParams.src1RepeatStride * ONE_BLK_SIZE + k / 8;
            if (byte >= pattern_bytes) {
                ::aclemu::ascendc::detail::fail_block("GatherMask",
                                                      "the pattern ends before the repeats do");
            }
            return ((bits[byte] >> (k % 8)) & 1u) != 0;
        });
}

/// GatherMask with a built-in pattern: 1 even elements, 2 odd, 3..6 the first..fourth of every
/// four, 7 all.
template <typename T, GatherMaskMode mode = defaultGatherMaskMode>
ACLEMU_ASC_HD void GatherMask(const LocalTensor<T>& dst,
                              const LocalTensor<T>& src0,
                              const uint8_t src1Pattern,
                              const bool reduceMode,
                              const uint32_t mask,
                              const GatherMaskParams& gatherMaskParams,
                              uint64_t& rsvdCnt) {
    if (src1Pattern < 1 || src1Pattern > 7) {
        ::aclemu::ascendc::detail::fail_block("GatherMask", "a built-in src1Pattern is 1 to 7");
    }
    rsvdCnt = detail::gather_mask(
        dst, src0, reduceMode, mask, gatherMaskParams, [&](uint32_t, uint32_t k) {
            switch (src1Pattern) {
                case 1:
                    return k % 2 == 0;
                case 2:
                    return k % 2 == 1;
                case 7:
                    return true;
                default:
                    return k % 4 == static_cast<uint32_t>(src1Pattern - 3);
            }
        });
}

}  // namespace AscendC
