// The GPU simulator's run of an Ascend C kernel (launch_gpusim.cpp).
#pragma once

#include "launch_record.h"

#include <memory>

namespace aclemu::ascendc::detail {

/// Runs the kernel on the simulated GPU behind `target` (a GpuSim stream): one GPU thread per
/// block, the blocks of up to 1024 as the threads of one simulated block, so SyncAll is its
/// barrier; then prints the output and reports a failure in stream order. Returns an ACL code.
uint32_t launch_on_gpusim(const rt::StreamTarget& target, std::shared_ptr<LaunchRecord> record);

}  // namespace aclemu::ascendc::detail
