// Where a kernel's `__shared__` variables are: they are `static thread_local`, so they live in the
// thread-local storage (PT_TLS segment) of the module that holds the kernel, one copy per host
// thread. The simulated kernels are built into a module of their own that holds nothing else
// thread-local, so that segment is the block's shared memory, poisoned at each block start.
#pragma once

#include <cstddef>

namespace gpusim::detail {

struct SharedSegment {
    size_t module_id = 0;  // the dynamic linker's TLS module id; 0: the module has no TLS
    size_t bytes = 0;
    /// False when the segment has initialized data: then it holds more than `__shared__`
    /// variables (which cannot be initialized) and is left alone.
    bool shared_only = false;
};

/// The segment of the module containing `code` (cached per module).
SharedSegment shared_segment_of(const void* code);

/// Gives the calling host thread's copy of `segment` the contents of fresh shared memory: every
/// byte 0xFF (invisible to TSan), unless it holds more than shared memory. Returns that copy
/// (nullptr when the module has no thread-local storage).
void* reset_shared_memory(const SharedSegment& segment);

}  // namespace gpusim::detail
