#include "backend/cpu/device_memory.h"

#include "aclemu/acl_try.h"
#include "aclemu/shared_memory.h"
#include "backend/cpu/asan_poison.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

namespace aclemu::rt::cpu {
namespace {

// The memfds' names (they show in /proc/<pid>/fd links).
constexpr const char* kBlockName = DeviceMemory::kBlockMemfdName;
constexpr char kPhysicalName[] = "aclemu-physical";

thread_local std::string tl_last_error;

aclError failed(aclError code, const std::string& what, int error) {
    tl_last_error = what + ": " + std::strerror(error);
    return code;
}

aclError failed(aclError code, const std::string& what) {
    tl_last_error = what;
    return code;
}

size_t physical_memory() {
    const long pages = ::sysconf(_SC_PHYS_PAGES);
    return pages > 0 ? static_cast<size_t>(pages) * shm::page_size() : 0;
}

// The blob of shared device memory (the memfd travels as the blob's descriptor): where in the
// memfd the shared range lies.
struct MemoryBlob {
    uint64_t offset;  // bytes from the start of the memfd (= of the block, or of the slab)
};

// The blob of a physical allocation (the memfd travels as the blob's descriptor).
struct PhysicalBlob {
    uint64_t marker;
};
constexpr uint64_t kPhysicalMarker = 0x4c41434953594850ull;  // "PHYSICAL"

// Reads the blob another process exported; *fd is a copy of the memfd its exporter passed with
// it (the front end closes the blob's own).
template <class T>
aclError open_blob(int32_t exporter, const ExportBlob& blob, T* where, int* fd) {
    if (!blob.get(where) || blob.fd < 0) {
        return failed(ACL_ERROR_RT_PARAM_INVALID,
                      "the export was made by another backend (ACLEMU_BACKEND differs)");
    }
    *fd = ::fcntl(blob.fd, F_DUPFD_CLOEXEC, 0);
    if (*fd < 0) {
        return failed(ACL_ERROR_RT_PARAM_INVALID,
                      "cannot keep the memory of process " + std::to_string(exporter),
                      errno);
    }
    return ACL_SUCCESS;
}

// A physical allocation: a memfd (open while the handle lives; a mapping keeps the memory alive
// on its own). Allocations of this process count against the budget.
class CpuPhysical final : public BackendPhysical {
public:
    CpuPhysical(int fd, size_t bytes, std::shared_ptr<MemoryBudget> budget)
        : fd_(fd), bytes_(bytes), budget_(std::move(budget)) {}
    ~CpuPhysical() override {
        ::close(fd_);
        if (budget_) {
            budget_->give(bytes_);
        }
    }
    int fd() const { return fd_; }

private:
    int fd_;
    size_t bytes_;
    std::shared_ptr<MemoryBudget> budget_;
};

aclError does_not_fit(size_t bytes, const MemoryBudget& budget) {
    return failed(ACL_ERROR_RT_MEMORY_ALLOCATION,
                  std::to_string(bytes) + " bytes do not fit: " + std::to_string(budget.used())
                      + " of " + std::to_string(budget.total())
                      + " bytes of device memory are in use (ACLEMU_CPU_DEVICE_MEMORY)");
}

// The pages of [ptr, ptr + bytes): their first address and length.
void page_span(const void* ptr, size_t bytes, uintptr_t* first, size_t* length) {
    const uintptr_t address = reinterpret_cast<uintptr_t>(ptr);
    *first = address & ~(uintptr_t{shm::page_size()} - 1);
    *length = shm::round_up(address + bytes - *first, shm::page_size());
}

}  // namespace

MemoryBudget::MemoryBudget(size_t limit) : total_(limit != 0 ? limit : physical_memory()) {}

bool MemoryBudget::take(size_t bytes) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (bytes > total_ - used_) {
        return false;
    }
    used_ += bytes;
    return true;
}

void MemoryBudget::give(size_t bytes) {
    std::lock_guard<std::mutex> lock(mutex_);
    used_ -= bytes;
}

size_t MemoryBudget::used() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return used_;
}

DeviceMemory::DeviceMemory(size_t limit) : budget_(std::make_shared<MemoryBudget>(limit)) {}

DeviceMemory::~DeviceMemory() {
    for (auto& [base, block] : blocks_) {
        unpoison(reinterpret_cast<void*>(base), block.mapped);
        ::munmap(reinterpret_cast<void*>(base), block.mapped);
        if (block.fd >= 0) {
            ::close(block.fd);
        }
    }
}

aclError DeviceMemory::allocate(size_t bytes, void** ptr) {
    const size_t slot = SlabPool::slot_size(bytes);
    const size_t charged = slot != 0 ? slot : shm::round_up(bytes, shm::page_size());
    if (charged == 0 || !budget_->take(charged)) {
        return does_not_fit(bytes, *budget_);
    }
    if (slot != 0) {
        std::lock_guard<std::mutex> lock(mutex_);
        void* block = slabs_.take(bytes);
        if (block == nullptr) {
            const int error = errno;
            budget_->give(charged);
            return failed(ACL_ERROR_RT_MEMORY_ALLOCATION, "cannot map a slab", error);
        }
        *ptr = block;
        return ACL_SUCCESS;
    }
    // Under ASan a block always ends before its pages do, so one past the end is poison.
    const size_t mapped = kAsan ? shm::round_up(bytes + 1, shm::page_size()) : charged;
    void* block = mapped != 0 ? shm::map_private(mapped) : MAP_FAILED;
    if (block == MAP_FAILED) {
        const int error = errno;
        budget_->give(charged);
        return failed(ACL_ERROR_RT_MEMORY_ALLOCATION, "mmap", error);
    }
    unpoison(block, mapped);  // shadow left by an earlier mapping at this address
    poison(static_cast<unsigned char*>(block) + bytes, mapped - bytes);
    {
        std::lock_guard<std::mutex> lock(mutex_);
        blocks_[reinterpret_cast<uintptr_t>(block)] = Block{bytes, mapped, -1};
    }
    *ptr = block;
    return ACL_SUCCESS;
}

aclError DeviceMemory::release(void* ptr) {
    Block block;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        size_t slot = 0;
        if (slabs_.give(ptr, &slot)) {
            budget_->give(slot);
            return ACL_SUCCESS;
        }
        auto found = blocks_.find(reinterpret_cast<uintptr_t>(ptr));
        if (found == blocks_.end()) {
            return failed(ACL_ERROR_RT_MEMORY_FREE, "not a device block of the CPU backend");
        }
        block = found->second;
        blocks_.erase(found);
    }
    unpoison(ptr, block.mapped);
    ::munmap(ptr, block.mapped);
    if (block.fd >= 0) {
        ::close(block.fd);
    }
    budget_->give(shm::round_up(block.bytes, shm::page_size()));
    return ACL_SUCCESS;
}

void DeviceMemory::info(size_t* free_bytes, size_t* total_bytes) const {
    const size_t used = budget_->used();
    *total_bytes = budget_->total();
    *free_bytes = used < *total_bytes ? *total_bytes - used : 0;
}

aclError DeviceMemory::export_block(void* ptr, size_t bytes, ExportBlob* blob) {
    std::lock_guard<std::mutex> lock(mutex_);
    int slab_fd = -1;
    uint64_t offset = 0;
    if (slabs_.share(ptr, bytes, &slab_fd, &offset)) {
        blob->put(MemoryBlob{offset});
        blob->fd = slab_fd;
        return ACL_SUCCESS;
    }
    const uintptr_t address = reinterpret_cast<uintptr_t>(ptr);
    auto after = blocks_.upper_bound(address);
    if (after == blocks_.begin()) {
        return failed(ACL_ERROR_RT_PARAM_INVALID, "not inside a device block");
    }
    auto& [base, block] = *std::prev(after);
    if (address - base >= block.mapped || bytes > block.mapped - (address - base)) {
        return failed(ACL_ERROR_RT_PARAM_INVALID, "not inside a device block");
    }
    if (block.fd < 0) {
        // The move reads every page, the poisoned end too.
        auto* start = reinterpret_cast<unsigned char*>(base);
        unpoison(start, block.mapped);
        const int fd = shm::move_to_memfd(start, block.mapped, kBlockName);
        poison(start + block.bytes, block.mapped - block.bytes);
        if (fd < 0) {
            return failed(
                ACL_ERROR_RT_RESOURCE_ALLOC_FAIL, "cannot make the block shareable", errno);
        }
        block.fd = fd;
    }
    blob->put(MemoryBlob{address - base});
    blob->fd = block.fd;
    return ACL_SUCCESS;
}

aclError DeviceMemory::open_exported(int32_t exporter,
                                     const ExportBlob& blob,
                                     size_t bytes,
                                     void** ptr) {
    MemoryBlob where{};
    int fd = -1;
    ACLEMU_TRY(open_blob(exporter, blob, &where, &fd));
    // Exactly the pages that hold the range, and only when the memfd holds all of them: a range
    // past its end would map pages that fault (SIGBUS) when touched.
    const uint64_t first = where.offset & ~(uint64_t{shm::page_size()} - 1);
    const size_t length = shm::round_up(where.offset - first + bytes, shm::page_size());
    struct stat info {};
    if (length == 0 || where.offset > UINT64_MAX - bytes || ::fstat(fd, &info) != 0
        || first + length > static_cast<uint64_t>(info.st_size)) {
        ::close(fd);
        return failed(ACL_ERROR_RT_PARAM_INVALID,
                      "the exported range lies outside the memory process "
                          + std::to_string(exporter) + " passed");
    }
    void* mapped =
        ::mmap(nullptr, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, static_cast<off_t>(first));
    const int error = errno;
    ::close(fd);
    if (mapped == MAP_FAILED) {
        return failed(ACL_ERROR_RT_MEMORY_ALLOCATION, "cannot map the shared memory", error);
    }
    *ptr = static_cast<unsigned char*>(mapped) + (where.offset - first);
    return ACL_SUCCESS;
}

aclError DeviceMemory::close_exported(void* ptr, size_t bytes) {
    uintptr_t first = 0;
    size_t length = 0;
    page_span(ptr, bytes, &first, &length);
    if (::munmap(reinterpret_cast<void*>(first), length) != 0) {
        return failed(ACL_ERROR_RT_PARAM_INVALID, "munmap", errno);
    }
    return ACL_SUCCESS;
}

aclError DeviceMemory::reserve(size_t bytes, void* wanted, void** ptr) {
    const int fixed = wanted != nullptr ? MAP_FIXED_NOREPLACE : 0;
    void* range = ::mmap(
        wanted, bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | fixed, -1, 0);
    if (range == MAP_FAILED) {
        return failed(
            wanted != nullptr ? ACL_ERROR_RT_PARAM_INVALID : ACL_ERROR_RT_MEMORY_ALLOCATION,
            "cannot reserve the addresses",
            errno);
    }
    if (wanted != nullptr && range != wanted) {  // a kernel without MAP_FIXED_NOREPLACE
        ::munmap(range, bytes);
        return failed(ACL_ERROR_RT_PARAM_INVALID, "the wanted addresses are in use");
    }
    *ptr = range;
    return ACL_SUCCESS;
}

aclError DeviceMemory::release_reservation(void* ptr, size_t bytes) {
    if (::munmap(ptr, bytes) != 0) {
        return failed(ACL_ERROR_RT_PARAM_INVALID, "munmap", errno);
    }
    return ACL_SUCCESS;
}

aclError DeviceMemory::create_physical(size_t bytes, std::unique_ptr<BackendPhysical>* physical) {
    if (!budget_->take(bytes)) {
        return does_not_fit(bytes, *budget_);
    }
    const int fd = shm::create_memfd(kPhysicalName, bytes);
    if (fd < 0) {
        budget_->give(bytes);
        return failed(ACL_ERROR_RT_MEMORY_ALLOCATION, "memfd_create", errno);
    }
    *physical = std::make_unique<CpuPhysical>(fd, bytes, budget_);
    return ACL_SUCCESS;
}

aclError DeviceMemory::map(void* ptr, size_t bytes, BackendPhysical& physical) {
    const int fd = static_cast<CpuPhysical&>(physical).fd();
    if (shm::map_shared(fd, bytes, ptr) == MAP_FAILED) {
        return failed(ACL_ERROR_RT_MEMORY_ALLOCATION, "mmap", errno);
    }
    return ACL_SUCCESS;
}

aclError DeviceMemory::unmap(void* ptr, size_t bytes) {
    // Back to reserved-only addresses (not munmap: the range must stay ours).
    if (::mmap(
            ptr, bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0)
        == MAP_FAILED) {
        return failed(ACL_ERROR_RT_PARAM_INVALID, "mmap", errno);
    }
    return ACL_SUCCESS;
}

aclError DeviceMemory::protect(void* ptr, size_t bytes, int flags) {
    const int prot = flags == 3 ? PROT_READ | PROT_WRITE : flags == 1 ? PROT_READ : PROT_NONE;
    if (::mprotect(ptr, bytes, prot) != 0) {
        return failed(ACL_ERROR_RT_PARAM_INVALID, "mprotect", errno);
    }
    return ACL_SUCCESS;
}

aclError DeviceMemory::export_physical(BackendPhysical& physical, ExportBlob* blob) {
    blob->put(PhysicalBlob{kPhysicalMarker});
    blob->fd = static_cast<CpuPhysical&>(physical).fd();
    return ACL_SUCCESS;
}

aclError DeviceMemory::import_physical(int32_t exporter,
                                       const ExportBlob& blob,
                                       size_t bytes,
                                       std::unique_ptr<BackendPhysical>* physical) {
    PhysicalBlob where{};
    int fd = -1;
    ACLEMU_TRY(open_blob(exporter, blob, &where, &fd));
    struct stat info {};
    if (where.marker != kPhysicalMarker || ::fstat(fd, &info) != 0
        || static_cast<uint64_t>(info.st_size) < bytes) {
        ::close(fd);
        return failed(ACL_ERROR_RT_PARAM_INVALID,
                      "the memory process " + std::to_string(exporter)
                          + " passed is not the physical allocation it describes");
    }
    *physical = std::make_unique<CpuPhysical>(fd, bytes, nullptr);  // the exporter's memory
    return ACL_SUCCESS;
}

std::string DeviceMemory::take_last_error() {
    return std::exchange(tl_last_error, std::string());
}

}  // namespace aclemu::rt::cpu
