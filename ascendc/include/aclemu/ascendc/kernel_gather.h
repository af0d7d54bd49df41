// Gather: dst[i] = the element of src at byte srcBaseAddr + srcOffset[i] (byte offsets from
// src's start, multiples of the element size), in the count form and the mask/repeat form (a
// repeat gathers 256 bytes of dst; srcOffset is read contiguously, r * n + k for element k of
// repeat r; dstRepStride in DataBlocks).
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

}  // namespace AscendC
