// The allocation table: every live aclrtMalloc*/aclrtMallocHost block, and the device memory the
// virtual memory and IPC calls map, keyed by address, with the size the caller asked for. It
// lets aclrtFree reject foreign pointers and double frees, aclrtMemcpy check its kind and keep
// device ranges inside their block, and locate() classify operator arguments. Range checks use
// the requested size, not the padded reservation; a pointer into the padding is still the
// block's (with no bytes left), never someone else's memory. find() answers repeated lookups
// from a small per-thread cache that any change to the table invalidates (every operator
// launch checks each tensor's block).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <vector>

namespace aclemu::rt {

enum class AllocKind { Device, Host };

/// How a Device block came to be: aclrtMalloc*, mapped physical memory (aclrtMapMem; adjacent
/// mappings of one reservation form one block), or memory another process exported
/// (aclrtIpcMemImportByKey), or a global variable of a loaded kernel binary (aclrtBinaryGetGlobal,
/// until aclrtBinaryUnLoad), or a `__gm__` variable of the program (aclrtGetSymbolAddress and the
/// symbol copies, until aclFinalize); a Host block is Malloc (aclrtMallocHost) or Registered (the
/// user's memory, aclrtHostRegisterV2), or a block of a stream-ordered memory pool
/// (aclrtMemPoolMallocAsync, memory/mem_pool.h). Only Malloc blocks are aclrtFree's or
/// aclrtFreeHost's to release.
enum class AllocOrigin { Malloc, Mapped, Imported, Registered, BinaryGlobal, Symbol, Pool };

struct Allocation {
    uintptr_t base = 0;
    size_t bytes = 0;  // requested
    AllocKind kind = AllocKind::Device;
    int32_t device = 0;  // logical device (Device blocks)
    AllocOrigin origin = AllocOrigin::Malloc;
    /// What copies and fills may do (aclrtMemSetAccess on mappings): 1 read, 2 write.
    uint8_t access = 3;
    size_t reserved = 0;  // what was allocated: `bytes` and the padding after them (>= bytes)

    /// `addr` lies in the block: in its bytes or in the padding after them, which belongs to no
    /// one else (a pointer there is one past the caller's buffer, not foreign memory).
    bool contains(uintptr_t addr) const {
        return addr >= base && addr - base < (reserved > bytes ? reserved : bytes);
    }
    /// Bytes from `addr` (inside) to the end of the requested bytes: 0 in the padding.
    size_t remaining(uintptr_t addr) const {
        const size_t at = addr - base;
        return at < bytes ? bytes - at : 0;
    }
};

class AllocTable {
public:
    AllocTable();
    void insert(const Allocation& allocation);
    /// Removes the block that starts exactly at `ptr` if it is of `kind` and `origin`.
    std::optional<Allocation> erase(const void* ptr,
                                    AllocKind kind,
                                    AllocOrigin origin = AllocOrigin::Malloc);
    /// The block whose [base, base + bytes) contains `ptr`.
    std::optional<Allocation> find(const void* ptr) const;
    /// Every block, by address (a copy: the table may change once it is returned).
    std::vector<Allocation> list() const;
    /// Empties the table, returning what was in it (aclFinalize frees the blocks).
    std::vector<Allocation> take_all();

    /// Identifies the table's contents: changes (under mu_) with every insert, erase and
    /// take_all, and is unique across all tables of the process.
    uint64_t generation() const { return generation_.load(std::memory_order_acquire); }

private:
    void changed_locked();

    mutable std::mutex mu_;
    std::map<uintptr_t, Allocation> blocks_;
    std::atomic<uint64_t> generation_;
};

}  // namespace aclemu::rt
