// The simulated device's virtual memory management (gpusimMem* in gpu/sim/runtime.h): a
// reservation is a PROT_NONE host mapping, a physical allocation a memfd, a mapping the memfd
// placed into a reservation; mappings with access are device memory (mapped_memory()), adjacent
// ones as one range, so a copy may cross from one into the next.
#pragma once

#include <cstddef>

namespace gpusim::detail {

/// Bytes physical allocations of this process hold (for gpusimMemGetInfo).
size_t physical_bytes_in_use();

/// CUDA's granularity on current GPUs.
constexpr size_t kVmmGranularity = size_t{2} << 20;

}  // namespace gpusim::detail
