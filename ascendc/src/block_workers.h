// The CPU backend's block threads, kept across launches with their UBs, so a launch costs no
// thread start and no fresh UB pages (both showed in the Ascend C add's profile,
// docs/performance.md). A launch takes workers of its own, starting more when too few are idle:
// every block of a launch is live at once (SyncAll), and launches on other streams never wait
// for one another's workers.
#pragma once

#include <cstdint>
#include <functional>

namespace aclemu::ascendc::detail {

/// work(worker, ub) for a worker's blocks: `ub` is that thread's UB (kUbBytes, 64-byte aligned),
/// kept for its next launch (as on the NPU, not cleared between launches).
using BlockWork = std::function<void(uint32_t worker, uint8_t* ub)>;

/// Runs work(w, ub) for each w in [0, n) at once, w = 0 on the calling thread and the others on
/// workers; returns when every call has returned.
void run_on_block_workers(uint32_t n, const BlockWork& work);

}  // namespace aclemu::ascendc::detail
