// The vector mask of the mask/repeat forms: Normal mode (the default: a mask selects elements
// of each repeat, as a count of the first ones or as 2 x 64 bits) and Counter mode
// (SetMaskCount: the mask is the total element count and the repeats follow from it, repeatTime
// is ignored). The mask comes from the API's argument (isSetMask = true, which also sets the
// block's mask register, as the NPU's does) or from the register SetVectorMask wrote
// (isSetMask = false, the argument a MASK_PLACEHOLDER).
#pragma once

#include "aclemu/ascendc/kernel_copy.h"

namespace AscendC {

enum class MaskMode : uint8_t { NORMAL = 0, COUNTER };

/// The mask argument of a call with isSetMask = false: not read.
constexpr uint64_t MASK_PLACEHOLDER = 0;

namespace detail {

/// Which elements of each repeat take part: the first `count`, the set bits, or (Counter mode)
/// element k of repeat r while r * n + k < count.
struct RepeatMask {
    bool bits = false;
    bool counter = false;
    uint64_t count = 0;
    uint64_t words[2] = {0, 0};

    /// Element k of a repeat, in Normal mode.
    ACLEMU_ASC_HD bool selects(uint32_t k) const {
        return bits ? ((words[k / 64] >> (k % 64)) & 1u) != 0 : k < count;
    }
    /// Element k of repeat r, `n` elements to a repeat, in either mode.
    ACLEMU_ASC_HD bool selects(uint32_t r, uint32_t k, uint32_t n) const {
        return counter ? static_cast<uint64_t>(r) * n + k < count : selects(k);
    }
    /// The repeats that run: `repeats` in Normal mode, enough for `count` in Counter mode.
    ACLEMU_ASC_HD uint32_t repeats(uint8_t repeat_time, uint32_t n) const {
        return counter ? static_cast<uint32_t>((count + n - 1) / n) : repeat_time;
    }
};

inline ACLEMU_ASC_HD ::aclemu::ascendc::detail::BlockState* mask_owner() {
    return ::aclemu::ascendc::detail::current_block();
}

/// The block's mask register as the mask of a call with isSetMask = false.
inline ACLEMU_ASC_HD RepeatMask mask_of_register() {
    RepeatMask m;
    const ::aclemu::ascendc::detail::BlockState* block = mask_owner();
    if (block != nullptr && block->mask_counter) {
        m.counter = true;
        m.count = block->vector_mask[0];
        return m;
    }
    m.bits = true;
    m.words[0] = block != nullptr ? block->vector_mask[0] : ~0ull;
    m.words[1] = block != nullptr ? block->vector_mask[1] : ~0ull;
    return m;
}

/// The first `count` elements as a 2 x 64-bit mask.
inline ACLEMU_ASC_HD void first_bits(uint64_t count, uint64_t (&words)[2]) {
    words[0] = count >= 64 ? ~0ull : (1ull << count) - 1;
    words[1] = count >= 128 ? ~0ull : count <= 64 ? 0 : (1ull << (count - 64)) - 1;
}

/// A count mask argument (isSetMask = true): a count of each repeat's first elements, or in
/// Counter mode the total element count. Sets the block's mask register to it.
inline ACLEMU_ASC_HD RepeatMask mask_of(uint64_t count) {
    RepeatMask m;
    m.count = count;
    ::aclemu::ascendc::detail::BlockState* block = mask_owner();
    if (block != nullptr && block->mask_counter) {
        m.counter = true;
        block->vector_mask[0] = count;
        block->vector_mask[1] = 0;
    } else if (block != nullptr) {
        first_bits(count, block->vector_mask);
    }
    return m;
}

/// A bit-wise mask argument (isSetMask = true); in Counter mode its low word is the count.
inline ACLEMU_ASC_HD RepeatMask mask_of(const uint64_t (&words)[2]) {
    ::aclemu::ascendc::detail::BlockState* block = mask_owner();
    if (block != nullptr && block->mask_counter) {
        return mask_of(words[0]);
    }
    RepeatMask m;
    m.bits = true;
    m.words[0] = words[0];
    m.words[1] = words[1];
    if (block != nullptr) {
        block->vector_mask[0] = words[0];
        block->vector_mask[1] = words[1];
    }
    return m;
}

/// A mask argument as call_mask takes it: a count (any integer) or the 2 x 64-bit words.
template <typename Count, typename = std::enable_if_t<std::is_integral_v<Count>>>
ACLEMU_ASC_HD uint64_t mask_argument(Count count) {
    return static_cast<uint64_t>(count);
}
inline ACLEMU_ASC_HD const uint64_t* mask_argument(const uint64_t* words) {
    return words;
}

/// The mask a mask/repeat call uses: its argument, or the register when isSetMask is false.
template <bool isSetMask>
ACLEMU_ASC_HD RepeatMask call_mask(uint64_t count) {
    return isSetMask ? mask_of(count) : mask_of_register();
}
template <bool isSetMask>
ACLEMU_ASC_HD RepeatMask call_mask(const uint64_t mask[]) {
    if (!isSetMask) {
        return mask_of_register();
    }
    const uint64_t words[2] = {mask[0], mask[1]};
    return mask_of(words);
}

}  // namespace detail

/// Counter mode: later masks are total element counts.
inline ACLEMU_ASC_HD void SetMaskCount() {
    if (auto* block = detail::mask_owner()) {
        block->mask_counter = true;
    }
}

/// Normal mode (the default): later masks select elements of each repeat.
inline ACLEMU_ASC_HD void SetMaskNorm() {
    if (auto* block = detail::mask_owner()) {
        block->mask_counter = false;
    }
}

/// The mask register, for calls with isSetMask = false: bits (Normal mode) or, in Counter mode,
/// the element count in maskLow.
template <typename T, MaskMode mode = MaskMode::NORMAL>
ACLEMU_ASC_HD void SetVectorMask(const uint64_t maskHigh, const uint64_t maskLow) {
    if (auto* block = detail::mask_owner()) {
        block->vector_mask[0] = maskLow;
        block->vector_mask[1] = mode == MaskMode::COUNTER ? 0 : maskHigh;
    }
}

/// The mask register as a length: the first `len` elements of each repeat (Normal mode) or
/// `len` elements in all (Counter mode).
template <typename T, MaskMode mode = MaskMode::NORMAL>
ACLEMU_ASC_HD void SetVectorMask(int32_t len) {
    auto* block = detail::mask_owner();
    if (block == nullptr) {
        return;
    }
    const uint64_t count = len < 0 ? 0 : static_cast<uint64_t>(len);
    if (mode == MaskMode::COUNTER) {
        block->vector_mask[0] = count;
        block->vector_mask[1] = 0;
    } else {
        detail::first_bits(count, block->vector_mask);
    }
}

/// The mask register back to every element.
inline ACLEMU_ASC_HD void ResetMask() {
    if (auto* block = detail::mask_owner()) {
        block->vector_mask[0] = ~0ull;
        block->vector_mask[1] = ~0ull;
    }
}

}  // namespace AscendC
