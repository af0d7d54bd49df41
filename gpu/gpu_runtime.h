// The one map of GPU runtime names: code written against `gpu*` names (the GPU backend in
// runtime/src/backend/gpu, the launchers in kernels_cu/) builds for CUDA or, with
// ACLEMU_USE_HIP, for HIP. A name map only, sorted, no logic: add a name here when code starts
// calling it. Host API only; kernels_cu/portability.h adds the device side.
#pragma once

#define GPU_NAME_OF_(fn) #fn
/// The vendor's spelling of a mapped name, for messages: GPU_NAME_OF(gpuMalloc) -> "cudaMalloc".
#define GPU_NAME_OF(fn) GPU_NAME_OF_(fn)

#if defined(ACLEMU_USE_HIP)
#    include <hip/hip_runtime_api.h>

#    define ACLEMU_GPU_VENDOR "hip"

using gpuDeviceProp_t = hipDeviceProp_t;
using gpuError_t = hipError_t;
using gpuEvent_t = hipEvent_t;
using gpuMemcpyKind = hipMemcpyKind;
using gpuPointerAttributes = hipPointerAttribute_t;
using gpuStream_t = hipStream_t;

// hipHostMalloc: its C++ overload defaults the flags to hipHostMallocDefault, as cudaMallocHost.
// hipStreamAddCallback stands in for hipLaunchHostFunc, which ROCm 5.2 declares but does not
// export (see enqueue_host_function).
#    define gpuDevAttrMultiProcessorCount    hipDeviceAttributeMultiprocessorCount
#    define gpuDeviceGetAttribute            hipDeviceGetAttribute
#    define gpuDeviceSynchronize             hipDeviceSynchronize
#    define gpuErrorAssert                   hipErrorAssert
#    define gpuErrorECCUncorrectable         hipErrorECCNotCorrectable
#    define gpuErrorIllegalAddress           hipErrorIllegalAddress
#    define gpuErrorInitializationError      hipErrorInitializationError
#    define gpuErrorInsufficientDriver       hipErrorInsufficientDriver
#    define gpuErrorInvalidDevice            hipErrorInvalidDevice
#    define gpuErrorInvalidDevicePointer     hipErrorInvalidDevicePointer
#    define gpuErrorInvalidResourceHandle    hipErrorInvalidHandle
#    define gpuErrorInvalidValue             hipErrorInvalidValue
#    define gpuErrorLaunchFailure            hipErrorLaunchFailure
#    define gpuErrorLaunchTimeout            hipErrorLaunchTimeOut
#    define gpuErrorMemoryAllocation         hipErrorOutOfMemory
#    define gpuErrorNoDevice                 hipErrorNoDevice
#    define gpuErrorNotReady                 hipErrorNotReady
#    define gpuErrorNotSupported             hipErrorNotSupported
#    define gpuErrorStreamCaptureInvalidated hipErrorStreamCaptureInvalidated
#    define gpuEventCreateWithFlags          hipEventCreateWithFlags
#    define gpuEventDefault                  hipEventDefault
#    define gpuEventDestroy                  hipEventDestroy
#    define gpuEventDisableTiming            hipEventDisableTiming
#    define gpuEventElapsedTime              hipEventElapsedTime
#    define gpuEventQuery                    hipEventQuery
#    define gpuEventRecord                   hipEventRecord
#    define gpuEventSynchronize              hipEventSynchronize
#    define gpuFree                          hipFree
#    define gpuFreeHost                      hipHostFree
#    define gpuGetDevice                     hipGetDevice
#    define gpuGetDeviceCount                hipGetDeviceCount
#    define gpuGetDeviceProperties           hipGetDeviceProperties
#    define gpuGetErrorName                  hipGetErrorName
#    define gpuGetErrorString                hipGetErrorString
#    define gpuGetLastError                  hipGetLastError
#    define gpuMalloc                        hipMalloc
#    define gpuMallocHost                    hipHostMalloc
#    define gpuMemGetInfo                    hipMemGetInfo
#    define gpuMemcpy                        hipMemcpy
#    define gpuMemcpyAsync                   hipMemcpyAsync
#    define gpuMemcpyDeviceToDevice          hipMemcpyDeviceToDevice
#    define gpuMemcpyDeviceToHost            hipMemcpyDeviceToHost
#    define gpuMemcpyHostToDevice            hipMemcpyHostToDevice
#    define gpuMemcpyHostToHost              hipMemcpyHostToHost
#    define gpuMemoryTypeDevice              hipMemoryTypeDevice
#    define gpuMemset                        hipMemset
#    define gpuMemsetAsync                   hipMemsetAsync
#    define gpuPointerGetAttributes          hipPointerGetAttributes
#    define gpuSetDevice                     hipSetDevice
#    define gpuStreamAddCallback             hipStreamAddCallback
#    define gpuStreamCreateWithFlags         hipStreamCreateWithFlags
#    define gpuStreamDestroy                 hipStreamDestroy
#    define gpuStreamNonBlocking             hipStreamNonBlocking
#    define gpuStreamQuery                   hipStreamQuery
#    define gpuStreamSynchronize             hipStreamSynchronize
#    define gpuStreamWaitEvent               hipStreamWaitEvent
#    define gpuSuccess                       hipSuccess
// HIP 6 renamed hipPointerAttribute_t::memoryType to `type`, CUDA's name.
#    if HIP_VERSION_MAJOR >= 6
#        define GPU_POINTER_ATTR_TYPE type
#    else
#        define GPU_POINTER_ATTR_TYPE memoryType
#    endif

#else
#    include <cuda_runtime_api.h>

#    define ACLEMU_GPU_VENDOR "cuda"

using gpuDeviceProp_t = cudaDeviceProp;
using gpuError_t = cudaError_t;
using gpuEvent_t = cudaEvent_t;
using gpuMemcpyKind = cudaMemcpyKind;
using gpuPointerAttributes = cudaPointerAttributes;
using gpuStream_t = cudaStream_t;

#    define gpuDevAttrMultiProcessorCount    cudaDevAttrMultiProcessorCount
#    define gpuDeviceGetAttribute            cudaDeviceGetAttribute
#    define gpuDeviceSynchronize             cudaDeviceSynchronize
#    define gpuErrorAssert                   cudaErrorAssert
#    define gpuErrorECCUncorrectable         cudaErrorECCUncorrectable
#    define gpuErrorIllegalAddress           cudaErrorIllegalAddress
#    define gpuErrorInitializationError      cudaErrorInitializationError
#    define gpuErrorInsufficientDriver       cudaErrorInsufficientDriver
#    define gpuErrorInvalidDevice            cudaErrorInvalidDevice
#    define gpuErrorInvalidDevicePointer     cudaErrorInvalidDevicePointer
#    define gpuErrorInvalidResourceHandle    cudaErrorInvalidResourceHandle
#    define gpuErrorInvalidValue             cudaErrorInvalidValue
#    define gpuErrorLaunchFailure            cudaErrorLaunchFailure
#    define gpuErrorLaunchTimeout            cudaErrorLaunchTimeout
#    define gpuErrorMemoryAllocation         cudaErrorMemoryAllocation
#    define gpuErrorNoDevice                 cudaErrorNoDevice
#    define gpuErrorNotReady                 cudaErrorNotReady
#    define gpuErrorNotSupported             cudaErrorNotSupported
#    define gpuErrorStreamCaptureInvalidated cudaErrorStreamCaptureInvalidated
#    define gpuEventCreateWithFlags          cudaEventCreateWithFlags
#    define gpuEventDefault                  cudaEventDefault
#    define gpuEventDestroy                  cudaEventDestroy
#    define gpuEventDisableTiming            cudaEventDisableTiming
#    define gpuEventElapsedTime              cudaEventElapsedTime
#    define gpuEventQuery                    cudaEventQuery
#    define gpuEventRecord                   cudaEventRecord
#    define gpuEventSynchronize              cudaEventSynchronize
#    define gpuFree                          cudaFree
#    define gpuFreeHost                      cudaFreeHost
#    define gpuGetDevice                     cudaGetDevice
#    define gpuGetDeviceCount                cudaGetDeviceCount
#    define gpuGetDeviceProperties           cudaGetDeviceProperties
#    define gpuGetErrorName                  cudaGetErrorName
#    define gpuGetErrorString                cudaGetErrorString
#    define gpuGetLastError                  cudaGetLastError
#    define gpuLaunchHostFunc                cudaLaunchHostFunc
#    define gpuMalloc                        cudaMalloc
#    define gpuMallocHost                    cudaMallocHost
#    define gpuMemGetInfo                    cudaMemGetInfo
#    define gpuMemcpy                        cudaMemcpy
#    define gpuMemcpyAsync                   cudaMemcpyAsync
#    define gpuMemcpyDeviceToDevice          cudaMemcpyDeviceToDevice
#    define gpuMemcpyDeviceToHost            cudaMemcpyDeviceToHost
#    define gpuMemcpyHostToDevice            cudaMemcpyHostToDevice
#    define gpuMemcpyHostToHost              cudaMemcpyHostToHost
#    define gpuMemoryTypeDevice              cudaMemoryTypeDevice
#    define gpuMemset                        cudaMemset
#    define gpuMemsetAsync                   cudaMemsetAsync
#    define gpuPointerGetAttributes          cudaPointerGetAttributes
#    define gpuSetDevice                     cudaSetDevice
#    define gpuStreamCreateWithFlags         cudaStreamCreateWithFlags
#    define gpuStreamDestroy                 cudaStreamDestroy
#    define gpuStreamNonBlocking             cudaStreamNonBlocking
#    define gpuStreamQuery                   cudaStreamQuery
#    define gpuStreamSynchronize             cudaStreamSynchronize
#    define gpuStreamWaitEvent               cudaStreamWaitEvent
#    define gpuSuccess                       cudaSuccess
#    define GPU_POINTER_ATTR_TYPE            type
#endif
