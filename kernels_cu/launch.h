// Host-side entry points of the GPU kernels, callable from plain C++. kernels_cu/ builds twice:
// by nvcc or hipcc for the GPU, and by g++ for the GPU simulator (gpu/sim). Each build gives its
// launchers as one table; the caller picks the table of the backend that owns the stream.
// `stream` is that backend's native stream (cudaStream_t, hipStream_t, gpusimStream_t) as void*.
// Every launcher returns the GPU runtime's error code of its launches (0 = success) and never
// synchronizes.
#pragma once

#include "kernels_cu/kernel_args.h"

#include <cstddef>

namespace aclemu::kernels {

struct GpuLaunchers {
    int (*log_sigmoid_backward)(const LogSigmoidBackwardArgs& args, void* stream);

    int (*logit_grad)(const LogitGradArgs& args, void* stream);

    /// Workspace the GPU BatchNormReduceBackward needs (per-block fp32 partials), a pure function
    /// of the shape so phase 1 and phase 2 agree. SIZE_MAX when the size does not fit size_t.
    size_t (*batch_norm_reduce_backward_workspace_bytes)(const BatchNormReduceBackwardArgs& args);
    int (*batch_norm_reduce_backward)(const BatchNormReduceBackwardArgs& args,
                                      void* workspace,
                                      void* stream);

    /// Workspace of the selected algorithm: 0 for Gather, an fp32 copy of `out` for
    /// AtomicScatter (SIZE_MAX when that does not fit size_t).
    size_t (*upsample_nearest_exact1d_backward_workspace_bytes)(
        const UpsampleNearestExact1dBackwardArgs& args);
    int (*upsample_nearest_exact1d_backward)(const UpsampleNearestExact1dBackwardArgs& args,
                                             void* workspace,
                                             void* stream);

    int (*sigmoid)(const SigmoidArgs& args, void* stream);
    int (*log_sigmoid)(const LogSigmoidArgs& args, void* stream);
    int (*logit)(const LogitArgs& args, void* stream);
    int (*sigmoid_backward)(const SigmoidBackwardArgs& args, void* stream);

    int (*upsample_nearest_exact1d)(const UpsampleNearestExact1dArgs& args, void* stream);

    /// SyncBatchNorm family; the workspaces are pure functions of the shape (SIZE_MAX when they
    /// do not fit size_t).
    size_t (*batch_norm_stats_workspace_bytes)(const BatchNormStatsArgs& args);
    int (*batch_norm_stats)(const BatchNormStatsArgs& args, void* workspace, void* stream);
    int (*batch_norm_gather_stats)(const BatchNormGatherStatsArgs& args, void* stream);
    int (*batch_norm_elemt)(const BatchNormElemtArgs& args, void* stream);
    size_t (*batch_norm_elemt_backward_workspace_bytes)(const BatchNormElemtBackwardArgs& args);
    int (*batch_norm_elemt_backward)(const BatchNormElemtBackwardArgs& args,
                                     void* workspace,
                                     void* stream);

    /// Human-readable text of a code returned above.
    const char* (*error_string)(int code);
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
