// Running a grid: the launch checks, and the block runners. Blocks are claimed by a pool of host
// threads (the simulated multiprocessors); a runner runs one block at a time, each GPU thread of
// it a fiber, switching fibers at __syncthreads() and when a thread finishes.
#pragma once

#include "gpu/sim/device.h"

namespace gpusim::detail {

/// The error a GPU reports for `config` before running anything (gpusimSuccess: launchable).
gpusimError_t check_launch(const LaunchConfig& config);

}  // namespace gpusim::detail
