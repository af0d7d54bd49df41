// The per-repeat reductions of the mask/repeat forms: one result per 256-byte repeat
// (ReduceRepeat, formerly WholeReduceSum/Max/Min and RepeatReduceSum), one per 32-byte
// DataBlock (ReduceDataBlock, formerly BlockReduceSum/Max/Min) and one per pair of adjacent
// elements (ReducePairElem, formerly PairReduceSum). The source is read through the mask and the
// block and repeat strides (kernel_repeat.h); sums are binary trees of adjacent pairs, each step
// rounded to T (CANN's ReduceDataBlock description), an unselected element adding nothing.
// Maxima and minima take the first of equal values; their index is stored as the bits of T (as
// a uint32_t for ORDER_ONLY_INDEX). A DataBlock (pair) with no selected element is not written,
// as on A2/A3.
#pragma once

#include "aclemu/ascendc/kernel_repeat.h"
#include "aclemu/ascendc/kernel_vector.h"

namespace AscendC {

enum class ReduceType : uint8_t { SUM = 0, MAX, MIN };

enum class ReduceOrder : uint8_t {
    ORDER_VALUE_INDEX = 0,
    ORDER_INDEX_VALUE,
    ORDER_ONLY_VALUE,
    ORDER_ONLY_INDEX,
};

namespace detail {

/// Reduces the selected of `count` consecutive elements (first at element `first` of a repeat)
/// read by `value(k)`. Returns false when none is selected.
template <ReduceType type, typename T, typename Value>
ACLEMU_ASC_HD bool reduce_span(const RepeatMask& mask,
                               uint32_t r,
                               uint32_t n,
                               uint32_t first,
                               uint32_t count,
                               Value value,
                               T& result,
                               uint32_t& index) {
    using C =
        std::conditional_t<std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t>, float, T>;
    bool any = false;
    if constexpr (type == ReduceType::SUM) {
        T slots[ONE_REPEAT_BYTE_SIZE / sizeof(T)];
        for (uint32_t k = 0; k < count; ++k) {
            const bool picked = mask.selects(r, first + k, n);
            any = any || picked;
            slots[k] = picked ? value(first + k) : static_cast<T>(0);
        }
        for (uint32_t width = count; width > 1; width = (width + 1) / 2) {
            for (uint32_t k = 0; k < width / 2; ++k) {
                slots[k] =
                    static_cast<T>(static_cast<C>(slots[2 * k]) + static_cast<C>(slots[2 * k + 1]));
            }
            if (width % 2 != 0) {
                slots[width / 2] = slots[width - 1];
            }
        }
        result = slots[0];
    } else {
        for (uint32_t k = 0; k < count; ++k) {
            if (!mask.selects(r, first + k, n)) {
                continue;
            }
            const T v = value(first + k);
            const bool better = type == ReduceType::MAX
                                    ? static_cast<C>(v) > static_cast<C>(result)
                                    : static_cast<C>(v) < static_cast<C>(result);
            if (!any || better) {
                result = v;
                index = k;
            }
            any = true;
        }
    }
    return any;
}

/// The first extreme over all repeats of a MAX/MIN reduction, with its index among all the
/// repeats' elements: what GetReduceRepeatMaxMinSpr reads afterwards.
template <ReduceType type, typename T>
struct RepeatExtreme {
    T best = static_cast<T>(0);
    uint32_t index = 0;
    bool any = false;

    ACLEMU_ASC_HD void offer(T value, uint32_t at) {
        using C = Compute<T>;
        const bool better = type == ReduceType::MAX ? static_cast<C>(value) > static_cast<C>(best)
                                                    : static_cast<C>(value) < static_cast<C>(best);
        if (!any || better) {
            best = value;
            index = at;
        }
        any = true;
    }
};

template <typename T>
ACLEMU_ASC_HD void store_checked(const char* api, const LocalTensor<T>& dst, uint64_t at, T v) {
    check_reach(api, dst, at);
    dst.GetPhyAddr()[at] = v;
}

/// Source element k of repeat r, through the strides.
template <typename T>
ACLEMU_ASC_HD T source_at(const char* api,
                          const LocalTensor<T>& src,
                          uint32_t r,
                          uint32_t k,
                          uint32_t blk_stride,
                          uint32_t rep_stride) {
    constexpr uint32_t per_block = ONE_BLK_SIZE / sizeof(T);
    return repeat_value(api, src, r, k / per_block, k % per_block, blk_stride, rep_stride);
}

template <ReduceType type, typename T>
ACLEMU_ASC_HD void reduce_repeat(const char* api,
                                 const LocalTensor<T>& dst,
                                 const LocalTensor<T>& src,
                                 const RepeatMask& mask,
                                 int32_t repeatTime,
                                 int32_t dstRepStride,
                                 int32_t srcBlkStride,
                                 int32_t srcRepStride,
                                 ReduceOrder order) {
    constexpr uint32_t n = ONE_REPEAT_BYTE_SIZE / sizeof(T);
    check_repeat_mask(api, mask, n);
    const uint32_t runs = mask.repeats(static_cast<uint8_t>(repeatTime), n);
    RepeatExtreme<type, T> extreme;  // over all repeats, for GetReduceRepeatMaxMinSpr
    for (uint32_t r = 0; r < runs; ++r) {
        T result = static_cast<T>(0);
        uint32_t index = 0;
        auto value = [&](uint32_t k) {
            return source_at(api, src, r, k, srcBlkStride, srcRepStride);
        };
        if (!reduce_span<type>(mask, r, n, 0, n, value, result, index)) {
            continue;
        }
        if constexpr (type != ReduceType::SUM) {
            extreme.offer(result, r * n + index);
        }
        const uint64_t stride = static_cast<uint64_t>(dstRepStride) * r;
        if (type == ReduceType::SUM || order == ReduceOrder::ORDER_ONLY_VALUE) {
            store_checked(api, dst, stride, result);
        } else if (order == ReduceOrder::ORDER_ONLY_INDEX) {
            // A uint32_t per repeat, 4-byte units.
            const uint64_t at = stride * 4 / sizeof(T);
            check_reach(api, dst, at + 4 / sizeof(T) - 1);
            std::memcpy(dst.GetPhyAddr() + at, &index, sizeof index);
        } else {
            const bool value_first = order == ReduceOrder::ORDER_VALUE_INDEX;
            store_checked(api, dst, 2 * stride + (value_first ? 0 : 1), result);
            store_checked(api, dst, 2 * stride + (value_first ? 1 : 0), index_bits<T>(index));
        }
    }
    if (extreme.any) {
        set_max_min_spr(extreme.best, extreme.index);
    }
}

template <ReduceType type, typename T>
ACLEMU_ASC_HD void reduce_data_block(const char* api,
                                     const LocalTensor<T>& dst,
                                     const LocalTensor<T>& src,
                                     const RepeatMask& mask,
                                     int32_t repeatTime,
                                     int32_t dstRepStride,
                                     int32_t srcBlkStride,
                                     int32_t srcRepStride) {
    constexpr uint32_t n = ONE_REPEAT_BYTE_SIZE / sizeof(T);
    constexpr uint32_t per_block = ONE_BLK_SIZE / sizeof(T);
    check_repeat_mask(api, mask, n);
    const uint32_t runs = mask.repeats(static_cast<uint8_t>(repeatTime), n);
    for (uint32_t r = 0; r < runs; ++r) {
        auto value = [&](uint32_t k) {
            return source_at(api, src, r, k, srcBlkStride, srcRepStride);
        };
        for (uint32_t b = 0; b < 8; ++b) {
            T result = static_cast<T>(0);
            uint32_t index = 0;
            if (reduce_span<type>(mask, r, n, b * per_block, per_block, value, result, index)) {
                store_checked(api, dst, uint64_t{8} * dstRepStride * r + b, result);
            }
        }
    }
}

template <typename T>
ACLEMU_ASC_HD void reduce_pairs(const char* api,
                                const LocalTensor<T>& dst,
                                const LocalTensor<T>& src,
                                const RepeatMask& mask,
                                int32_t repeatTime,
                                int32_t dstRepStride,
                                int32_t srcBlkStride,
                                int32_t srcRepStride) {
    constexpr uint32_t n = ONE_REPEAT_BYTE_SIZE / sizeof(T);
    check_repeat_mask(api, mask, n);
    const uint32_t runs = mask.repeats(static_cast<uint8_t>(repeatTime), n);
    for (uint32_t r = 0; r < runs; ++r) {
        auto value = [&](uint32_t k) {
            return source_at(api, src, r, k, srcBlkStride, srcRepStride);
        };
        for (uint32_t j = 0; j < n / 2; ++j) {
            T result = static_cast<T>(0);
            uint32_t index = 0;
            if (reduce_span<ReduceType::SUM>(mask, r, n, 2 * j, 2, value, result, index)) {
                // dstRepStride counts one repeat's results: 128 bytes.
                store_checked(api, dst, uint64_t{n / 2} * dstRepStride * r + j, result);
            }
        }
    }
}

}  // namespace detail

/// One result per repeat (MAX/MIN with its index in `order`).
template <ReduceType reduceType, typename T, typename U, bool isSetMask = true, typename Mask>
ACLEMU_ASC_HD void ReduceRepeat(const LocalTensor<T>& dst,
                                const LocalTensor<U>& src,
                                Mask mask,
                                const int32_t repeatTime,
                                const int32_t dstRepStride,
                                const int32_t srcBlkStride,
                                const int32_t srcRepStride,
                                ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX) {
    static_assert(std::is_same_v<T, U>, "ReduceRepeat: dst and src have one type on A2/A3");
    detail::reduce_repeat<reduceType>("ReduceRepeat",
                                      dst,
                                      src,
                                      detail::call_mask<isSetMask>(detail::mask_argument(mask)),
                                      repeatTime,
                                      dstRepStride,
                                      srcBlkStride,
                                      srcRepStride,
                                      order);
}

/// One result per 32-byte DataBlock; dstRepStride counts 8 results.
template <ReduceType reduceType, typename T, typename U, bool isSetMask = true, typename Mask>
ACLEMU_ASC_HD void ReduceDataBlock(const LocalTensor<T>& dst,
                                   const LocalTensor<U>& src,
                                   Mask mask,
                                   const int32_t repeatTime,
                                   const int32_t dstRepStride,
                                   const int32_t srcBlkStride,
                                   const int32_t srcRepStride) {
    static_assert(std::is_same_v<T, U>, "ReduceDataBlock: dst and src have one type");
    detail::reduce_data_block<reduceType>("ReduceDataBlock",
                                          dst,
                                          src,
                                          detail::call_mask<isSetMask>(detail::mask_argument(mask)),
                                          repeatTime,
                                          dstRepStride,
                                          srcBlkStride,
                                          srcRepStride);
}

/// The sum of each pair of adjacent elements; dstRepStride counts 128 bytes.
template <ReduceType reduceType, typename T, typename U, bool isSetMask = true, typename Mask>
ACLEMU_ASC_HD void ReducePairElem(const LocalTensor<T>& dst,
                                  const LocalTensor<U>& src,
                                  Mask mask,
                                  const int32_t repeatTime,
                                  const int32_t dstRepStride,
                                  const int32_t srcBlkStride,
                                  const int32_t srcRepStride) {
    static_assert(reduceType == ReduceType::SUM, "ReducePairElem: only ReduceType::SUM exists");
    static_assert(std::is_same_v<T, U>, "ReducePairElem: dst and src have one type");
    detail::reduce_pairs("ReducePairElem",
                         dst,
                         src,
                         detail::call_mask<isSetMask>(detail::mask_argument(mask)),
                         repeatTime,
                         dstRepStride,
                         srcBlkStride,
                         srcRepStride);
}

// The names before CANN 9.1 (BlockReduce* and PairReduceSum take repeatTime before the mask).

template <typename T, bool isSetMask = true, typename Mask>
ACLEMU_ASC_HD void WholeReduceSum(const LocalTensor<T>& dst,
                                  const LocalTensor<T>& src,
                                  Mask mask,
                                  const int32_t repeatTime,
                                  const int32_t dstRepStride,
                                  const int32_t srcBlkStride,
                                  const int32_t srcRepStride) {
    detail::reduce_repeat<ReduceType::SUM>(
        "WholeReduceSum",
        dst,
        src,
        detail::call_mask<isSetMask>(detail::mask_argument(mask)),
        repeatTime,
        dstRepStride,
        srcBlkStride,
        srcRepStride,
        ReduceOrder::ORDER_ONLY_VALUE);
}

#define ACLEMU_ASC_WHOLE_REDUCE(name, type)                                                    \
    template <typename T, bool isSetMask = true, typename Mask>                                \
    ACLEMU_ASC_HD void name(const LocalTensor<T>& dst,                                         \
                            const LocalTensor<T>& src,                                         \
                            Mask mask,                                                         \
                            const int32_t repeatTime,                                          \
                            const int32_t dstRepStride,                                        \
                            const int32_t srcBlkStride,                                        \
                            const int32_t srcRepStride,                                        \
                            ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX) {              \
        detail::reduce_repeat<type>(#name,                                                     \
                                    dst,                                                       \
                                    src,                                                       \
                                    detail::call_mask<isSetMask>(detail::mask_argument(mask)), \
                                    repeatTime,                                                \
                                    dstRepStride,                                              \
                                    srcBlkStride,                                              \
                                    srcRepStride,                                              \
                                    order);                                                    \
    }
ACLEMU_ASC_WHOLE_REDUCE(WholeReduceMax, ReduceType::MAX)
ACLEMU_ASC_WHOLE_REDUCE(WholeReduceMin, ReduceType::MIN)
#undef ACLEMU_ASC_WHOLE_REDUCE

#define ACLEMU_ASC_BLOCK_REDUCE(name, type)                                                        \
    template <typename T, bool isSetMask = true, typename Mask>                                    \
    ACLEMU_ASC_HD void name(const LocalTensor<T>& dst,                                             \
                            const LocalTensor<T>& src,                                             \
                            const int32_t repeatTime,                                              \
                            Mask mask,                                                             \
                            const int32_t dstRepStride,                                            \
                            const int32_t srcBlkStride,                                            \
                            const int32_t srcRepStride) {                                          \
        detail::reduce_data_block<type>(#name,                                                     \
                                        dst,                                                       \
                                        src,                                                       \
                                        detail::call_mask<isSetMask>(detail::mask_argument(mask)), \
                                        repeatTime,                                                \
                                        dstRepStride,                                              \
                                        srcBlkStride,                                              \
                                        srcRepStride);                                             \
    }
ACLEMU_ASC_BLOCK_REDUCE(BlockReduceSum, ReduceType::SUM)
ACLEMU_ASC_BLOCK_REDUCE(BlockReduceMax, ReduceType::MAX)
ACLEMU_ASC_BLOCK_REDUCE(BlockReduceMin, ReduceType::MIN)
#undef ACLEMU_ASC_BLOCK_REDUCE

template <typename T, bool isSetMask = true, typename Mask>
ACLEMU_ASC_HD void PairReduceSum(const LocalTensor<T>& dst,
                                 const LocalTensor<T>& src,
                                 const int32_t repeatTime,
                                 Mask mask,
                                 const int32_t dstRepStride,
                                 const int32_t srcBlkStride,
                                 const int32_t srcRepStride) {
    detail::reduce_pairs("PairReduceSum",
                         dst,
                         src,
                         detail::call_mask<isSetMask>(detail::mask_argument(mask)),
                         repeatTime,
                         dstRepStride,
                         srcBlkStride,
                         srcRepStride);
}

/// WholeReduceSum with a count mask (`elemsInOneRepeat`); dstBlkStride has no effect.
template <typename T, bool isSetMask = true>
ACLEMU_ASC_HD void RepeatReduceSum(const LocalTensor<T>& dst,
                                   const LocalTensor<T>& src,
                                   const int32_t repeatTime,
                                   const int32_t elemsInOneRepeat,
                                   const int32_t dstBlkStride,
                                   const int32_t srcBlkStride,
                                   const int32_t dstRepStride,
                                   const int32_t srcRepStride) {
    (void)dstBlkStride;
    detail::reduce_repeat<ReduceType::SUM>(
        "RepeatReduceSum",
        dst,
        src,
        detail::call_mask<isSetMask>(static_cast<uint64_t>(elemsInOneRepeat)),
        repeatTime,
        dstRepStride,
        srcBlkStride,
        srcRepStride,
        ReduceOrder::ORDER_ONLY_VALUE);
}

namespace detail {

/// The whole-tensor reductions' repeat forms (ReduceSum/Max/Min with a mask, repeatTime and
/// srcRepStride; DataBlocks contiguous). SUM: each repeat summed as a tree into tmp, then tmp
/// reduced the same way, n at a time, round after round until one is left (CANN's way two, the
/// A2/A3 repeat form; tmp needs the repeat count rounded up to a DataBlock, as CANN says).
/// MAX/MIN: the first extreme, its index r * n + k stored after it as the bits of T.
template <ReduceType type, typename T>
ACLEMU_ASC_HD void reduce_all_repeats(const char* api,
                                      const LocalTensor<T>& dst,
                                      const LocalTensor<T>& src,
                                      const LocalTensor<T>& tmp,
                                      const RepeatMask& mask,
                                      int32_t repeatTime,
                                      int32_t srcRepStride,
                                      bool calIndex) {
    constexpr uint32_t n = ONE_REPEAT_BYTE_SIZE / sizeof(T);
    check_repeat_mask(api, mask, n);
    const uint32_t runs =
        mask.counter ? mask.repeats(0, n) : static_cast<uint32_t>(repeatTime < 0 ? 0 : repeatTime);
    if (runs == 0) {
        return;
    }
    RepeatExtreme<type, T> extreme;
    for (uint32_t r = 0; r < runs; ++r) {
        auto value = [&](uint32_t k) { return source_at(api, src, r, k, 1, srcRepStride); };
        T result = static_cast<T>(0);
        uint32_t index = 0;
        const bool picked = reduce_span<type>(mask, r, n, 0, n, value, result, index);
        if constexpr (type == ReduceType::SUM) {
            store_checked(api, tmp, r, result);  // nothing picked: a sum of 0
        } else if (picked) {
            extreme.offer(result, r * n + index);
        }
    }
    if constexpr (type == ReduceType::SUM) {
        T* partial = tmp.GetPhyAddr();
        for (uint32_t count = runs; count > 1; count = (count + n - 1) / n) {
            for (uint32_t g = 0; g * n < count; ++g) {
                RepeatMask group;
                group.count = count - g * n < n ? count - g * n : n;
                uint32_t unused = 0;
                T folded = static_cast<T>(0);
                reduce_span<ReduceType::SUM>(
                    group,
                    0,
                    n,
                    0,
                    n,
                    [&](uint32_t k) { return partial[g * n + k]; },
                    folded,
                    unused);
                partial[g] = folded;
            }
        }
        store_checked(api, dst, 0, partial[0]);
    } else if (extreme.any) {
        store_checked(api, dst, 0, extreme.best);
        if (calIndex) {
            store_checked(api, dst, 1, index_bits<T>(extreme.index));
        }
        set_max_min_spr(extreme.best, extreme.index);
    }
}

}  // namespace detail

/// ReduceSum, repeat form: the sum of the masked elements of `repeatTime` repeats in dst[0].
template <typename T, typename Mask>
ACLEMU_ASC_HD void ReduceSum(const LocalTensor<T>& dst,
                             const LocalTensor<T>& src,
                             const LocalTensor<T>& sharedTmpBuffer,
                             Mask mask,
                             const int32_t repeatTime,
                             const int32_t srcRepStride) {
    detail::reduce_all_repeats<ReduceType::SUM>(
        "ReduceSum",
        dst,
        src,
        sharedTmpBuffer,
        detail::call_mask<true>(detail::mask_argument(mask)),
        repeatTime,
        srcRepStride,
        false);
}

/// ReduceMax, repeat form: the maximum in dst[0], with calIndex its index in dst[1].
template <typename T, typename Mask>
ACLEMU_ASC_HD void ReduceMax(const LocalTensor<T>& dst,
                             const LocalTensor<T>& src,
                             const LocalTensor<T>& sharedTmpBuffer,
                             Mask mask,
                             const int32_t repeatTime,
                             const int32_t srcRepStride,
                             bool calIndex = false) {
    detail::reduce_all_repeats<ReduceType::MAX>(
        "ReduceMax",
        dst,
        src,
        sharedTmpBuffer,
        detail::call_mask<true>(detail::mask_argument(mask)),
        repeatTime,
        srcRepStride,
        calIndex);
}

/// ReduceMin, repeat form: the minimum in dst[0], with calIndex its index in dst[1].
template <typename T, typename Mask>
ACLEMU_ASC_HD void ReduceMin(const LocalTensor<T>& dst,
                             const LocalTensor<T>& src,
                             const LocalTensor<T>& sharedTmpBuffer,
                             Mask mask,
                             const int32_t repeatTime,
                             const int32_t srcRepStride,
                             bool calIndex = false) {
    detail::reduce_all_repeats<ReduceType::MIN>(
        "ReduceMin",
        dst,
        src,
        sharedTmpBuffer,
        detail::call_mask<true>(detail::mask_argument(mask)),
        repeatTime,
        srcRepStride,
        calIndex);
}

}  // namespace AscendC
