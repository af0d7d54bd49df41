// An Ascend C kernel on a CUDA or HIP stream (launch_gpu.cpp).
#pragma once

#include "launch_record.h"

#include <memory>

namespace aclemu::ascendc::detail {

/// Runs the kernel's nvcc/hipcc-compiled variant (`gpu_entry`; nullptr when the host compiler
/// built the kernel: refused with 207000) on the GPU stream behind `target`: one GPU thread per
/// block, each block's UB a slice of one device allocation, cooperative when SyncAll can work
/// (every block resident); then reports a failure in stream order. Returns an ACL code.
uint32_t launch_on_gpu(const rt::StreamTarget& target,
                       std::shared_ptr<LaunchRecord> record,
                       GpuEntry gpu_entry);

}  // namespace aclemu::ascendc::detail
