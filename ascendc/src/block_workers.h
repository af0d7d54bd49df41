// The CPU backend's block threads: one launch runs its blocks on `n` threads at once, the calling
// thread and n - 1 workers, so every block of a launch is live together (SyncAll).
//
// Note [Block workers belong to the launching thread]: starting a thread and giving it a fresh
// 192 KB UB per block per launch cost every launch a floor of about 1.2-1.6 ms on the development
// VM (clone, stack set-up, first-touch page faults, exit; docs/performance.md), where the kernel
// of a small launch runs for microseconds. So each launching thread (a CPU stream's worker, or
// the caller of ICPU_RUN_KF) keeps its workers, parked with their UBs, and hands them each
// launch through a mutex and condition variable per worker. The workers are that thread's
// thread_local: they are stopped and joined when it exits (a destroyed stream, a reset device,
// aclFinalize, exit() for the main thread), never left running. An earlier pool shared by the
// process detached its threads and kept them until exit, past later aclrtBinaryLoad dlopen()s,
// and LeakSanitizer's scan at exit crashed on their stale dynamic TLS (2026-11-28); workers that
// end with their stream's thread have the lifetime that thread already has. A forked child
// abandons the workers it inherited by name only (their threads are not in it) and starts new
// ones.
#pragma once

#include <cstdint>
#include <functional>

namespace aclemu::ascendc::detail {

/// work(worker, ub) for a worker's blocks: `ub` is that thread's UB (kUbBytes, 64-byte aligned),
/// kept for its next launch (as on the NPU, not cleared between launches).
using BlockWork = std::function<void(uint32_t worker, uint8_t* ub)>;

/// Runs work(w, ub) for each w in [0, n) at once, w = 0 on the calling thread and the others on
/// the calling thread's workers (started on first need); returns when every call has returned.
/// An exception from w = 0 is rethrown once the workers are done.
void run_on_block_workers(uint32_t n, const BlockWork& work);

}  // namespace aclemu::ascendc::detail
