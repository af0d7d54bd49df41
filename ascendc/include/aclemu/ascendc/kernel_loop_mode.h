// Ascend 950's loop mode of DataCopyPad (SetLoopModePara / ResetLoopModePara): a copy between
// GM and UB repeated loop1Size x loop2Size times, each repetition's source and destination
// moved by the loop strides (bytes), and the PaddingMode a GM -> UB DataCopyPad takes (Compact:
// the blocks packed one after another, the padding only after the last). aclemu offers both on
// every architecture; CANN's examples compile them only for dav-3510.
#pragma once

#include "aclemu/ascendc/kernel_pipe.h"

namespace AscendC {

enum class PaddingMode : uint8_t { Normal = 0, Compact };

enum class DataCopyMVType : uint8_t { UB_TO_OUT = 0, OUT_TO_UB = 1 };

struct LoopModeParams {
    uint32_t loop1Size = 0;       // inner repetitions
    uint32_t loop2Size = 0;       // outer repetitions
    uint64_t loop1SrcStride = 0;  // bytes between inner repetitions, source side
    uint64_t loop1DstStride = 0;
    uint64_t loop2SrcStride = 0;  // bytes between outer repetitions
    uint64_t loop2DstStride = 0;
};

/// Later DataCopyPad calls in direction `type` repeat as `loopParams` says, until
/// ResetLoopModePara.
inline ACLEMU_ASC_HD void SetLoopModePara(const LoopModeParams& loopParams, DataCopyMVType type) {
    uint64_t* mode = detail::block_state("SetLoopModePara").loop_mode[static_cast<int>(type) & 1];
    mode[0] = loopParams.loop1Size;
    mode[1] = loopParams.loop2Size;
    mode[2] = loopParams.loop1SrcStride;
    mode[3] = loopParams.loop1DstStride;
    mode[4] = loopParams.loop2SrcStride;
    mode[5] = loopParams.loop2DstStride;
}

inline ACLEMU_ASC_HD void ResetLoopModePara(DataCopyMVType type) {
    uint64_t* mode = detail::block_state("ResetLoopModePara").loop_mode[static_cast<int>(type) & 1];
    for (int i = 0; i < 6; ++i) {
        mode[i] = 0;
    }
}

namespace detail {

/// Calls copy(src_element_offset, dst_element_offset) once per repetition of the loop mode set
/// for `type` (once at offset 0 when it is off); a byte stride that is not a multiple of the
/// element size is reported (and rounded down).
template <typename T, typename Copy>
ACLEMU_ASC_HD void for_each_loop(DataCopyMVType type, Copy copy) {
    const ::aclemu::ascendc::detail::BlockState* block = ::aclemu::ascendc::detail::current_block();
    const uint64_t* mode =
        block != nullptr ? block->loop_mode[static_cast<int>(type) & 1] : nullptr;
    const uint64_t inner = mode != nullptr && mode[0] > 0 ? mode[0] : 1;
    const uint64_t outer = mode != nullptr && mode[1] > 0 ? mode[1] : 1;
    for (uint64_t i2 = 0; i2 < outer; ++i2) {
        for (uint64_t i1 = 0; i1 < inner; ++i1) {
            const uint64_t from = mode != nullptr ? i1 * mode[2] + i2 * mode[4] : 0;
            const uint64_t to = mode != nullptr ? i1 * mode[3] + i2 * mode[5] : 0;
            if (from % sizeof(T) != 0 || to % sizeof(T) != 0) {
                ::aclemu::ascendc::detail::report_check(
                    "DataCopyPad", "a loop-mode stride is not a multiple of the element size");
            }
            copy(from / sizeof(T), to / sizeof(T));
        }
    }
}

}  // namespace detail
}  // namespace AscendC
