// The one map of GPU runtime names: code written against `gpu*` names (the GPU backend in
// runtime/src/backend/gpu, the launchers in kernels_cu/) builds for CUDA, for HIP
// (ACLEMU_USE_HIP) or for the GPU simulator (ACLEMU_GPU_SIM). A name map only, sorted, no logic:
// add a name here when code starts calling it. Host API only; kernels_cu/portability.h adds the
// device side. ACLEMU_GPU_NAMESPACE names the namespace such code puts its symbols in (`gpu`,
// or `gpusim` for the simulator's build), so one library can hold both builds. The virtual
// memory calls (gpuMem*) are mapped for HIP and the simulator only: CUDA's are driver calls,
// resolved at run time (runtime/src/backend/gpu/gpu_vmm.cpp), so nothing links libcuda.
#pragma once

#define GPU_NAME_OF_(fn) #fn
/// The vendor's spelling of a mapped name, for messages: GPU_NAME_OF(gpuMalloc) -> "cudaMalloc".
#define GPU_NAME_OF(fn) GPU_NAME_OF_(fn)

#if defined(ACLEMU_USE_HIP)
#    include <hip/hip_runtime_api.h>

#    define ACLEMU_GPU_VENDOR    "hip"
#    define ACLEMU_GPU_NAMESPACE gpu

using gpuDeviceAttr_t = hipDeviceAttribute_t;
using gpuDeviceProp_t = hipDeviceProp_t;
using gpuError_t = hipError_t;
using gpuEvent_t = hipEvent_t;
using gpuIpcEventHandle_t = hipIpcEventHandle_t;
using gpuIpcMemHandle_t = hipIpcMemHandle_t;
using gpuMemAccessDesc = hipMemAccessDesc;
using gpuMemAllocationProp = hipMemAllocationProp;
using gpuMemGenericAllocationHandle_t = hipMemGenericAllocationHandle_t;
using gpuMemcpyKind = hipMemcpyKind;
using gpuPointerAttributes = hipPointerAttribute_t;
using gpuGraphExec_t = hipGraphExec_t;
using gpuGraph_t = hipGraph_t;
using gpuStream_t = hipStream_t;
using gpuStreamCaptureStatus = hipStreamCaptureStatus;

// hipHostMalloc: its C++ overload defaults the flags to hipHostMallocDefault, as cudaMallocHost.
// hipStreamAddCallback stands in for hipLaunchHostFunc, which ROCm 5.2 declares but does not
// export (see enqueue_host_function).
#    define gpuDevAttrMaxGridDimY            hipDeviceAttributeMaxGridDimY
#    define gpuDevAttrMultiProcessorCount    hipDeviceAttributeMultiprocessorCount
#    define gpuDeviceCanAccessPeer           hipDeviceCanAccessPeer
#    define gpuDeviceDisablePeerAccess       hipDeviceDisablePeerAccess
#    define gpuDeviceEnablePeerAccess        hipDeviceEnablePeerAccess
#    define gpuDeviceGetAttribute            hipDeviceGetAttribute
#    define gpuDeviceGetPCIBusId             hipDeviceGetPCIBusId
#    define gpuDeviceGetStreamPriorityRange  hipDeviceGetStreamPriorityRange
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
#    define gpuErrorPeerAccessAlreadyEnabled hipErrorPeerAccessAlreadyEnabled
#    define gpuErrorPeerAccessNotEnabled     hipErrorPeerAccessNotEnabled
#    define gpuErrorStreamCaptureInvalidated hipErrorStreamCaptureInvalidated
#    define gpuEventCreateWithFlags          hipEventCreateWithFlags
#    define gpuEventDefault                  hipEventDefault
#    define gpuEventDestroy                  hipEventDestroy
#    define gpuEventDisableTiming            hipEventDisableTiming
#    define gpuEventElapsedTime              hipEventElapsedTime
#    define gpuEventInterprocess             hipEventInterprocess
#    define gpuEventQuery                    hipEventQuery
#    define gpuEventRecord                   hipEventRecord
// No hipEventRecordWithFlags / hipEventWaitExternal in the HIP this builds against (Debian's):
// the GPU backend then records and waits in a capture the plain way.
#    define ACLEMU_GPU_EXTERNAL_EVENT_NODES        0
#    define gpuEventSynchronize                    hipEventSynchronize
#    define gpuFree                                hipFree
#    define gpuFreeAsync                           hipFreeAsync
#    define gpuFreeHost                            hipHostFree
#    define gpuGetDevice                           hipGetDevice
#    define gpuGetDeviceCount                      hipGetDeviceCount
#    define gpuGetDeviceProperties                 hipGetDeviceProperties
#    define gpuGetErrorName                        hipGetErrorName
#    define gpuGetErrorString                      hipGetErrorString
#    define gpuGetLastError                        hipGetLastError
#    define gpuGraphDestroy                        hipGraphDestroy
#    define gpuGraphExecDestroy                    hipGraphExecDestroy
#    define gpuGraphGetNodes                       hipGraphGetNodes
#    define gpuGraphInstantiateWithFlags           hipGraphInstantiateWithFlags
#    define gpuGraphLaunch                         hipGraphLaunch
#    define gpuHostGetDevicePointer                hipHostGetDevicePointer
#    define gpuHostRegister                        hipHostRegister
#    define gpuHostRegisterMapped                  hipHostRegisterMapped
#    define gpuHostRegisterPortable                hipHostRegisterPortable
#    define gpuHostUnregister                      hipHostUnregister
#    define gpuIpcCloseMemHandle                   hipIpcCloseMemHandle
#    define gpuIpcGetEventHandle                   hipIpcGetEventHandle
#    define gpuIpcGetMemHandle                     hipIpcGetMemHandle
#    define gpuIpcMemLazyEnablePeerAccess          hipIpcMemLazyEnablePeerAccess
#    define gpuIpcOpenEventHandle                  hipIpcOpenEventHandle
#    define gpuIpcOpenMemHandle                    hipIpcOpenMemHandle
#    define gpuMalloc                              hipMalloc
#    define gpuMallocAsync                         hipMallocAsync
#    define gpuMallocHost                          hipHostMalloc
#    define gpuMallocManaged                       hipMallocManaged
#    define gpuMemAddressFree                      hipMemAddressFree
#    define gpuMemAddressReserve                   hipMemAddressReserve
#    define gpuMemAllocationGranularityMinimum     hipMemAllocationGranularityMinimum
#    define gpuMemAllocationGranularityRecommended hipMemAllocationGranularityRecommended
#    define gpuMemAllocationTypePinned             hipMemAllocationTypePinned
#    define gpuMemAttachGlobal                     hipMemAttachGlobal
#    define gpuMemCreate                           hipMemCreate
#    define gpuMemExportToShareableHandle          hipMemExportToShareableHandle
#    define gpuMemGetAllocationGranularity         hipMemGetAllocationGranularity
#    define gpuMemGetInfo                          hipMemGetInfo
#    define gpuMemHandleTypePosixFileDescriptor    hipMemHandleTypePosixFileDescriptor
#    define gpuMemImportFromShareableHandle        hipMemImportFromShareableHandle
#    define gpuMemLocationTypeDevice               hipMemLocationTypeDevice
#    define gpuMemMap                              hipMemMap
#    define gpuMemRelease                          hipMemRelease
#    define gpuMemSetAccess                        hipMemSetAccess
#    define gpuMemUnmap                            hipMemUnmap
#    define gpuMemcpy                              hipMemcpy
#    define gpuMemcpyAsync                         hipMemcpyAsync
#    define gpuMemcpyDeviceToDevice                hipMemcpyDeviceToDevice
#    define gpuMemcpyDeviceToHost                  hipMemcpyDeviceToHost
#    define gpuMemcpyHostToDevice                  hipMemcpyHostToDevice
#    define gpuMemcpyHostToHost                    hipMemcpyHostToHost
#    define gpuMemoryTypeDevice                    hipMemoryTypeDevice
#    define gpuMemset                              hipMemset
#    define gpuMemsetAsync                         hipMemsetAsync
#    define gpuPointerGetAttributes                hipPointerGetAttributes
#    define gpuGetSymbolAddress                    hipGetSymbolAddress
#    define gpuSetDevice                           hipSetDevice
#    define gpuStreamAddCallback                   hipStreamAddCallback
#    define gpuStreamBeginCapture                  hipStreamBeginCapture
#    define gpuStreamCaptureModeRelaxed            hipStreamCaptureModeRelaxed
#    define gpuStreamCaptureStatusActive           hipStreamCaptureStatusActive
#    define gpuStreamCreateWithFlags               hipStreamCreateWithFlags
#    define gpuStreamCreateWithPriority            hipStreamCreateWithPriority
#    define gpuStreamDestroy                       hipStreamDestroy
#    define gpuStreamEndCapture                    hipStreamEndCapture
#    define gpuStreamIsCapturing                   hipStreamIsCapturing
#    define gpuStreamNonBlocking                   hipStreamNonBlocking
#    define gpuStreamQuery                         hipStreamQuery
#    define gpuStreamSynchronize                   hipStreamSynchronize
#    define gpuStreamWaitEvent                     hipStreamWaitEvent
#    define gpuStreamWaitValue64                   hipStreamWaitValue64
#    define gpuStreamWriteValue64                  hipStreamWriteValue64
#    define gpuSuccess                             hipSuccess
// HIP 6 renamed hipPointerAttribute_t::memoryType to `type`, CUDA's name.
#    if HIP_VERSION_MAJOR >= 6
#        define GPU_POINTER_ATTR_TYPE type
#    else
#        define GPU_POINTER_ATTR_TYPE memoryType
#    endif
// hipDeviceProp_t's name for CUDA's sharedMemPerMultiprocessor.
#    define GPU_PROP_SHARED_PER_UNIT maxSharedMemoryPerMultiProcessor

#elif defined(ACLEMU_GPU_SIM)
// The GPU simulator (gpu/sim): CUDA's API under gpusim* names, run on host threads.
#    include "gpu/sim/runtime.h"

#    define ACLEMU_GPU_VENDOR    "gpusim"
#    define ACLEMU_GPU_NAMESPACE gpusim

using gpuDeviceAttr_t = gpusimDeviceAttr;
using gpuDeviceProp_t = gpusimDeviceProp;
using gpuError_t = gpusimError_t;
using gpuEvent_t = gpusimEvent_t;
using gpuIpcEventHandle_t = gpusimIpcEventHandle_t;
using gpuIpcMemHandle_t = gpusimIpcMemHandle_t;
using gpuMemAccessDesc = gpusimMemAccessDesc;
using gpuMemAllocationProp = gpusimMemAllocationProp;
using gpuMemGenericAllocationHandle_t = gpusimMemGenericAllocationHandle_t;
using gpuMemcpyKind = gpusimMemcpyKind;
using gpuPointerAttributes = gpusimPointerAttributes;
using gpuGraphExec_t = gpusimGraphExec_t;
using gpuGraph_t = gpusimGraph_t;
using gpuStream_t = gpusimStream_t;
using gpuStreamCaptureStatus = gpusimStreamCaptureStatus;

#    define gpuDevAttrMaxGridDimY                  gpusimDevAttrMaxGridDimY
#    define gpuDevAttrMultiProcessorCount          gpusimDevAttrMultiProcessorCount
#    define gpuDeviceCanAccessPeer                 gpusimDeviceCanAccessPeer
#    define gpuDeviceDisablePeerAccess             gpusimDeviceDisablePeerAccess
#    define gpuDeviceEnablePeerAccess              gpusimDeviceEnablePeerAccess
#    define gpuDeviceGetAttribute                  gpusimDeviceGetAttribute
#    define gpuDeviceGetStreamPriorityRange        gpusimDeviceGetStreamPriorityRange
#    define gpuDeviceSynchronize                   gpusimDeviceSynchronize
#    define gpuErrorAssert                         gpusimErrorAssert
#    define gpuErrorECCUncorrectable               gpusimErrorECCUncorrectable
#    define gpuErrorIllegalAddress                 gpusimErrorIllegalAddress
#    define gpuErrorInitializationError            gpusimErrorInitializationError
#    define gpuErrorInsufficientDriver             gpusimErrorInsufficientDriver
#    define gpuErrorInvalidDevice                  gpusimErrorInvalidDevice
#    define gpuErrorInvalidDevicePointer           gpusimErrorInvalidDevicePointer
#    define gpuErrorInvalidResourceHandle          gpusimErrorInvalidResourceHandle
#    define gpuErrorInvalidValue                   gpusimErrorInvalidValue
#    define gpuErrorLaunchFailure                  gpusimErrorLaunchFailure
#    define gpuErrorLaunchTimeout                  gpusimErrorLaunchTimeout
#    define gpuErrorMemoryAllocation               gpusimErrorMemoryAllocation
#    define gpuErrorNoDevice                       gpusimErrorNoDevice
#    define gpuErrorNotReady                       gpusimErrorNotReady
#    define gpuErrorNotSupported                   gpusimErrorNotSupported
#    define gpuErrorPeerAccessAlreadyEnabled       gpusimErrorPeerAccessAlreadyEnabled
#    define gpuErrorPeerAccessNotEnabled           gpusimErrorPeerAccessNotEnabled
#    define gpuErrorCapturedEvent                  gpusimErrorCapturedEvent
#    define gpuErrorStreamCaptureInvalidated       gpusimErrorStreamCaptureInvalidated
#    define gpuErrorStreamCaptureIsolation         gpusimErrorStreamCaptureIsolation
#    define gpuEventCreateWithFlags                gpusimEventCreateWithFlags
#    define gpuEventDefault                        gpusimEventDefault
#    define gpuEventDestroy                        gpusimEventDestroy
#    define gpuEventDisableTiming                  gpusimEventDisableTiming
#    define gpuEventElapsedTime                    gpusimEventElapsedTime
#    define gpuEventHostNs                         gpusimEventHostNs  // the simulator only
#    define ACLEMU_GPU_EVENTS_ON_HOST_CLOCK        1
#    define gpuEventInterprocess                   gpusimEventInterprocess
#    define gpuEventQuery                          gpusimEventQuery
#    define gpuEventRecord                         gpusimEventRecord
#    define ACLEMU_GPU_EXTERNAL_EVENT_NODES        1
#    define gpuEventRecordExternal                 gpusimEventRecordExternal
#    define gpuEventRecordWithFlags                gpusimEventRecordWithFlags
#    define gpuEventSynchronize                    gpusimEventSynchronize
#    define gpuFree                                gpusimFree
#    define gpuFreeHost                            gpusimFreeHost
#    define gpuGetDevice                           gpusimGetDevice
#    define gpuGetDeviceCount                      gpusimGetDeviceCount
#    define gpuGetDeviceProperties                 gpusimGetDeviceProperties
#    define gpuGetErrorName                        gpusimGetErrorName
#    define gpuGetErrorString                      gpusimGetErrorString
#    define gpuGetLastError                        gpusimGetLastError
#    define gpuGraphDestroy                        gpusimGraphDestroy
#    define gpuGraphExecDestroy                    gpusimGraphExecDestroy
#    define gpuGraphGetNodes                       gpusimGraphGetNodes
#    define gpuGraphInstantiateWithFlags           gpusimGraphInstantiate
#    define gpuGraphLaunch                         gpusimGraphLaunch
#    define gpuIpcCloseMemHandle                   gpusimIpcCloseMemHandle
#    define gpuIpcGetEventHandle                   gpusimIpcGetEventHandle
#    define gpuIpcGetMemHandle                     gpusimIpcGetMemHandle
#    define gpuIpcMemLazyEnablePeerAccess          gpusimIpcMemLazyEnablePeerAccess
#    define gpuIpcOpenEventHandle                  gpusimIpcOpenEventHandle
#    define gpuIpcOpenMemHandle                    gpusimIpcOpenMemHandle
#    define gpuLaunchHostFunc                      gpusimLaunchHostFunc
#    define gpuMalloc                              gpusimMalloc
#    define gpuMallocHost                          gpusimMallocHost
#    define gpuMemAddressFree                      gpusimMemAddressFree
#    define gpuMemAddressReserve                   gpusimMemAddressReserve
#    define gpuMemAllocationGranularityMinimum     gpusimMemAllocationGranularityMinimum
#    define gpuMemAllocationGranularityRecommended gpusimMemAllocationGranularityRecommended
#    define gpuMemAllocationTypePinned             gpusimMemAllocationTypePinned
#    define gpuMemCreate                           gpusimMemCreate
#    define gpuMemExportToShareableHandle          gpusimMemExportToShareableHandle
#    define gpuMemGetAllocationGranularity         gpusimMemGetAllocationGranularity
#    define gpuMemGetInfo                          gpusimMemGetInfo
#    define gpuMemHandleTypePosixFileDescriptor    gpusimMemHandleTypePosixFileDescriptor
#    define gpuMemImportFromShareableHandle        gpusimMemImportFromShareableHandle
#    define gpuMemLocationTypeDevice               gpusimMemLocationTypeDevice
#    define gpuMemMap                              gpusimMemMap
#    define gpuMemRelease                          gpusimMemRelease
#    define gpuMemSetAccess                        gpusimMemSetAccess
#    define gpuMemUnmap                            gpusimMemUnmap
#    define gpuMemcpy                              gpusimMemcpy
#    define gpuMemcpyAsync                         gpusimMemcpyAsync
#    define gpuMemcpyDeviceToDevice                gpusimMemcpyDeviceToDevice
#    define gpuMemcpyDeviceToHost                  gpusimMemcpyDeviceToHost
#    define gpuMemcpyHostToDevice                  gpusimMemcpyHostToDevice
#    define gpuMemcpyHostToHost                    gpusimMemcpyHostToHost
#    define gpuMemoryTypeDevice                    gpusimMemoryTypeDevice
#    define gpuMemset                              gpusimMemset
#    define gpuMemsetAsync                         gpusimMemsetAsync
#    define gpuPointerGetAttributes                gpusimPointerGetAttributes
#    define gpuGetSymbolAddress                    gpusimGetSymbolAddress
#    define gpuSetDevice                           gpusimSetDevice
#    define gpuStreamBeginCapture                  gpusimStreamBeginCapture
#    define gpuStreamCaptureModeRelaxed            gpusimStreamCaptureModeRelaxed
#    define gpuStreamCaptureStatusActive           gpusimStreamCaptureStatusActive
#    define gpuStreamCreateWithFlags               gpusimStreamCreateWithFlags
#    define gpuStreamCreateWithPriority            gpusimStreamCreateWithPriority
#    define gpuStreamDestroy                       gpusimStreamDestroy
#    define gpuStreamEndCapture                    gpusimStreamEndCapture
#    define gpuStreamIsCapturing                   gpusimStreamIsCapturing
#    define gpuStreamNonBlocking                   gpusimStreamNonBlocking
#    define gpuStreamQuery                         gpusimStreamQuery
#    define gpuStreamSynchronize                   gpusimStreamSynchronize
#    define gpuStreamWaitEvent                     gpusimStreamWaitEvent
#    define gpuEventWaitExternal                   gpusimEventWaitExternal
#    define gpuStreamWaitValue64                   gpusimStreamWaitValue64
#    define gpuStreamWriteValue64                  gpusimStreamWriteValue64
#    define gpuSuccess                             gpusimSuccess
#    define GPU_POINTER_ATTR_TYPE                  type
#    define GPU_PROP_SHARED_PER_UNIT               sharedMemPerMultiprocessor

#else
// The stream memory operations (cuStreamWriteValue64 / cuStreamWaitValue64) are driver API
// functions, not mapped here: runtime/src/backend/gpu/stream_memory_ops.cpp resolves them.
#    include <cuda_runtime_api.h>

#    define ACLEMU_GPU_VENDOR    "cuda"
#    define ACLEMU_GPU_NAMESPACE gpu

using gpuDeviceAttr_t = cudaDeviceAttr;
using gpuDeviceProp_t = cudaDeviceProp;
using gpuError_t = cudaError_t;
using gpuEvent_t = cudaEvent_t;
using gpuIpcEventHandle_t = cudaIpcEventHandle_t;
using gpuIpcMemHandle_t = cudaIpcMemHandle_t;
using gpuMemcpyKind = cudaMemcpyKind;
using gpuPointerAttributes = cudaPointerAttributes;
using gpuGraphExec_t = cudaGraphExec_t;
using gpuGraph_t = cudaGraph_t;
using gpuStream_t = cudaStream_t;
using gpuStreamCaptureStatus = cudaStreamCaptureStatus;

#    define gpuDevAttrMaxGridDimY            cudaDevAttrMaxGridDimY
#    define gpuDevAttrMultiProcessorCount    cudaDevAttrMultiProcessorCount
#    define gpuDeviceCanAccessPeer           cudaDeviceCanAccessPeer
#    define gpuDeviceDisablePeerAccess       cudaDeviceDisablePeerAccess
#    define gpuDeviceEnablePeerAccess        cudaDeviceEnablePeerAccess
#    define gpuDeviceGetAttribute            cudaDeviceGetAttribute
#    define gpuDeviceGetPCIBusId             cudaDeviceGetPCIBusId
#    define gpuDeviceGetStreamPriorityRange  cudaDeviceGetStreamPriorityRange
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
#    define gpuErrorPeerAccessAlreadyEnabled cudaErrorPeerAccessAlreadyEnabled
#    define gpuErrorPeerAccessNotEnabled     cudaErrorPeerAccessNotEnabled
#    define gpuErrorCapturedEvent            cudaErrorCapturedEvent
#    define gpuErrorStreamCaptureInvalidated cudaErrorStreamCaptureInvalidated
#    define gpuErrorStreamCaptureIsolation   cudaErrorStreamCaptureIsolation
#    define gpuEventCreateWithFlags          cudaEventCreateWithFlags
#    define gpuEventDefault                  cudaEventDefault
#    define gpuEventDestroy                  cudaEventDestroy
#    define gpuEventDisableTiming            cudaEventDisableTiming
#    define gpuEventElapsedTime              cudaEventElapsedTime
#    define gpuEventInterprocess             cudaEventInterprocess
#    define gpuEventQuery                    cudaEventQuery
#    define gpuEventRecord                   cudaEventRecord
#    define ACLEMU_GPU_EXTERNAL_EVENT_NODES  1
#    define gpuEventRecordExternal           cudaEventRecordExternal
#    define gpuEventRecordWithFlags          cudaEventRecordWithFlags
#    define gpuEventSynchronize              cudaEventSynchronize
#    define gpuFree                          cudaFree
#    define gpuFreeAsync                     cudaFreeAsync
#    define gpuFreeHost                      cudaFreeHost
#    define gpuGetDevice                     cudaGetDevice
#    define gpuGetDeviceCount                cudaGetDeviceCount
#    define gpuGetDeviceProperties           cudaGetDeviceProperties
#    define gpuGetErrorName                  cudaGetErrorName
#    define gpuGetErrorString                cudaGetErrorString
#    define gpuGetLastError                  cudaGetLastError
#    define gpuGraphDestroy                  cudaGraphDestroy
#    define gpuGraphExecDestroy              cudaGraphExecDestroy
#    define gpuGraphGetNodes                 cudaGraphGetNodes
#    define gpuGraphInstantiateWithFlags     cudaGraphInstantiateWithFlags
#    define gpuGraphLaunch                   cudaGraphLaunch
#    define gpuHostGetDevicePointer          cudaHostGetDevicePointer
#    define gpuHostRegister                  cudaHostRegister
#    define gpuHostRegisterMapped            cudaHostRegisterMapped
#    define gpuHostRegisterPortable          cudaHostRegisterPortable
#    define gpuHostUnregister                cudaHostUnregister
#    define gpuIpcCloseMemHandle             cudaIpcCloseMemHandle
#    define gpuIpcGetEventHandle             cudaIpcGetEventHandle
#    define gpuIpcGetMemHandle               cudaIpcGetMemHandle
#    define gpuIpcMemLazyEnablePeerAccess    cudaIpcMemLazyEnablePeerAccess
#    define gpuIpcOpenEventHandle            cudaIpcOpenEventHandle
#    define gpuIpcOpenMemHandle              cudaIpcOpenMemHandle
#    define gpuLaunchHostFunc                cudaLaunchHostFunc
#    define gpuMalloc                        cudaMalloc
#    define gpuMallocAsync                   cudaMallocAsync
#    define gpuMallocHost                    cudaMallocHost
#    define gpuMallocManaged                 cudaMallocManaged
#    define gpuMemAttachGlobal               cudaMemAttachGlobal
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
#    define gpuGetSymbolAddress              cudaGetSymbolAddress
#    define gpuSetDevice                     cudaSetDevice
#    define gpuStreamBeginCapture            cudaStreamBeginCapture
#    define gpuStreamCaptureModeRelaxed      cudaStreamCaptureModeRelaxed
#    define gpuStreamCaptureStatusActive     cudaStreamCaptureStatusActive
#    define gpuStreamCreateWithFlags         cudaStreamCreateWithFlags
#    define gpuStreamCreateWithPriority      cudaStreamCreateWithPriority
#    define gpuStreamDestroy                 cudaStreamDestroy
#    define gpuStreamEndCapture              cudaStreamEndCapture
#    define gpuStreamIsCapturing             cudaStreamIsCapturing
#    define gpuStreamNonBlocking             cudaStreamNonBlocking
#    define gpuStreamQuery                   cudaStreamQuery
#    define gpuStreamSynchronize             cudaStreamSynchronize
#    define gpuStreamWaitEvent               cudaStreamWaitEvent
#    define gpuEventWaitExternal             cudaEventWaitExternal
#    define gpuSuccess                       cudaSuccess
#    define GPU_POINTER_ATTR_TYPE            type
#    define GPU_PROP_SHARED_PER_UNIT         sharedMemPerMultiprocessor
#endif
