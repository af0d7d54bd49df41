// Fault injection (gpusimInjectFault, gpu/sim/runtime.h): calls of a named entry point that fail
// on request, so the GPU backend's handling of every CUDA error can be tested without a GPU that
// produces them.
#pragma once

#include "gpu/sim/runtime.h"

namespace gpusim::detail {

/// The entry point names a fault can be armed for beyond the gpusim* functions themselves.
constexpr const char* kLaunchApi = "gpusimLaunchKernel";      // a <<<>>> launch, refused
constexpr const char* kKernelFaultApi = "gpusimKernelFault";  // a grid that faults when it runs

/// The error armed for the next call of `api`, which consumes it; gpusimSuccess when none is.
gpusimError_t injected_fault(const char* api);

}  // namespace gpusim::detail
