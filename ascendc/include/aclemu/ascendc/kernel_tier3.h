// Tier 3 pieces: DataCopyPad (copies of any length, GM side in bytes), the DMA atomics
// (SetAtomicAdd / DisableDmaAtomic: later copies to GM accumulate) and DumpTensor.
#pragma once

#include "aclemu/ascendc/kernel_copy.h"
#include "aclemu/ascendc/kernel_loop_mode.h"
#include "aclemu/ascendc/kernel_pipe.h"

#include <cinttypes>
#include <cstdio>
#include <string>

namespace AscendC {

struct DataCopyExtParams {
    DataCopyExtParams() = default;
    ACLEMU_ASC_HD DataCopyExtParams(uint16_t count,
                                    uint32_t len,
                                    uint32_t src_stride,
                                    uint32_t dst_stride,
                                    uint32_t reserved = 0)
        : blockCount(count),
          blockLen(len),
          srcStride(src_stride),
          dstStride(dst_stride),
          rsv(reserved) {}
    uint16_t blockCount = 1;
    uint32_t blockLen = 0;   // bytes
    uint32_t srcStride = 0;  // GM side: bytes; UB side: 32-byte blocks
    uint32_t dstStride = 0;
    uint32_t rsv = 0;
};

template <typename T>
struct DataCopyPadExtParams {
    DataCopyPadExtParams() = default;
    ACLEMU_ASC_HD DataCopyPadExtParams(bool pad, uint8_t left, uint8_t right, T value)
        : isPad(pad), leftPadding(left), rightPadding(right), paddingValue(value) {}
    bool isPad = false;
    uint8_t leftPadding = 0;  // elements
    uint8_t rightPadding = 0;
    T paddingValue = T();
};

struct DataCopyPadParams {
    DataCopyPadParams() = default;
    ACLEMU_ASC_HD DataCopyPadParams(bool pad, uint8_t left, uint8_t right, uint64_t value)
        : isPad(pad), leftPadding(left), rightPadding(right), paddingValue(value) {}
    bool isPad = false;
    uint8_t leftPadding = 0;
    uint8_t rightPadding = 0;
    uint64_t paddingValue = 0;
};

namespace detail {

/// What GM -> UB DataCopyPad without isPad writes into a block's padding: the SetPadValue value
/// when the kernel set one, else (undefined on the NPU) the block's first element.
template <typename T>
ACLEMU_ASC_HD T unpadded_filler(const T* in, uint32_t elems) {
    const ::aclemu::ascendc::detail::BlockState* block = ::aclemu::ascendc::detail::current_block();
    if (block != nullptr && block->pad_value_set) {
        T value;
        std::memcpy(static_cast<void*>(&value),
                    &block->pad_value,
                    sizeof(T) <= sizeof(uint64_t) ? sizeof(T) : 0);
        return value;
    }
    return elems > 0 ? in[0] : T();
}

/// Compact GM -> UB: the blocks packed one after another, then (from the end of the data,
/// rightPadding elements included) filled to the next 32 bytes with paddingValue (isPad), the
/// SetPadValue value, or the last block's first element.
template <typename T>
ACLEMU_ASC_HD void copy_pad_in_compact(const LocalTensor<T>& dst,
                                       const GlobalTensor<T>& src,
                                       const DataCopyExtParams& p,
                                       bool pad,
                                       uint32_t right,
                                       T value) {
    const uint64_t data = uint64_t{p.blockCount} * p.blockLen;
    const uint64_t total =
        (data + right * sizeof(T) + ONE_BLK_SIZE - 1) / ONE_BLK_SIZE * ONE_BLK_SIZE;
    check_fits(
        "DataCopyPad", total, uint64_t{dst.GetSize()} * sizeof(T), "destination LocalTensor");
    if (p.blockCount == 0 || p.blockLen == 0) {
        return;
    }
    const uint8_t* gm = reinterpret_cast<const uint8_t*>(src.GetPhyAddr());
    uint8_t* ub = reinterpret_cast<uint8_t*>(dst.GetPhyAddr());
    const T* last =
        reinterpret_cast<const T*>(gm + (p.blockCount - 1) * (uint64_t{p.blockLen} + p.srcStride));
    const T filler = pad ? value : unpadded_filler(last, p.blockLen / sizeof(T));
    for (uint64_t i = data / sizeof(T); i < total / sizeof(T); ++i) {
        dst.GetPhyAddr()[i] = filler;
    }
    for (uint32_t b = 0; b < p.blockCount; ++b) {
        std::memcpy(ub + b * uint64_t{p.blockLen},
                    gm + b * (uint64_t{p.blockLen} + p.srcStride),
                    p.blockLen);
    }
}

template <typename T>
ACLEMU_ASC_HD void copy_pad_in(const LocalTensor<T>& dst,
                               const GlobalTensor<T>& src,
                               const DataCopyExtParams& p,
                               bool pad,
                               uint32_t left,
                               uint32_t right,
                               T value,
                               PaddingMode mode) {
    check_ub_aligned("DataCopyPad", dst.GetPhyAddr());
    if (p.blockLen % sizeof(T) != 0) {
        ::aclemu::ascendc::detail::report_check("DataCopyPad",
                                                "blockLen is not a multiple of the element size");
    }
    const uint32_t elems = p.blockLen / sizeof(T);
    if (mode == PaddingMode::Compact) {
        copy_pad_in_compact(dst, src, p, pad, right, value);
        return;
    }
    const uint64_t ub_block =
        ((left + elems + right) * sizeof(T) + ONE_BLK_SIZE - 1) / ONE_BLK_SIZE * ONE_BLK_SIZE;
    const uint64_t ub_extent = p.blockCount * (ub_block + p.dstStride * uint64_t{ONE_BLK_SIZE});
    check_fits(
        "DataCopyPad", ub_extent, uint64_t{dst.GetSize()} * sizeof(T), "destination LocalTensor");
    const uint8_t* gm = reinterpret_cast<const uint8_t*>(src.GetPhyAddr());
    uint8_t* ub = reinterpret_cast<uint8_t*>(dst.GetPhyAddr());
    for (uint32_t b = 0; b < p.blockCount; ++b) {
        T* out = reinterpret_cast<T*>(ub + b * (ub_block + p.dstStride * uint64_t{ONE_BLK_SIZE}));
        const T* in = reinterpret_cast<const T*>(gm + b * (uint64_t{p.blockLen} + p.srcStride));
        const T filler = pad ? value : unpadded_filler(in, elems);
        const uint64_t slots = ub_block / sizeof(T);
        for (uint64_t i = 0; i < slots; ++i) {
            out[i] = filler;
        }
        std::memcpy(out + (pad ? left : 0), in, p.blockLen);
    }
}

/// copy_pad_in once per repetition of the GM -> UB loop mode (SetLoopModePara).
template <typename T>
ACLEMU_ASC_HD void copy_pad_in_loops(const LocalTensor<T>& dst,
                                     const GlobalTensor<T>& src,
                                     const DataCopyExtParams& p,
                                     bool pad,
                                     uint32_t left,
                                     uint32_t right,
                                     T value,
                                     PaddingMode mode) {
    for_each_loop<T>(DataCopyMVType::OUT_TO_UB, [&](uint64_t from, uint64_t to) {
        copy_pad_in(dst[static_cast<uint32_t>(to)], src[from], p, pad, left, right, value, mode);
    });
}

}  // namespace detail

/// GM -> UB: blockCount blocks of blockLen bytes (GM gap srcStride bytes), each padded to 32
/// bytes in UB (UB gap dstStride blocks); with isPad, leftPadding / rightPadding elements of
/// paddingValue around the data. PaddingMode::Compact (Ascend 950) packs the blocks and pads
/// after the last; a loop mode set by SetLoopModePara repeats the copy.
template <typename T, PaddingMode mode = PaddingMode::Normal>
ACLEMU_ASC_HD void DataCopyPad(const LocalTensor<T>& dst,
                               const GlobalTensor<T>& src,
                               const DataCopyExtParams& p,
                               const DataCopyPadExtParams<T>& pad) {
    detail::copy_pad_in_loops(
        dst, src, p, pad.isPad, pad.leftPadding, pad.rightPadding, pad.paddingValue, mode);
}

template <typename T, PaddingMode mode = PaddingMode::Normal>
ACLEMU_ASC_HD void DataCopyPad(const LocalTensor<T>& dst,
                               const GlobalTensor<T>& src,
                               const DataCopyParams& p,
                               const DataCopyPadParams& pad) {
    DataCopyExtParams ext(p.blockCount, p.blockLen, p.srcStride, p.dstStride);
    T value;
    std::memcpy(&value, &pad.paddingValue, sizeof(T) <= sizeof(uint64_t) ? sizeof(T) : 0);
    detail::copy_pad_in_loops(
        dst, src, ext, pad.isPad, pad.leftPadding, pad.rightPadding, value, mode);
}

/// The value later GM -> UB DataCopyPad calls without isPad pad each block with (up to its
/// 32-byte end, and the leftPadding / rightPadding elements); `pos` (VECIN, VECOUT or MAX) names
/// the destination, which aclemu does not need to tell apart.
template <typename T, TPosition pos = TPosition::MAX>
ACLEMU_ASC_HD void SetPadValue(T paddingValue) {
    static_assert(sizeof(T) <= sizeof(uint64_t), "SetPadValue: the value is at most 8 bytes");
    ::aclemu::ascendc::detail::BlockState& block = detail::block_state("SetPadValue");
    block.pad_value = 0;
    std::memcpy(&block.pad_value, &paddingValue, sizeof(T));
    block.pad_value_set = true;
}

namespace detail {

/// UB -> GM, one repetition: blockLen bytes per block; UB blocks each rounded up to 32 bytes
/// (gap srcStride blocks), or packed (Compact).
template <typename T>
ACLEMU_ASC_HD void copy_pad_out(const GlobalTensor<T>& dst,
                                const LocalTensor<T>& src,
                                const DataCopyExtParams& p,
                                PaddingMode mode) {
    check_ub_aligned("DataCopyPad", src.GetPhyAddr());
    const uint64_t ub_block =
        mode == PaddingMode::Compact
            ? uint64_t{p.blockLen}
            : (uint64_t{p.blockLen} + ONE_BLK_SIZE - 1) / ONE_BLK_SIZE * ONE_BLK_SIZE;
    const uint64_t gm_extent =
        p.blockCount == 0 ? 0 : p.blockCount * (uint64_t{p.blockLen} + p.dstStride) - p.dstStride;
    check_fits("DataCopyPad", gm_extent, dst.GetSize() * sizeof(T), "destination GlobalTensor");
    uint8_t* gm = reinterpret_cast<uint8_t*>(dst.GetPhyAddr());
    const uint8_t* ub = reinterpret_cast<const uint8_t*>(src.GetPhyAddr());
    for (uint32_t b = 0; b < p.blockCount; ++b) {
        store_to_gm(
            reinterpret_cast<T*>(gm + b * (uint64_t{p.blockLen} + p.dstStride)),
            reinterpret_cast<const T*>(ub + b * (ub_block + p.srcStride * uint64_t{ONE_BLK_SIZE})),
            p.blockLen);
    }
}

}  // namespace detail

/// UB -> GM: writes exactly blockLen bytes per block (UB gap srcStride blocks, GM gap dstStride
/// bytes), dropping the padding; Compact (Ascend 950) reads the blocks packed; a loop mode set
/// by SetLoopModePara repeats the copy.
template <typename T, PaddingMode mode = PaddingMode::Normal>
ACLEMU_ASC_HD void DataCopyPad(const GlobalTensor<T>& dst,
                               const LocalTensor<T>& src,
                               const DataCopyExtParams& p) {
    detail::for_each_loop<T>(DataCopyMVType::UB_TO_OUT, [&](uint64_t from, uint64_t to) {
        detail::copy_pad_out(dst[to], src[static_cast<uint32_t>(from)], p, mode);
    });
}

template <typename T, PaddingMode mode = PaddingMode::Normal>
ACLEMU_ASC_HD void DataCopyPad(const GlobalTensor<T>& dst,
                               const LocalTensor<T>& src,
                               const DataCopyParams& p) {
    DataCopyPad<T, mode>(
        dst, src, DataCopyExtParams(p.blockCount, p.blockLen, p.srcStride, p.dstStride));
}

/// Later copies to GM add to what is there (atomically across blocks) until SetAtomicNone.
template <typename T>
inline ACLEMU_ASC_HD void SetAtomicAdd() {
    detail::block_state("SetAtomicAdd").atomic = ::aclemu::ascendc::detail::AtomicOp::Add;
}
/// Later copies to GM keep the larger of each element and what is there (atomically).
template <typename T>
inline ACLEMU_ASC_HD void SetAtomicMax() {
    detail::block_state("SetAtomicMax").atomic = ::aclemu::ascendc::detail::AtomicOp::Max;
}
/// Later copies to GM keep the smaller of each element and what is there (atomically).
template <typename T>
inline ACLEMU_ASC_HD void SetAtomicMin() {
    detail::block_state("SetAtomicMin").atomic = ::aclemu::ascendc::detail::AtomicOp::Min;
}
inline ACLEMU_ASC_HD void SetAtomicNone() {
    detail::block_state("SetAtomicNone").atomic = ::aclemu::ascendc::detail::AtomicOp::None;
}
inline ACLEMU_ASC_HD void DisableDmaAtomic() {
    SetAtomicNone();
}

namespace detail {

template <typename T>
ACLEMU_ASC_HD const char* dump_type_name() {
    if constexpr (std::is_same_v<T, half>) {
        return "float16";
    } else if constexpr (std::is_same_v<T, bfloat16_t>) {
        return "bfloat16";
    } else if constexpr (std::is_same_v<T, float>) {
        return "float32";
    } else if constexpr (std::is_same_v<T, double>) {
        return "float64";
    } else if constexpr (std::is_same_v<T, bool>) {
        return "bool";
    } else if constexpr (std::is_integral_v<T>) {
        static const char* const names[2][4] = {{"uint8", "uint16", "uint32", "uint64"},
                                                {"int8", "int16", "int32", "int64"}};
        return names[std::is_signed_v<T> ? 1 : 0][sizeof(T) == 1   ? 0
                                                  : sizeof(T) == 2 ? 1
                                                  : sizeof(T) == 4 ? 2
                                                                   : 3];
    } else {
        return "unknown";
    }
}

inline ACLEMU_ASC_HD const char* position_name(TPosition position) {
    switch (position) {
        case TPosition::GM:
            return "GM";
        case TPosition::A1:
        case TPosition::B1:
        case TPosition::C1:
            return "L1";
        default:
            return "UB";
    }
}

template <typename T>
ACLEMU_ASC_HD void dump_values(
    const T* values, uint32_t desc, uint64_t address, const char* position, uint32_t count) {
    auto& block = block_state("DumpTensor");
#ifdef ACLEMU_ASC_DEVICE_PASS
    // Device printf, a call per value: another block's output may come in between.
    printf(
        "[AIV Block %lld] DumpTensor: desc=%u, addr=0x%llx, data_type=%s, position=%s, "
        "dump_size=%u\n[",
        static_cast<long long>(block.index),
        desc,
        static_cast<unsigned long long>(address),
        dump_type_name<T>(),
        position,
        count);
    for (uint32_t i = 0; i < count; ++i) {
        const char* separator = i + 1 == count ? "" : (i + 1) % 30 == 0 ? ",\n" : ", ";
        if constexpr (std::is_same_v<
                          T,
                          half> || std::is_same_v<T, bfloat16_t> || std::is_floating_point_v<T>) {
            printf("%f%s", static_cast<double>(static_cast<float>(values[i])), separator);
        } else if constexpr (std::is_signed_v<T>) {
            printf("%lld%s", static_cast<long long>(values[i]), separator);
        } else {
            printf("%llu%s", static_cast<unsigned long long>(values[i]), separator);
        }
    }
    printf("]\n");
#else
    std::string text =
        "[AIV Block " + std::to_string(block.index) + "] DumpTensor: desc=" + std::to_string(desc);
    char head[160];
    ::aclemu::ascendc::detail::format_message(head,
                                              sizeof head,
                                              ", addr=0x%" PRIx64
                                              ", data_type=%s, position=%s, dump_size=%u\n",
                                              address,
                                              dump_type_name<T>(),
                                              position,
                                              count);
    text += head;
    text += "[";
    for (uint32_t i = 0; i < count; ++i) {
        if constexpr (std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t>) {
            text += std::to_string(static_cast<float>(values[i]));
        } else {
            text += std::to_string(values[i]);
        }
        if (i + 1 < count) {
            text += (i + 1) % 30 == 0 ? ",\n" : ", ";
        }
    }
    text += "]\n";
    ::aclemu::ascendc::detail::block_print_text(text.data(), text.size());
#endif
}

}  // namespace detail

/// Prints `count` elements after a header naming `desc`, the block, the type and the position,
/// with the block's printf output.
template <typename T>
ACLEMU_ASC_HD void DumpTensor(const LocalTensor<T>& tensor, uint32_t desc, uint32_t count) {
#if ASCENDC_DUMP
    if (count > tensor.GetSize()) {
        ::aclemu::ascendc::detail::report_check("DumpTensor", "count exceeds the tensor's size");
        count = tensor.GetSize();
    }
    auto& block = detail::block_state("DumpTensor");
    const uint64_t offset = reinterpret_cast<const uint8_t*>(tensor.GetPhyAddr()) - block.ub;
    detail::dump_values(
        tensor.GetPhyAddr(), desc, offset, detail::position_name(tensor.GetPosition()), count);
#else
    (void)tensor, (void)desc, (void)count;
#endif
}

template <typename T>
ACLEMU_ASC_HD void DumpTensor(const GlobalTensor<T>& tensor, uint32_t desc, uint32_t count) {
#if ASCENDC_DUMP
    if (tensor.GetSize() != 0 && count > tensor.GetSize()) {
        ::aclemu::ascendc::detail::report_check("DumpTensor", "count exceeds the tensor's size");
        count = static_cast<uint32_t>(tensor.GetSize());
    }
    detail::dump_values(
        tensor.GetPhyAddr(), desc, reinterpret_cast<uint64_t>(tensor.GetPhyAddr()), "GM", count);
#else
    (void)tensor, (void)desc, (void)count;
#endif
}

}  // namespace AscendC
