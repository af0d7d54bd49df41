// The simulator's race and sync checker (docs/backends.md, "The GPU simulator": "The race and
// sync checker"). What it reports, as a kernel fault (sticky gpusimErrorLaunchFailure) with a
// message on stderr naming the kernel, the address and both threads:
//   - two threads of a block touching one byte of `__shared__` or global memory in one barrier
//     interval, at least one of them writing and not atomically;
//   - two blocks of one launch touching one byte of global memory, at least one of them writing
//     and not atomically (blocks of a launch are never ordered);
//   - a __syncthreads() not reached by every thread of the block: threads waiting at different
//     barriers, or some waiting while others have ended;
//   - an access through a type aligned to its size (a 16-byte vector, a float) at an address that
//     is not.
// The memory checks see the kernels' accesses through compiler instrumentation: the kernel
// libraries are compiled with -fsanitize=thread but not linked with ThreadSanitizer's runtime,
// and the hooks it calls (__tsan_read4, ...) are the checker's (checker_hooks.cpp). The .cu
// sources stay plain CUDA. Only builds without a sanitizer have them (ACLEMU_GPUSIM_CHECKER;
// ThreadSanitizer itself checks the kernels in the TSan build); the barrier check is in every
// build. ACLEMU_GPUSIM_CHECK=0 switches both off.
#pragma once

#include "gpu/sim/device.h"

#include <cstddef>
#include <cstdint>
#include <memory>

namespace gpusim::detail::check {

/// ACLEMU_GPUSIM_CHECK is not "0" (read once).
bool enabled();

/// True when this build's kernels call the memory hooks.
bool memory_hooks_built();

enum class Access : uint8_t { Read = 0, Write = 1, Atomic = 2 };

/// What one launch's blocks touched in global memory, merged block by block.
class LaunchChecker;
std::shared_ptr<LaunchChecker> make_launch_checker(const LaunchConfig& config);
/// Reports found for the launch so far.
uint64_t reports(const LaunchChecker& launch);

/// One runner's view of the block it runs: the threads' accesses in the current barrier
/// interval and over the whole block.
class BlockChecker {
public:
    BlockChecker();
    ~BlockChecker();
    BlockChecker(const BlockChecker&) = delete;
    BlockChecker& operator=(const BlockChecker&) = delete;

    /// A block starts: `shared` is this runner's `__shared__` memory for the kernel.
    void begin_block(LaunchChecker* launch,
                     uint64_t block,
                     const void* shared,
                     size_t shared_bytes);
    /// Thread `thread` (linear in the block) runs next, on the stack [bottom, bottom + size).
    void set_thread(unsigned thread, const void* stack_bottom, size_t stack_size);
    /// Every thread passed a barrier: a new interval.
    void barrier_opened();
    /// The block ended: its global accesses are checked against the launch's other blocks.
    void end_block();

    /// A memory access of the running thread; `align` is what its type promises (1: nothing).
    void access(const void* address, size_t bytes, Access kind, size_t align);

    /// Where a thread waits at a barrier: the __syncthreads() call's file and line (file
    /// nullptr: the thread has ended).
    struct BarrierSite {
        const char* file;
        int line;
    };
    /// The barrier check when the runner opens a barrier.
    void check_barrier(const BarrierSite* sites, unsigned threads);

    struct State;

private:
    std::unique_ptr<State> state_;
};

/// The running fiber's block checker on this runner thread, null outside checked kernels.
BlockChecker* current();
void set_current(BlockChecker* checker);

}  // namespace gpusim::detail::check
