// Host-side entry points of the GPU kernels, callable from plain C++. kernels_cu/ builds twice:
// by nvcc or hipcc for the GPU, and by g++ for the GPU simulator (gpu/sim). Each build gives its
// launchers as one table, generated from the operator list (kernels_cu/operators.def, which says
// what each field does); the caller picks the table of the backend that owns the stream.
// `stream` is that backend's native stream (cudaStream_t, hipStream_t, gpusimStream_t) as void*.
// Every launcher returns the GPU runtime's error code of its launches (0 = success) and never
// synchronizes.
#pragma once

#include "kernels_cu/operator_args_fwd.h"

#include <cstddef>
#include <cstdint>

namespace aclemu::kernels {

struct GpuLaunchers {
#define ACLEMU_ELEMENTWISE_OP(name, Args) int (*name)(const Args& args, void* stream);
#define ACLEMU_WORKSPACE_OP(name, Args)                 \
    size_t (*name##_workspace_bytes)(const Args& args); \
    int (*name)(const Args& args, void* workspace, void* stream);
#define ACLEMU_GPU_WORKSPACE_OP(name, Args) ACLEMU_WORKSPACE_OP(name, Args)
#define ACLEMU_KERNEL_OP(name, Args)        ACLEMU_ELEMENTWISE_OP(name, Args)
#include "kernels_cu/operators.def"

    /// Human-readable text of a code returned above.
    const char* (*error_string)(int code);

    /// Test seam: strided elementwise launches of more than `numel` elements index in 64 bits
    /// (UINT32_MAX by default, where 32-bit indices stop fitting), so a test reaches that path
    /// at a small size. Returns the previous limit. Process-wide.
    int64_t (*set_strided_index32_limit)(int64_t numel);
};

namespace gpu {
/// The nvcc/hipcc build (linked when ACLEMU_HAVE_GPU_KERNELS is defined).
const GpuLaunchers& launchers();
}  // namespace gpu

namespace gpusim {
/// The simulator's build, in libaclemu_gpusim_kernels.so (linked when ACLEMU_HAVE_GPUSIM is
/// defined).
__attribute__((visibility("default"))) const GpuLaunchers& launchers();
}  // namespace gpusim

}  // namespace aclemu::kernels
