// The entry points of gpu/sim/runtime.h. Each starts with enter() (no runtime calls from host
// functions, sticky faults stay), checks its arguments as the CUDA runtime does, records a failure
// as the calling thread's last error, and queues device work on a stream.
#include "gpu/sim/runtime.h"
#include "ipc.h"
#include "state.h"
#include "stream.h"
#include "vmm.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <set>
#include <thread>
#include <utility>
#include <vector>

using namespace gpusim::detail;

namespace {

constexpr size_t kDeviceAlignment = 256;  // what cudaMalloc guarantees
constexpr size_t kHostAlignment = 4096;

bool is_device(const void* ptr, size_t bytes) {
    return is_device_memory(ptr, bytes);
}
bool is_any_device(const void* ptr) {
    return is_device_memory(ptr, 0);
}

// An 8-byte-aligned word inside one device allocation: what a stream memory operation takes.
bool is_device_word(const void* addr) {
    return addr != nullptr && reinterpret_cast<uintptr_t>(addr) % 8 == 0
           && is_device(addr, sizeof(uint64_t));
}

// CUDA's comparisons of cuStreamWaitValue64.
bool wait_satisfied(uint64_t current, uint64_t value, unsigned mode) {
    switch (mode) {
        case gpusimStreamWaitValueGeq:
            return static_cast<int64_t>(current - value) >= 0;
        case gpusimStreamWaitValueEq:
            return current == value;
        case gpusimStreamWaitValueAnd:
            return (current & value) != 0;
        default:
            return ~(current | value) != 0;
    }
}

// Runs on the stream's worker: polls the word, backing off from 1 us to 1 ms between reads.
void wait_for_word(const uint64_t* word, uint64_t value, unsigned mode) {
    auto pause = std::chrono::microseconds(1);
    while (!wait_satisfied(__atomic_load_n(word, __ATOMIC_SEQ_CST), value, mode)) {
        std::this_thread::sleep_for(pause);
        pause = std::min(pause * 2, std::chrono::microseconds(1000));
    }
}

gpusimError_t check_device(int device) {
    return device >= 0 && device < device_count() ? gpusimSuccess : gpusimErrorInvalidDevice;
}

// Peer access enabled from one device to another (cudaDeviceEnablePeerAccess is per direction).
struct PeerAccess {
    std::mutex mutex;
    std::set<std::pair<int, int>> enabled;
};

PeerAccess& peer_access() {
    static auto* instance = new PeerAccess;  // never destroyed, as the other tables
    return *instance;
}

// A copy's pointers must be where its kind says: device ranges inside one allocation, host
// pointers outside every allocation. `kind` Default is resolved from the pointers.
gpusimError_t check_copy(void* dst, const void* src, size_t bytes, gpusimMemcpyKind* kind) {
    if (dst == nullptr || src == nullptr) {
        return gpusimErrorInvalidValue;
    }
    if (*kind == gpusimMemcpyDefault) {
        const bool d = is_any_device(dst);
        const bool s = is_any_device(src);
        *kind = d ? (s ? gpusimMemcpyDeviceToDevice : gpusimMemcpyHostToDevice)
                  : (s ? gpusimMemcpyDeviceToHost : gpusimMemcpyHostToHost);
    }
    bool ok;
    switch (*kind) {
        case gpusimMemcpyHostToHost:
            ok = !is_any_device(dst) && !is_any_device(src);
            break;
        case gpusimMemcpyHostToDevice:
            ok = is_device(dst, bytes) && !is_any_device(src);
            break;
        case gpusimMemcpyDeviceToHost:
            ok = !is_any_device(dst) && is_device(src, bytes);
            break;
        case gpusimMemcpyDeviceToDevice:
            ok = is_device(dst, bytes) && is_device(src, bytes);
            break;
        default:
            return gpusimErrorInvalidMemcpyDirection;
    }
    return ok ? gpusimSuccess : gpusimErrorInvalidValue;
}

gpusimError_t queue(gpusimStream_t handle, std::function<void()> task) {
    std::shared_ptr<gpusimStream> stream = find_stream(handle);
    if (stream == nullptr) {
        return gpusimErrorInvalidResourceHandle;
    }
    submit(stream, std::move(task));
    return gpusimSuccess;
}

gpusimError_t wait_for_stream(gpusimStream_t handle) {
    std::shared_ptr<gpusimStream> stream = find_stream(handle);
    if (stream == nullptr) {
        return gpusimErrorInvalidResourceHandle;
    }
    stream->wait(stream->tail());
    return sticky();
}

struct ErrorText {
    gpusimError_t code;
    const char* name;
    const char* text;
};

constexpr ErrorText kErrors[] = {
    {gpusimSuccess, "gpusimSuccess", "no error"},
    {gpusimErrorInvalidValue, "gpusimErrorInvalidValue", "invalid argument"},
    {gpusimErrorMemoryAllocation, "gpusimErrorMemoryAllocation", "out of memory"},
    {gpusimErrorInitializationError, "gpusimErrorInitializationError", "initialization error"},
    {gpusimErrorInvalidConfiguration,
     "gpusimErrorInvalidConfiguration",
     "invalid launch configuration (grid or block shape, or shared memory, beyond the device)"},
    {gpusimErrorInvalidSymbol, "gpusimErrorInvalidSymbol", "invalid device symbol"},
    {gpusimErrorInvalidDevicePointer, "gpusimErrorInvalidDevicePointer", "invalid device pointer"},
    {gpusimErrorInvalidMemcpyDirection,
     "gpusimErrorInvalidMemcpyDirection",
     "invalid copy direction"},
    {gpusimErrorInsufficientDriver, "gpusimErrorInsufficientDriver", "driver too old"},
    {gpusimErrorNoDevice, "gpusimErrorNoDevice", "no device"},
    {gpusimErrorInvalidDevice, "gpusimErrorInvalidDevice", "invalid device ordinal"},
    {gpusimErrorECCUncorrectable, "gpusimErrorECCUncorrectable", "uncorrectable ECC error"},
    {gpusimErrorInvalidResourceHandle,
     "gpusimErrorInvalidResourceHandle",
     "invalid resource handle"},
    {gpusimErrorNotReady, "gpusimErrorNotReady", "device not ready"},
    {gpusimErrorIllegalAddress, "gpusimErrorIllegalAddress", "illegal memory access"},
    {gpusimErrorLaunchOutOfResources,
     "gpusimErrorLaunchOutOfResources",
     "too many resources requested for launch (block larger than the kernel's "
     "__launch_bounds__)"},
    {gpusimErrorLaunchTimeout, "gpusimErrorLaunchTimeout", "launch timed out"},
    {gpusimErrorPeerAccessAlreadyEnabled,
     "gpusimErrorPeerAccessAlreadyEnabled",
     "peer access is already enabled"},
    {gpusimErrorPeerAccessNotEnabled,
     "gpusimErrorPeerAccessNotEnabled",
     "peer access has not been enabled"},
    {gpusimErrorAssert, "gpusimErrorAssert", "device-side assert triggered"},
    {gpusimErrorLaunchFailure, "gpusimErrorLaunchFailure", "unspecified launch failure"},
    {gpusimErrorNotPermitted,
     "gpusimErrorNotPermitted",
     "operation not permitted (a runtime call from a host function)"},
    {gpusimErrorNotSupported, "gpusimErrorNotSupported", "operation not supported"},
    {gpusimErrorIllegalState, "gpusimErrorIllegalState", "operation not permitted in this state"},
    {gpusimErrorStreamCaptureUnsupported,
     "gpusimErrorStreamCaptureUnsupported",
     "operation not permitted when stream is capturing"},
    {gpusimErrorStreamCaptureInvalidated,
     "gpusimErrorStreamCaptureInvalidated",
     "stream capture invalidated"},
    {gpusimErrorStreamCaptureIsolation,
     "gpusimErrorStreamCaptureIsolation",
     "dependency created on uncaptured work in another stream"},
    {gpusimErrorCapturedEvent,
     "gpusimErrorCapturedEvent",
     "operation not permitted on an event last recorded in a capturing stream"},
};

const ErrorText* find_error(gpusimError_t code) {
    for (const ErrorText& e : kErrors) {
        if (e.code == code) {
            return &e;
        }
    }
    return nullptr;
}

}  // namespace

extern "C" {

gpusimError_t gpusimGetDeviceCount(int* count) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    if (count == nullptr) {
        return record(gpusimErrorInvalidValue);
    }
    *count = device_count();
    return gpusimSuccess;
}

gpusimError_t gpusimSetDevice(int device) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    if (gpusimError_t e = check_device(device)) {
        return record(e);
    }
    set_current_device(device);
    return gpusimSuccess;
}

gpusimError_t gpusimGetDevice(int* device) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    if (device == nullptr) {
        return record(gpusimErrorInvalidValue);
    }
    *device = current_device();
    return gpusimSuccess;
}

gpusimError_t gpusimGetDeviceProperties(gpusimDeviceProp* prop, int device) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    if (prop == nullptr) {
        return record(gpusimErrorInvalidValue);
    }
    if (gpusimError_t e = check_device(device)) {
        return record(e);
    }
    *prop = gpusimDeviceProp{};
    std::strncpy(prop->name, "aclemu GPU simulator", sizeof prop->name - 1);
    prop->totalGlobalMem = physical_memory_bytes();
    prop->sharedMemPerBlock = kMaxSharedBytesPerBlock;
    prop->warpSize = kWarpSize;
    prop->maxThreadsPerBlock = static_cast<int>(kMaxThreadsPerBlock);
    for (int d = 0; d < 3; ++d) {
        prop->maxThreadsDim[d] = static_cast<int>(kMaxBlockDim[d]);
        prop->maxGridSize[d] = static_cast<int>(device_profile().max_grid_dim[d]);
    }
    prop->multiProcessorCount = device_profile().multi_processors;
    prop->l2CacheSize = kL2CacheBytes;
    prop->maxThreadsPerMultiProcessor = kMaxThreadsPerMultiProcessor;
    prop->sharedMemPerMultiprocessor = kSharedBytesPerMultiProcessor;
    return gpusimSuccess;
}

gpusimError_t gpusimDeviceGetAttribute(int* value, gpusimDeviceAttr attr, int device) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    if (value == nullptr) {
        return record(gpusimErrorInvalidValue);
    }
    if (gpusimError_t e = check_device(device)) {
        return record(e);
    }
    switch (attr) {
        case gpusimDevAttrMaxThreadsPerBlock:
            *value = static_cast<int>(kMaxThreadsPerBlock);
            return gpusimSuccess;
        case gpusimDevAttrMaxBlockDimX:
        case gpusimDevAttrMaxBlockDimY:
        case gpusimDevAttrMaxBlockDimZ:
            *value = static_cast<int>(kMaxBlockDim[attr - gpusimDevAttrMaxBlockDimX]);
            return gpusimSuccess;
        case gpusimDevAttrMaxGridDimX:
        case gpusimDevAttrMaxGridDimY:
        case gpusimDevAttrMaxGridDimZ:
            *value =
                static_cast<int>(device_profile().max_grid_dim[attr - gpusimDevAttrMaxGridDimX]);
            return gpusimSuccess;
        case gpusimDevAttrMaxSharedMemoryPerBlock:
            *value = static_cast<int>(kMaxSharedBytesPerBlock);
            return gpusimSuccess;
        case gpusimDevAttrWarpSize:
            *value = kWarpSize;
            return gpusimSuccess;
        case gpusimDevAttrMultiProcessorCount:
            *value = device_profile().multi_processors;
            return gpusimSuccess;
    }
    return record(gpusimErrorInvalidValue);
}

gpusimError_t gpusimDeviceSynchronize(void) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    synchronize_all();
    return record(sticky());
}

gpusimError_t gpusimDeviceCanAccessPeer(int* canAccessPeer, int device, int peerDevice) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    if (canAccessPeer == nullptr) {
        return record(gpusimErrorInvalidValue);
    }
    if (check_device(device) != gpusimSuccess || check_device(peerDevice) != gpusimSuccess) {
        return record(gpusimErrorInvalidDevice);
    }
    *canAccessPeer = device != peerDevice ? 1 : 0;
    return gpusimSuccess;
}

gpusimError_t gpusimDeviceEnablePeerAccess(int peerDevice, unsigned flags) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    if (flags != 0) {
        return record(gpusimErrorInvalidValue);
    }
    const int device = current_device();
    if (check_device(peerDevice) != gpusimSuccess || peerDevice == device) {
        return record(gpusimErrorInvalidDevice);
    }
    PeerAccess& peers = peer_access();
    std::lock_guard<std::mutex> lock(peers.mutex);
    if (!peers.enabled.emplace(device, peerDevice).second) {
        return record(gpusimErrorPeerAccessAlreadyEnabled);
    }
    return gpusimSuccess;
}

gpusimError_t gpusimDeviceDisablePeerAccess(int peerDevice) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    const int device = current_device();
    if (check_device(peerDevice) != gpusimSuccess || peerDevice == device) {
        return record(gpusimErrorInvalidDevice);
    }
    PeerAccess& peers = peer_access();
    std::lock_guard<std::mutex> lock(peers.mutex);
    if (peers.enabled.erase({device, peerDevice}) == 0) {
        return record(gpusimErrorPeerAccessNotEnabled);
    }
    return gpusimSuccess;
}

gpusimError_t gpusimGetLastError(void) {
    const gpusimError_t last = gpusimPeekAtLastError();
    clear_last_error();
    return last;
}

gpusimError_t gpusimPeekAtLastError(void) {
    const gpusimError_t fault = sticky();
    return fault != gpusimSuccess ? fault : last_error();
}

const char* gpusimGetErrorName(gpusimError_t error) {
    const ErrorText* e = find_error(error);
    return e != nullptr ? e->name : "gpusimErrorUnknown";
}

const char* gpusimGetErrorString(gpusimError_t error) {
    const ErrorText* e = find_error(error);
    return e != nullptr ? e->text : "unknown error";
}

gpusimError_t gpusimMalloc(void** ptr, size_t bytes) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    if (ptr == nullptr) {
        return record(gpusimErrorInvalidValue);
    }
    *ptr = nullptr;
    if (bytes == 0) {
        return gpusimSuccess;
    }
    // Small blocks: exactly `bytes`, so an access one past the end is outside the allocation
    // (ASan sees it). Large ones: whole pages, which another process can map (ipc.h). More than
    // the host has fails here rather than in the allocator.
    void* block = nullptr;
    if (bytes > physical_memory_bytes()) {
        return record(gpusimErrorMemoryAllocation);
    }
    if (bytes >= kPageBackedBytes) {
        block = allocate_page_backed(bytes);
    } else if (posix_memalign(&block, kDeviceAlignment, bytes) != 0) {
        block = nullptr;
    }
    if (block == nullptr) {
        return record(gpusimErrorMemoryAllocation);
    }
    device_memory().add(block, bytes);
    *ptr = block;
    return gpusimSuccess;
}

gpusimError_t gpusimFree(void* ptr) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    if (ptr == nullptr) {
        return gpusimSuccess;
    }
    size_t bytes = 0;
    if (!device_memory().remove(ptr, &bytes)) {
        return record(gpusimErrorInvalidValue);
    }
    // cudaFree waits for the device: no queued work may still use the memory.
    synchronize_all();
    if (!release_page_backed(ptr)) {
        std::free(ptr);
    }
    return gpusimSuccess;
}

gpusimError_t gpusimMallocHost(void** ptr, size_t bytes) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    if (ptr == nullptr) {
        return record(gpusimErrorInvalidValue);
    }
    *ptr = nullptr;
    if (bytes == 0) {
        return gpusimSuccess;
    }
    void* block = nullptr;
    if (bytes > physical_memory_bytes() || posix_memalign(&block, kHostAlignment, bytes) != 0) {
        return record(gpusimErrorMemoryAllocation);
    }
    pinned_memory().add(block, bytes);
    *ptr = block;
    return gpusimSuccess;
}

gpusimError_t gpusimFreeHost(void* ptr) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    if (ptr == nullptr) {
        return gpusimSuccess;
    }
    size_t bytes = 0;
    if (!pinned_memory().remove(ptr, &bytes)) {
        return record(gpusimErrorInvalidValue);
    }
    synchronize_all();
    std::free(ptr);
    return gpusimSuccess;
}

gpusimError_t gpusimMemGetInfo(size_t* free_bytes, size_t* total_bytes) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    if (free_bytes == nullptr || total_bytes == nullptr) {
        return record(gpusimErrorInvalidValue);
    }
    const size_t total = physical_memory_bytes();
    const size_t used = device_memory().total_bytes() + physical_bytes_in_use();
    *total_bytes = total;
    *free_bytes = used < total ? total - used : 0;
    return gpusimSuccess;
}

gpusimError_t gpusimPointerGetAttributes(gpusimPointerAttributes* attributes, const void* ptr) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    if (attributes == nullptr || ptr == nullptr) {
        return record(gpusimErrorInvalidValue);
    }
    *attributes = gpusimPointerAttributes{};
    attributes->device = 0;
    if (is_any_device(ptr)) {
        attributes->type = gpusimMemoryTypeDevice;
        attributes->devicePointer = const_cast<void*>(ptr);
    } else if (pinned_memory().contains(ptr, 0)) {
        attributes->type = gpusimMemoryTypeHost;
        attributes->devicePointer = const_cast<void*>(ptr);
        attributes->hostPointer = const_cast<void*>(ptr);
    } else {
        attributes->type = gpusimMemoryTypeUnregistered;
        attributes->device = -2;
    }
    return gpusimSuccess;
}

// A registered variable is a range of mapped_memory(): device memory the process did not
// allocate, which copies accept and gpusimMemGetInfo does not count.
gpusimError_t gpusimRegisterVar(const void* symbol, size_t bytes) {
    if (symbol == nullptr || bytes == 0) {
        return record(gpusimErrorInvalidValue);
    }
    static std::mutex registering;
    std::lock_guard<std::mutex> lock(registering);
    if (!mapped_memory().contains(symbol, bytes)) {
        mapped_memory().add(symbol, bytes);
    }
    return gpusimSuccess;
}

gpusimError_t gpusimGetSymbolAddress(void** devPtr, const void* symbol) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    if (devPtr == nullptr) {
        return record(gpusimErrorInvalidValue);
    }
    uintptr_t base = 0;
    size_t bytes = 0;
    if (symbol == nullptr || !mapped_memory().find(symbol, &base, &bytes)
        || base != reinterpret_cast<uintptr_t>(symbol)) {
        return record(gpusimErrorInvalidSymbol);
    }
    *devPtr = const_cast<void*>(symbol);
    return gpusimSuccess;
}

// cudaMemcpy's host synchronization: device-to-host and host-to-host copies (and copies from
// pinned memory) return once done; from pageable host memory the data is staged and the copy
// may land after the return; device-to-device copies only queue.
gpusimError_t gpusimMemcpy(void* dst, const void* src, size_t bytes, gpusimMemcpyKind kind) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    if (bytes == 0) {
        return gpusimSuccess;
    }
    if (gpusimError_t e = check_copy(dst, src, bytes, &kind)) {
        return record(e);
    }
    if (kind == gpusimMemcpyDeviceToDevice) {
        return record(queue(nullptr, [=] { std::memcpy(dst, src, bytes); }));
    }
    if (kind == gpusimMemcpyHostToDevice && !pinned_memory().contains(src, bytes)) {
        auto staging = std::make_shared<std::vector<unsigned char>>(
            static_cast<const unsigned char*>(src), static_cast<const unsigned char*>(src) + bytes);
        return record(queue(nullptr, [=] { std::memcpy(dst, staging->data(), bytes); }));
    }
    if (gpusimError_t e = queue(nullptr, [=] { std::memcpy(dst, src, bytes); })) {
        return record(e);
    }
    return record(wait_for_stream(nullptr));
}

gpusimError_t gpusimMemcpyAsync(
    void* dst, const void* src, size_t bytes, gpusimMemcpyKind kind, gpusimStream_t stream) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    if (bytes == 0) {
        return gpusimSuccess;
    }
    if (gpusimError_t e = check_copy(dst, src, bytes, &kind)) {
        return record(e);
    }
    return record(queue(stream, [=] { std::memcpy(dst, src, bytes); }));
}

gpusimError_t gpusimMemset(void* dst, int value, size_t bytes) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    return gpusimMemsetAsync(dst, value, bytes, nullptr);
}

gpusimError_t gpusimMemsetAsync(void* dst, int value, size_t bytes, gpusimStream_t stream) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    if (bytes == 0) {
        return gpusimSuccess;
    }
    if (dst == nullptr || !is_device(dst, bytes)) {
        return record(gpusimErrorInvalidValue);
    }
    return record(queue(stream, [=] { std::memset(dst, value, bytes); }));
}

gpusimError_t gpusimStreamCreateWithFlags(gpusimStream_t* stream, unsigned flags) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    if (stream == nullptr || (flags & ~gpusimStreamNonBlocking) != 0) {
        return record(gpusimErrorInvalidValue);
    }
    *stream = add_stream(flags, kLeastStreamPriority);
    return gpusimSuccess;
}

gpusimError_t gpusimDeviceGetStreamPriorityRange(int* leastPriority, int* greatestPriority) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    if (leastPriority != nullptr) {
        *leastPriority = kLeastStreamPriority;
    }
    if (greatestPriority != nullptr) {
        *greatestPriority = kGreatestStreamPriority;
    }
    return gpusimSuccess;
}

gpusimError_t gpusimStreamCreateWithPriority(gpusimStream_t* stream, unsigned flags, int priority) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    if (stream == nullptr || (flags & ~gpusimStreamNonBlocking) != 0) {
        return record(gpusimErrorInvalidValue);
    }
    const int clamped = std::min(kLeastStreamPriority, std::max(kGreatestStreamPriority, priority));
    *stream = add_stream(flags, clamped);
    return gpusimSuccess;
}

gpusimError_t gpusimStreamGetPriority(gpusimStream_t stream, int* priority) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    if (priority == nullptr) {
        return record(gpusimErrorInvalidValue);
    }
    std::shared_ptr<gpusimStream> s = find_stream(stream);
    if (s == nullptr) {
        return record(gpusimErrorInvalidResourceHandle);
    }
    *priority = s->priority;
    return gpusimSuccess;
}

gpusimError_t gpusimStreamDestroy(gpusimStream_t stream) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    if (stream == nullptr || !remove_stream(stream)) {
        return record(gpusimErrorInvalidResourceHandle);
    }
    return gpusimSuccess;
}

gpusimError_t gpusimStreamSynchronize(gpusimStream_t stream) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    if (std::shared_ptr<gpusimStream> s = find_stream(stream); s != nullptr && s->capturing()) {
        return record(gpusimErrorStreamCaptureUnsupported);
    }
    return record(wait_for_stream(stream));
}

gpusimError_t gpusimStreamQuery(gpusimStream_t stream) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    std::shared_ptr<gpusimStream> s = find_stream(stream);
    if (s == nullptr) {
        return record(gpusimErrorInvalidResourceHandle);
    }
    return s->reached(s->tail()) ? gpusimSuccess : gpusimErrorNotReady;
}

gpusimError_t gpusimStreamWaitEvent(gpusimStream_t stream, gpusimEvent_t event, unsigned flags) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    std::shared_ptr<gpusimEvent> ev = find_event(event);
    if (ev == nullptr) {
        return record(gpusimErrorInvalidResourceHandle);
    }
    if ((flags & ~gpusimEventWaitExternal) != 0) {
        return record(gpusimErrorInvalidValue);
    }
    const std::shared_ptr<gpusimStream> s = find_stream(stream);
    const bool capturing = s != nullptr && s->capturing();
    const bool external = flags == gpusimEventWaitExternal;
    if (external && !capturing) {
        return record(gpusimErrorInvalidValue);  // CUDA: the flag is for stream capture only
    }
    if (ev->shared != nullptr) {
        const uint32_t generation = ev->shared->signal->recorded.load();
        if (generation == 0) {
            return s != nullptr ? gpusimSuccess : record(gpusimErrorInvalidResourceHandle);
        }
        return record(queue(stream, [page = ev->shared, generation] {
            aclemu::shm::signal_wait(*page->signal, generation, -1);
        }));
    }
    if (external) {
        // A node of the graph: each launch waits for the record the event has then.
        s->capture([ev] {
            uint64_t target;
            {
                std::lock_guard<std::mutex> lock(ev->mutex);
                target = ev->recorded;
            }
            return std::function<void()>([ev, target] {
                std::unique_lock<std::mutex> lock(ev->mutex);
                ev->changed.wait(lock, [&] { return ev->completed >= target; });
            });
        });
        return gpusimSuccess;
    }
    uint64_t record_number;
    bool captured;
    {
        std::lock_guard<std::mutex> lock(ev->mutex);
        record_number = ev->recorded;
        captured = ev->captured;
    }
    if (capturing && !captured && record_number != 0) {
        return record(gpusimErrorStreamCaptureIsolation);  // work outside the capture
    }
    if (captured || record_number == 0) {
        // A record in a capture orders that capture only (the simulator's captures are of one
        // stream, where the order holds already); an event never recorded is complete.
        return s != nullptr ? gpusimSuccess : record(gpusimErrorInvalidResourceHandle);
    }
    return record(queue(stream, [ev, record_number] {
        std::unique_lock<std::mutex> lock(ev->mutex);
        ev->changed.wait(lock, [&] { return ev->completed >= record_number; });
    }));
}

gpusimError_t gpusimLaunchHostFunc(gpusimStream_t stream, gpusimHostFn_t fn, void* user_data) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    if (fn == nullptr) {
        return record(gpusimErrorInvalidValue);
    }
    return record(queue(stream, [fn, user_data] { run_host_function(fn, user_data); }));
}

gpusimError_t gpusimStreamWriteValue64(gpusimStream_t stream,
                                       void* addr,
                                       uint64_t value,
                                       unsigned flags) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    if (!is_device_word(addr) || flags > 1u) {
        return record(gpusimErrorInvalidValue);
    }
    auto* word = static_cast<uint64_t*>(addr);
    return record(
        queue(stream, [word, value] { __atomic_store_n(word, value, __ATOMIC_SEQ_CST); }));
}

gpusimError_t gpusimStreamWaitValue64(gpusimStream_t stream,
                                      void* addr,
                                      uint64_t value,
                                      unsigned flags) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    const unsigned mode = flags & ~gpusimStreamWaitValueFlush;
    if (!is_device_word(addr) || mode > gpusimStreamWaitValueNor) {
        return record(gpusimErrorInvalidValue);
    }
    const auto* word = static_cast<const uint64_t*>(addr);
    return record(queue(stream, [word, value, mode] { wait_for_word(word, value, mode); }));
}

gpusimError_t gpusimEventCreateWithFlags(gpusimEvent_t* event, unsigned flags) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    constexpr unsigned kKnown = gpusimEventDisableTiming | gpusimEventInterprocess;
    const bool interprocess = (flags & gpusimEventInterprocess) != 0;
    if (event == nullptr || (flags & ~kKnown) != 0
        || (interprocess && (flags & gpusimEventDisableTiming) == 0)) {
        return record(gpusimErrorInvalidValue);
    }
    if (!interprocess) {
        *event = add_event(flags);
        return gpusimSuccess;
    }
    auto ev = std::make_shared<gpusimEvent>(flags);
    ev->shared = new_event_page();
    if (ev->shared == nullptr) {
        return record(gpusimErrorMemoryAllocation);
    }
    *event = add_event(std::move(ev));
    return gpusimSuccess;
}

gpusimError_t gpusimEventDestroy(gpusimEvent_t event) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    return record(remove_event(event) ? gpusimSuccess : gpusimErrorInvalidResourceHandle);
}

namespace {

gpusimError_t record_event(const char* api,
                           gpusimEvent_t event,
                           gpusimStream_t stream,
                           unsigned flags) {
    if (gpusimError_t e = enter(api)) {
        return e;
    }
    std::shared_ptr<gpusimEvent> ev = find_event(event);
    if (ev == nullptr) {
        return record(gpusimErrorInvalidResourceHandle);
    }
    std::shared_ptr<gpusimStream> s = find_stream(stream);
    if (s == nullptr) {
        return record(gpusimErrorInvalidResourceHandle);
    }
    if ((flags & ~gpusimEventRecordExternal) != 0) {
        return record(gpusimErrorInvalidValue);
    }
    const bool external = flags == gpusimEventRecordExternal;
    const bool capturing = s->capturing();
    if (external && !capturing) {
        return record(gpusimErrorInvalidValue);  // CUDA: the flag is for stream capture only
    }
    if (ev->shared != nullptr) {
        const uint32_t generation = aclemu::shm::signal_record(*ev->shared->signal);
        submit(s, [page = ev->shared, generation] {
            aclemu::shm::signal_complete(*page->signal, generation);
        });
        return gpusimSuccess;
    }
    // A record takes its number when it is queued; an external one in a capture at each launch.
    auto make_record = [ev] {
        uint64_t number;
        {
            std::lock_guard<std::mutex> lock(ev->mutex);
            number = ++ev->recorded;
        }
        return std::function<void()>([ev, number] {
            {
                std::lock_guard<std::mutex> lock(ev->mutex);
                if (number > ev->completed) {
                    ev->completed = number;
                    ev->stamp = std::chrono::steady_clock::now();
                }
            }
            ev->changed.notify_all();
        });
    };
    if (external) {
        return s->capture(make_record) ? gpusimSuccess : record(gpusimErrorInvalidValue);
    }
    {
        std::lock_guard<std::mutex> lock(ev->mutex);
        ev->captured = capturing;
    }
    if (!capturing) {
        submit(s, make_record());
    }
    return gpusimSuccess;
}

// gpusimErrorCapturedEvent for an event last recorded in a capture, else gpusimSuccess.
gpusimError_t check_not_captured(gpusimEvent& ev) {
    std::lock_guard<std::mutex> lock(ev.mutex);
    return ev.captured ? gpusimErrorCapturedEvent : gpusimSuccess;
}

}  // namespace

gpusimError_t gpusimEventRecord(gpusimEvent_t event, gpusimStream_t stream) {
    return record_event(__func__, event, stream, gpusimEventRecordDefault);
}

gpusimError_t gpusimEventRecordWithFlags(gpusimEvent_t event,
                                         gpusimStream_t stream,
                                         unsigned flags) {
    return record_event(__func__, event, stream, flags);
}

gpusimError_t gpusimEventQuery(gpusimEvent_t event) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    std::shared_ptr<gpusimEvent> ev = find_event(event);
    if (ev == nullptr) {
        return record(gpusimErrorInvalidResourceHandle);
    }
    if (ev->shared != nullptr) {
        const aclemu::shm::SharedSignal& signal = *ev->shared->signal;
        return aclemu::shm::signal_reached(signal, signal.recorded.load()) ? gpusimSuccess
                                                                           : gpusimErrorNotReady;
    }
    if (gpusimError_t e = check_not_captured(*ev)) {
        return record(e);
    }
    std::lock_guard<std::mutex> lock(ev->mutex);
    return ev->completed >= ev->recorded ? gpusimSuccess : gpusimErrorNotReady;
}

gpusimError_t gpusimEventSynchronize(gpusimEvent_t event) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    std::shared_ptr<gpusimEvent> ev = find_event(event);
    if (ev == nullptr) {
        return record(gpusimErrorInvalidResourceHandle);
    }
    if (ev->shared != nullptr) {
        aclemu::shm::SharedSignal& signal = *ev->shared->signal;
        aclemu::shm::signal_wait(signal, signal.recorded.load(), -1);
        return record(sticky());
    }
    if (gpusimError_t e = check_not_captured(*ev)) {
        return record(e);
    }
    std::unique_lock<std::mutex> lock(ev->mutex);
    const uint64_t target = ev->recorded;
    ev->changed.wait(lock, [&] { return ev->completed >= target; });
    return record(sticky());
}

gpusimError_t gpusimEventElapsedTime(float* ms, gpusimEvent_t start, gpusimEvent_t end) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    std::shared_ptr<gpusimEvent> first = find_event(start);
    std::shared_ptr<gpusimEvent> last = find_event(end);
    if (ms == nullptr) {
        return record(gpusimErrorInvalidValue);
    }
    if (first == nullptr || last == nullptr) {
        return record(gpusimErrorInvalidResourceHandle);
    }
    if ((first->flags & gpusimEventDisableTiming) != 0
        || (last->flags & gpusimEventDisableTiming) != 0) {
        return record(gpusimErrorInvalidResourceHandle);
    }
    std::chrono::steady_clock::time_point stamps[2];
    gpusimEvent* events[2] = {first.get(), last.get()};
    for (int i = 0; i < 2; ++i) {
        if (gpusimError_t e = check_not_captured(*events[i])) {
            return record(e);
        }
        std::lock_guard<std::mutex> lock(events[i]->mutex);
        if (events[i]->recorded == 0) {
            return record(gpusimErrorInvalidResourceHandle);
        }
        if (events[i]->completed < events[i]->recorded) {
            return gpusimErrorNotReady;
        }
        stamps[i] = events[i]->stamp;
    }
    *ms = std::chrono::duration<float, std::milli>(stamps[1] - stamps[0]).count();
    return gpusimSuccess;
}

gpusimError_t gpusimEventHostNs(int64_t* ns, gpusimEvent_t event) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    std::shared_ptr<gpusimEvent> ev = find_event(event);
    if (ns == nullptr) {
        return record(gpusimErrorInvalidValue);
    }
    if (ev == nullptr || (ev->flags & gpusimEventDisableTiming) != 0) {
        return record(gpusimErrorInvalidResourceHandle);
    }
    std::lock_guard<std::mutex> lock(ev->mutex);
    if (ev->recorded == 0) {
        return record(gpusimErrorInvalidResourceHandle);
    }
    if (ev->completed < ev->recorded) {
        return gpusimErrorNotReady;
    }
    *ns =
        std::chrono::duration_cast<std::chrono::nanoseconds>(ev->stamp.time_since_epoch()).count();
    return gpusimSuccess;
}

}  // extern "C"
