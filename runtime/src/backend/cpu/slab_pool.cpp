#include "backend/cpu/slab_pool.h"

#include "aclemu/shared_memory.h"
#include "backend/cpu/asan_poison.h"
#include "backend/cpu/device_memory.h"

#include <cerrno>
#include <iterator>
#include <sys/mman.h>
#include <unistd.h>

namespace aclemu::rt::cpu {

static_assert((SlabPool::kMaxSlot / SlabPool::kMinSlot) == (1u << 5), "six slot classes");

size_t SlabPool::slot_size(size_t bytes) {
    if (bytes == 0 || bytes > kMaxSlot - (kAsan ? 1 : 0)) {
        return 0;
    }
    if (kAsan) {
        ++bytes;  // at least one poisoned byte after the block: an overrun never lands on a
                  // neighbour
    }
    size_t slot = kMinSlot;
    while (slot < bytes) {
        slot *= 2;
    }
    return slot;
}

size_t SlabPool::class_of(size_t slot) {
    size_t index = 0;
    while ((kMinSlot << index) < slot) {
        ++index;
    }
    return index;
}

SlabPool::~SlabPool() {
    for (auto& [base, slab] : slabs_) {
        unpoison(reinterpret_cast<void*>(base), kSlabBytes);
        ::munmap(reinterpret_cast<void*>(base), kSlabBytes);
        ::close(slab.fd);
    }
}

bool SlabPool::grow(size_t slot) {
    const int fd = shm::create_memfd(DeviceMemory::kBlockMemfdName, kSlabBytes);
    if (fd < 0) {
        return false;
    }
    void* mapped = shm::map_shared(fd, kSlabBytes);
    if (mapped == MAP_FAILED) {
        const int saved = errno;
        ::close(fd);
        errno = saved;
        return false;
    }
    const auto base = reinterpret_cast<uintptr_t>(mapped);
    Slab& slab = slabs_[base];
    slab.fd = fd;
    slab.slot = slot;
    slab.slots.assign(kSlabBytes / slot, Slot::Free);
    poison(mapped, kSlabBytes);
    std::vector<void*>& free = free_[class_of(slot)];
    // Handed out from the back: lowest addresses first.
    for (size_t i = slab.slots.size(); i-- > 0;) {
        free.push_back(reinterpret_cast<void*>(base + i * slot));
    }
    return true;
}

void* SlabPool::take(size_t bytes) {
    const size_t slot = slot_size(bytes);
    std::vector<void*>& free = free_[class_of(slot)];
    if (free.empty() && !grow(slot)) {
        return nullptr;
    }
    void* ptr = free.back();
    free.pop_back();
    uintptr_t base = 0;
    size_t index = 0;
    find(reinterpret_cast<uintptr_t>(ptr), &base, &index)->slots[index] = Slot::Used;
    unpoison(ptr, bytes);
    return ptr;
}

SlabPool::Slab* SlabPool::find(uintptr_t address, uintptr_t* base, size_t* index) {
    auto after = slabs_.upper_bound(address);
    if (after == slabs_.begin()) {
        return nullptr;
    }
    auto it = std::prev(after);
    if (address - it->first >= kSlabBytes) {
        return nullptr;
    }
    *base = it->first;
    *index = (address - it->first) / it->second.slot;
    return &it->second;
}

bool SlabPool::give(void* ptr, size_t* slot) {
    const auto address = reinterpret_cast<uintptr_t>(ptr);
    uintptr_t base = 0;
    size_t index = 0;
    Slab* slab = find(address, &base, &index);
    if (slab == nullptr || address != base + index * slab->slot) {
        return false;
    }
    Slot& state = slab->slots[index];
    if (state != Slot::Used && state != Slot::Shared) {
        return false;
    }
    poison(ptr, slab->slot);
    *slot = slab->slot;
    if (state == Slot::Shared) {
        state = Slot::Retired;
        return true;
    }
    state = Slot::Free;
    free_[class_of(slab->slot)].push_back(ptr);
    return true;
}

bool SlabPool::share(const void* ptr, size_t bytes, int* fd, uint64_t* offset) {
    const auto address = reinterpret_cast<uintptr_t>(ptr);
    uintptr_t base = 0;
    size_t index = 0;
    Slab* slab = find(address, &base, &index);
    if (slab == nullptr) {
        return false;
    }
    Slot& state = slab->slots[index];
    const uintptr_t slot_end = base + (index + 1) * slab->slot;
    if ((state != Slot::Used && state != Slot::Shared) || bytes > slot_end - address) {
        return false;
    }
    state = Slot::Shared;
    *fd = slab->fd;
    *offset = address - base;
    return true;
}

}  // namespace aclemu::rt::cpu
