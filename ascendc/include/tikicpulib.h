// CANN's CPU-debug API (tikicpulib) on aclemu: ICPU_RUN_KF runs a kernel's blocks at once on
// host threads, without the acl runtime; GmAlloc/GmFree give the memory its pointer arguments
// point to. The blocks run concurrently in one process (CANN forks a process per block).
#pragma once

#include "kernel_operator.h"

#include <cstddef>
#include <cstdlib>
#include <cstring>

namespace AscendC {
enum class KernelMode { MIX_MODE = 0, AIC_MODE, AIV_MODE, MIX_AIC_1_1 };
/// The core type blocks run as: every block here is a vector core.
inline void SetKernelMode(KernelMode) {}
}  // namespace AscendC

/// Memory for a kernel's GM arguments: zeroed, 64-byte aligned, released with GmFree.
inline void* GmAlloc(size_t bytes) {
    const size_t rounded = (bytes + 63) / 64 * 64;
    void* p = std::aligned_alloc(64, rounded == 0 ? 64 : rounded);
    if (p != nullptr) {
        std::memset(p, 0, rounded == 0 ? 64 : rounded);
    }
    return p;
}
inline void GmFree(void* p) {
    std::free(p);
}

/// Runs `func` on `blocks` blocks before returning (at most 32 arguments, as CANN's).
#define ICPU_RUN_KF(func, blocks, ...) \
    ((void)::aclemu::ascendc::run_kernel_now(&func, #func, (blocks))(__VA_ARGS__))
#define ICPU_SET_TILING_KEY(key) ((void)(key))
