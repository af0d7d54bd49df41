// Synchronisation. Inside a block, instructions run in program order, so the pipe flags and
// barriers hold by construction and are no-ops. SyncAll is a real barrier across the launch's
// blocks, which all run at once.
#pragma once

#include "aclemu/ascendc/kernel_tensor.h"

// The event ids of SetFlag/WaitFlag are global names, as pipe_t's are: CANN's examples write
// EVENT_ID0 without AscendC:: or a using-directive.
using event_t = int32_t;
constexpr event_t EVENT_ID0 = 0;
constexpr event_t EVENT_ID1 = 1;
constexpr event_t EVENT_ID2 = 2;
constexpr event_t EVENT_ID3 = 3;
constexpr event_t EVENT_ID4 = 4;
constexpr event_t EVENT_ID5 = 5;
constexpr event_t EVENT_ID6 = 6;
constexpr event_t EVENT_ID7 = 7;

namespace AscendC {

using ::EVENT_ID0;
using ::EVENT_ID1;
using ::EVENT_ID2;
using ::EVENT_ID3;
using ::EVENT_ID4;
using ::EVENT_ID5;
using ::EVENT_ID6;
using ::EVENT_ID7;
using ::event_t;

template <HardEvent Event>
inline ACLEMU_ASC_HD void SetFlag(int32_t) {}
template <HardEvent Event>
inline ACLEMU_ASC_HD void WaitFlag(int32_t) {}
template <pipe_t Pipe = PIPE_ALL>
inline ACLEMU_ASC_HD void PipeBarrier() {}
inline ACLEMU_ASC_HD void pipe_barrier(pipe_t) {}
template <typename... Args>
inline ACLEMU_ASC_HD void set_flag(Args...) {}
template <typename... Args>
inline ACLEMU_ASC_HD void wait_flag(Args...) {}

/// Makes the block's GM stores visible to the other blocks at once.
template <typename T,
          CacheLine Line = CacheLine::SINGLE_CACHE_LINE,
          DcciDst Dst = DcciDst::CACHELINE_OUT>
inline ACLEMU_ASC_HD void DataCacheCleanAndInvalid(const GlobalTensor<T>&) {
    ::aclemu::ascendc::detail::memory_fence();
}

/// Every block of the launch waits here for the others.
template <bool IsAivOnly = true>
inline ACLEMU_ASC_HD void SyncAll() {
    ::aclemu::ascendc::detail::sync_all_blocks("SyncAll");
}

/// The software form: the barrier itself; the GM and UB workspaces are not needed here.
template <bool IsAivOnly = true, typename G, typename U>
inline ACLEMU_ASC_HD void SyncAll(const GlobalTensor<G>&,
                                  const LocalTensor<U>&,
                                  int32_t usedCores = 0) {
    (void)usedCores;
    ::aclemu::ascendc::detail::sync_all_blocks("SyncAll");
}

}  // namespace AscendC
