// The GPU simulator's host runtime: the part of the CUDA runtime API that aclemu's GPU backend and
// kernel launchers call, under gpusim* names, with CUDA's semantics and error numbers, over host
// memory and host threads. gpu/gpu_runtime.h maps the gpu* names here when ACLEMU_GPU_SIM is
// defined; kernels use gpu/sim/device.h. What is simulated and what is checked:
// docs/backends.md, "The GPU simulator".
#pragma once

#include <cstddef>
#include <cstdint>

#define GPUSIM_API __attribute__((visibility("default")))

extern "C" {

/// CUDA's numbers, so a code reads the same in both worlds.
typedef enum gpusimError {
    gpusimSuccess = 0,
    gpusimErrorInvalidValue = 1,
    gpusimErrorMemoryAllocation = 2,
    gpusimErrorInitializationError = 3,
    gpusimErrorInvalidConfiguration = 9,
    gpusimErrorInvalidSymbol = 13,
    gpusimErrorInvalidDevicePointer = 17,
    gpusimErrorInvalidMemcpyDirection = 21,
    gpusimErrorInsufficientDriver = 35,
    gpusimErrorNoDevice = 100,
    gpusimErrorInvalidDevice = 101,
    gpusimErrorECCUncorrectable = 214,
    gpusimErrorInvalidResourceHandle = 400,
    gpusimErrorIllegalState = 401,
    gpusimErrorNotReady = 600,
    gpusimErrorIllegalAddress = 700,
    gpusimErrorLaunchOutOfResources = 701,
    gpusimErrorLaunchTimeout = 702,
    gpusimErrorPeerAccessAlreadyEnabled = 704,
    gpusimErrorPeerAccessNotEnabled = 705,
    gpusimErrorAssert = 710,
    gpusimErrorLaunchFailure = 719,
    gpusimErrorNotPermitted = 800,
    gpusimErrorNotSupported = 801,
    gpusimErrorStreamCaptureUnsupported = 900,
    gpusimErrorStreamCaptureInvalidated = 901,
    gpusimErrorStreamCaptureIsolation = 905,
    gpusimErrorCapturedEvent = 907,
} gpusimError_t;

typedef enum gpusimMemcpyKind {
    gpusimMemcpyHostToHost = 0,
    gpusimMemcpyHostToDevice = 1,
    gpusimMemcpyDeviceToHost = 2,
    gpusimMemcpyDeviceToDevice = 3,
    gpusimMemcpyDefault = 4,
} gpusimMemcpyKind;

typedef enum gpusimMemoryType {
    gpusimMemoryTypeUnregistered = 0,
    gpusimMemoryTypeHost = 1,
    gpusimMemoryTypeDevice = 2,
} gpusimMemoryType;

typedef enum gpusimDeviceAttr {
    gpusimDevAttrMaxThreadsPerBlock = 1,
    gpusimDevAttrMaxBlockDimX = 2,
    gpusimDevAttrMaxBlockDimY = 3,
    gpusimDevAttrMaxBlockDimZ = 4,
    gpusimDevAttrMaxGridDimX = 5,
    gpusimDevAttrMaxGridDimY = 6,
    gpusimDevAttrMaxGridDimZ = 7,
    gpusimDevAttrMaxSharedMemoryPerBlock = 8,
    gpusimDevAttrWarpSize = 10,
    gpusimDevAttrMultiProcessorCount = 16,
} gpusimDeviceAttr;

typedef struct gpusimPointerAttributes {
    gpusimMemoryType type;
    int device;
    void* devicePointer;
    void* hostPointer;
} gpusimPointerAttributes;

typedef struct gpusimDeviceProp {
    char name[256];
    size_t totalGlobalMem;
    size_t sharedMemPerBlock;
    int warpSize;
    int maxThreadsPerBlock;
    int maxThreadsDim[3];
    int maxGridSize[3];
    int multiProcessorCount;
    int major;
    int minor;
    int l2CacheSize;
    int maxThreadsPerMultiProcessor;
    size_t sharedMemPerMultiprocessor;
} gpusimDeviceProp;

typedef struct gpusimStream* gpusimStream_t;  // nullptr: the legacy default stream
typedef struct gpusimEvent* gpusimEvent_t;
typedef void (*gpusimHostFn_t)(void* user_data);

#define gpusimStreamDefault      0x00u
#define gpusimStreamNonBlocking  0x01u
#define gpusimEventDefault       0x00u
#define gpusimEventDisableTiming 0x02u
#define gpusimEventInterprocess  0x04u  // with gpusimEventDisableTiming, as in CUDA
// Record and wait flags: in a capture, an external record or wait is a node of the graph that
// records, or waits for, the event at each launch; outside a capture the flag is invalid.
#define gpusimEventRecordDefault  0x00u
#define gpusimEventRecordExternal 0x01u
#define gpusimEventWaitDefault    0x00u
#define gpusimEventWaitExternal   0x01u

/// Memory and events shared between processes (cudaIpc*): opaque 64-byte handles.
#define GPUSIM_IPC_HANDLE_SIZE           64
#define gpusimIpcMemLazyEnablePeerAccess 0x01u
typedef struct gpusimIpcMemHandle {
    char reserved[GPUSIM_IPC_HANDLE_SIZE];
} gpusimIpcMemHandle_t;
typedef struct gpusimIpcEventHandle {
    char reserved[GPUSIM_IPC_HANDLE_SIZE];
} gpusimIpcEventHandle_t;

/// Virtual memory management (CUDA's cuMem* driver calls, with HIP's pointer types).
typedef struct gpusimMemGenericAllocation* gpusimMemGenericAllocationHandle_t;
typedef enum gpusimMemAllocationType {
    gpusimMemAllocationTypePinned = 1,
} gpusimMemAllocationType;
typedef enum gpusimMemLocationType {
    gpusimMemLocationTypeDevice = 1,
} gpusimMemLocationType;
typedef enum gpusimMemAllocationHandleType {
    gpusimMemHandleTypeNone = 0,
    gpusimMemHandleTypePosixFileDescriptor = 1,
} gpusimMemAllocationHandleType;
typedef enum gpusimMemAccessFlags {
    gpusimMemAccessFlagsProtNone = 0,
    gpusimMemAccessFlagsProtRead = 1,
    gpusimMemAccessFlagsProtReadWrite = 3,
} gpusimMemAccessFlags;
typedef enum gpusimMemAllocationGranularity_flags {
    gpusimMemAllocationGranularityMinimum = 0,
    gpusimMemAllocationGranularityRecommended = 1,
} gpusimMemAllocationGranularity_flags;
typedef struct gpusimMemLocation {
    gpusimMemLocationType type;
    int id;
} gpusimMemLocation;
typedef struct gpusimMemAllocationProp {
    gpusimMemAllocationType type;
    gpusimMemAllocationHandleType requestedHandleType;
    gpusimMemLocation location;
} gpusimMemAllocationProp;
typedef struct gpusimMemAccessDesc {
    gpusimMemLocation location;
    gpusimMemAccessFlags flags;
} gpusimMemAccessDesc;

/* Stream memory operations: the comparisons of a wait (CUDA's CU_STREAM_WAIT_VALUE_*). */
#define gpusimStreamWaitValueGeq   0x0u
#define gpusimStreamWaitValueEq    0x1u
#define gpusimStreamWaitValueAnd   0x2u
#define gpusimStreamWaitValueNor   0x3u
#define gpusimStreamWaitValueFlush (1u << 30)

// Devices and errors. The last error is per host thread, as in CUDA; a kernel fault is sticky:
// every later call returns it. ACLEMU_GPUSIM_DEVICE_COUNT (1..8, default 1) devices, which share
// the simulated memory; each host thread has its current device.
GPUSIM_API gpusimError_t gpusimGetDeviceCount(int* count);
GPUSIM_API gpusimError_t gpusimSetDevice(int device);
GPUSIM_API gpusimError_t gpusimGetDevice(int* device);
GPUSIM_API gpusimError_t gpusimGetDeviceProperties(gpusimDeviceProp* prop, int device);
GPUSIM_API gpusimError_t gpusimDeviceGetAttribute(int* value, gpusimDeviceAttr attr, int device);
GPUSIM_API gpusimError_t gpusimDeviceSynchronize(void);
/// Devices share the simulated memory, so every pair of distinct devices can access each other.
GPUSIM_API gpusimError_t gpusimDeviceCanAccessPeer(int* canAccessPeer, int device, int peerDevice);
GPUSIM_API gpusimError_t gpusimDeviceEnablePeerAccess(int peerDevice, unsigned flags);
GPUSIM_API gpusimError_t gpusimDeviceDisablePeerAccess(int peerDevice);
GPUSIM_API gpusimError_t gpusimGetLastError(void);
GPUSIM_API gpusimError_t gpusimPeekAtLastError(void);
GPUSIM_API const char* gpusimGetErrorName(gpusimError_t error);
GPUSIM_API const char* gpusimGetErrorString(gpusimError_t error);
/// The simulator's environment settings it cannot use and ignores (ACLEMU_GPUSIM_DEVICE_COUNT,
/// ACLEMU_GPUSIM_THREADS): one line each, "NAME=value is not ...; using N", or "" when every
/// one is usable. The simulator logs nothing itself; libascendcl logs these at aclInit. The text
/// is the calling thread's until its next call.
GPUSIM_API const char* gpusimSettingsProblems(void);

// Memory. Device memory is host memory the simulator keeps in its own table, so copies and
// frees are checked against it the way a GPU driver checks its address space.
GPUSIM_API gpusimError_t gpusimMalloc(void** ptr, size_t bytes);
GPUSIM_API gpusimError_t gpusimFree(void* ptr);
GPUSIM_API gpusimError_t gpusimMallocHost(void** ptr, size_t bytes);
GPUSIM_API gpusimError_t gpusimFreeHost(void* ptr);
GPUSIM_API gpusimError_t gpusimMemGetInfo(size_t* free_bytes, size_t* total_bytes);
GPUSIM_API gpusimError_t gpusimPointerGetAttributes(gpusimPointerAttributes* attributes,
                                                    const void* ptr);
/// A program's global variable as device memory (what nvcc's registration of a __device__
/// variable does for CUDA): its host storage is the simulated device's, and copies accept it.
/// Registering it again is harmless.
GPUSIM_API gpusimError_t gpusimRegisterVar(const void* symbol, size_t bytes);
/// The device address of a registered variable (its own address on the simulator);
/// gpusimErrorInvalidSymbol when it was never registered.
GPUSIM_API gpusimError_t gpusimGetSymbolAddress(void** devPtr, const void* symbol);
GPUSIM_API gpusimError_t gpusimMemcpy(void* dst,
                                      const void* src,
                                      size_t bytes,
                                      gpusimMemcpyKind kind);
GPUSIM_API gpusimError_t gpusimMemcpyAsync(
    void* dst, const void* src, size_t bytes, gpusimMemcpyKind kind, gpusimStream_t stream);
GPUSIM_API gpusimError_t gpusimMemset(void* dst, int value, size_t bytes);
GPUSIM_API gpusimError_t gpusimMemsetAsync(void* dst,
                                           int value,
                                           size_t bytes,
                                           gpusimStream_t stream);

// Sharing with other processes. Device memory of 64 KiB and more can be shared (smaller blocks
// stay on the heap for the sanitizers: gpusimErrorNotSupported); an open handle maps the whole
// allocation and returns its base. A handle cannot be opened in the process that made it.
GPUSIM_API gpusimError_t gpusimIpcGetMemHandle(gpusimIpcMemHandle_t* handle, void* ptr);
GPUSIM_API gpusimError_t gpusimIpcOpenMemHandle(void** ptr,
                                                gpusimIpcMemHandle_t handle,
                                                unsigned flags);
GPUSIM_API gpusimError_t gpusimIpcCloseMemHandle(void* ptr);
GPUSIM_API gpusimError_t gpusimIpcGetEventHandle(gpusimIpcEventHandle_t* handle,
                                                 gpusimEvent_t event);
GPUSIM_API gpusimError_t gpusimIpcOpenEventHandle(gpusimEvent_t* event,
                                                  gpusimIpcEventHandle_t handle);

// Virtual memory: reservations, physical allocations (granularity 2 MiB, as CUDA's), mappings
// that become device memory once gpusimMemSetAccess grants access, POSIX descriptors to share
// physical allocations.
GPUSIM_API gpusimError_t
gpusimMemGetAllocationGranularity(size_t* granularity,
                                  const gpusimMemAllocationProp* prop,
                                  gpusimMemAllocationGranularity_flags option);
GPUSIM_API gpusimError_t gpusimMemCreate(gpusimMemGenericAllocationHandle_t* handle,
                                         size_t size,
                                         const gpusimMemAllocationProp* prop,
                                         unsigned long long flags);
GPUSIM_API gpusimError_t gpusimMemRelease(gpusimMemGenericAllocationHandle_t handle);
GPUSIM_API gpusimError_t gpusimMemAddressReserve(
    void** ptr, size_t size, size_t alignment, void* addr, unsigned long long flags);
GPUSIM_API gpusimError_t gpusimMemAddressFree(void* ptr, size_t size);
GPUSIM_API gpusimError_t gpusimMemMap(void* ptr,
                                      size_t size,
                                      size_t offset,
                                      gpusimMemGenericAllocationHandle_t handle,
                                      unsigned long long flags);
GPUSIM_API gpusimError_t gpusimMemUnmap(void* ptr, size_t size);
GPUSIM_API gpusimError_t gpusimMemSetAccess(void* ptr,
                                            size_t size,
                                            const gpusimMemAccessDesc* desc,
                                            size_t count);
/// `shareable_handle` gets a new descriptor (an int) the caller closes.
GPUSIM_API gpusimError_t gpusimMemExportToShareableHandle(void* shareable_handle,
                                                          gpusimMemGenericAllocationHandle_t handle,
                                                          gpusimMemAllocationHandleType type,
                                                          unsigned long long flags);
/// `os_handle` is the descriptor, cast to a pointer; the caller keeps it.
GPUSIM_API gpusimError_t
gpusimMemImportFromShareableHandle(gpusimMemGenericAllocationHandle_t* handle,
                                   void* os_handle,
                                   gpusimMemAllocationHandleType type);

// Streams: a FIFO each, drained by a worker thread of its own.
GPUSIM_API gpusimError_t gpusimStreamCreateWithFlags(gpusimStream_t* stream, unsigned flags);
/// Priorities as on recent NVIDIA GPUs: 0 (least, the default) .. -5 (greatest); a value outside
/// is clamped. Recorded, not scheduled: every stream has a worker of its own.
GPUSIM_API gpusimError_t gpusimDeviceGetStreamPriorityRange(int* leastPriority,
                                                            int* greatestPriority);
GPUSIM_API gpusimError_t gpusimStreamCreateWithPriority(gpusimStream_t* stream,
                                                        unsigned flags,
                                                        int priority);
GPUSIM_API gpusimError_t gpusimStreamGetPriority(gpusimStream_t stream, int* priority);
GPUSIM_API gpusimError_t gpusimStreamDestroy(gpusimStream_t stream);
GPUSIM_API gpusimError_t gpusimStreamSynchronize(gpusimStream_t stream);
GPUSIM_API gpusimError_t gpusimStreamQuery(gpusimStream_t stream);
/// As CUDA: on a capturing stream, a plain wait for an event last recorded outside the capture
/// fails with gpusimErrorStreamCaptureIsolation (CUDA also invalidates the capture; the simulator
/// does not);
/// gpusimEventWaitExternal makes it a node that waits for the event's latest record at each
/// launch of the graph.
GPUSIM_API gpusimError_t gpusimStreamWaitEvent(gpusimStream_t stream,
                                               gpusimEvent_t event,
                                               unsigned flags);
GPUSIM_API gpusimError_t gpusimLaunchHostFunc(gpusimStream_t stream,
                                              gpusimHostFn_t fn,
                                              void* user_data);
/// cuStreamWriteValue64: stores `value` at the 8-byte-aligned device word `addr` in stream order
/// (`flags` 0, or 1 for CUDA's no-memory-barrier).
GPUSIM_API gpusimError_t gpusimStreamWriteValue64(gpusimStream_t stream,
                                                  void* addr,
                                                  uint64_t value,
                                                  unsigned flags);
/// cuStreamWaitValue64: later work on `stream` waits until the device word at `addr` satisfies
/// the comparison in `flags` (gpusimStreamWaitValue*, optionally | gpusimStreamWaitValueFlush)
/// against `value`; GEQ is (int64_t)(*addr - value) >= 0.
GPUSIM_API gpusimError_t gpusimStreamWaitValue64(gpusimStream_t stream,
                                                 void* addr,
                                                 uint64_t value,
                                                 unsigned flags);

// Stream capture and graphs (CUDA's cudaStreamBeginCapture .. cudaGraphLaunch): while a stream
// captures, the work queued on it is recorded instead of run (no ticket is taken: a
// synchronize of it returns gpusimErrorStreamCaptureUnsupported); a launch of the instantiated
// graph queues the recorded tasks again, in order. The capture mode is recorded, not enforced
// (the ACL front end enforces its own modes). One stream's work only: no fork and join.
typedef struct gpusimGraph* gpusimGraph_t;
typedef struct gpusimGraphExec* gpusimGraphExec_t;
typedef struct gpusimGraphNode* gpusimGraphNode_t;
typedef enum gpusimStreamCaptureMode {
    gpusimStreamCaptureModeGlobal = 0,
    gpusimStreamCaptureModeThreadLocal = 1,
    gpusimStreamCaptureModeRelaxed = 2,
} gpusimStreamCaptureMode;
typedef enum gpusimStreamCaptureStatus {
    gpusimStreamCaptureStatusNone = 0,
    gpusimStreamCaptureStatusActive = 1,
    gpusimStreamCaptureStatusInvalidated = 2,
} gpusimStreamCaptureStatus;
GPUSIM_API gpusimError_t gpusimStreamBeginCapture(gpusimStream_t stream,
                                                  gpusimStreamCaptureMode mode);
GPUSIM_API gpusimError_t gpusimStreamEndCapture(gpusimStream_t stream, gpusimGraph_t* graph);
GPUSIM_API gpusimError_t gpusimStreamIsCapturing(gpusimStream_t stream,
                                                 gpusimStreamCaptureStatus* status);
/// The graph's task count in *numNodes (`nodes` must be NULL: nodes are not listed).
GPUSIM_API gpusimError_t gpusimGraphGetNodes(gpusimGraph_t graph,
                                             gpusimGraphNode_t* nodes,
                                             size_t* numNodes);
GPUSIM_API gpusimError_t gpusimGraphInstantiate(gpusimGraphExec_t* exec,
                                                gpusimGraph_t graph,
                                                unsigned long long flags);
GPUSIM_API gpusimError_t gpusimGraphLaunch(gpusimGraphExec_t exec, gpusimStream_t stream);
/// Launches already queued keep what they run.
GPUSIM_API gpusimError_t gpusimGraphExecDestroy(gpusimGraphExec_t exec);
GPUSIM_API gpusimError_t gpusimGraphDestroy(gpusimGraph_t graph);

// Events.
GPUSIM_API gpusimError_t gpusimEventCreateWithFlags(gpusimEvent_t* event, unsigned flags);
GPUSIM_API gpusimError_t gpusimEventDestroy(gpusimEvent_t event);
/// As CUDA: a record on a capturing stream only orders the capture (the graph's launches do not
/// record the event, and a query, synchronize or elapsed time on it fails with
/// gpusimErrorCapturedEvent until it is recorded outside a capture again).
GPUSIM_API gpusimError_t gpusimEventRecord(gpusimEvent_t event, gpusimStream_t stream);
GPUSIM_API gpusimError_t gpusimEventRecordWithFlags(gpusimEvent_t event,
                                                    gpusimStream_t stream,
                                                    unsigned flags);
GPUSIM_API gpusimError_t gpusimEventQuery(gpusimEvent_t event);
GPUSIM_API gpusimError_t gpusimEventSynchronize(gpusimEvent_t event);
GPUSIM_API gpusimError_t gpusimEventElapsedTime(float* ms, gpusimEvent_t start, gpusimEvent_t end);
// Not in CUDA: the simulator stamps a completed event with the host's std::chrono::steady_clock,
// so a reader on the same clock gets the stamp exactly (nanoseconds since that clock's epoch),
// where a GPU's event times can only be mapped onto the host clock through an anchor event.
GPUSIM_API gpusimError_t gpusimEventHostNs(int64_t* ns, gpusimEvent_t event);

// Fault injection, for tests: CUDA errors on request, so that code above the runtime can be
// tested against each. The next `count` calls of entry point `api` after `skip` more calls fail
// with `error` before doing anything (their last error is `error`). `api` is a gpusim* function
// name ("gpusimMalloc", "gpusimMemcpyAsync", "gpusimEventRecord", ...), "gpusimLaunchKernel" for
// a kernel launch (refused as a <<<>>> launch is: the calling thread's last error), or
// "gpusimKernelFault" for a grid that runs and then faults on the device (sticky, as a kernel
// fault is). Armed faults apply to every host thread.
GPUSIM_API void gpusimInjectFault(const char* api,
                                  unsigned skip,
                                  unsigned count,
                                  gpusimError_t error);
/// Disarms every fault, and clears the device's sticky error and the calling thread's last
/// error: a test's way back from a fault (a real device has none).
GPUSIM_API void gpusimResetFaults(void);

}  // extern "C"
