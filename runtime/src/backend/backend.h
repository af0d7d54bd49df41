// The backend seam: everything the runtime asks of a device. The front end (runtime/src/*.cpp)
// does argument checks, the init gate, handle registries, the allocation table and error
// messages once; a backend only does the work. Implementations: backend/cpu (always built),
// backend/gpu (CUDA, or HIP, or the GPU simulator, through gpu/gpu_runtime.h).
//
// Streams and events are backend objects behind opaque pointers; the front end owns their
// lifetime through its registries and never hands a destroyed one to a backend.
#pragma once

#include "acl/acl_base.h"

#include "aclemu/acl_try.h"
#include "aclemu/host_task.h"
#include "aclemu/rt.h"
#include "kernels_cu/builtin/builtin_args.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <string>

namespace aclemu::rt {

class BackendStream {
public:
    virtual ~BackendStream() = default;
};

class BackendEvent {
public:
    virtual ~BackendEvent() = default;
};

/// The tasks a stream capture recorded (the body of an aclmdlRI): replayed in stream order by
/// launch_graph, any number of times, until released.
class BackendGraph {
public:
    virtual ~BackendGraph() = default;
    /// Tasks recorded (aclmdlRIDebugJsonPrint).
    virtual size_t task_count() const = 0;
};

/// A physical allocation (aclrtMallocPhysical, or imported from another process); releasing it
/// (the destructor) returns the memory once no mapping uses it.
class BackendPhysical {
public:
    virtual ~BackendPhysical() = default;
};

/// What a backend tells another process about memory or an event it shares: opaque bytes (a
/// range, a cudaIpcMemHandle_t, ...), carried in an export record (shared_export.h), and a
/// descriptor that travels with it (SCM_RIGHTS). On export `fd` is the backend's own (-1 for
/// none; the record keeps a copy); on import it is a descriptor of the importing process, valid
/// during the call (a backend that keeps it duplicates it).
struct ExportBlob {
    static constexpr size_t kCapacity = 128;
    uint32_t size = 0;
    unsigned char bytes[kCapacity] = {};
    int fd = -1;

    /// Holds `value` (a plain struct a backend defines) from now on.
    template <class T>
    void put(const T& value) {
        static_assert(sizeof(T) <= kCapacity, "blob too large");
        size = sizeof(T);
        std::memcpy(bytes, &value, sizeof(T));
    }

    /// Reads the T put() stored; false when the blob holds another size (another backend's).
    template <class T>
    bool get(T* value) const {
        if (size != sizeof(T)) {
            return false;
        }
        std::memcpy(value, bytes, sizeof(T));
        return true;
    }
};

/// Access of one device to a mapping (aclrtMemSetAccess): aclrtMemAccessFlags' values.
struct DeviceAccess {
    int32_t physical_device = 0;
    int flags = 0;  // 0 none, 1 read, 3 read-write
};

enum class CopyDirection { HostToHost, HostToDevice, DeviceToHost, DeviceToDevice };

/// Result of waiting with a timeout.
enum class WaitResult { Done, TimedOut };

/// A point in a stream's work, for the ACLEMU_TRACE timeline (observe/trace_recorder.h): the
/// stream reaches it once the work enqueued before it is done.
class StreamMark {
public:
    enum class State { Pending, Reached, Lost };
    virtual ~StreamMark() = default;
    /// Reached: *ns is when, on observe::steady_ns()'s clock. Pending: not yet, after waiting
    /// up to `wait_ns` (0: only look). Lost: it never will be (its task was dropped, or the
    /// device failed).
    virtual State poll(int64_t wait_ns, int64_t* ns) = 0;
};

/// What aclrtGetDeviceInfo and aclGetDeviceCapability report about a physical device (0 where
/// a fact does not apply, e.g. SIMT limits on the CPU).
struct DeviceFacts {
    std::string model;          // "x86_64 host CPU", cudaDeviceProp::name, ...
    int64_t compute_units = 0;  // CPU: kernel threads (ACLEMU_CPU_THREADS); GPU: SMs / CUs
    bool simt = false;          // runs SIMT kernels: the thread/block/grid limits apply
    int64_t warp_size = 0;
    int64_t max_threads_per_unit = 0;
    int64_t local_memory_per_unit = 0;  // GPU: shared memory per SM; CPU: L1 data cache
    int64_t max_threads_per_block = 0;
    int64_t max_block_dim[3] = {0, 0, 0};
    int64_t max_grid_dim[3] = {0, 0, 0};
    int64_t global_memory = 0;  // bytes
    int64_t l2_cache = 0;       // bytes of the last-level cache the compute units share
    /// The device's identity (aclrtDeviceGetUuid, aclrtDeviceGetPCIBusId): a GPU's own; on the
    /// CPU backend and the simulator a stable synthesized one (backend/synthetic_identity.h).
    uint8_t uuid[16] = {};
    std::string pci_bus_id;  // "dddd:bb:dd.f", lowercase hex, as CUDA writes it
};

/// Busy percentages for aclrtGetDeviceUtilizationRate; -1 where the backend cannot measure.
struct DeviceUtilization {
    int32_t compute = -1;
    int32_t memory = -1;
};

/// Stream priorities the front end passes: ACL's, 0 (greatest) .. kLeastStreamPriority, or
/// kDefaultStreamPriority when the program asked for none (aclrtCreateStream, default streams):
/// then the device's own default, so aclemu's streams do not outrank other libraries' default
/// streams on a shared GPU (docs/compatibility.md).
constexpr int32_t kLeastStreamPriority = 7;
constexpr int32_t kDefaultStreamPriority = -1;

/// Facet: device and host memory, copies and fills.
class BackendMemory {
public:
    virtual ~BackendMemory() = default;

    // Memory. Sizes are already validated (> 0) by the front end.
    virtual aclError malloc_device(void** ptr, size_t bytes) = 0;
    virtual aclError free_device(void* ptr) = 0;
    virtual aclError malloc_host(void** ptr, size_t bytes) = 0;  // pinned where it matters
    virtual aclError free_host(void* ptr) = 0;
    virtual aclError memcpy_sync(void* dst, const void* src, size_t bytes, CopyDirection dir) = 0;
    virtual aclError memcpy_async(
        void* dst, const void* src, size_t bytes, CopyDirection dir, BackendStream* stream) = 0;
    virtual aclError memset_sync(void* dst, int value, size_t bytes) = 0;
    virtual aclError memset_async(void* dst, int value, size_t bytes, BackendStream* stream) = 0;
    virtual aclError mem_info(size_t* free_bytes, size_t* total_bytes) = 0;
    /// True when `ptr` is device memory this backend did not allocate through aclrtMalloc but can
    /// use (e.g. cudaMalloc'ed by another library). The CPU backend answers false.
    virtual bool is_foreign_device_pointer(const void* /*ptr*/) { return false; }
    /// Memory host and device both address (aclrtMemAllocManaged), released by free_device.
    /// Where device memory is host memory anyway (CPU, GPU simulator) it is device memory.
    virtual aclError malloc_managed(void** ptr, size_t bytes) { return malloc_device(ptr, bytes); }
    /// Registers host memory (aclrtHostRegisterV2); with `mapped`, *device_ptr is its device
    /// address. Where the device reads host memory directly (CPU, GPU simulator) that is `ptr`.
    virtual aclError register_host(void* ptr,
                                   size_t /*bytes*/,
                                   bool /*mapped*/,
                                   void** device_ptr) {
        *device_ptr = ptr;
        return ACL_SUCCESS;
    }
    virtual aclError unregister_host(void* /*ptr*/) { return ACL_SUCCESS; }
    /// The device address of a global variable of the program (`symbol`, its address in the
    /// program, `bytes` long; aclrtGetSymbolAddress). Where the device reads host memory
    /// directly (CPU) that is `symbol`; a GPU backend asks its runtime (cudaGetSymbolAddress of
    /// the __device__ variable's host shadow; the simulator registers the variable first).
    virtual aclError symbol_address(const void* symbol, size_t /*bytes*/, void** device_ptr) {
        *device_ptr = const_cast<void*>(symbol);
        return ACL_SUCCESS;
    }
};

/// Facet: streams and events.
class BackendStreams {
public:
    virtual ~BackendStreams() = default;

    // Streams.
    /// `priority`: ACL's, 0 (greatest) .. kLeastStreamPriority, or kDefaultStreamPriority.
    virtual aclError create_stream(std::unique_ptr<BackendStream>* stream, int32_t priority) = 0;
    /// Waits for the stream's pending work, then releases it.
    virtual aclError destroy_stream(std::unique_ptr<BackendStream> stream) = 0;
    /// timeout_ms < 0: wait forever.
    virtual aclError synchronize_stream(BackendStream* stream,
                                        int32_t timeout_ms,
                                        WaitResult* result) = 0;
    virtual aclError query_stream(BackendStream* stream, bool* complete) = 0;
    /// Runs `fn` on a host thread once the stream's earlier work is done; later work waits for it.
    virtual aclError launch_host_func(BackendStream* stream, std::function<void()> fn) = 0;
    /// launch_host_func for a move-only task; the CPU backend queues it without allocating, and
    /// may run a TaskLength::Short one at once on an idle stream.
    virtual aclError launch_host_task(BackendStream* stream, HostTask&& task, TaskLength) {
        auto shared = std::make_shared<HostTask>(std::move(task));
        return launch_host_func(stream, [shared] { (*shared)(); });
    }
    /// Drops the stream's tasks that have not started; a running one finishes. Work already
    /// handed to a GPU cannot be taken back: ACL_ERROR_RT_FEATURE_NOT_SUPPORT there.
    virtual aclError abort_stream(BackendStream* stream) = 0;
    /// cudaStream_t / hipStream_t, or nullptr (CPU).
    virtual void* native_stream(BackendStream* stream) = 0;
    virtual aclError synchronize_device() = 0;

    // Events. `timing` false: created without timestamps (elapsed time is then an error).
    virtual aclError create_event(std::unique_ptr<BackendEvent>* event, bool timing) = 0;
    virtual aclError destroy_event(std::unique_ptr<BackendEvent> event) = 0;
    virtual aclError record_event(BackendEvent* event, BackendStream* stream) = 0;
    /// Later work on `stream` waits until the event's latest record has completed.
    virtual aclError stream_wait_event(BackendStream* stream, BackendEvent* event) = 0;
    virtual aclError synchronize_event(BackendEvent* event,
                                       int32_t timeout_ms,
                                       WaitResult* result) = 0;
    /// complete: the latest record has completed (or the event was never recorded).
    virtual aclError query_event(BackendEvent* event, bool* complete) = 0;
    virtual aclError elapsed_ms(float* ms, BackendEvent* start, BackendEvent* end) = 0;

    /// Puts a StreamMark on `stream` (ACLEMU_TRACE). Default (backend/stream_mark.cpp): a host
    /// task that reads the clock when the stream's worker runs it; the GPU backend records a
    /// timing event instead.
    virtual aclError mark_stream(BackendStream* stream, std::shared_ptr<StreamMark>* out);

    // Stream capture (graph/, Note [Capture at the enqueue point], graph/capture_registry.h):
    // from begin_capture to end_capture the work enqueued on the stream is recorded instead of
    // run.
    virtual aclError begin_capture(BackendStream* stream) = 0;
    /// Ends the capture; *graph holds what was recorded.
    virtual aclError end_capture(BackendStream* stream, std::unique_ptr<BackendGraph>* graph) = 0;
    /// Enqueues the graph's tasks on `stream`, in order.
    virtual aclError launch_graph(BackendGraph& graph, BackendStream* stream) = 0;
};

/// Facet: task groups inside a stream capture (aclmdlRICaptureTaskGrp*, graph/api_capture.cpp).
/// Optional: a backend without it has no task_groups() (the front end says so once).
class BackendTaskGroups {
public:
    virtual ~BackendTaskGroups() = default;

    /// Tasks recorded so far by the stream's capture (a task group's bounds).
    virtual aclError captured_count(BackendStream* stream, size_t* count) = 0;
    /// Replaces `count` tasks of `graph` from `first` with the tasks of `with` (a task group's
    /// update, aclmdlRICaptureTaskUpdateEnd).
    virtual aclError replace_tasks(BackendGraph& graph,
                                   size_t first,
                                   size_t count,
                                   std::unique_ptr<BackendGraph> with) = 0;
    /// The tag task `index` of `graph` was recorded with (backend/task_tag.h), or empty.
    virtual std::shared_ptr<const void> task_tag(const BackendGraph& graph, size_t index) = 0;
    /// A disabled task is skipped by every later launch of `graph` (aclmdlRITaskDisable).
    virtual aclError set_task_enabled(BackendGraph& graph, size_t index, bool enabled) = 0;
};

/// Facet: built-in tasks, stream memory operations, event timestamps.
class BackendTasks {
public:
    virtual ~BackendTasks() = default;

    // Built-in tasks, stream memory operations, event timestamps (api_builtin_tasks.cpp,
    // api_notify.cpp, api_stream_value.cpp, api_event_timestamp.cpp, api_overflow.cpp). The
    // front end has checked the arguments; the kernels are libascendcl's own (kernels_cu/builtin,
    // kernels_cpu/builtin).
    virtual aclError reduce_async(const kernels::builtin::ReduceArgs& args,
                                  BackendStream* stream) = 0;
    virtual aclError random_async(const kernels::builtin::RandomArgs& args,
                                  BackendStream* stream) = 0;
    /// Stores `value` at the 8-byte device word `addr` once the stream's earlier work is done.
    virtual aclError write_value_async(BackendStream* stream, uint64_t* addr, uint64_t value) = 0;
    /// Later work on the stream waits until the word at `addr` satisfies `mode` against `value`.
    /// timeout_ms < 0: no deadline. Only the CPU backend keeps a deadline (at expiry it logs an
    /// ERROR and the stream goes on); the GPU's stream memory operations have none.
    virtual aclError wait_value_async(BackendStream* stream,
                                      const uint64_t* addr,
                                      uint64_t value,
                                      kernels::builtin::WaitMode mode,
                                      int32_t timeout_ms) = 0;
    /// When the event's latest record completed, in microseconds of the host's steady clock
    /// (CLOCK_MONOTONIC). The front end has checked that it was recorded and has completed.
    virtual aclError event_timestamp_us(BackendEvent* event, uint64_t* us) = 0;
};

/// Facet: memory and events shared between processes, and virtual memory. Optional: a backend
/// without it has no sharing() (the front end says so once, require_sharing in core/status.h).
class BackendSharing {
public:
    virtual ~BackendSharing() = default;

    // Memory and events shared between processes (sharing/api_ipc.cpp), virtual memory
    // (memory/api_vmm.cpp). The front end checks ranges, handles, whitelists and sizes (multiples
    // of vmm_granularity for the virtual memory calls); these only do the work. Every backend
    // implements them (no "not supported" defaults).
    /// Makes [ptr, ptr + bytes), inside the malloc_device block at `block`, shareable and
    /// describes it.
    virtual aclError export_device_memory(void* block,
                                          void* ptr,
                                          size_t bytes,
                                          ExportBlob* blob) = 0;
    /// Maps what process `exporter` described; *ptr is device memory of this process.
    virtual aclError open_device_memory(int32_t exporter,
                                        const ExportBlob& blob,
                                        size_t bytes,
                                        void** ptr) = 0;
    virtual aclError close_device_memory(void* ptr, size_t bytes) = 0;
    /// The virtual memory calls' unit (`recommended`: the efficient one, else the minimum).
    virtual aclError vmm_granularity(int32_t physical_device, bool recommended, size_t* bytes) = 0;
    /// Reserves addresses mapped to nothing; at `wanted` exactly when it is not null.
    virtual aclError reserve_address(size_t bytes, void* wanted, void** ptr) = 0;
    virtual aclError release_address(void* ptr, size_t bytes) = 0;
    virtual aclError create_physical(int32_t physical_device,
                                     size_t bytes,
                                     std::unique_ptr<BackendPhysical>* physical) = 0;
    /// Maps all of `physical` at `ptr` (inside a reservation), readable and writable by
    /// `physical_device`.
    virtual aclError map_physical(void* ptr,
                                  size_t bytes,
                                  BackendPhysical& physical,
                                  int32_t physical_device) = 0;
    /// Unmaps [ptr, ptr + bytes); the addresses stay reserved.
    virtual aclError unmap_physical(void* ptr, size_t bytes) = 0;
    virtual aclError set_access(void* ptr,
                                size_t bytes,
                                const DeviceAccess* access,
                                size_t count) = 0;
    virtual aclError export_physical(BackendPhysical& physical, ExportBlob* blob) = 0;
    virtual aclError import_physical(int32_t exporter,
                                     const ExportBlob& blob,
                                     size_t bytes,
                                     int32_t physical_device,
                                     std::unique_ptr<BackendPhysical>* physical) = 0;
    /// An event other processes can wait on (aclrtCreateEventExWithFlag(ACL_EVENT_IPC)); it
    /// takes no timestamps.
    virtual aclError create_ipc_event(std::unique_ptr<BackendEvent>* event) = 0;
    /// Describes an event made by create_ipc_event for another process.
    virtual aclError export_event(BackendEvent* event, ExportBlob* blob) = 0;
    /// The event process `exporter` described: it completes with the exporter's records.
    virtual aclError open_event(int32_t exporter,
                                const ExportBlob& blob,
                                std::unique_ptr<BackendEvent>* event) = 0;
};

/// A backend: the devices it drives, and its facets. Every backend has memory, streams and tasks;
/// sharing() is null when it cannot share memory between processes or map virtual memory,
/// task_groups() when it cannot record task groups in a capture.
/// A backend passes its facets when it is made (usually itself, deriving from each).
class Backend {
public:
    struct Facets {
        BackendMemory* memory = nullptr;
        BackendStreams* streams = nullptr;
        BackendTasks* tasks = nullptr;
        BackendSharing* sharing = nullptr;         // optional
        BackendTaskGroups* task_groups = nullptr;  // optional
    };

    explicit Backend(const Facets& facets) : facets_(facets) {}
    virtual ~Backend() = default;

    BackendMemory& memory() const { return *facets_.memory; }
    BackendStreams& streams() const { return *facets_.streams; }
    BackendTasks& tasks() const { return *facets_.tasks; }
    BackendSharing* sharing() const { return facets_.sharing; }
    BackendTaskGroups* task_groups() const { return facets_.task_groups; }

    virtual BackendKind kind() const = 0;
    /// "cpu", "cuda" or "hip", for logs and messages.
    virtual const char* name() const = 0;
    /// Physical devices this backend can drive (before ASCEND_RT_VISIBLE_DEVICES filtering).
    virtual int physical_device_count() = 0;
    /// Binds the calling thread to a physical device (cudaSetDevice). Cheap when already bound.
    virtual aclError bind_device(int32_t physical_device) = 0;
    /// Hardware facts of a device (aclrtGetDeviceInfo); `physical_device` is valid.
    virtual aclError device_facts(int32_t physical_device, DeviceFacts* facts) = 0;
    /// The device's sticky fault: ACL_SUCCESS, or the code every call now fails with and its
    /// text (a GPU kernel fault). The CPU backend never faults.
    virtual aclError device_fault(int32_t physical_device, aclError* fault, std::string* what) {
        (void)physical_device;
        (void)what;
        *fault = ACL_SUCCESS;
        return ACL_SUCCESS;
    }
    /// Recent busy percentages of a device.
    virtual aclError utilization(int32_t physical_device, DeviceUtilization* out) = 0;
    /// Whether kernels on `physical_device` can read `peer` memory directly.
    virtual aclError can_access_peer(int32_t physical_device, int32_t peer, bool* can) = 0;
    /// Peer access from the bound device to `peer` (the front end tracks what is enabled).
    virtual aclError enable_peer_access(int32_t peer) = 0;
    virtual aclError disable_peer_access(int32_t peer) = 0;

    /// The error text of the backend's last failure, for messages ("cudaErrorInvalidValue: ...").
    virtual std::string last_error_text() { return {}; }

private:
    Facets facets_;
};

/// The CPU backend's settings (config.h reads them at aclInit); they reach it when it is made.
struct CpuBackendOptions {
    int device_count = 1;            // ACLEMU_CPU_DEVICE_COUNT: devices it shows
    bool inline_short_tasks = true;  // ACLEMU_CPU_INLINE (Note [Short tasks run inline])
    int compute_units = 1;           // ACLEMU_CPU_THREADS: the cores aclrtGetDeviceInfo reports
    /// ACLEMU_CPU_DEVICE_MEMORY: the bytes device allocations may hold together (0: the host's
    /// physical memory); aclrtGetMemInfo's total.
    size_t memory_limit = 0;
    /// The calling thread's vector-core budget (aclrtSetDeviceResLimit, aclrtSetStreamResLimit),
    /// 0 for none: caps the threads of large copies and built-in tasks. Given by the runtime.
    uint32_t (*thread_budget)() = nullptr;
};

/// Creates the CPU backend (never fails).
std::unique_ptr<Backend> make_cpu_backend(const CpuBackendOptions& options);

/// Creates the GPU backend (CUDA or HIP), or returns nullptr with `why` filled when it is not
/// built in or no device answers. Defined in backend/gpu when a GPU language is enabled, else in
/// backend/no_gpu_backend.cpp.
namespace gpu {
std::unique_ptr<Backend> make_backend(std::string* why);
/// The kind make_backend's backend has in this build: Cuda or Hip; Cpu when neither is built in.
BackendKind built_kind();
}  // namespace gpu

/// The same backend source built against the GPU simulator (gpu/sim), or nullptr with `why`
/// when the simulator is not built.
namespace gpusim {
std::unique_ptr<Backend> make_backend(std::string* why);
}

}  // namespace aclemu::rt
