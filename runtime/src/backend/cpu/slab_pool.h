// The CPU backend's small device blocks (device_memory.h): up to 2 KiB of padded size, carved
// from slabs. A slab is a 64 KiB memfd mapped shared, cut into slots of one size (64, 128, ...,
// 2048 bytes: the block's size rounded up to a power of two). Taking and giving back a slot
// makes no system call (a block of its own pages costs an mmap, a page fault and a munmap), and
// a slot can be shared with another process as it is: the export names the slab's memfd and the
// slot's offset, nothing moves. The other process maps the pages around the slot, so it can see
// their other slots too (as CUDA shares a whole underlying allocation). A slot that was shared is
// never handed out again: the other process may still use it.
//
// In AddressSanitizer builds a slot's bytes past the block, and every free slot, are poisoned, and
// a block whose size is a slot size takes the next one up (so an overrun is never a neighbour's).
// Not thread-safe: DeviceMemory calls it under its lock.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <vector>

namespace aclemu::rt::cpu {

class SlabPool {
public:
    static constexpr size_t kMinSlot = 64;
    static constexpr size_t kMaxSlot = 2048;
    static constexpr size_t kSlabBytes = size_t{64} << 10;

    /// The slot a block of `bytes` takes (what it counts against the budget); 0 when it is too
    /// large for a slot (or 0 bytes).
    static size_t slot_size(size_t bytes);

    SlabPool() = default;
    /// Unmaps the slabs and closes their memfds (other processes keep their mappings).
    ~SlabPool();
    SlabPool(const SlabPool&) = delete;
    SlabPool& operator=(const SlabPool&) = delete;

    /// A slot for a block of `bytes` (slot_size(bytes) != 0); nullptr with errno when a new slab
    /// cannot be made.
    void* take(size_t bytes);
    /// Gives back the slot at `ptr` and answers its size; false when `ptr` starts no slot in use.
    bool give(void* ptr, size_t* slot);
    /// The memfd and offset of [ptr, ptr + bytes) when it lies inside one slot in use; the slot
    /// is then never reused. False otherwise.
    bool share(const void* ptr, size_t bytes, int* fd, uint64_t* offset);

private:
    enum class Slot : uint8_t { Free, Used, Shared, Retired };
    struct Slab {
        int fd = -1;
        size_t slot = 0;
        std::vector<Slot> slots;
    };
    static size_t class_of(size_t slot);
    // The slab holding `address` and the slot's index in it, or nullptr.
    Slab* find(uintptr_t address, uintptr_t* base, size_t* index);
    bool grow(size_t slot);

    std::map<uintptr_t, Slab> slabs_;  // by base address
    std::vector<void*> free_[6];       // free slots per class: 64 << class
};

}  // namespace aclemu::rt::cpu
