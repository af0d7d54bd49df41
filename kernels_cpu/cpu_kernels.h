// The CPU backend's kernels: the same per-element math as the GPU (kernels_cu/math), looped
// over up to `threads` threads of the host thread pool (aclemu/thread_pool.h). Each call runs
// synchronously on the calling thread (the runtime calls them from a CPU stream's worker, or
// inline) and cannot fail once the op layer validated its arguments. Settings come in as
// parameters; the kernels read no environment.
#pragma once

#include "kernels_cu/kernel_args.h"

#include <cstddef>

namespace aclemu::kernels::cpu {

/// How the contiguous elementwise loops write their output: Auto streams it (non-temporal
/// stores) when the call's traffic exceeds the last-level cache (Note [Streaming stores],
/// elementwise.cpp); Cached and Streaming force one way. Same bits either way.
enum class StoreMode { Auto = 0, Cached = 1, Streaming = 2 };

/// The instruction set the optional x86 paths use now: "avx512", "avx2" or "baseline" (for the
/// operators' DEBUG lines and profiler ranges).
const char* isa_name();

void log_sigmoid_backward(const LogSigmoidBackwardArgs& args,
                          int threads,
                          StoreMode stores = StoreMode::Auto);

void logit_grad(const LogitGradArgs& args, int threads, StoreMode stores = StoreMode::Auto);

void sigmoid(const SigmoidArgs& args, int threads, StoreMode stores = StoreMode::Auto);
void log_sigmoid(const LogSigmoidArgs& args, int threads, StoreMode stores = StoreMode::Auto);
void logit(const LogitArgs& args, int threads, StoreMode stores = StoreMode::Auto);
void sigmoid_backward(const SigmoidBackwardArgs& args,
                      int threads,
                      StoreMode stores = StoreMode::Auto);

/// Workspace for per-chunk fp32 partials; chunking depends only on the shape, never on the
/// thread count, so results are bitwise reproducible. SIZE_MAX when the size does not fit size_t.
size_t batch_norm_reduce_backward_workspace_bytes(const BatchNormReduceBackwardArgs& args);
void batch_norm_reduce_backward(const BatchNormReduceBackwardArgs& args,
                                void* workspace,
                                int threads);

void upsample_nearest_exact1d(const UpsampleNearestExact1dArgs& args, int threads);

void upsample_nearest_exact1d_backward(const UpsampleNearestExact1dBackwardArgs& args, int threads);

/// SyncBatchNorm family. Stats' workspace holds per-(channel, chunk) moments (SIZE_MAX when the
/// size does not fit size_t).
size_t batch_norm_stats_workspace_bytes(const BatchNormStatsArgs& args);
void batch_norm_stats(const BatchNormStatsArgs& args, void* workspace, int threads);
void batch_norm_gather_stats(const BatchNormGatherStatsArgs& args);
void batch_norm_elemt(const BatchNormElemtArgs& args, int threads);
void batch_norm_elemt_backward(const BatchNormElemtBackwardArgs& args, int threads);

}  // namespace aclemu::kernels::cpu
