// The CPU backend's device memory. Blocks of up to 2 KiB are slots of memfd-backed slabs
// (slab_pool.h), shareable as they are. Larger blocks are whole pages of their own (anonymous
// mappings), so a block can be shared with another process after the fact: export moves its
// pages into a memfd in place (base/aclemu/shared_memory.h). In AddressSanitizer builds the bytes
// between a block's end and its page's (a large block whose size fills its pages gets one page
// more) are poisoned, so an access past the end is reported (asan_poison.h). The budget behind
// aclrtGetMemInfo counts slots, the pages of large blocks and physical allocations. Virtual memory:
// a reservation is a PROT_NONE mapping, a physical allocation a memfd, and mapping one places the
// memfd MAP_SHARED|MAP_FIXED into the reservation, so two mappings of one allocation (in one
// process or two) are the same memory. Calls that fail leave the reason for take_last_error() (this
// thread's).
#pragma once

#include "acl/acl_base.h"

#include "backend/backend.h"
#include "backend/cpu/slab_pool.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace aclemu::rt::cpu {

/// Bytes device memory may hold, and how many it holds (thread-safe).
class MemoryBudget {
public:
    /// `limit` 0: the host's physical memory.
    explicit MemoryBudget(size_t limit);
    /// Takes `bytes`; false when that would pass the total.
    bool take(size_t bytes);
    void give(size_t bytes);
    size_t total() const { return total_; }
    size_t used() const;

private:
    const size_t total_;
    mutable std::mutex mutex_;
    size_t used_ = 0;
};

class DeviceMemory {
public:
    /// The name of the memfds that hold shareable device blocks (another process checks it).
    static constexpr char kBlockMemfdName[] = "aclemu-device-block";

    explicit DeviceMemory(size_t limit);
    /// Unmaps the blocks still allocated.
    ~DeviceMemory();
    DeviceMemory(const DeviceMemory&) = delete;
    DeviceMemory& operator=(const DeviceMemory&) = delete;

    aclError allocate(size_t bytes, void** ptr);
    aclError release(void* ptr);
    void info(size_t* free_bytes, size_t* total_bytes) const;

    // IPC memory. The caller has waited for the device: nothing may write the block meanwhile.
    aclError export_block(void* ptr, size_t bytes, ExportBlob* blob);
    static aclError open_exported(int32_t exporter,
                                  const ExportBlob& blob,
                                  size_t bytes,
                                  void** ptr);
    static aclError close_exported(void* ptr, size_t bytes);

    // Virtual memory; the unit is the page.
    static aclError reserve(size_t bytes, void* wanted, void** ptr);
    static aclError release_reservation(void* ptr, size_t bytes);
    aclError create_physical(size_t bytes, std::unique_ptr<BackendPhysical>* physical);
    static aclError map(void* ptr, size_t bytes, BackendPhysical& physical);
    static aclError unmap(void* ptr, size_t bytes);
    /// flags: aclrtMemAccessFlags (0 none, 1 read, 3 read-write).
    static aclError protect(void* ptr, size_t bytes, int flags);
    static aclError export_physical(BackendPhysical& physical, ExportBlob* blob);
    static aclError import_physical(int32_t exporter,
                                    const ExportBlob& blob,
                                    size_t bytes,
                                    std::unique_ptr<BackendPhysical>* physical);

    /// Why this thread's last failing call failed (cleared by reading it).
    static std::string take_last_error();

private:
    // A block of its own pages.
    struct Block {
        size_t bytes = 0;   // asked for (the front end's padded size)
        size_t mapped = 0;  // whole pages
        int fd = -1;        // the memfd once shared
    };

    std::shared_ptr<MemoryBudget> budget_;
    std::mutex mutex_;
    SlabPool slabs_;
    std::map<uintptr_t, Block> blocks_;
};

}  // namespace aclemu::rt::cpu
