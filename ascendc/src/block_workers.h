// The CPU backend's block threads: one launch runs its blocks on `n` threads at once, the calling
// thread and n - 1 started for it, so every block of a launch is live together (SyncAll).
//
// Threads are not kept across launches. A pool of parked threads was tried (it saved the thread
// starts of small launches), but a thread that outlives the launches keeps the dynamic TLS vector
// it had before later aclrtBinaryLoad dlopen()s, and LeakSanitizer's scan at exit crashed reading
// it (the fatbin tests and binary_launch samples under ASan, 2026-11-28).
#pragma once

#include <cstdint>
#include <functional>

namespace aclemu::ascendc::detail {

/// work(worker, ub) for a worker's blocks: `ub` is that thread's UB (kUbBytes, 64-byte aligned).
/// The calling thread's UB is kept for its next launch (as on the NPU, not cleared between
/// launches); the started threads' UBs are fresh.
using BlockWork = std::function<void(uint32_t worker, uint8_t* ub)>;

/// Runs work(w, ub) for each w in [0, n) at once, w = 0 on the calling thread and the others on
/// threads started for this launch; returns when every call has returned.
void run_on_block_workers(uint32_t n, const BlockWork& work);

}  // namespace aclemu::ascendc::detail
