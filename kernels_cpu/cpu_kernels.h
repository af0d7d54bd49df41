// The CPU backend's kernels: the same per-element math as the GPU (kernels_cu/math), looped
// over the machine's cores with OpenMP. Each call runs synchronously on the calling thread (the
// runtime calls them from a CPU stream's worker) and cannot fail once the op layer validated
// its arguments.
#pragma once

#include "kernels_cu/kernel_args.h"

#include <cstddef>

namespace aclemu::kernels::cpu {

void log_sigmoid_backward(const LogSigmoidBackwardArgs& args, int threads);

void logit_grad(const LogitGradArgs& args, int threads);

/// Workspace for per-chunk fp32 partials; chunking depends only on the shape, never on the
/// thread count, so results are bitwise reproducible.
size_t batch_norm_reduce_backward_workspace_bytes(const BatchNormReduceBackwardArgs& args);
void batch_norm_reduce_backward(const BatchNormReduceBackwardArgs& args,
                                void* workspace,
                                int threads);

void upsample_nearest_exact1d_backward(const UpsampleNearestExact1dBackwardArgs& args, int threads);

}  // namespace aclemu::kernels::cpu
