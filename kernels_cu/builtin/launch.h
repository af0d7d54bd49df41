// Host-side entry points of the runtime's built-in kernels (kernels_cu/builtin), callable from
// plain C++: libascendcl's GPU backend calls them, never libopapi. Like kernels_cu/launch.h, the
// sources build for CUDA/HIP and for the GPU simulator; each build gives its launchers as one
// table. `stream` is the backend's native stream as void*. Every launcher returns the GPU
// runtime's error code of its launches (0 = success) and never synchronizes.
#pragma once

#include "kernels_cu/builtin/builtin_args.h"

#include <cstdint>

namespace aclemu::kernels::builtin {

struct BuiltinLaunchers {
    int (*reduce)(const ReduceArgs& args, void* stream);
    int (*random)(const RandomArgs& args, void* stream);
    /// Stream memory operations as kernels, for devices whose driver has none: a one-thread
    /// store, and a one-thread wait that polls the word until `mode` holds.
    int (*write_value)(uint64_t* addr, uint64_t value, void* stream);
    int (*wait_value)(const uint64_t* addr, uint64_t value, WaitMode mode, void* stream);
    /// Human-readable text of a code returned above.
    const char* (*error_string)(int code);
};

namespace gpu {
/// The nvcc/hipcc build (linked into libascendcl when a GPU language is enabled).
const BuiltinLaunchers& launchers();
}  // namespace gpu

namespace gpusim {
/// The simulator's build, in libaclemu_gpusim_builtin_kernels.so.
__attribute__((visibility("default"))) const BuiltinLaunchers& launchers();
}  // namespace gpusim

}  // namespace aclemu::kernels::builtin
