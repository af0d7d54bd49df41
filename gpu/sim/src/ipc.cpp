// The cudaIpc* entry points of gpu/sim/runtime.h and the page-backed device blocks (ipc.h). A
// memory handle names (the exporter's pid, its memfd, the allocation's size); an event handle
// (the pid, the event page's memfd). Opening either in another process goes through
// /proc/<pid>/fd (Note [Sharing through /proc] in base/aclemu/shared_memory.h).
#include "ipc.h"

#include "gpu/sim/runtime.h"
#include "sanitizer.h"
#include "state.h"
#include "stream.h"

#include <cstdint>
#include <cstring>
#include <map>
#include <mutex>
#include <sys/mman.h>
#include <unistd.h>

using namespace gpusim::detail;
namespace shm = aclemu::shm;

namespace {

constexpr char kBlockName[] = "gpusim-device-block";
constexpr char kEventName[] = "gpusim-event";
constexpr char kMemoryMagic[8] = {'g', 'p', 'u', 's', 'i', 'm', 'M', '1'};
constexpr char kEventMagic[8] = {'g', 'p', 'u', 's', 'i', 'm', 'E', '1'};

struct MemoryHandle {
    char magic[8];
    int32_t pid;
    int32_t fd;
    uint64_t bytes;   // the allocation's size
    uint64_t mapped;  // its pages
};
static_assert(sizeof(MemoryHandle) <= GPUSIM_IPC_HANDLE_SIZE, "handle too large");

struct EventHandle {
    char magic[8];
    int32_t pid;
    int32_t fd;
};
static_assert(sizeof(EventHandle) <= GPUSIM_IPC_HANDLE_SIZE, "handle too large");

struct PageBlock {
    size_t mapped = 0;
    int fd = -1;  // the memfd once shared
};

// The simulated driver's bookkeeping, invisible to TSan (see state.cpp).
struct Blocks {
    std::mutex mutex;
    std::map<uintptr_t, PageBlock> own;  // page-backed blocks of this process
    std::map<uintptr_t, size_t> opened;  // other processes' blocks mapped here: pages
};

Blocks& blocks() {
    static auto* instance = new Blocks;  // never destroyed: streams may outlive statics
    return *instance;
}

int32_t self() {
    return static_cast<int32_t>(::getpid());
}

}  // namespace

namespace gpusim::detail {

void* allocate_page_backed(size_t bytes) {
    const size_t mapped = shm::round_up(bytes, shm::page_size());
    void* block = mapped != 0 ? shm::map_private(mapped) : MAP_FAILED;
    if (block == MAP_FAILED) {
        return nullptr;
    }
    san::Invisible invisible;
    std::lock_guard<std::mutex> lock(blocks().mutex);
    blocks().own[reinterpret_cast<uintptr_t>(block)] = PageBlock{mapped, -1};
    return block;
}

bool release_page_backed(void* ptr) {
    PageBlock block;
    {
        san::Invisible invisible;
        std::lock_guard<std::mutex> lock(blocks().mutex);
        auto found = blocks().own.find(reinterpret_cast<uintptr_t>(ptr));
        if (found == blocks().own.end()) {
            return false;
        }
        block = found->second;
        blocks().own.erase(found);
    }
    ::munmap(ptr, block.mapped);
    if (block.fd >= 0) {
        ::close(block.fd);
    }
    return true;
}

SharedEventPage::~SharedEventPage() {
    ::munmap(signal, shm::page_size());
    ::close(fd);
}

std::shared_ptr<SharedEventPage> new_event_page() {
    const int fd = shm::create_memfd(kEventName, shm::page_size());
    if (fd < 0) {
        return nullptr;
    }
    void* page = shm::map_shared(fd, shm::page_size());
    if (page == MAP_FAILED) {
        ::close(fd);
        return nullptr;
    }
    return std::make_shared<SharedEventPage>(fd, new (page) shm::SharedSignal{});
}

}  // namespace gpusim::detail

extern "C" {

gpusimError_t gpusimIpcGetMemHandle(gpusimIpcMemHandle_t* handle, void* ptr) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    uintptr_t base = 0;
    size_t bytes = 0;
    if (handle == nullptr || ptr == nullptr || !device_memory().find(ptr, &base, &bytes)) {
        return record(gpusimErrorInvalidValue);
    }
    san::Invisible invisible;
    std::unique_lock<std::mutex> lock(blocks().mutex);
    auto found = blocks().own.find(base);
    if (found == blocks().own.end()) {
        return record(gpusimErrorNotSupported);  // a heap block (under kPageBackedBytes)
    }
    PageBlock& block = found->second;
    if (block.fd < 0) {
        lock.unlock();
        synchronize_all();  // no queued work may write the block while it moves
        lock.lock();
        const int fd = shm::move_to_memfd(reinterpret_cast<void*>(base), block.mapped, kBlockName);
        if (fd < 0) {
            return record(gpusimErrorMemoryAllocation);
        }
        block.fd = fd;
    }
    MemoryHandle shared{};
    std::memcpy(shared.magic, kMemoryMagic, sizeof shared.magic);
    shared.pid = self();
    shared.fd = block.fd;
    shared.bytes = bytes;
    shared.mapped = block.mapped;
    *handle = gpusimIpcMemHandle_t{};
    std::memcpy(handle->reserved, &shared, sizeof shared);
    return gpusimSuccess;
}

gpusimError_t gpusimIpcOpenMemHandle(void** ptr, gpusimIpcMemHandle_t handle, unsigned flags) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    MemoryHandle shared{};
    std::memcpy(&shared, handle.reserved, sizeof shared);
    if (ptr == nullptr || (flags & ~gpusimIpcMemLazyEnablePeerAccess) != 0
        || std::memcmp(shared.magic, kMemoryMagic, sizeof shared.magic) != 0
        || shared.pid == self()) {
        return record(gpusimErrorInvalidValue);
    }
    const int fd = shm::open_peer_fd(shared.pid, shared.fd, kBlockName);
    if (fd < 0) {
        return record(gpusimErrorInvalidResourceHandle);
    }
    void* mapped = shm::map_shared(fd, shared.mapped);
    ::close(fd);
    if (mapped == MAP_FAILED) {
        return record(gpusimErrorMemoryAllocation);
    }
    {
        san::Invisible invisible;
        std::lock_guard<std::mutex> lock(blocks().mutex);
        blocks().opened[reinterpret_cast<uintptr_t>(mapped)] = shared.mapped;
    }
    mapped_memory().add(mapped, shared.bytes);
    *ptr = mapped;
    return gpusimSuccess;
}

gpusimError_t gpusimIpcCloseMemHandle(void* ptr) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    size_t mapped = 0;
    {
        san::Invisible invisible;
        std::lock_guard<std::mutex> lock(blocks().mutex);
        auto found = blocks().opened.find(reinterpret_cast<uintptr_t>(ptr));
        if (found == blocks().opened.end()) {
            return record(gpusimErrorInvalidValue);
        }
        mapped = found->second;
        blocks().opened.erase(found);
    }
    size_t bytes = 0;
    mapped_memory().remove(ptr, &bytes);
    synchronize_all();  // as cudaFree: no queued work may still use the memory
    ::munmap(ptr, mapped);
    return gpusimSuccess;
}

gpusimError_t gpusimIpcGetEventHandle(gpusimIpcEventHandle_t* handle, gpusimEvent_t event) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    std::shared_ptr<gpusimEvent> ev = find_event(event);
    if (handle == nullptr) {
        return record(gpusimErrorInvalidValue);
    }
    if (ev == nullptr || ev->shared == nullptr) {
        return record(gpusimErrorInvalidResourceHandle);  // not made with gpusimEventInterprocess
    }
    EventHandle shared{};
    std::memcpy(shared.magic, kEventMagic, sizeof shared.magic);
    shared.pid = self();
    shared.fd = ev->shared->fd;
    *handle = gpusimIpcEventHandle_t{};
    std::memcpy(handle->reserved, &shared, sizeof shared);
    return gpusimSuccess;
}

gpusimError_t gpusimIpcOpenEventHandle(gpusimEvent_t* event, gpusimIpcEventHandle_t handle) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    EventHandle shared{};
    std::memcpy(&shared, handle.reserved, sizeof shared);
    if (event == nullptr || std::memcmp(shared.magic, kEventMagic, sizeof shared.magic) != 0
        || shared.pid == self()) {
        return record(gpusimErrorInvalidValue);
    }
    const int fd = shm::open_peer_fd(shared.pid, shared.fd, kEventName);
    if (fd < 0) {
        return record(gpusimErrorInvalidResourceHandle);
    }
    void* page = shm::map_shared(fd, shm::page_size());
    if (page == MAP_FAILED) {
        ::close(fd);
        return record(gpusimErrorMemoryAllocation);
    }
    auto ev = std::make_shared<gpusimEvent>(gpusimEventInterprocess | gpusimEventDisableTiming);
    ev->shared = std::make_shared<SharedEventPage>(fd, static_cast<shm::SharedSignal*>(page));
    *event = add_event(std::move(ev));
    return gpusimSuccess;
}

}  // extern "C"
