// Large copies and fills of CPU-backend memory (host memory) split over several threads: one
// memmove on one core reaches only part of what the memory system can do (docs/performance.md).
//
// Note [Parallel copy without a join]: the bytes are cut into one contiguous chunk per thread
// (at most one per kMinChunkBytes), the inner boundaries on 64-byte-aligned destination
// addresses, so no cache line is written by two threads. The chunks are the items of one job of
// the host thread pool (Note [Host threads without a join], aclemu/thread_pool.h): the caller
// returns once every chunk is done and never waits for a helper that has not started; worst
// case it copies everything itself, as a plain memmove would.
#pragma once

#include <cstddef>

namespace aclemu::rt::cpu {

/// Copies and fills smaller than this run on the calling thread alone.
constexpr size_t kParallelCopyThreshold = size_t{4} << 20;
/// Least share of a copy worth a thread of its own.
constexpr size_t kMinChunkBytes = size_t{1} << 20;

/// memmove(dst, src, bytes) on up to `threads` threads, the caller included. Overlapping
/// ranges, sizes below kParallelCopyThreshold and threads <= 1 take one memmove on the calling
/// thread.
void parallel_copy(void* dst, const void* src, size_t bytes, int threads) noexcept;
/// memset(dst, value, bytes), split like parallel_copy().
void parallel_fill(void* dst, int value, size_t bytes, int threads) noexcept;

}  // namespace aclemu::rt::cpu
