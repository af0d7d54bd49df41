// Host-side entry points of the GPU kernels (CUDA, or HIP from the same .cu files). Callable
// from plain C++: `stream` is a cudaStream_t / hipStream_t passed as void*. Each launcher
// returns the GPU runtime's error code of the launch (0 = success) and never synchronizes.
#pragma once

#include "kernels_cu/kernel_args.h"

#include <cstddef>

namespace aclemu::kernels::gpu {

int launch_log_sigmoid_backward(const LogSigmoidBackwardArgs& args, void* stream);

int launch_logit_grad(const LogitGradArgs& args, void* stream);

/// Workspace the GPU BatchNormReduceBackward needs (per-block fp32 partials), a pure function of
/// the shape so phase 1 and phase 2 agree.
size_t batch_norm_reduce_backward_workspace_bytes(const BatchNormReduceBackwardArgs& args);
int launch_batch_norm_reduce_backward(const BatchNormReduceBackwardArgs& args,
                                      void* workspace,
                                      void* stream);

/// Workspace of the selected algorithm: 0 for Gather, an fp32 copy of `out` for AtomicScatter.
size_t upsample_nearest_exact1d_backward_workspace_bytes(
    const UpsampleNearestExact1dBackwardArgs& args);
int launch_upsample_nearest_exact1d_backward(const UpsampleNearestExact1dBackwardArgs& args,
                                             void* workspace,
                                             void* stream);

/// Human-readable text of a code returned above.
const char* error_string(int code);

}  // namespace aclemu::kernels::gpu
