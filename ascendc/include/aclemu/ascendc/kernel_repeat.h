// The mask/repeat forms of the vector ops: `repeatTime` repeats of 8 DataBlocks (32 bytes each),
// each element selected by a mask (a count of the first elements of a repeat, or a 2 x 64-bit
// bit mask), block and repeat strides counted in DataBlocks.
#pragma once

#include "aclemu/ascendc/kernel_copy.h"
#include "aclemu/ascendc/kernel_mask.h"

#include <cstdio>

namespace AscendC {

struct BinaryRepeatParams {
    BinaryRepeatParams() = default;
    ACLEMU_ASC_HD BinaryRepeatParams(uint8_t dst_blk,
                                     uint8_t src0_blk,
                                     uint8_t src1_blk,
                                     uint8_t dst_rep,
                                     uint8_t src0_rep,
                                     uint8_t src1_rep)
        : dstBlkStride(dst_blk),
          src0BlkStride(src0_blk),
          src1BlkStride(src1_blk),
          dstRepStride(dst_rep),
          src0RepStride(src0_rep),
          src1RepStride(src1_rep) {}
    uint8_t dstBlkStride = DEFAULT_BLK_STRIDE;
    uint8_t src0BlkStride = DEFAULT_BLK_STRIDE;
    uint8_t src1BlkStride = DEFAULT_BLK_STRIDE;
    uint8_t dstRepStride = DEFAULT_REPEAT_STRIDE;
    uint8_t src0RepStride = DEFAULT_REPEAT_STRIDE;
    uint8_t src1RepStride = DEFAULT_REPEAT_STRIDE;
};

struct UnaryRepeatParams {
    UnaryRepeatParams() = default;
    ACLEMU_ASC_HD UnaryRepeatParams(uint16_t dst_blk,
                                    uint16_t src_blk,
                                    uint8_t dst_rep,
                                    uint8_t src_rep)
        : dstBlkStride(dst_blk),
          srcBlkStride(src_blk),
          dstRepStride(dst_rep),
          srcRepStride(src_rep) {}
    uint16_t dstBlkStride = DEFAULT_BLK_STRIDE;
    uint16_t srcBlkStride = DEFAULT_BLK_STRIDE;
    uint8_t dstRepStride = DEFAULT_REPEAT_STRIDE;
    uint8_t srcRepStride = DEFAULT_REPEAT_STRIDE;
};

namespace detail {

/// Element offset of element e of DataBlock b of repeat r, with strides in DataBlocks.
template <typename T>
ACLEMU_ASC_HD uint64_t
repeat_offset(uint32_t r, uint32_t b, uint32_t e, uint32_t blk_stride, uint32_t rep_stride) {
    constexpr uint32_t per_block = ONE_BLK_SIZE / sizeof(T);
    return (static_cast<uint64_t>(r) * rep_stride + static_cast<uint64_t>(b) * blk_stride)
               * per_block
           + e;
}

/// A Normal-mode count mask must fit the `n` elements of a repeat.
inline ACLEMU_ASC_HD void check_repeat_mask(const char* api, const RepeatMask& mask, uint32_t n) {
    if (!mask.bits && !mask.counter && mask.count > n) {
        char what[120];
        ::aclemu::ascendc::detail::format_message(what,
                                                  sizeof what,
                                                  "mask %llu exceeds the %u elements of a repeat",
                                                  static_cast<unsigned long long>(mask.count),
                                                  n);
        ::aclemu::ascendc::detail::fail_block(api, what);
    }
}

template <typename T>
ACLEMU_ASC_HD void check_repeat(const char* api, const RepeatMask& mask, uint8_t repeats) {
    check_repeat_mask(api, mask, ONE_REPEAT_BYTE_SIZE / sizeof(T));
    (void)repeats;  // uint8_t: at most 255, as the NPU's
}

template <typename T>
ACLEMU_ASC_HD void check_reach(const char* api, const LocalTensor<T>& tensor, uint64_t last) {
    if (last >= tensor.GetSize()) {
        ::aclemu::ascendc::detail::fail_block(api, "the repeats reach beyond the LocalTensor");
    }
}

/// The value at element e of DataBlock b of repeat r of `t`, range-checked.
template <typename T>
ACLEMU_ASC_HD T repeat_value(const char* api,
                             const LocalTensor<T>& t,
                             uint32_t r,
                             uint32_t b,
                             uint32_t e,
                             uint32_t blk_stride,
                             uint32_t rep_stride) {
    const uint64_t at = repeat_offset<T>(r, b, e, blk_stride, rep_stride);
    check_reach(api, t, at);
    return t.GetPhyAddr()[at];
}

template <typename T, typename Op>
ACLEMU_ASC_HD void binary_repeat(const char* api,
                                 const LocalTensor<T>& dst,
                                 const LocalTensor<T>& a,
                                 const LocalTensor<T>& b,
                                 const RepeatMask& mask,
                                 uint8_t repeats,
                                 const BinaryRepeatParams& p,
                                 Op op) {
    check_repeat<T>(api, mask, repeats);
    constexpr uint32_t per_block = ONE_BLK_SIZE / sizeof(T);
    using C =
        std::conditional_t<std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t>, float, T>;
    constexpr uint32_t n = 8 * per_block;
    const uint32_t runs = mask.repeats(repeats, n);
    for (uint32_t r = 0; r < runs; ++r) {
        for (uint32_t blk = 0; blk < 8; ++blk) {
            for (uint32_t e = 0; e < per_block; ++e) {
                if (!mask.selects(r, blk * per_block + e, n)) {
                    continue;
                }
                const uint64_t d = repeat_offset<T>(r, blk, e, p.dstBlkStride, p.dstRepStride);
                const uint64_t x = repeat_offset<T>(r, blk, e, p.src0BlkStride, p.src0RepStride);
                const uint64_t y = repeat_offset<T>(r, blk, e, p.src1BlkStride, p.src1RepStride);
                check_reach(api, dst, d);
                check_reach(api, a, x);
                check_reach(api, b, y);
                dst.GetPhyAddr()[d] = static_cast<T>(
                    op(static_cast<C>(a.GetPhyAddr()[x]), static_cast<C>(b.GetPhyAddr()[y])));
            }
        }
    }
}

template <typename T, typename Op>
ACLEMU_ASC_HD void unary_repeat(const char* api,
                                const LocalTensor<T>& dst,
                                const LocalTensor<T>& a,
                                const RepeatMask& mask,
                                uint8_t repeats,
                                const UnaryRepeatParams& p,
                                Op op) {
    check_repeat<T>(api, mask, repeats);
    constexpr uint32_t per_block = ONE_BLK_SIZE / sizeof(T);
    using C =
        std::conditional_t<std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t>, float, T>;
    constexpr uint32_t n = 8 * per_block;
    const uint32_t runs = mask.repeats(repeats, n);
    for (uint32_t r = 0; r < runs; ++r) {
        for (uint32_t blk = 0; blk < 8; ++blk) {
            for (uint32_t e = 0; e < per_block; ++e) {
                if (!mask.selects(r, blk * per_block + e, n)) {
                    continue;
                }
                const uint64_t d = repeat_offset<T>(r, blk, e, p.dstBlkStride, p.dstRepStride);
                const uint64_t x = repeat_offset<T>(r, blk, e, p.srcBlkStride, p.srcRepStride);
                check_reach(api, dst, d);
                check_reach(api, a, x);
                dst.GetPhyAddr()[d] = static_cast<T>(op(static_cast<C>(a.GetPhyAddr()[x])));
            }
        }
    }
}

}  // namespace detail
}  // namespace AscendC
