// The CPU backend's kernels: the same per-element math as the GPU (kernels_cu/math), looped
// over up to `threads` threads of the host thread pool (aclemu/thread_pool.h). Each call runs
// synchronously on the calling thread (the runtime calls them from a CPU stream's worker, or
// inline) and cannot fail once the op layer validated its arguments. Settings come in as
// parameters; the kernels read no environment. Each operator's loops are in
// kernels_cpu/<operator>.cpp; the elementwise ones share kernels_cpu/elementwise_run.h.
#pragma once

#include "kernels_cu/operator_args_fwd.h"

#include <cstddef>

namespace aclemu::kernels::cpu {

/// How the contiguous elementwise loops write their output: Auto streams it (non-temporal
/// stores) when the call's traffic exceeds the last-level cache (Note [Streaming stores],
/// elementwise_run.h); Cached and Streaming force one way. Same bits either way.
enum class StoreMode { Auto = 0, Cached = 1, Streaming = 2 };

/// The instruction set the optional x86 paths use now: "avx512", "avx2" or "baseline" (for the
/// operators' DEBUG lines and profiler ranges).
const char* isa_name();

// Each operator's kernels, from the operator list (kernels_cu/operators.def says what each does).
#define ACLEMU_ELEMENTWISE_OP(name, Args) \
    void name(const Args& args, int threads, StoreMode stores = StoreMode::Auto);
#define ACLEMU_WORKSPACE_OP(name, Args)              \
    size_t name##_workspace_bytes(const Args& args); \
    void name(const Args& args, void* workspace, int threads);
#define ACLEMU_GPU_WORKSPACE_OP(name, Args) void name(const Args& args, int threads);
#define ACLEMU_KERNEL_OP(name, Args)        void name(const Args& args, int threads);
#include "kernels_cu/operators.def"

}  // namespace aclemu::kernels::cpu
