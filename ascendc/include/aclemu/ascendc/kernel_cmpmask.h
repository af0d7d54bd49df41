// The CMPMASK register: Compare with its result in the register (no dst), GetCmpMask and
// SetCmpMask, and the Select forms without a selMask argument that read it. The register holds
// 128 bits (BlockState::cmp_mask, zero at block start):
//
// - Compare (register form) compares one 256-byte repeat (the repeat count is not an argument)
//   and writes bit k for each element k the vector mask selects; the other bits keep what the
//   register held (CANN: "the result may hold what an earlier compare left").
// - SetCmpMask loads the register from UB (16 bytes, fewer if the tensor is smaller; the rest
//   zero), GetCmpMask stores its 16 bytes (CANN asks dst for 128 bytes: less is reported).
// - Select<T, mode>(dst, src0, src1, repeatTime, params), modes 0 and 2, and
//   Select(dst, selMask, src0, repeatTime, params), mode 1; each takes the vector mask from the
//   register SetVectorMask wrote. Mode 0: element k of every repeat reads register bit k. Mode 1:
//   the scalar is the register's low bits as a T (SetCmpMask of the src1 tensor), element k of
//   repeat r reads bit r * n + k of selMask. Mode 2: the register holds the UB address of the
//   bits (SetCmpMask of a tensor whose first element is it), read as bit r * n + k there. The
//   address is taken as the kernel wrote it either way CANN's example does: the 64-bit
//   GetPhyAddr() (CPU debug) or its low 32 bits (the NPU form), within the block's UB.
#pragma once

#include "aclemu/ascendc/kernel_compare_repeat.h"

namespace AscendC {
namespace detail {

/// Bytes of the CMPMASK register.
constexpr uint32_t kCmpMaskBytes = 16;

inline ACLEMU_ASC_HD uint64_t* cmp_mask_register(const char* api) {
    ::aclemu::ascendc::detail::BlockState* block = ::aclemu::ascendc::detail::current_block();
    if (block == nullptr) {
        ::aclemu::ascendc::detail::fail_block(api, "called outside a kernel");
    }
    return block->cmp_mask;
}

inline ACLEMU_ASC_HD bool cmp_mask_bit(const uint64_t* reg, uint32_t k) {
    return ((reg[k / 64] >> (k % 64)) & 1u) != 0;
}

/// The UB address mode 2 reads its bits at: the register's 64-bit value as a pointer into the
/// block's UB, or its low 32 bits as the low bits of one.
inline ACLEMU_ASC_HD const uint8_t* cmp_mask_address(const char* api, uint32_t* reach) {
    ::aclemu::ascendc::detail::BlockState* block = ::aclemu::ascendc::detail::current_block();
    const uint64_t* reg = cmp_mask_register(api);
    const uint64_t base = reinterpret_cast<uint64_t>(block->ub);
    const uint64_t end = base + block->ub_size;
    uint64_t at = reg[0];
    if (at < base || at >= end) {
        const uint64_t low = reg[0] & 0xFFFFFFFFull;
        at = (base & ~0xFFFFFFFFull) | low;
        if (at < base) {
            at += 1ull << 32;  // the UB straddles a 4 GiB boundary
        }
    }
    if (at < base || at >= end) {
        char what[200];
        ::aclemu::ascendc::detail::format_message(
            what,
            sizeof what,
            "VSEL_TENSOR_TENSOR_MODE: the CMPMASK register (0x%llx, set by SetCmpMask) is not "
            "the address of the selMask in this block's UB",
            static_cast<unsigned long long>(reg[0]));
        ::aclemu::ascendc::detail::fail_block(api, what);
    }
    *reach = static_cast<uint32_t>(end - at);
    return reinterpret_cast<const uint8_t*>(at);
}

/// Bit `i` of the bits at `bytes`, `reach` bytes of UB from there.
inline ACLEMU_ASC_HD bool ub_mask_bit(const char* api,
                                      const uint8_t* bytes,
                                      uint32_t reach,
                                      uint64_t i) {
    if (i / 8 >= reach) {
        ::aclemu::ascendc::detail::fail_block(api, "the selMask bits reach beyond the UB");
    }
    return ((bytes[i / 8] >> (i % 8)) & 1u) != 0;
}

template <typename T>
ACLEMU_ASC_HD void compare_to_register(const LocalTensor<T>& src0,
                                       const LocalTensor<T>& src1,
                                       CMPMODE cmpMode,
                                       const RepeatMask& mask,
                                       const BinaryRepeatParams& p) {
    constexpr const char* kApi = "Compare";
    constexpr uint32_t n = per_repeat<T>();
    constexpr uint32_t per_block = ONE_BLK_SIZE / sizeof(T);
    check_repeat<T>(kApi, mask, 1);
    uint64_t* reg = cmp_mask_register(kApi);
    using C = Compute<T>;
    for (uint32_t k = 0; k < n; ++k) {
        if (!mask.selects(0, k, n)) {
            continue;
        }
        const uint32_t b = k / per_block;
        const uint32_t e = k % per_block;
        const bool bit = compare_values(
            static_cast<C>(repeat_value(kApi, src0, 0, b, e, p.src0BlkStride, p.src0RepStride)),
            static_cast<C>(repeat_value(kApi, src1, 0, b, e, p.src1BlkStride, p.src1RepStride)),
            cmpMode);
        const uint64_t one = 1ull << (k % 64);
        reg[k / 64] = bit ? (reg[k / 64] | one) : (reg[k / 64] & ~one);
    }
}

/// Select without a selMask: element k of repeat r takes src0 where `bit(r, k)`, else
/// `src1(r, blk, e)`, for the elements the vector mask register selects.
template <typename T, typename Bit, typename Src1>
ACLEMU_ASC_HD void select_by_register(const LocalTensor<T>& dst,
                                      const LocalTensor<T>& src0,
                                      uint8_t repeatTime,
                                      const BinaryRepeatParams& p,
                                      Bit bit,
                                      Src1 src1) {
    constexpr const char* kApi = "Select";
    constexpr uint32_t n = per_repeat<T>();
    constexpr uint32_t per_block = ONE_BLK_SIZE / sizeof(T);
    const RepeatMask mask = mask_of_register();
    check_repeat<T>(kApi, mask, repeatTime);
    const uint32_t runs = mask.repeats(repeatTime, n);
    for (uint32_t r = 0; r < runs; ++r) {
        for (uint32_t k = 0; k < n; ++k) {
            if (!mask.selects(r, k, n)) {
                continue;
            }
            const uint32_t blk = k / per_block;
            const uint32_t e = k % per_block;
            const uint64_t d = repeat_offset<T>(r, blk, e, p.dstBlkStride, p.dstRepStride);
            check_reach(kApi, dst, d);
            dst.GetPhyAddr()[d] =
                bit(r, k) ? repeat_value(kApi, src0, r, blk, e, p.src0BlkStride, p.src0RepStride)
                          : src1(r, blk, e);
        }
    }
}

}  // namespace detail

/// Compare, result in the CMPMASK register: one 256-byte repeat, count mask.
template <typename T, bool isSetMask = true>
ACLEMU_ASC_HD void Compare(const LocalTensor<T>& src0,
                           const LocalTensor<T>& src1,
                           CMPMODE cmpMode,
                           const uint64_t mask,
                           const BinaryRepeatParams& repeatParams) {
    detail::compare_to_register<T>(
        src0, src1, cmpMode, detail::call_mask<isSetMask>(mask), repeatParams);
}

/// Compare, result in the CMPMASK register: one 256-byte repeat, bit-wise mask.
template <typename T, bool isSetMask = true>
ACLEMU_ASC_HD void Compare(const LocalTensor<T>& src0,
                           const LocalTensor<T>& src1,
                           CMPMODE cmpMode,
                           const uint64_t mask[],
                           const BinaryRepeatParams& repeatParams) {
    detail::compare_to_register<T>(
        src0, src1, cmpMode, detail::call_mask<isSetMask>(mask), repeatParams);
}

/// Stores the CMPMASK register's 16 bytes at dst.
template <typename T>
ACLEMU_ASC_HD void GetCmpMask(const LocalTensor<T>& dst) {
    constexpr const char* kApi = "GetCmpMask";
    const uint64_t bytes = static_cast<uint64_t>(dst.GetSize()) * sizeof(T);
    if (bytes < detail::kCmpMaskBytes) {
        ::aclemu::ascendc::detail::fail_block(
            kApi, "dst holds fewer than the register's 16 bytes (CANN asks for 128)");
    }
    if (bytes < 128) {
        ::aclemu::ascendc::detail::report_check(kApi, "dst holds fewer than 128 bytes");
    }
    const uint64_t* reg = detail::cmp_mask_register(kApi);
    auto* out = reinterpret_cast<uint8_t*>(dst.GetPhyAddr());
    for (uint32_t i = 0; i < detail::kCmpMaskBytes; ++i) {
        out[i] = static_cast<uint8_t>(reg[i / 8] >> (8 * (i % 8)));
    }
}

/// Loads the CMPMASK register from src: 16 bytes, or what src holds with the rest zero.
template <typename T>
ACLEMU_ASC_HD void SetCmpMask(const LocalTensor<T>& src) {
    constexpr const char* kApi = "SetCmpMask";
    const uint64_t held = static_cast<uint64_t>(src.GetSize()) * sizeof(T);
    const uint32_t bytes =
        held < detail::kCmpMaskBytes ? static_cast<uint32_t>(held) : detail::kCmpMaskBytes;
    uint64_t* reg = detail::cmp_mask_register(kApi);
    const auto* in = reinterpret_cast<const uint8_t*>(src.GetPhyAddr());
    reg[0] = 0;
    reg[1] = 0;
    for (uint32_t i = 0; i < bytes; ++i) {
        reg[i / 8] |= static_cast<uint64_t>(in[i]) << (8 * (i % 8));
    }
}

/// Select without a selMask, modes 0 and 2 (the CMPMASK register's bits, or the bits at the
/// address it holds); the vector mask register picks the elements written.
template <typename T, SELMODE selMode>
ACLEMU_ASC_HD void Select(const LocalTensor<T>& dst,
                          const LocalTensor<T>& src0,
                          const LocalTensor<T>& src1,
                          uint8_t repeatTime,
                          const BinaryRepeatParams& repeatParams) {
    constexpr const char* kApi = "Select";
    static_assert(selMode != SELMODE::VSEL_TENSOR_SCALAR_MODE,
                  "Select without a selMask in VSEL_TENSOR_SCALAR_MODE is "
                  "Select(dst, selMask, src0, repeatTime, repeatParams)");
    const BinaryRepeatParams& p = repeatParams;
    auto src1_value = [&](uint32_t r, uint32_t b, uint32_t e) {
        return detail::repeat_value(kApi, src1, r, b, e, p.src1BlkStride, p.src1RepStride);
    };
    constexpr uint32_t n = detail::per_repeat<T>();
    if constexpr (selMode == SELMODE::VSEL_CMPMASK_SPR) {
        const uint64_t* reg = detail::cmp_mask_register(kApi);
        detail::select_by_register(
            dst,
            src0,
            repeatTime,
            p,
            [&](uint32_t, uint32_t k) { return detail::cmp_mask_bit(reg, k); },
            src1_value);
    } else {
        uint32_t reach = 0;
        const uint8_t* bits = detail::cmp_mask_address(kApi, &reach);
        detail::select_by_register(
            dst,
            src0,
            repeatTime,
            p,
            [&](uint32_t r, uint32_t k) {
                return detail::ub_mask_bit(kApi, bits, reach, static_cast<uint64_t>(r) * n + k);
            },
            src1_value);
    }
}

/// Select without a scalar argument, mode 1: the scalar is the CMPMASK register's low bits as
/// a T (SetCmpMask of the src1 tensor); element k of repeat r reads bit r * n + k of selMask.
template <typename T, typename U>
ACLEMU_ASC_HD void Select(const LocalTensor<T>& dst,
                          const LocalTensor<U>& selMask,
                          const LocalTensor<T>& src0,
                          uint8_t repeatTime,
                          const BinaryRepeatParams& repeatParams) {
    constexpr const char* kApi = "Select";
    static_assert(sizeof(T) <= 8, "the scalar of VSEL_TENSOR_SCALAR_MODE fits the register");
    constexpr uint32_t n = detail::per_repeat<T>();
    const uint64_t* reg = detail::cmp_mask_register(kApi);
    T scalar;
    const uint64_t low = reg[0];
    auto* scalar_bytes = reinterpret_cast<uint8_t*>(&scalar);
    for (uint32_t i = 0; i < sizeof(T); ++i) {
        scalar_bytes[i] = static_cast<uint8_t>(low >> (8 * i));
    }
    const detail::RepeatMask mask = detail::mask_of_register();
    detail::check_mask_bytes(kApi, selMask, mask.repeats(repeatTime, n) * n);
    detail::select_by_register(
        dst,
        src0,
        repeatTime,
        repeatParams,
        [&](uint32_t r, uint32_t k) { return detail::mask_bit(selMask, r * n + k); },
        [&](uint32_t, uint32_t, uint32_t) { return scalar; });
}

}  // namespace AscendC
