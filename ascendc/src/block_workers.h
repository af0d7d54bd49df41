// The CPU backend's block threads: one launch runs its blocks on up to `threads` threads at once,
// the calling thread and its workers, so every block of a launch can be live together (SyncAll).
//
// Note [Block workers belong to the launching thread]: starting a thread and giving it a fresh
// 192 KB UB per block per launch cost every launch a floor of about 1.2-1.6 ms on the development
// VM (clone, stack set-up, first-touch page faults, exit; docs/performance.md), where the kernel
// of a small launch runs for microseconds. So each launching thread (a CPU stream's worker, or
// the caller of ICPU_RUN_KF) keeps its workers, parked with their UBs, and hands them each
// launch through a mutex and condition variable per worker (Note [Blocks are claimed] in the
// source says how they share the blocks). The workers are that thread's
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

/// work(block, ub) runs one block: `ub` is the running thread's UB (kUbBytes, 64-byte aligned),
/// kept for its next launch (as on the NPU, not cleared between launches).
using BlockWork = std::function<void(uint32_t block, uint8_t* ub)>;

/// Runs work(b, ub) for each block b in [0, blocks) (blocks < 65536) on up to `threads` threads
/// at once: the calling thread and up to threads - 1 of its workers (started on first need),
/// each taking the next block until none is left (Note [Blocks are claimed]); returns when
/// every block has finished. An exception from a block on the calling thread is rethrown then.
void run_blocks(uint32_t blocks, uint32_t threads, const BlockWork& work);

}  // namespace aclemu::ascendc::detail
