// The one map of GPU runtime names: code written against `gpu*` names (the GPU backend in
// runtime/src/backend/gpu, the launchers in kernels_cu/) builds for CUDA, for HIP
// (ACLEMU_USE_HIP) or for the GPU simulator (ACLEMU_GPU_SIM). A name map only, sorted, no logic:
// add a name here when code starts calling it. Host API only; kernels_cu/portability.h adds the
// device side. ACLEMU_GPU_NAMESPACE names the namespace such code puts its symbols in (`gpu`,
// or `gpusim` for the simulator's build), so one library can hold both builds.
#pragma once

#define GPU_NAME_OF_(fn) #fn
/// The vendor's spelling of a mapped name, for messages: GPU_NAME_OF(gpuMalloc) -> "cudaMalloc".
#define GPU_NAME_OF(fn) GPU_NAME_OF_(fn)

#if defined(ACLEMU_USE_HIP)
#    include <hip/hip_runtime_api.h>

#    define ACLEMU_GPU_VENDOR    "hip"
#    define ACLEMU_GPU_NAMESPACE gpu

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
#    define gpuStreamWaitValue64             hipStreamWaitValue64
#    define gpuStreamWriteValue64            hipStreamWriteValue64
#    define gpuSuccess                       hipSuccess
// HIP 6 renamed hipPointerAttribute_t::memoryType to `type`, CUDA's name.
#    if HIP_VERSION_MAJOR >= 6
#        define GPU_POINTER_ATTR_TYPE type
#    else
#        define GPU_POINTER_ATTR_TYPE memoryType
#    endif

#elif defined(ACLEMU_GPU_SIM)
// The GPU simulator (gpu/sim): CUDA's API under gpusim* names, run on host threads.
#    include "gpu/sim/runtime.h"

#    define ACLEMU_GPU_VENDOR    "gpusim"
#    define ACLEMU_GPU_NAMESPACE gpusim

using gpuDeviceProp_t = gpusimDeviceProp;
using gpuError_t = gpusimError_t;
using gpuEvent_t = gpusimEvent_t;
using gpuMemcpyKind = gpusimMemcpyKind;
using gpuPointerAttributes = gpusimPointerAttributes;
using gpuStream_t = gpusimStream_t;

#    define gpuDevAttrMultiProcessorCount    gpusimDevAttrMultiProcessorCount
#    define gpuDeviceGetAttribute            gpusimDeviceGetAttribute
#    define gpuDeviceSynchronize             gpusimDeviceSynchronize
#    define gpuErrorAssert                   gpusimErrorAssert
#    define gpuErrorECCUncorrectable         gpusimErrorECCUncorrectable
#    define gpuErrorIllegalAddress           gpusimErrorIllegalAddress
#    define gpuErrorInitializationError      gpusimErrorInitializationError
#    define gpuErrorInsufficientDriver       gpusimErrorInsufficientDriver
#    define gpuErrorInvalidDevice            gpusimErrorInvalidDevice
#    define gpuErrorInvalidDevicePointer     gpusimErrorInvalidDevicePointer
#    define gpuErrorInvalidResourceHandle    gpusimErrorInvalidResourceHandle
#    define gpuErrorInvalidValue             gpusimErrorInvalidValue
#    define gpuErrorLaunchFailure            gpusimErrorLaunchFailure
#    define gpuErrorLaunchTimeout            gpusimErrorLaunchTimeout
#    define gpuErrorMemoryAllocation         gpusimErrorMemoryAllocation
#    define gpuErrorNoDevice                 gpusimErrorNoDevice
#    define gpuErrorNotReady                 gpusimErrorNotReady
#    define gpuErrorNotSupported             gpusimErrorNotSupported
#    define gpuErrorStreamCaptureInvalidated gpusimErrorStreamCaptureInvalidated
#    define gpuEventCreateWithFlags          gpusimEventCreateWithFlags
#    define gpuEventDefault                  gpusimEventDefault
#    define gpuEventDestroy                  gpusimEventDestroy
#    define gpuEventDisableTiming            gpusimEventDisableTiming
#    define gpuEventElapsedTime              gpusimEventElapsedTime
#    define gpuEventQuery                    gpusimEventQuery
#    define gpuEventRecord                   gpusimEventRecord
#    define gpuEventSynchronize              gpusimEventSynchronize
#    define gpuFree                          gpusimFree
#    define gpuFreeHost                      gpusimFreeHost
#    define gpuGetDevice                     gpusimGetDevice
#    define gpuGetDeviceCount                gpusimGetDeviceCount
#    define gpuGetDeviceProperties           gpusimGetDeviceProperties
#    define gpuGetErrorName                  gpusimGetErrorName
#    define gpuGetErrorString                gpusimGetErrorString
#    define gpuGetLastError                  gpusimGetLastError
#    define gpuLaunchHostFunc                gpusimLaunchHostFunc
#    define gpuMalloc                        gpusimMalloc
#    define gpuMallocHost                    gpusimMallocHost
#    define gpuMemGetInfo                    gpusimMemGetInfo
#    define gpuMemcpy                        gpusimMemcpy
#    define gpuMemcpyAsync                   gpusimMemcpyAsync
#    define gpuMemcpyDeviceToDevice          gpusimMemcpyDeviceToDevice
#    define gpuMemcpyDeviceToHost            gpusimMemcpyDeviceToHost
#    define gpuMemcpyHostToDevice            gpusimMemcpyHostToDevice
#    define gpuMemcpyHostToHost              gpusimMemcpyHostToHost
#    define gpuMemoryTypeDevice              gpusimMemoryTypeDevice
#    define gpuMemset                        gpusimMemset
#    define gpuMemsetAsync                   gpusimMemsetAsync
#    define gpuPointerGetAttributes          gpusimPointerGetAttributes
#    define gpuSetDevice                     gpusimSetDevice
#    define gpuStreamCreateWithFlags         gpusimStreamCreateWithFlags
#    define gpuStreamDestroy                 gpusimStreamDestroy
#    define gpuStreamNonBlocking             gpusimStreamNonBlocking
#    define gpuStreamQuery                   gpusimStreamQuery
#    define gpuStreamSynchronize             gpusimStreamSynchronize
#    define gpuStreamWaitEvent               gpusimStreamWaitEvent
#    define gpuStreamWaitValue64             gpusimStreamWaitValue64
#    define gpuStreamWriteValue64            gpusimStreamWriteValue64
#    define gpuSuccess                       gpusimSuccess
#    define GPU_POINTER_ATTR_TYPE            type

#else
// The stream memory operations (cuStreamWriteValue64 / cuStreamWaitValue64) are driver API
// functions, not mapped here: runtime/src/backend/gpu/stream_memory_ops.cpp resolves them.
#    include <cuda_runtime_api.h>

#    define ACLEMU_GPU_VENDOR    "cuda"
#    define ACLEMU_GPU_NAMESPACE gpu

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
