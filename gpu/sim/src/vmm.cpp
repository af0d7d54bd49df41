// gpusimMem*: virtual memory management on host mappings (vmm.h). Checks follow CUDA's driver:
// sizes and addresses in units of the granularity, a mapping inside one reservation and not over
// another, access only for the simulated device, export only for allocations made with a POSIX
// descriptor handle type.
#include "vmm.h"

#include "aclemu/shared_memory.h"
#include "gpu/sim/runtime.h"
#include "sanitizer.h"
#include "state.h"
#include "stream.h"

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

struct gpusimMemGenericAllocation {
    gpusimMemGenericAllocation(int fd_in, size_t bytes_in, bool counted_in, bool shareable_in)
        : fd(fd_in), bytes(bytes_in), counted(counted_in), shareable(shareable_in) {}
    ~gpusimMemGenericAllocation();
    const int fd;
    const size_t bytes;
    const bool counted;    // made here (not imported): in physical_bytes_in_use
    const bool shareable;  // requested gpusimMemHandleTypePosixFileDescriptor
};

namespace {

using namespace gpusim::detail;
namespace shm = aclemu::shm;

constexpr char kPhysicalName[] = "gpusim-physical";

std::atomic<size_t> g_physical_bytes{0};

struct Mapping {
    size_t bytes = 0;
    std::shared_ptr<gpusimMemGenericAllocation> allocation;
    gpusimMemAccessFlags access = gpusimMemAccessFlagsProtNone;
};

// The simulated driver's bookkeeping, invisible to TSan (see state.cpp).
struct Vmm {
    std::mutex mutex;
    std::map<gpusimMemGenericAllocationHandle_t, std::shared_ptr<gpusimMemGenericAllocation>>
        handles;
    std::map<uintptr_t, size_t> reservations;  // base -> bytes
    std::map<uintptr_t, Mapping> mappings;     // address -> mapping
    std::vector<uintptr_t> runs;               // what mapped_memory() holds for the mappings
};

Vmm& vmm() {
    static auto* instance = new Vmm;  // never destroyed: streams may outlive statics
    return *instance;
}

bool granular(size_t value) {
    return value % kVmmGranularity == 0;
}

// The reservation holding [address, address + bytes), or end().
std::map<uintptr_t, size_t>::iterator reservation_of(Vmm& v, uintptr_t address, size_t bytes) {
    auto after = v.reservations.upper_bound(address);
    if (after == v.reservations.begin()) {
        return v.reservations.end();
    }
    auto found = std::prev(after);
    const uintptr_t offset = address - found->first;
    return offset < found->second && bytes <= found->second - offset ? found : v.reservations.end();
}

// mapped_memory() gets one range per run of adjacent mappings with access (Vmm locked).
void sync_runs(Vmm& v) {
    for (uintptr_t run : v.runs) {
        size_t bytes = 0;
        mapped_memory().remove(reinterpret_cast<void*>(run), &bytes);
    }
    v.runs.clear();
    uintptr_t start = 0;
    size_t length = 0;
    auto flush = [&] {
        if (length != 0) {
            mapped_memory().add(reinterpret_cast<void*>(start), length);
            v.runs.push_back(start);
        }
        length = 0;
    };
    for (const auto& [address, mapping] : v.mappings) {
        if (mapping.access == gpusimMemAccessFlagsProtNone) {
            flush();
            continue;
        }
        if (length == 0 || start + length != address) {
            flush();
            start = address;
        }
        length += mapping.bytes;
    }
    flush();
}

gpusimError_t check_prop(const gpusimMemAllocationProp* prop) {
    if (prop == nullptr || prop->type != gpusimMemAllocationTypePinned
        || prop->location.type != gpusimMemLocationTypeDevice
        || (prop->requestedHandleType != gpusimMemHandleTypeNone
            && prop->requestedHandleType != gpusimMemHandleTypePosixFileDescriptor)) {
        return gpusimErrorInvalidValue;
    }
    return prop->location.id >= 0 && prop->location.id < device_count() ? gpusimSuccess
                                                                        : gpusimErrorInvalidDevice;
}

}  // namespace

gpusimMemGenericAllocation::~gpusimMemGenericAllocation() {
    ::close(fd);
    if (counted) {
        g_physical_bytes.fetch_sub(bytes);
    }
}

namespace gpusim::detail {

size_t physical_bytes_in_use() {
    return g_physical_bytes.load();
}

}  // namespace gpusim::detail

extern "C" {

gpusimError_t gpusimMemGetAllocationGranularity(size_t* granularity,
                                                const gpusimMemAllocationProp* prop,
                                                gpusimMemAllocationGranularity_flags option) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    if (granularity == nullptr
        || (option != gpusimMemAllocationGranularityMinimum
            && option != gpusimMemAllocationGranularityRecommended)) {
        return record(gpusimErrorInvalidValue);
    }
    if (gpusimError_t e = check_prop(prop)) {
        return record(e);
    }
    *granularity = kVmmGranularity;
    return gpusimSuccess;
}

gpusimError_t gpusimMemCreate(gpusimMemGenericAllocationHandle_t* handle,
                              size_t size,
                              const gpusimMemAllocationProp* prop,
                              unsigned long long flags) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    if (handle == nullptr || size == 0 || !granular(size) || flags != 0) {
        return record(gpusimErrorInvalidValue);
    }
    if (gpusimError_t e = check_prop(prop)) {
        return record(e);
    }
    if (size > physical_memory_bytes()) {
        return record(gpusimErrorMemoryAllocation);
    }
    const int fd = shm::create_memfd(kPhysicalName, size);
    if (fd < 0) {
        return record(gpusimErrorMemoryAllocation);
    }
    g_physical_bytes.fetch_add(size);
    auto allocation = std::make_shared<gpusimMemGenericAllocation>(
        fd, size, true, prop->requestedHandleType == gpusimMemHandleTypePosixFileDescriptor);
    san::Invisible invisible;
    std::lock_guard<std::mutex> lock(vmm().mutex);
    vmm().handles[allocation.get()] = allocation;
    *handle = allocation.get();
    return gpusimSuccess;
}

// The memory goes once no mapping uses it either.
gpusimError_t gpusimMemRelease(gpusimMemGenericAllocationHandle_t handle) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    std::shared_ptr<gpusimMemGenericAllocation> released;
    san::Invisible invisible;
    std::lock_guard<std::mutex> lock(vmm().mutex);
    auto found = vmm().handles.find(handle);
    if (found == vmm().handles.end()) {
        return record(gpusimErrorInvalidValue);
    }
    released = std::move(found->second);
    vmm().handles.erase(found);
    return gpusimSuccess;
}

gpusimError_t gpusimMemAddressReserve(
    void** ptr, size_t size, size_t alignment, void* addr, unsigned long long flags) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    if (ptr == nullptr || size == 0 || !granular(size) || flags != 0
        || (alignment != 0 && (alignment & (alignment - 1)) != 0)
        || !granular(reinterpret_cast<uintptr_t>(addr))) {
        return record(gpusimErrorInvalidValue);
    }
    // `addr` is a hint, as in CUDA: elsewhere when it is taken.
    void* range = MAP_FAILED;
    if (addr != nullptr) {
        range = ::mmap(addr,
                       size,
                       PROT_NONE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED_NOREPLACE,
                       -1,
                       0);
    }
    if (range == MAP_FAILED) {
        // Granularity-aligned: reserve one unit more and trim.
        void* wide = ::mmap(nullptr,
                            size + kVmmGranularity,
                            PROT_NONE,
                            MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                            -1,
                            0);
        if (wide == MAP_FAILED) {
            return record(gpusimErrorMemoryAllocation);
        }
        const uintptr_t start = reinterpret_cast<uintptr_t>(wide);
        const uintptr_t aligned = (start + kVmmGranularity - 1) / kVmmGranularity * kVmmGranularity;
        if (aligned > start) {
            ::munmap(wide, aligned - start);
        }
        const uintptr_t end = start + size + kVmmGranularity;
        if (end > aligned + size) {
            ::munmap(reinterpret_cast<void*>(aligned + size), end - (aligned + size));
        }
        range = reinterpret_cast<void*>(aligned);
    }
    san::Invisible invisible;
    std::lock_guard<std::mutex> lock(vmm().mutex);
    vmm().reservations[reinterpret_cast<uintptr_t>(range)] = size;
    *ptr = range;
    return gpusimSuccess;
}

gpusimError_t gpusimMemAddressFree(void* ptr, size_t size) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    san::Invisible invisible;
    std::lock_guard<std::mutex> lock(vmm().mutex);
    auto found = vmm().reservations.find(reinterpret_cast<uintptr_t>(ptr));
    if (found == vmm().reservations.end() || found->second != size) {
        return record(gpusimErrorInvalidValue);
    }
    auto mapped = vmm().mappings.lower_bound(found->first);
    if (mapped != vmm().mappings.end() && mapped->first < found->first + size) {
        return record(gpusimErrorInvalidValue);  // still mapped
    }
    ::munmap(ptr, size);
    vmm().reservations.erase(found);
    return gpusimSuccess;
}

gpusimError_t gpusimMemMap(void* ptr,
                           size_t size,
                           size_t offset,
                           gpusimMemGenericAllocationHandle_t handle,
                           unsigned long long flags) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    const auto address = reinterpret_cast<uintptr_t>(ptr);
    if (ptr == nullptr || size == 0 || !granular(size) || !granular(address) || offset != 0
        || flags != 0) {
        return record(gpusimErrorInvalidValue);
    }
    san::Invisible invisible;
    std::lock_guard<std::mutex> lock(vmm().mutex);
    Vmm& v = vmm();
    auto allocation = v.handles.find(handle);
    if (allocation == v.handles.end() || allocation->second->bytes != size
        || reservation_of(v, address, size) == v.reservations.end()) {
        return record(gpusimErrorInvalidValue);
    }
    auto next = v.mappings.lower_bound(address);
    if ((next != v.mappings.end() && next->first < address + size)
        || (next != v.mappings.begin()
            && std::prev(next)->first + std::prev(next)->second.bytes > address)) {
        return record(gpusimErrorInvalidValue);  // over another mapping
    }
    // Not accessible until gpusimMemSetAccess, as in CUDA.
    if (::mmap(ptr, size, PROT_NONE, MAP_SHARED | MAP_FIXED, allocation->second->fd, 0)
        == MAP_FAILED) {
        return record(gpusimErrorMemoryAllocation);
    }
    v.mappings[address] = Mapping{size, allocation->second, gpusimMemAccessFlagsProtNone};
    return gpusimSuccess;
}

gpusimError_t gpusimMemUnmap(void* ptr, size_t size) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    const auto address = reinterpret_cast<uintptr_t>(ptr);
    synchronize_all();  // no queued work may still use the range
    san::Invisible invisible;
    std::lock_guard<std::mutex> lock(vmm().mutex);
    Vmm& v = vmm();
    // [ptr, ptr + size) must be whole mappings, back to back.
    std::vector<std::map<uintptr_t, Mapping>::iterator> covered;
    uintptr_t at = address;
    for (auto it = v.mappings.find(address);
         it != v.mappings.end() && it->first == at && at < address + size;
         ++it) {
        covered.push_back(it);
        at += it->second.bytes;
    }
    if (size == 0 || covered.empty() || at != address + size) {
        return record(gpusimErrorInvalidValue);
    }
    ::mmap(ptr, size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0);
    for (auto it : covered) {
        v.mappings.erase(it);
    }
    sync_runs(v);
    return gpusimSuccess;
}

gpusimError_t gpusimMemSetAccess(void* ptr,
                                 size_t size,
                                 const gpusimMemAccessDesc* desc,
                                 size_t count) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    if (desc == nullptr || count == 0) {
        return record(gpusimErrorInvalidValue);
    }
    gpusimMemAccessFlags flags = gpusimMemAccessFlagsProtNone;
    for (size_t i = 0; i < count; ++i) {
        if (desc[i].location.type != gpusimMemLocationTypeDevice || desc[i].location.id < 0
            || desc[i].location.id >= device_count()
            || (desc[i].flags != gpusimMemAccessFlagsProtNone
                && desc[i].flags != gpusimMemAccessFlagsProtRead
                && desc[i].flags != gpusimMemAccessFlagsProtReadWrite)) {
            return record(gpusimErrorInvalidValue);
        }
        flags = desc[i].flags;  // one device: the last entry holds
    }
    const auto address = reinterpret_cast<uintptr_t>(ptr);
    san::Invisible invisible;
    std::unique_lock<std::mutex> lock(vmm().mutex);
    Vmm& v = vmm();
    std::vector<Mapping*> covered;
    uintptr_t at = address;
    for (auto it = v.mappings.find(address);
         it != v.mappings.end() && it->first == at && at < address + size;
         ++it) {
        covered.push_back(&it->second);
        at += it->second.bytes;
    }
    if (size == 0 || covered.empty() || at != address + size) {
        return record(gpusimErrorInvalidValue);
    }
    if (flags != gpusimMemAccessFlagsProtReadWrite) {
        lock.unlock();
        synchronize_all();  // queued work may still write the range
        lock.lock();
    }
    const int prot = flags == gpusimMemAccessFlagsProtReadWrite ? PROT_READ | PROT_WRITE
                     : flags == gpusimMemAccessFlagsProtRead    ? PROT_READ
                                                                : PROT_NONE;
    if (::mprotect(ptr, size, prot) != 0) {
        return record(gpusimErrorInvalidValue);
    }
    for (Mapping* mapping : covered) {
        mapping->access = flags;
    }
    sync_runs(v);
    return gpusimSuccess;
}

gpusimError_t gpusimMemExportToShareableHandle(void* shareable_handle,
                                               gpusimMemGenericAllocationHandle_t handle,
                                               gpusimMemAllocationHandleType type,
                                               unsigned long long flags) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    if (shareable_handle == nullptr || type != gpusimMemHandleTypePosixFileDescriptor
        || flags != 0) {
        return record(gpusimErrorInvalidValue);
    }
    san::Invisible invisible;
    std::lock_guard<std::mutex> lock(vmm().mutex);
    auto found = vmm().handles.find(handle);
    if (found == vmm().handles.end() || !found->second->shareable) {
        return record(gpusimErrorInvalidValue);
    }
    const int fd = ::fcntl(found->second->fd, F_DUPFD_CLOEXEC, 0);
    if (fd < 0) {
        return record(gpusimErrorMemoryAllocation);
    }
    *static_cast<int*>(shareable_handle) = fd;
    return gpusimSuccess;
}

gpusimError_t gpusimMemImportFromShareableHandle(gpusimMemGenericAllocationHandle_t* handle,
                                                 void* os_handle,
                                                 gpusimMemAllocationHandleType type) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    if (handle == nullptr || type != gpusimMemHandleTypePosixFileDescriptor) {
        return record(gpusimErrorInvalidValue);
    }
    const int theirs = static_cast<int>(reinterpret_cast<intptr_t>(os_handle));
    struct stat info {};
    if (::fstat(theirs, &info) != 0 || info.st_size <= 0
        || !granular(static_cast<size_t>(info.st_size))) {
        return record(gpusimErrorInvalidValue);
    }
    const int fd = ::fcntl(theirs, F_DUPFD_CLOEXEC, 0);
    if (fd < 0) {
        return record(gpusimErrorMemoryAllocation);
    }
    auto allocation = std::make_shared<gpusimMemGenericAllocation>(
        fd, static_cast<size_t>(info.st_size), false, true);
    san::Invisible invisible;
    std::lock_guard<std::mutex> lock(vmm().mutex);
    vmm().handles[allocation.get()] = allocation;
    *handle = allocation.get();
    return gpusimSuccess;
}

}  // extern "C"
