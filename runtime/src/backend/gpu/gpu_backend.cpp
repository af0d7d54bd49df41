// The GPU backend: the Backend seam on the CUDA runtime, or on HIP through gpu/gpu_runtime.h. An
// aclrtStream is a non-blocking cudaStream_t, an aclrtEvent a cudaEvent_t, device memory plain
// cudaMalloc (never managed). Synchronous copies and memsets wait for their own completion, so
// later work on any stream sees them, as aclrtMemcpy promises. docs/backends.md has the table.
#include "aclemu/acl_try.h"
#include "aclemu/log.h"
#include "backend/backend.h"
#include "backend/gpu/gpu_clock.h"
#include "backend/gpu/gpu_error.h"
#include "backend/gpu/gpu_event.h"
#include "backend/gpu/gpu_vmm.h"
#include "backend/gpu/nvml_utilization.h"
#include "backend/gpu/stream_memory_ops.h"
#include "backend/host_facts.h"
#include "backend/synthetic_identity.h"
#include "gpu/gpu_runtime.h"
#include "kernels_cu/builtin/launch.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <exception>
#include <functional>
#include <iterator>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace aclemu::rt {
namespace ACLEMU_GPU_NAMESPACE {
namespace {

using HostPayload = std::shared_ptr<std::function<void()>>;

class GpuStream final : public BackendStream {
public:
    explicit GpuStream(gpuStream_t stream) : stream_(stream) {}
    gpuStream_t native() const { return stream_; }

    // A capture (begin_capture .. end_capture): the host functions it recorded, which its graph
    // owns (a launch of the graph runs them again, so their trampoline must not free them).
    std::mutex capture_mu;
    bool capturing = false;
    uint64_t capture_serial = 0;  // ActiveCaptures
    std::vector<HostPayload> captured_functions;

private:
    gpuStream_t stream_;
};

// A capture's graph, instantiated once: gpuGraphLaunch replays it (CUDA graphs).
class GpuGraph final : public BackendGraph {
public:
    GpuGraph(gpuGraph_t graph, gpuGraphExec_t exec, std::vector<HostPayload> functions)
        : graph_(graph),
          exec_(exec),
          functions_(std::make_shared<const std::vector<HostPayload>>(std::move(functions))) {}
    ~GpuGraph() override {
        (void)gpuGraphExecDestroy(exec_);
        (void)gpuGraphDestroy(graph_);
    }
    size_t task_count() const override {
        size_t count = 0;
        return gpuGraphGetNodes(graph_, nullptr, &count) == gpuSuccess ? count : 0;
    }
    gpuGraphExec_t exec() const { return exec_; }
    /// The captured host functions, kept alive by the graph and by each launch until it ran
    /// (an instance may be destroyed while a launch of it is queued).
    const std::shared_ptr<const std::vector<HostPayload>>& functions() const { return functions_; }

private:
    gpuGraph_t graph_;
    gpuGraphExec_t exec_;
    std::shared_ptr<const std::vector<HostPayload>> functions_;
};

// The front end never passes a null stream; treating one as the legacy default stream keeps a
// stray null harmless rather than a crash.
gpuStream_t native_of(BackendStream* stream) {
    return stream != nullptr ? static_cast<GpuStream*>(stream)->native() : nullptr;
}

GpuEvent* event_of(BackendEvent* event) {
    return static_cast<GpuEvent*>(event);
}

// What another process needs to open shared device memory: the allocation's IPC handle and where
// in the allocation the shared range starts.
struct IpcMemoryBlob {
    gpuIpcMemHandle_t handle;
    uint64_t offset;
};

// ExportBlob::get, with the reason a failure leaves for the front end's message.
template <class T>
bool get_blob(const ExportBlob& blob, T* value) {
    if (!blob.get(value)) {
        set_last_error_text("the export was made by another backend (ACLEMU_BACKEND differs)");
        return false;
    }
    return true;
}

gpuMemcpyKind kind_of(CopyDirection direction) {
    switch (direction) {
        case CopyDirection::HostToHost:
            return gpuMemcpyHostToHost;
        case CopyDirection::HostToDevice:
            return gpuMemcpyHostToDevice;
        case CopyDirection::DeviceToHost:
            return gpuMemcpyDeviceToHost;
        case CopyDirection::DeviceToDevice:
            break;
    }
    return gpuMemcpyDeviceToDevice;
}

// Waits for `query` (gpuSuccess when done, gpuErrorNotReady while busy) with a deadline.
// Polls with a growing sleep (20 us .. 1 ms) so short waits stay short and long ones idle.
template <class Query>
aclError poll_until_done(Query query, const char* api, int32_t timeout_ms, WaitResult* result) {
    using Clock = std::chrono::steady_clock;
    const auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);
    auto pause = std::chrono::microseconds(20);
    for (;;) {
        const gpuError_t status = query();
        if (status == gpuSuccess) {
            *result = WaitResult::Done;
            return ACL_SUCCESS;
        }
        if (status != gpuErrorNotReady) {
            return gpu_check(status, api);
        }
        const auto now = Clock::now();
        if (now >= deadline) {
            *result = WaitResult::TimedOut;
            return ACL_SUCCESS;
        }
        std::this_thread::sleep_for(std::min<Clock::duration>(pause, deadline - now));
        pause = std::min(pause * 2, std::chrono::microseconds(1000));
    }
}

// How a wait reaches a stream or an event: its blocking call, for a wait without a deadline,
// and its query, polled for a wait with one.
template <class Native>
struct WaitCalls {
    gpuError_t (*synchronize)(Native);
    const char* synchronize_name;
    gpuError_t (*query)(Native);
    const char* query_name;
};

const WaitCalls<gpuStream_t> kStreamWait{gpuStreamSynchronize,
                                         GPU_NAME_OF(gpuStreamSynchronize),
                                         gpuStreamQuery,
                                         GPU_NAME_OF(gpuStreamQuery)};
const WaitCalls<gpuEvent_t> kEventWait{gpuEventSynchronize,
                                       GPU_NAME_OF(gpuEventSynchronize),
                                       gpuEventQuery,
                                       GPU_NAME_OF(gpuEventQuery)};

// Waits for `native`'s work: without a deadline (timeout_ms < 0) by the blocking call, else by
// polling until the deadline.
template <class Native>
aclError wait_until_done(const WaitCalls<Native>& calls,
                         Native native,
                         int32_t timeout_ms,
                         WaitResult* result) {
    if (timeout_ms < 0) {
        *result = WaitResult::Done;
        return gpu_check(calls.synchronize(native), calls.synchronize_name);
    }
    return poll_until_done(
        [&calls, native] { return calls.query(native); }, calls.query_name, timeout_ms, result);
}

// gpuSuccess -> true, gpuErrorNotReady -> false, anything else is a failure.
aclError completion_of(gpuError_t status, const char* api, bool* complete) {
    if (status == gpuErrorNotReady) {
        *complete = false;
        return ACL_SUCCESS;
    }
    *complete = status == gpuSuccess;
    return gpu_check(status, api);
}

// ACL priority 0 (greatest) .. kLeastStreamPriority onto the device's range, evenly, ends to ends:
// on the GPU too the greatest priority is the most negative number.
int native_priority(int32_t acl_priority, int least, int greatest) {
    const double span = static_cast<double>(least - greatest);
    return greatest + static_cast<int>(std::lround(span * acl_priority / kLeastStreamPriority));
}

// Host-function trampoline: owns and deletes the std::function the enqueue allocated. It runs
// on the runtime's callback thread, where an exception must not escape.
void run_host_function(void* user_data) {
    std::unique_ptr<std::function<void()>> fn(static_cast<std::function<void()>*>(user_data));
    try {
        (*fn)();
    } catch (const std::exception& e) {
        ACLEMU_LOG(Runtime, Error, "host function on a GPU stream threw: %s", e.what());
    } catch (...) {
        ACLEMU_LOG(Runtime, Error, "host function on a GPU stream threw a non-standard exception");
    }
}

// The trampoline of a captured host function: its graph owns the function.
void run_kept_host_function(void* user_data) {
    try {
        (*static_cast<std::function<void()>*>(user_data))();
    } catch (const std::exception& e) {
        ACLEMU_LOG(Runtime, Error, "host function on a GPU stream threw: %s", e.what());
    } catch (...) {
        ACLEMU_LOG(Runtime, Error, "host function on a GPU stream threw a non-standard exception");
    }
}

// Enqueues run_host_function(payload) on `stream`. ROCm 5.2's libamdhip64 declares
// hipLaunchHostFunc but does not export it, so HIP uses a stream callback (in every ROCm).
#if defined(ACLEMU_USE_HIP)
void run_host_callback(gpuStream_t /*stream*/, gpuError_t /*status*/, void* user_data) {
    run_host_function(user_data);
}

aclError enqueue_host_function(gpuStream_t stream, void* payload) {
    return GPU_CALL(gpuStreamAddCallback, stream, run_host_callback, payload, 0);
}

void run_kept_host_callback(gpuStream_t /*stream*/, gpuError_t /*status*/, void* user_data) {
    run_kept_host_function(user_data);
}

aclError enqueue_kept_host_function(gpuStream_t stream, void* payload) {
    return GPU_CALL(gpuStreamAddCallback, stream, run_kept_host_callback, payload, 0);
}
#else
aclError enqueue_kept_host_function(gpuStream_t stream, void* payload) {
    return GPU_CALL(gpuLaunchHostFunc, stream, run_kept_host_function, payload);
}

aclError enqueue_host_function(gpuStream_t stream, void* payload) {
    return GPU_CALL(gpuLaunchHostFunc, stream, run_host_function, payload);
}
#endif

}  // namespace

// What this file's backend is built as: gpu::built_kind (backend.h) in the CUDA or HIP build,
// the simulator's own in the gpusim build.
BackendKind built_kind() {
#if defined(ACLEMU_USE_HIP)
    return BackendKind::Hip;
#elif defined(ACLEMU_GPU_SIM)
    return BackendKind::GpuSim;
#else
    return BackendKind::Cuda;
#endif
}

namespace {

// The facets come first so that they are constructed before Backend takes their addresses.
class GpuBackend final : public BackendMemory,
                         public BackendStreams,
                         public BackendTasks,
                         public BackendSharing,
                         public Backend {
public:
    GpuBackend() : Backend(Facets{this, this, this, this}) {}

    BackendKind kind() const override { return built_kind(); }
    const char* name() const override { return ACLEMU_GPU_VENDOR; }

    int physical_device_count() override {
        int count = 0;
        if (GPU_CALL(gpuGetDeviceCount, &count) != ACL_SUCCESS) {
            return 0;
        }
        return count;
    }

    // Always calls the runtime (it is cheap when nothing changes) so a device that cannot be
    // initialised fails here, at aclrtSetDevice, not at the first allocation.
    aclError bind_device(int32_t physical_device) override {
        return GPU_CALL(gpuSetDevice, physical_device);
    }

    aclError device_facts(int32_t physical_device, DeviceFacts* facts) override {
        gpuDeviceProp_t prop{};
        ACLEMU_TRY(GPU_CALL(gpuGetDeviceProperties, &prop, physical_device));
        facts->model = prop.name;
        facts->compute_units = prop.multiProcessorCount;
        facts->simt = true;
        facts->warp_size = prop.warpSize;
        facts->max_threads_per_unit = prop.maxThreadsPerMultiProcessor;
        facts->local_memory_per_unit = static_cast<int64_t>(prop.GPU_PROP_SHARED_PER_UNIT);
        facts->max_threads_per_block = prop.maxThreadsPerBlock;
        for (int d = 0; d < 3; ++d) {
            facts->max_block_dim[d] = prop.maxThreadsDim[d];
            facts->max_grid_dim[d] = prop.maxGridSize[d];
        }
        facts->global_memory = static_cast<int64_t>(prop.totalGlobalMem);
        facts->l2_cache = prop.l2CacheSize;
        return device_identity(physical_device, prop, facts);
    }

    // The GPU's own UUID and PCI bus id; the simulator's devices get synthesized ones.
    static aclError device_identity(int32_t physical_device,
                                    const gpuDeviceProp_t& prop,
                                    DeviceFacts* facts) {
#if defined(ACLEMU_GPU_SIM)
        (void)prop;
        synthesize_identity("gpusim", physical_device, facts);
        return ACL_SUCCESS;
#else
#    if defined(ACLEMU_USE_HIP)
        (void)prop;
        hipUUID uuid{};
        ACLEMU_TRY(GPU_CALL(hipDeviceGetUuid, &uuid, physical_device));
        std::memcpy(facts->uuid, uuid.bytes, sizeof facts->uuid);
#    else
        std::memcpy(facts->uuid, prop.uuid.bytes, sizeof facts->uuid);
#    endif
        char bus_id[32] = {};
        ACLEMU_TRY(GPU_CALL(gpuDeviceGetPCIBusId, bus_id, sizeof bus_id, physical_device));
        facts->pci_bus_id = bus_id;
        for (char& c : facts->pci_bus_id) {  // CUDA writes upper-case hex digits
            c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        }
        return ACL_SUCCESS;
#endif
    }

    // A sticky fault fails every call; a query of the legacy stream (which always exists) is the
    // cheapest call that reports it. Busy (not ready) is no fault.
    aclError device_fault(int32_t physical_device, aclError* fault, std::string* what) override {
        int previous = 0;
        static_cast<void>(gpuGetDevice(&previous));
        const gpuError_t bound = gpuSetDevice(physical_device);
        const gpuError_t status = bound != gpuSuccess ? bound : gpuStreamQuery(nullptr);
        static_cast<void>(gpuSetDevice(previous));
        static_cast<void>(gpuGetLastError());
        if (status == gpuSuccess || status == gpuErrorNotReady) {
            *fault = ACL_SUCCESS;
            return ACL_SUCCESS;
        }
        *fault = to_acl_error(status);
        *what = describe(GPU_NAME_OF(gpuStreamQuery), status);
        return ACL_SUCCESS;
    }

    aclError utilization(int32_t physical_device, DeviceUtilization* out) override {
#if defined(ACLEMU_GPU_SIM)
        (void)physical_device;
        out->compute = host_busy_percent();  // the simulated SMs are host threads
        return ACL_SUCCESS;
#elif defined(ACLEMU_USE_HIP)
        (void)physical_device;
        (void)out;
        set_last_error_text("device utilization needs rocm-smi, which aclemu does not use");
        return ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
#else
        return nvml_utilization(physical_device, out);
#endif
    }

    aclError can_access_peer(int32_t physical_device, int32_t peer, bool* can) override {
        int answer = 0;
        ACLEMU_TRY(GPU_CALL(gpuDeviceCanAccessPeer, &answer, physical_device, peer));
        *can = answer != 0;
        return ACL_SUCCESS;
    }

    // The front end tracks what it enabled; access another library enabled counts as enabled.
    aclError enable_peer_access(int32_t peer) override {
        const gpuError_t status = gpuDeviceEnablePeerAccess(peer, 0);
        if (status == gpuErrorPeerAccessAlreadyEnabled) {
            static_cast<void>(gpuGetLastError());
            return ACL_SUCCESS;
        }
        return gpu_check(status, GPU_NAME_OF(gpuDeviceEnablePeerAccess));
    }

    aclError disable_peer_access(int32_t peer) override {
        const gpuError_t status = gpuDeviceDisablePeerAccess(peer);
        if (status == gpuErrorPeerAccessNotEnabled) {
            static_cast<void>(gpuGetLastError());
            return ACL_SUCCESS;
        }
        return gpu_check(status, GPU_NAME_OF(gpuDeviceDisablePeerAccess));
    }

    aclError malloc_device(void** ptr, size_t bytes) override {
        *ptr = nullptr;
        return GPU_CALL(gpuMalloc, ptr, bytes);
    }

    aclError free_device(void* ptr) override {
        return GPU_CALL(gpuFree, ptr);
    }

#if !defined(ACLEMU_GPU_SIM)  // the simulator's device memory is host memory (backend.h)
    aclError malloc_managed(void** ptr, size_t bytes) override {
        *ptr = nullptr;
        return GPU_CALL(gpuMallocManaged, ptr, bytes, gpuMemAttachGlobal);
    }

    aclError register_host(void* ptr, size_t bytes, bool mapped, void** device_ptr) override {
        if (in_pinned_block(ptr, bytes)) {
            {
                std::lock_guard<std::mutex> lock(pinned_mutex_);
                pinned_registered_.insert(ptr);
            }
            *device_ptr = ptr;
            return mapped ? GPU_CALL(gpuHostGetDevicePointer, device_ptr, ptr, 0) : ACL_SUCCESS;
        }
        const unsigned flags = gpuHostRegisterPortable | (mapped ? gpuHostRegisterMapped : 0u);
        ACLEMU_TRY(GPU_CALL(gpuHostRegister, ptr, bytes, flags));
        if (!mapped) {
            *device_ptr = ptr;
            return ACL_SUCCESS;
        }
        return GPU_CALL(gpuHostGetDevicePointer, device_ptr, ptr, 0);
    }

    aclError unregister_host(void* ptr) override {
        {
            std::lock_guard<std::mutex> lock(pinned_mutex_);
            if (pinned_registered_.erase(ptr) != 0) {
                return ACL_SUCCESS;
            }
        }
        return GPU_CALL(gpuHostUnregister, ptr);
    }
#endif

    aclError malloc_host(void** ptr, size_t bytes) override {
        *ptr = nullptr;
        ACLEMU_TRY(GPU_CALL(gpuMallocHost, ptr, bytes));
        std::lock_guard<std::mutex> lock(pinned_mutex_);
        pinned_[*ptr] = bytes;
        return ACL_SUCCESS;
    }

    aclError free_host(void* ptr) override {
        {
            std::lock_guard<std::mutex> lock(pinned_mutex_);
            pinned_.erase(ptr);
            pinned_registered_.erase(ptr);
        }
        return GPU_CALL(gpuFreeHost, ptr);
    }

    // cudaMemcpy returns before a pageable host-to-device or a device-to-device copy has landed,
    // and our streams do not order against the legacy stream it runs on: wait for it, so work
    // enqueued next on any stream sees the data (aclrtMemcpy is synchronous).
    aclError memcpy_sync(void* dst,
                         const void* src,
                         size_t bytes,
                         CopyDirection direction) override {
        aclError status = GPU_CALL(gpuMemcpy, dst, src, bytes, kind_of(direction));
        if (status != ACL_SUCCESS || direction == CopyDirection::HostToHost
            || direction == CopyDirection::DeviceToHost) {
            return status;
        }
        return GPU_CALL(gpuStreamSynchronize, nullptr);
    }

    aclError memcpy_async(void* dst,
                          const void* src,
                          size_t bytes,
                          CopyDirection direction,
                          BackendStream* stream) override {
        return GPU_CALL(gpuMemcpyAsync, dst, src, bytes, kind_of(direction), native_of(stream));
    }

    // cudaMemset on device memory is asynchronous to the host; see memcpy_sync.
    aclError memset_sync(void* dst, int value, size_t bytes) override {
        aclError status = GPU_CALL(gpuMemset, dst, value, bytes);
        if (status != ACL_SUCCESS) {
            return status;
        }
        return GPU_CALL(gpuStreamSynchronize, nullptr);
    }

    aclError memset_async(void* dst, int value, size_t bytes, BackendStream* stream) override {
        return GPU_CALL(gpuMemsetAsync, dst, value, bytes, native_of(stream));
    }

    aclError mem_info(size_t* free_bytes, size_t* total_bytes) override {
        return GPU_CALL(gpuMemGetInfo, free_bytes, total_bytes);
    }

    // IPC memory: the block's allocation handle (gpuIpcGetMemHandle names the whole allocation;
    // opening it maps the whole allocation, at its base).
    aclError export_device_memory(void* block, void* ptr, size_t, ExportBlob* blob) override {
        IpcMemoryBlob shared{};
        ACLEMU_TRY(GPU_CALL(gpuIpcGetMemHandle, &shared.handle, block));
        shared.offset = static_cast<uint64_t>(static_cast<char*>(ptr) - static_cast<char*>(block));
        blob->put(shared);
        return ACL_SUCCESS;
    }

    aclError open_device_memory(int32_t, const ExportBlob& blob, size_t, void** ptr) override {
        IpcMemoryBlob shared{};
        if (!get_blob(blob, &shared)) {
            return ACL_ERROR_RT_PARAM_INVALID;
        }
        void* base = nullptr;
        ACLEMU_TRY(
            GPU_CALL(gpuIpcOpenMemHandle, &base, shared.handle, gpuIpcMemLazyEnablePeerAccess));
        *ptr = static_cast<char*>(base) + shared.offset;
        std::lock_guard<std::mutex> lock(opened_mutex_);
        opened_[*ptr] = base;
        return ACL_SUCCESS;
    }

    aclError close_device_memory(void* ptr, size_t) override {
        void* base = nullptr;
        {
            std::lock_guard<std::mutex> lock(opened_mutex_);
            auto found = opened_.find(ptr);
            if (found == opened_.end()) {
                set_last_error_text("not memory opened from another process");
                return ACL_ERROR_RT_PARAM_INVALID;
            }
            base = found->second;
            opened_.erase(found);
        }
        return GPU_CALL(gpuIpcCloseMemHandle, base);
    }

    aclError vmm_granularity(int32_t physical_device, bool recommended, size_t* bytes) override {
        return vmm::granularity(physical_device, recommended, bytes);
    }

    aclError reserve_address(size_t bytes, void* wanted, void** ptr) override {
        return vmm::reserve(bytes, wanted, ptr);
    }

    aclError release_address(void* ptr, size_t bytes) override {
        return vmm::release(ptr, bytes);
    }

    aclError create_physical(int32_t physical_device,
                             size_t bytes,
                             std::unique_ptr<BackendPhysical>* physical) override {
        return vmm::create(physical_device, bytes, physical);
    }

    aclError map_physical(void* ptr,
                          size_t bytes,
                          BackendPhysical& physical,
                          int32_t physical_device) override {
        return vmm::map(ptr, bytes, physical, physical_device);
    }

    aclError unmap_physical(void* ptr, size_t bytes) override {
        return vmm::unmap(ptr, bytes);
    }

    aclError set_access(void* ptr,
                        size_t bytes,
                        const DeviceAccess* access,
                        size_t count) override {
        return vmm::set_access(ptr, bytes, access, count);
    }

    aclError export_physical(BackendPhysical& physical, ExportBlob* blob) override {
        return vmm::export_handle(physical, blob);
    }

    aclError import_physical(int32_t exporter,
                             const ExportBlob& blob,
                             size_t,
                             int32_t,
                             std::unique_ptr<BackendPhysical>* physical) override {
        return vmm::import_handle(exporter, blob, physical);
    }

    // Interprocess events take no timestamps (CUDA requires gpuEventDisableTiming with them).
    aclError create_ipc_event(std::unique_ptr<BackendEvent>* event) override {
        gpuEvent_t native = nullptr;
        aclError status = GPU_CALL(
            gpuEventCreateWithFlags, &native, gpuEventDisableTiming | gpuEventInterprocess);
        if (status == ACL_SUCCESS) {
            *event = std::make_unique<GpuEvent>(native, false);
        }
        return status;
    }

    aclError export_event(BackendEvent* event, ExportBlob* blob) override {
        gpuIpcEventHandle_t handle{};
        ACLEMU_TRY(GPU_CALL(gpuIpcGetEventHandle, &handle, event_of(event)->native()));
        blob->put(handle);
        return ACL_SUCCESS;
    }

    // The exporter records it: waits and queries always ask the runtime (never "not recorded").
    aclError open_event(int32_t,
                        const ExportBlob& blob,
                        std::unique_ptr<BackendEvent>* event) override {
        gpuIpcEventHandle_t handle{};
        if (!get_blob(blob, &handle)) {
            return ACL_ERROR_RT_PARAM_INVALID;
        }
        gpuEvent_t native = nullptr;
        ACLEMU_TRY(GPU_CALL(gpuIpcOpenEventHandle, &native, handle));
        auto opened = std::make_unique<GpuEvent>(native, false);
        opened->mark_recorded();
        *event = std::move(opened);
        return ACL_SUCCESS;
    }

    // A probe, not a failure: leaves no error text, and clears the runtime's last error so a
    // later launch check does not pick it up.
    aclError symbol_address(const void* symbol, size_t bytes, void** device_ptr) override {
#if defined(ACLEMU_GPU_SIM)
        ACLEMU_TRY(GPU_CALL(gpusimRegisterVar, symbol, bytes));
#else
        (void)bytes;
#endif
        *device_ptr = nullptr;
        return GPU_CALL(gpuGetSymbolAddress, device_ptr, symbol);
    }

    bool is_foreign_device_pointer(const void* ptr) override {
        gpuPointerAttributes attributes{};
        if (gpuPointerGetAttributes(&attributes, ptr) != gpuSuccess) {
            static_cast<void>(gpuGetLastError());
            return false;
        }
        return attributes.GPU_POINTER_ATTR_TYPE == gpuMemoryTypeDevice;
    }

    // Non-blocking: an aclrtStream must not serialise against the legacy default stream (or other
    // libraries' work on it); aclrtMemcpy's completion is handled in memcpy_sync instead.
    // No priority asked for: the runtime's default, as other libraries' streams have.
    aclError create_stream(std::unique_ptr<BackendStream>* stream, int32_t priority) override {
        gpuStream_t native = nullptr;
        aclError status = ACL_SUCCESS;
        if (priority == kDefaultStreamPriority) {
            status = GPU_CALL(gpuStreamCreateWithFlags, &native, gpuStreamNonBlocking);
        } else {
            int least = 0;
            int greatest = 0;
            ACLEMU_TRY(GPU_CALL(gpuDeviceGetStreamPriorityRange, &least, &greatest));
            status = GPU_CALL(gpuStreamCreateWithPriority,
                              &native,
                              gpuStreamNonBlocking,
                              native_priority(priority, least, greatest));
        }
        if (status == ACL_SUCCESS) {
            *stream = std::make_unique<GpuStream>(native);
        }
        return status;
    }

    // Destroys the stream even when its pending work failed, and reports that failure.
    aclError destroy_stream(std::unique_ptr<BackendStream> stream) override {
        const gpuStream_t native = native_of(stream.get());
        aclError sync_status = GPU_CALL(gpuStreamSynchronize, native);
        aclError destroy_status = GPU_CALL(gpuStreamDestroy, native);
        return sync_status != ACL_SUCCESS ? sync_status : destroy_status;
    }

    aclError synchronize_stream(BackendStream* stream,
                                int32_t timeout_ms,
                                WaitResult* result) override {
        return wait_until_done(kStreamWait, native_of(stream), timeout_ms, result);
    }

    aclError query_stream(BackendStream* stream, bool* complete) override {
        return completion_of(
            gpuStreamQuery(native_of(stream)), GPU_NAME_OF(gpuStreamQuery), complete);
    }

    aclError launch_host_func(BackendStream* stream, std::function<void()> fn) override {
        auto* gpu_stream = static_cast<GpuStream*>(stream);
        {
            std::lock_guard<std::mutex> lock(gpu_stream->capture_mu);
            if (gpu_stream->capturing) {
                auto kept = std::make_shared<std::function<void()>>(std::move(fn));
                ACLEMU_TRY(enqueue_kept_host_function(gpu_stream->native(), kept.get()));
                gpu_stream->captured_functions.push_back(std::move(kept));
                return ACL_SUCCESS;
            }
        }
        auto* payload = new std::function<void()>(std::move(fn));
        aclError status = enqueue_host_function(native_of(stream), payload);
        if (status != ACL_SUCCESS) {
            delete payload;  // never enqueued, so the trampoline will not run
        }
        return status;
    }

    // ---- stream capture: CUDA/HIP stream capture, one instantiated graph per capture -------
    // Relaxed: the ACL capture modes are enforced by the front end (graph/capture_registry.h),
    // and the backend's own legacy-stream waits after synchronous copies must stay legal.
    aclError begin_capture(BackendStream* stream) override {
        auto* gpu_stream = static_cast<GpuStream*>(stream);
        std::lock_guard<std::mutex> lock(gpu_stream->capture_mu);
        ACLEMU_TRY(
            GPU_CALL(gpuStreamBeginCapture, gpu_stream->native(), gpuStreamCaptureModeRelaxed));
        gpu_stream->capturing = true;
        gpu_stream->capture_serial = captures_.begin();
        gpu_stream->captured_functions.clear();
        return ACL_SUCCESS;
    }

    aclError end_capture(BackendStream* stream, std::unique_ptr<BackendGraph>* graph) override {
        auto* gpu_stream = static_cast<GpuStream*>(stream);
        std::vector<HostPayload> functions;
        gpuGraph_t captured = nullptr;
        aclError status = ACL_SUCCESS;
        {
            std::lock_guard<std::mutex> lock(gpu_stream->capture_mu);
            gpu_stream->capturing = false;
            captures_.end(gpu_stream->capture_serial);
            functions.swap(gpu_stream->captured_functions);
            status = GPU_CALL(gpuStreamEndCapture, gpu_stream->native(), &captured);
        }
        ACLEMU_TRY(status);
        gpuGraphExec_t exec = nullptr;
        if (aclError err = GPU_CALL(gpuGraphInstantiateWithFlags, &exec, captured, 0);
            err != ACL_SUCCESS) {
            (void)gpuGraphDestroy(captured);
            return err;
        }
        *graph = std::make_unique<GpuGraph>(captured, exec, std::move(functions));
        return ACL_SUCCESS;
    }

    aclError launch_graph(BackendGraph& graph, BackendStream* stream) override {
        auto& gpu_graph = static_cast<GpuGraph&>(graph);
        ACLEMU_TRY(GPU_CALL(gpuGraphLaunch, gpu_graph.exec(), native_of(stream)));
        if (gpu_graph.functions()->empty()) {
            return ACL_SUCCESS;
        }
        // Holds the graph's host functions until this launch has run them.
        return launch_host_func(stream, [keep = gpu_graph.functions()] { (void)keep; });
    }

    // Work handed to a CUDA/HIP stream cannot be taken back.
    aclError abort_stream(BackendStream*) override {
        set_last_error_text(ACLEMU_GPU_VENDOR
                            " streams cannot take back work already queued on "
                            "the device");
        return ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
    }

    void* native_stream(BackendStream* stream) override {
        return static_cast<void*>(native_of(stream));
    }

    aclError synchronize_device() override {
        return gpu_check(gpuDeviceSynchronize(), GPU_NAME_OF(gpuDeviceSynchronize));
    }

    aclError create_event(std::unique_ptr<BackendEvent>* event, bool timing) override {
        gpuEvent_t native = nullptr;
        aclError status = GPU_CALL(
            gpuEventCreateWithFlags, &native, timing ? gpuEventDefault : gpuEventDisableTiming);
        if (status == ACL_SUCCESS) {
            *event = std::make_unique<GpuEvent>(native, timing);
        }
        return status;
    }

    aclError destroy_event(std::unique_ptr<BackendEvent> event) override {
        return event_of(event.get())->destroy();
    }

    aclError record_event(BackendEvent* event, BackendStream* stream) override {
        return event_of(event)->record(native_of(stream), capture_of(stream));
    }

    // A never-recorded event is complete (CUDA's rule, and the CPU backend's). Answered here
    // rather than by the runtime, so HIP versions that reject an unrecorded event agree. In a
    // capture, an event recorded in a capture still going on is a dependency inside it (a
    // stream joins a capture so); any other is waited for at each launch of the graph, where
    // CUDA would refuse a plain wait (cudaErrorStreamCaptureIsolation).
    aclError stream_wait_event(BackendStream* stream, BackendEvent* event) override {
        const GpuEvent* gpu_event = event_of(event);
        if (!gpu_event->recorded()) {
            return ACL_SUCCESS;
        }
        const gpuStream_t native = native_of(stream);
#if ACLEMU_GPU_EXTERNAL_EVENT_NODES
        if (capture_of(stream) != 0) {
            const uint64_t recorded_in = gpu_event->capture_serial();
            if (recorded_in != 0 && captures_.active(recorded_in)) {
                return GPU_CALL(gpuStreamWaitEvent, native, gpu_event->native(), 0);
            }
            return GPU_CALL(gpuStreamWaitEvent, native, gpu_event->current(), gpuEventWaitExternal);
        }
#endif
        return GPU_CALL(gpuStreamWaitEvent, native, gpu_event->current(), 0);
    }

    aclError synchronize_event(BackendEvent* event,
                               int32_t timeout_ms,
                               WaitResult* result) override {
        const GpuEvent* gpu_event = event_of(event);
        const gpuEvent_t native = gpu_event->current();
        if (!gpu_event->recorded()) {
            *result = WaitResult::Done;
            return ACL_SUCCESS;
        }
        return wait_until_done(kEventWait, native, timeout_ms, result);
    }

    aclError query_event(BackendEvent* event, bool* complete) override {
        const GpuEvent* gpu_event = event_of(event);
        if (!gpu_event->recorded()) {
            *complete = true;
            return ACL_SUCCESS;
        }
        return completion_of(
            gpuEventQuery(gpu_event->current()), GPU_NAME_OF(gpuEventQuery), complete);
    }

    // Codes, as the CPU backend: an event created without timing ->
    // ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID; one never recorded, or whose record has not completed
    // -> ACL_ERROR_RT_EVENT_NOT_COMPLETE; other runtime errors through to_acl_error.
    aclError elapsed_ms(float* ms, BackendEvent* start, BackendEvent* end) override {
        static constexpr const char* kApi = GPU_NAME_OF(gpuEventElapsedTime);
        const GpuEvent* first = event_of(start);
        const GpuEvent* last = event_of(end);
        if (!first->timing() || !last->timing()) {
            set_last_error_text(std::string(kApi) + ": an event was created without timing");
            return ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID;
        }
        if (!first->recorded() || !last->recorded()) {
            set_last_error_text(std::string(kApi) + ": an event has never been recorded");
            return ACL_ERROR_RT_EVENT_NOT_COMPLETE;
        }
        const gpuError_t status = gpuEventElapsedTime(ms, first->current(), last->current());
        if (status == gpuErrorNotReady) {
            set_last_error_text(describe(kApi, status));
            return ACL_ERROR_RT_EVENT_NOT_COMPLETE;
        }
        return gpu_check(status, kApi);
    }

    // Built-in tasks: libascendcl's own kernels (kernels_cu/builtin) on the stream.
    aclError reduce_async(const kernels::builtin::ReduceArgs& args,
                          BackendStream* stream) override {
        return builtin_status(builtin_launchers().reduce(args, native_of(stream)),
                              "aclrtReduceAsync kernel launch");
    }

    aclError random_async(const kernels::builtin::RandomArgs& args,
                          BackendStream* stream) override {
        return builtin_status(builtin_launchers().random(args, native_of(stream)),
                              "aclrtRandomNumAsync kernel launch");
    }

    aclError write_value_async(BackendStream* stream, uint64_t* addr, uint64_t value) override {
        return stream_write_value(native_of(stream), addr, value);
    }

    // The GPU's stream memory operations have no deadline: timeout_ms is not kept.
    aclError wait_value_async(BackendStream* stream,
                              const uint64_t* addr,
                              uint64_t value,
                              kernels::builtin::WaitMode mode,
                              int32_t /*timeout_ms*/) override {
        return stream_wait_value(native_of(stream), addr, value, mode);
    }

    aclError event_timestamp_us(BackendEvent* event, uint64_t* us) override {
        const GpuEvent* gpu_event = event_of(event);
        if (!gpu_event->timing()) {
            set_last_error_text("aclrtEventGetTimestamp: the event was created without timing");
            return ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID;
        }
        int64_t ns = 0;
        ACLEMU_TRY(clock_->host_ns(gpu_event->current(), &ns));
        *us = ns > 0 ? static_cast<uint64_t>(ns / 1000) : 0;
        return ACL_SUCCESS;
    }

    std::string last_error_text() override {
        return ACLEMU_GPU_NAMESPACE::last_error_text();
    }

    aclError mark_stream(BackendStream* stream, std::shared_ptr<StreamMark>* out) override {
        return clock_->mark(native_of(stream), out);
    }

private:
    // The timeline's marks and aclrtEventGetTimestamp; shared with the marks, which may be
    // resolved after the backend is gone.
    std::shared_ptr<GpuClock> clock_ = std::make_shared<GpuClock>();
    std::mutex opened_mutex_;
    std::map<void*, void*> opened_;  // IPC memory opened here: pointer handed out -> base
    ActiveCaptures captures_;
    // aclrtMallocHost's blocks (base -> bytes) and those of them aclrtHostRegister took: CUDA
    // refuses to register pinned memory again, and it is mapped already.
    std::mutex pinned_mutex_;
    std::map<const void*, size_t> pinned_;
    std::set<const void*> pinned_registered_;

    // The capture `stream` is in (ActiveCaptures; 0: none). A stream that joined a capture
    // through an event is in the newest one.
    uint64_t capture_of(BackendStream* stream) {
        auto* gpu_stream = static_cast<GpuStream*>(stream);
        if (gpu_stream == nullptr) {
            return 0;
        }
        {
            std::lock_guard<std::mutex> lock(gpu_stream->capture_mu);
            if (gpu_stream->capturing) {
                return gpu_stream->capture_serial;
            }
        }
        gpuStreamCaptureStatus status{};
        if (gpuStreamIsCapturing(gpu_stream->native(), &status) != gpuSuccess) {
            static_cast<void>(gpuGetLastError());
            return 0;
        }
        return status == gpuStreamCaptureStatusActive ? captures_.newest() : 0;
    }

    bool in_pinned_block(const void* ptr, size_t bytes) {
        std::lock_guard<std::mutex> lock(pinned_mutex_);
        auto after = pinned_.upper_bound(ptr);
        if (after == pinned_.begin()) {
            return false;
        }
        const auto& [base, size] = *std::prev(after);
        const auto offset =
            static_cast<size_t>(static_cast<const char*>(ptr) - static_cast<const char*>(base));
        return offset < size && bytes <= size - offset;
    }

    static const kernels::builtin::BuiltinLaunchers& builtin_launchers() {
        return kernels::builtin::ACLEMU_GPU_NAMESPACE::launchers();
    }
    static aclError builtin_status(int code, const char* what) {
        return gpu_check(static_cast<gpuError_t>(code), what);
    }
};

}  // namespace

std::unique_ptr<Backend> make_backend(std::string* why) {
    int count = 0;
    const gpuError_t status = gpuGetDeviceCount(&count);
    if (status != gpuSuccess) {
        if (why != nullptr) {
            *why = describe(GPU_NAME_OF(gpuGetDeviceCount), status);
        }
        static_cast<void>(gpuGetLastError());
        return nullptr;
    }
    if (count <= 0) {
        if (why != nullptr) {
            *why = GPU_NAME_OF(gpuGetDeviceCount) ": the runtime reports 0 devices";
        }
        return nullptr;
    }
    return std::make_unique<GpuBackend>();
}

}  // namespace ACLEMU_GPU_NAMESPACE
}  // namespace aclemu::rt
