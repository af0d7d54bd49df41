// A kernel launch recorded by a capture: the tag (backend/task_tag.h) the kernel domain attaches
// to the task, from which aclmdlRITaskGetType / GetParams answer and aclmdlRIUpdate relaunches.
#pragma once

#include "acl/acl_rt.h"

#include <cstdint>
#include <vector>

namespace aclemu::rt::graph {

struct KernelTaskRecord {
    aclrtFuncHandle function = nullptr;
    uint32_t blocks = 0;
    std::vector<uint8_t> args;                 // the packed parameters the task runs with
    aclrtLaunchKernelCfg* cfg = nullptr;       // as the launch gave it (reported only)
    std::vector<aclrtLaunchKernelAttr> attrs;  // its attributes, kept for a relaunch
};

/// The record of a launch of `function` (`args_size` bytes at `packed`) with `cfg` (checked).
KernelTaskRecord kernel_task_record(aclrtFuncHandle function,
                                    uint32_t blocks,
                                    const void* packed,
                                    size_t args_size,
                                    aclrtLaunchKernelCfg* cfg);

}  // namespace aclemu::rt::graph
