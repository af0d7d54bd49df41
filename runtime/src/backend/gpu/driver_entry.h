// CUDA driver functions for a backend that does not link libcuda: found at run time through
// the runtime's cudaGetDriverEntryPoint (the CUDA 12.0 ABI of each symbol where the toolkit can
// ask for it). The one loader for the virtual memory calls (gpu_vmm.cpp) and the stream memory
// operations (stream_memory_ops.cpp). CUDA builds only: HIP and the simulator link their own.
#pragma once

#include "gpu/gpu_runtime.h"

#if !defined(ACLEMU_USE_HIP) && !defined(ACLEMU_GPU_SIM)
#    include <cuda.h>
#    define ACLEMU_CUDA_DRIVER_ENTRY_POINTS 1

namespace aclemu::rt::ACLEMU_GPU_NAMESPACE {

/// The driver's `symbol` as `F` (e.g. decltype(&cuMemCreate)), or nullptr when the driver lacks
/// it (the runtime's last error is then cleared, so no later launch check sees it).
template <class F>
F driver_entry_point(const char* symbol) {
    void* address = nullptr;
    cudaDriverEntryPointQueryResult found = cudaDriverEntryPointSymbolNotFound;
#    if CUDART_VERSION >= 12050
    const cudaError_t status =
        cudaGetDriverEntryPointByVersion(symbol, &address, 12000, cudaEnableDefault, &found);
#    else
    const cudaError_t status = cudaGetDriverEntryPoint(symbol, &address, cudaEnableDefault, &found);
#    endif
    if (status != cudaSuccess || found != cudaDriverEntryPointSuccess || address == nullptr) {
        static_cast<void>(cudaGetLastError());
        return nullptr;
    }
    return reinterpret_cast<F>(address);
}

}  // namespace aclemu::rt::ACLEMU_GPU_NAMESPACE

#endif
