// The one portability header for kernel code. Per-element math (kernels_cu/math/*.h) is written
// once with ACLEMU_HD and compiles four ways: g++ for the CPU loops, nvcc for CUDA, hipcc for
// HIP, and g++ again for the GPU simulator (ACLEMU_GPU_SIM, gpu/sim). Kernel sources (.cu)
// include this, never a vendor header directly: it adds the device side (block reductions, the
// launch) to the runtime names of gpu/gpu_runtime.h.
//
// Kernels launch through ACLEMU_LAUNCH(grid, block, shared_bytes, stream, kernel)(args...), which
// is kernel<<<grid, block, shared_bytes, stream>>>(args...) under nvcc and hipcc.
#pragma once

#if defined(__CUDACC__) || defined(__HIPCC__)
#    define ACLEMU_HD           __host__ __device__ __forceinline__
#    define ACLEMU_DEVICE       __device__ __forceinline__
#    define ACLEMU_GPU_COMPILER 1
#    define ACLEMU_LAUNCH(grid, block, shared_bytes, stream, ...) \
        __VA_ARGS__<<<grid, block, shared_bytes, stream>>>
#else
#    define ACLEMU_HD           inline
#    define ACLEMU_GPU_COMPILER 0
#endif

// Vendor headers only under a GPU compiler: in HIP builds g++ sources (CPU loops, opapi) include
// the math headers too, and rocPRIM is device code that g++ cannot compile.
#if defined(__HIPCC__)
#    include "gpu/gpu_runtime.h"

#    include <hip/hip_runtime.h>

#    include <rocprim/block/block_reduce.hpp>
// Debian ships rocPRIM but not hipCUB: a cub::BlockReduce-shaped shim over rocprim::block_reduce
// (what hipcub::BlockReduce wraps anyway), so kernels spell block reductions one way.
namespace gpucub {
template <typename T, int BlockDimX>
class BlockReduce {
    using Impl = rocprim::block_reduce<T, BlockDimX>;

public:
    using TempStorage = typename Impl::storage_type;
    __device__ explicit BlockReduce(TempStorage& storage) : storage_(storage) {}
    /// Valid in thread 0 only, as with cub.
    __device__ T Sum(T value) { return Reduce(value, rocprim::plus<T>()); }
    template <typename Op>
    __device__ T Reduce(T value, Op op) {
        T result;
        Impl().reduce(value, result, storage_, op);
        return result;
    }

private:
    TempStorage& storage_;
};
}  // namespace gpucub
#elif defined(__CUDACC__)
#    include "gpu/gpu_runtime.h"

#    include <cub/block/block_reduce.cuh>
#    include <cuda_runtime.h>
namespace gpucub = cub;
#elif defined(ACLEMU_GPU_SIM)
#    include "gpu/gpu_runtime.h"
#    include "gpu/sim/device.h"
#    define ACLEMU_DEVICE inline
#    define ACLEMU_LAUNCH GPUSIM_LAUNCH
#endif

// ACLEMU_PAUSE(): a short back-off inside a device-side polling loop (device code only).
#if defined(__HIP_DEVICE_COMPILE__)
#    define ACLEMU_PAUSE() __builtin_amdgcn_s_sleep(1)
#elif defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
#    define ACLEMU_PAUSE() __nanosleep(100)
#else
#    define ACLEMU_PAUSE() ((void)0)
#endif
