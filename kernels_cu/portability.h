// The one portability header for kernel code. Per-element math (kernels_cu/math/*.h) is written
// once with ACLEMU_HD and compiles three ways: g++ for the CPU loops, nvcc for CUDA, hipcc for
// HIP. Kernel sources (.cu) include this, never a vendor header directly.
#pragma once

#if defined(__CUDACC__) || defined(__HIPCC__)
#    define ACLEMU_HD           __host__ __device__ __forceinline__
#    define ACLEMU_DEVICE       __device__ __forceinline__
#    define ACLEMU_GPU_COMPILER 1
#else
#    define ACLEMU_HD           inline
#    define ACLEMU_GPU_COMPILER 0
#endif

// Vendor headers only under a GPU compiler: in HIP builds g++ sources (CPU loops, opapi) include
// the math headers too, and rocPRIM is device code that g++ cannot compile.
#if defined(__HIPCC__)
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
using gpuStream_t = hipStream_t;
using gpuError_t = hipError_t;
#    define gpuSuccess                    hipSuccess
#    define gpuGetLastError               hipGetLastError
#    define gpuGetErrorString             hipGetErrorString
#    define gpuDeviceGetAttribute         hipDeviceGetAttribute
#    define gpuDevAttrMultiProcessorCount hipDeviceAttributeMultiprocessorCount
#    define gpuGetDevice                  hipGetDevice
#    define gpuMemsetAsync                hipMemsetAsync
// CDNA wavefronts are 64 wide, RDNA 32: never assume 32 in HIP code.
#    define ACLEMU_WARP_SIZE_UPPER_BOUND 64
#elif defined(__CUDACC__)
#    include <cub/cub.cuh>
#    include <cuda_runtime.h>
namespace gpucub = cub;
using gpuStream_t = cudaStream_t;
using gpuError_t = cudaError_t;
#    define gpuSuccess                    cudaSuccess
#    define gpuGetLastError               cudaGetLastError
#    define gpuGetErrorString             cudaGetErrorString
#    define gpuDeviceGetAttribute         cudaDeviceGetAttribute
#    define gpuDevAttrMultiProcessorCount cudaDevAttrMultiProcessorCount
#    define gpuGetDevice                  cudaGetDevice
#    define gpuMemsetAsync                cudaMemsetAsync
#    define ACLEMU_WARP_SIZE_UPPER_BOUND  32
#endif
