// DataCopy between GM and UB (and UB to UB): the count form, whose byte count the NPU rounds
// down to a multiple of 32, and the strided DataCopyParams form (lengths and gaps in 32-byte
// blocks). Copies run at once: the block's program order is the pipes' order.
#pragma once

#include "aclemu/ascendc/kernel_tensor.h"

#include <cstdio>
#include <cstring>
#include <type_traits>

namespace AscendC {

constexpr uint32_t ONE_BLK_SIZE = 32;
constexpr uint32_t ONE_REPEAT_BYTE_SIZE = 256;
constexpr uint32_t DEFAULT_REPEAT_STRIDE = 8;
constexpr uint32_t DEFAULT_BLK_STRIDE = 1;

struct DataCopyParams {
    DataCopyParams() = default;
    ACLEMU_ASC_HD DataCopyParams(uint16_t count,
                                 uint16_t len,
                                 uint16_t src_stride,
                                 uint16_t dst_stride)
        : blockCount(count), blockLen(len), srcStride(src_stride), dstStride(dst_stride) {}
    uint16_t blockCount = 1;
    uint16_t blockLen = 0;   // 32-byte blocks
    uint16_t srcStride = 0;  // gap between blocks, 32-byte blocks
    uint16_t dstStride = 0;
};

namespace detail {

inline ACLEMU_ASC_HD void check_ub_aligned(const char* api, const void* address) {
    if (reinterpret_cast<uintptr_t>(address) % ONE_BLK_SIZE != 0) {
        ::aclemu::ascendc::detail::report_check(api, "the UB address is not 32-byte aligned");
    }
}

/// The bytes the NPU copies for `count` elements: rounded down to 32 (reported).
template <typename T>
ACLEMU_ASC_HD uint64_t copy_bytes(uint32_t count) {
    const uint64_t bytes = static_cast<uint64_t>(count) * sizeof(T);
    if (bytes % ONE_BLK_SIZE != 0) {
        char what[160];
        ::aclemu::ascendc::detail::format_message(
            what,
            sizeof what,
            "%u elements are %llu bytes, not a multiple of 32: the NPU copies only %llu",
            count,
            static_cast<unsigned long long>(bytes),
            static_cast<unsigned long long>(bytes / ONE_BLK_SIZE * ONE_BLK_SIZE));
        ::aclemu::ascendc::detail::report_check("DataCopy", what);
    }
    return bytes / ONE_BLK_SIZE * ONE_BLK_SIZE;
}

inline ACLEMU_ASC_HD void check_fits(const char* api,
                                     uint64_t bytes,
                                     uint64_t size_bytes,
                                     const char* side) {
    if (size_bytes != 0 && bytes > size_bytes) {
        char what[160];
        ::aclemu::ascendc::detail::format_message(what,
                                                  sizeof what,
                                                  "%llu bytes exceed the %s tensor's %llu",
                                                  static_cast<unsigned long long>(bytes),
                                                  side,
                                                  static_cast<unsigned long long>(size_bytes));
        ::aclemu::ascendc::detail::report_check(api, what);
    }
}

/// memmove, which CUDA and HIP device code lack (memcpy they have): the bytes as `src` held them
/// before the copy, whichever way the ranges overlap.
inline ACLEMU_ASC_HD void move_bytes(void* dst, const void* src, uint64_t bytes) {
#ifdef ACLEMU_ASC_DEVICE_PASS
    auto* d = static_cast<uint8_t*>(dst);
    const auto* s = static_cast<const uint8_t*>(src);
    if (d < s) {
        for (uint64_t i = 0; i < bytes; ++i) {
            d[i] = s[i];
        }
    } else {
        for (uint64_t i = bytes; i > 0; --i) {
            d[i - 1] = s[i - 1];
        }
    }
#else
    std::memmove(dst, src, bytes);
#endif
}

inline ACLEMU_ASC_HD void strided_copy(uint8_t* dst, const uint8_t* src, const DataCopyParams& p) {
    const uint64_t block = static_cast<uint64_t>(p.blockLen) * ONE_BLK_SIZE;
    for (uint32_t i = 0; i < p.blockCount; ++i) {
        move_bytes(dst + i * (block + p.dstStride * static_cast<uint64_t>(ONE_BLK_SIZE)),
                   src + i * (block + p.srcStride * static_cast<uint64_t>(ONE_BLK_SIZE)),
                   block);
    }
}

/// `old` combined with `value` as `op` says (a sum, the larger or the smaller), computed in
/// float for half and bfloat16 and rounded once.
template <typename T>
ACLEMU_ASC_HD T atomic_combine(::aclemu::ascendc::detail::AtomicOp op, T old, T value) {
    using C =
        std::conditional_t<std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t>, float, T>;
    const C a = static_cast<C>(old), b = static_cast<C>(value);
    switch (op) {
        case ::aclemu::ascendc::detail::AtomicOp::Max:
            return b > a ? value : old;
        case ::aclemu::ascendc::detail::AtomicOp::Min:
            return b < a ? value : old;
        default:
            return static_cast<T>(a + b);
    }
}

/// Combines `value` into the GM element at `address` atomically (other blocks may too).
template <typename T>
ACLEMU_ASC_HD void atomic_update_element(::aclemu::ascendc::detail::AtomicOp op,
                                         T* address,
                                         T value) {
    static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8,
                  "SetAtomicAdd/Max/Min: unsupported element size");
    // One-byte elements too: DataCopy of a uint8_t tensor (a bit mask) to GM instantiates this.
    using Word = std::conditional_t<
        sizeof(T) == 1,
        uint8_t,
        std::conditional_t<sizeof(T) == 2,
                           uint16_t,
                           std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>>>;
#ifdef ACLEMU_ASC_DEVICE_PASS
    // GPU atomics compare-and-swap 32- or 64-bit words: a narrower element is updated inside
    // the aligned 32-bit word that holds it.
    using Cas = std::conditional_t<sizeof(T) == 8, unsigned long long, unsigned int>;
    const uintptr_t at = reinterpret_cast<uintptr_t>(address);
    Cas* cell = reinterpret_cast<Cas*>(at & ~static_cast<uintptr_t>(sizeof(Cas) - 1));
    const unsigned shift = static_cast<unsigned>(at - reinterpret_cast<uintptr_t>(cell)) * 8u;
    Cas seen = *reinterpret_cast<volatile Cas*>(cell);
    for (;;) {
        Word bits = static_cast<Word>(seen >> shift);
        T old;
        memcpy(&old, &bits, sizeof old);
        const T sum = atomic_combine(op, old, value);
        memcpy(&bits, &sum, sizeof bits);
        Cas desired = seen;
        if constexpr (sizeof(T) < sizeof(Cas)) {
            const Cas field = static_cast<Cas>(static_cast<Word>(~Word{0})) << shift;
            desired = (seen & ~field) | (static_cast<Cas>(bits) << shift);
        } else {
            desired = static_cast<Cas>(bits);
        }
        const Cas before = atomicCAS(cell, seen, desired);
        if (before == seen) {
            return;
        }
        seen = before;
    }
#else
    Word* word = reinterpret_cast<Word*>(address);
    Word expected = __atomic_load_n(word, __ATOMIC_RELAXED);
    for (;;) {
        T old;
        std::memcpy(static_cast<void*>(&old), &expected, sizeof old);
        const T sum = atomic_combine(op, old, value);
        Word desired;
        std::memcpy(&desired, &sum, sizeof desired);
        if (__atomic_compare_exchange_n(
                word, &expected, desired, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
            return;
        }
    }
#endif
}

/// A store of `bytes` from UB into GM: a copy, or after SetAtomicAdd/Max/Min an atomic update.
template <typename T>
ACLEMU_ASC_HD void store_to_gm(T* dst, const T* src, uint64_t bytes) {
    ::aclemu::ascendc::detail::BlockState* block = ::aclemu::ascendc::detail::current_block();
    if (block == nullptr || block->atomic == ::aclemu::ascendc::detail::AtomicOp::None) {
        std::memcpy(dst, src, bytes);
        return;
    }
    for (uint64_t i = 0; i < bytes / sizeof(T); ++i) {
        atomic_update_element(block->atomic, dst + i, src[i]);
    }
}

inline ACLEMU_ASC_HD uint64_t strided_extent(uint16_t count, uint16_t len, uint16_t stride) {
    return count == 0 ? 0 : (static_cast<uint64_t>(count) * (len + stride) - stride) * ONE_BLK_SIZE;
}

}  // namespace detail

template <typename T>
ACLEMU_ASC_HD void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, uint32_t count) {
    detail::check_ub_aligned("DataCopy", dst.GetPhyAddr());
    const uint64_t bytes = detail::copy_bytes<T>(count);
    detail::check_fits("DataCopy", bytes, src.GetSize() * sizeof(T), "source GlobalTensor");
    detail::check_fits("DataCopy",
                       bytes,
                       static_cast<uint64_t>(dst.GetSize()) * sizeof(T),
                       "destination LocalTensor");
    std::memcpy(dst.GetPhyAddr(), src.GetPhyAddr(), bytes);
}

template <typename T>
ACLEMU_ASC_HD void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, uint32_t count) {
    detail::check_ub_aligned("DataCopy", src.GetPhyAddr());
    const uint64_t bytes = detail::copy_bytes<T>(count);
    detail::check_fits("DataCopy", bytes, dst.GetSize() * sizeof(T), "destination GlobalTensor");
    detail::check_fits(
        "DataCopy", bytes, static_cast<uint64_t>(src.GetSize()) * sizeof(T), "source LocalTensor");
    detail::store_to_gm(dst.GetPhyAddr(), src.GetPhyAddr(), bytes);
}

template <typename T>
ACLEMU_ASC_HD void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint32_t count) {
    detail::check_ub_aligned("DataCopy", dst.GetPhyAddr());
    detail::check_ub_aligned("DataCopy", src.GetPhyAddr());
    const uint64_t bytes = detail::copy_bytes<T>(count);
    detail::move_bytes(dst.GetPhyAddr(), src.GetPhyAddr(), bytes);
}

template <typename T>
ACLEMU_ASC_HD void DataCopy(const LocalTensor<T>& dst,
                            const GlobalTensor<T>& src,
                            const DataCopyParams& p) {
    detail::check_ub_aligned("DataCopy", dst.GetPhyAddr());
    detail::check_fits("DataCopy",
                       detail::strided_extent(p.blockCount, p.blockLen, p.srcStride),
                       src.GetSize() * sizeof(T),
                       "source GlobalTensor");
    detail::check_fits("DataCopy",
                       detail::strided_extent(p.blockCount, p.blockLen, p.dstStride),
                       static_cast<uint64_t>(dst.GetSize()) * sizeof(T),
                       "destination LocalTensor");
    detail::strided_copy(reinterpret_cast<uint8_t*>(dst.GetPhyAddr()),
                         reinterpret_cast<const uint8_t*>(src.GetPhyAddr()),
                         p);
}

template <typename T>
ACLEMU_ASC_HD void DataCopy(const GlobalTensor<T>& dst,
                            const LocalTensor<T>& src,
                            const DataCopyParams& p) {
    detail::check_ub_aligned("DataCopy", src.GetPhyAddr());
    detail::check_fits("DataCopy",
                       detail::strided_extent(p.blockCount, p.blockLen, p.dstStride),
                       dst.GetSize() * sizeof(T),
                       "destination GlobalTensor");
    detail::check_fits("DataCopy",
                       detail::strided_extent(p.blockCount, p.blockLen, p.srcStride),
                       static_cast<uint64_t>(src.GetSize()) * sizeof(T),
                       "source LocalTensor");
    detail::strided_copy(reinterpret_cast<uint8_t*>(dst.GetPhyAddr()),
                         reinterpret_cast<const uint8_t*>(src.GetPhyAddr()),
                         p);
}

template <typename T>
ACLEMU_ASC_HD void DataCopy(const LocalTensor<T>& dst,
                            const LocalTensor<T>& src,
                            const DataCopyParams& p) {
    detail::check_ub_aligned("DataCopy", dst.GetPhyAddr());
    detail::check_ub_aligned("DataCopy", src.GetPhyAddr());
    detail::strided_copy(reinterpret_cast<uint8_t*>(dst.GetPhyAddr()),
                         reinterpret_cast<const uint8_t*>(src.GetPhyAddr()),
                         p);
}

}  // namespace AscendC
