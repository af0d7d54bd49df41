#include "memory/mem_pool.h"

#include "acl/acl_rt_memory_soma.h"

#include "aclemu/checked_math.h"
#include "backend/backend.h"
#include "core/arg_checks.h"
#include "core/status.h"
#include "handles/handle_arena.h"
#include "runtime_state.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <map>
#include <mutex>
#include <string>

namespace aclemu::rt {

// A named namespace, not an anonymous one: MemPool (declared in mem_pool.h) holds PoolBlocks,
// and in a unity build this file is included into another, where g++ refuses a class of a
// header whose field's type has internal linkage (-Wsubobject-linkage).
namespace mem_pool_blocks {

// Pool blocks are rounded as aclrtMalloc's are (32 bytes), and never larger than this.
constexpr size_t kBlockAlignment = 32;
constexpr size_t kMaxBlockBytes = size_t{1} << 62;

enum class BlockState { InUse, Freeing, Idle };

struct PoolBlock {
    size_t capacity = 0;  // what was allocated
    size_t bytes = 0;     // what the current owner asked for
    BlockState state = BlockState::InUse;
    std::weak_ptr<Stream> freed_on;        // Freeing: the stream whose order frees it
    std::shared_ptr<StreamMark> freed_at;  // Freeing: reached once that stream passed the free
    uint64_t free_order = 0;               // the older free is reused first (stable addresses)
};

// A byte count and its high-water mark (ACL_RT_MEM_POOL_ATTR_*_MEM_CURRENT and _HIGH).
struct Watermarked {
    uint64_t current = 0;
    uint64_t high = 0;

    void add(uint64_t bytes) {
        current += bytes;
        high = std::max(high, current);
    }
};

}  // namespace mem_pool_blocks

using mem_pool_blocks::BlockState;
using mem_pool_blocks::kBlockAlignment;
using mem_pool_blocks::kMaxBlockBytes;
using mem_pool_blocks::PoolBlock;
using mem_pool_blocks::Watermarked;

class MemPool {
public:
    explicit MemPool(const MemPoolSpec& spec) : spec(spec) {}

    const MemPoolSpec spec;
    // Everything below is under Pools::mu.
    std::map<uintptr_t, PoolBlock> blocks;
    uint64_t release_threshold = 0;
    uint32_t follow_event_dependencies = 1;  // CUDA's defaults: every reuse switch on
    uint32_t allow_opportunistic = 1;
    uint32_t allow_internal_dependencies = 1;
    Watermarked reserved;
    Watermarked used;
    bool destroyed = false;  // no longer a handle; kept until its last block is released
};

namespace {

struct Pools {
    std::mutex mu;
    std::map<const MemPool*, std::shared_ptr<MemPool>> all;  // live and destroyed-with-blocks
    std::map<uintptr_t, MemPool*> owner;                     // block base -> its pool
    uint64_t frees = 0;
    std::atomic<size_t> count{0};  // all.size(), read without the lock
};

Pools& pools() {
    static Pools* state = new Pools();  // outlives static destruction (aclFinalize at exit)
    return *state;
}

void update_count(Pools& p) {
    p.count.store(p.all.size(), std::memory_order_release);
}

// A freeing block whose stream has passed its free becomes idle.
bool settle(PoolBlock& block) {
    if (block.state == BlockState::Freeing) {
        int64_t ns = 0;
        if (block.freed_at == nullptr
            || block.freed_at->poll(0, &ns) != StreamMark::State::Pending) {
            block.state = BlockState::Idle;
            block.freed_at.reset();
            block.freed_on.reset();
        }
    }
    return block.state == BlockState::Idle;
}

void release_block(Pools& p, Backend* backend, MemPool& pool, uintptr_t base) {
    auto it = pool.blocks.find(base);
    void* ptr = reinterpret_cast<void*>(base);
    if (runtime().allocations().erase(ptr, AllocKind::Device, AllocOrigin::Pool)
        && backend != nullptr) {
        backend->memory().free_device(ptr);
    }
    pool.reserved.current -= it->second.capacity;
    p.owner.erase(base);
    pool.blocks.erase(it);
}

// Releases idle blocks, largest first, until the pool reserves at most `keep` bytes.
void release_idle(Pools& p, Backend* backend, MemPool& pool, uint64_t keep) {
    while (pool.reserved.current > keep) {
        uintptr_t largest = 0;
        size_t largest_bytes = 0;
        for (auto& [base, block] : pool.blocks) {
            if (settle(block) && block.capacity > largest_bytes) {
                largest = base;
                largest_bytes = block.capacity;
            }
        }
        if (largest_bytes == 0) {
            return;
        }
        release_block(p, backend, pool, largest);
    }
}

// A destroyed pool without blocks is forgotten.
void drop_if_finished(Pools& p, MemPool& pool) {
    if (pool.destroyed && pool.blocks.empty()) {
        p.all.erase(&pool);
        update_count(p);
    }
}

// The block `stream` may take for `size` bytes without waiting: idle, or freeing on `stream`
// itself (its later work runs after the free), or freeing elsewhere and already passed when
// opportunistic reuse is on. The smallest that fits (at most twice the size), the oldest free
// first; 0 when none.
uintptr_t find_reusable(MemPool& pool, size_t size, const Stream* stream) {
    const size_t limit = std::max(size * 2, size + kBlockAlignment);
    uintptr_t best = 0;
    const PoolBlock* best_block = nullptr;
    for (auto& [base, block] : pool.blocks) {
        if (block.state == BlockState::InUse || block.capacity < size || block.capacity > limit) {
            continue;
        }
        const bool same_stream =
            block.state == BlockState::Freeing && block.freed_on.lock().get() == stream;
        if (!same_stream && !(block.state == BlockState::Idle || pool.allow_opportunistic != 0)) {
            continue;
        }
        if (!same_stream && !settle(block)) {
            continue;
        }
        if (best_block == nullptr || block.capacity < best_block->capacity
            || (block.capacity == best_block->capacity
                && block.free_order < best_block->free_order)) {
            best = base;
            best_block = &block;
        }
    }
    return best;
}

aclError allocate_block(
    Backend* backend, MemPool& pool, size_t capacity, const Stream& stream, void** out) {
    const bool elsewhere = stream.physical != pool.spec.physical;
    aclError err = elsewhere ? backend->bind_device(pool.spec.physical) : ACL_SUCCESS;
    void* block = nullptr;
    if (err == ACL_SUCCESS) {
        err = backend->memory().malloc_device(&block, capacity);
    }
    if (elsewhere) {
        backend->bind_device(stream.physical);  // back to the stream's device
    }
    if (err != ACL_SUCCESS || block == nullptr) {
        return backend_failed(ACL_ERROR_RT_MEMORY_ALLOCATION,
                              backend,
                              "cannot allocate " + std::to_string(capacity)
                                  + " bytes for a memory pool on device "
                                  + std::to_string(pool.spec.device));
    }
    *out = block;
    return ACL_SUCCESS;
}

void enter_in_table(const MemPool& pool, uintptr_t base, const PoolBlock& block) {
    Allocation allocation{base, block.bytes, AllocKind::Device, pool.spec.device};
    allocation.origin = AllocOrigin::Pool;
    allocation.reserved = block.capacity;
    runtime().allocations().insert(allocation);
}

aclError unknown_attr(int64_t attr) {
    return reject_arg(
        ACL_ERROR_RT_PARAM_INVALID,
        "attr",
        attr,
        "is not an aclrtMemPoolAttr (ACL_RT_MEM_POOL_REUSE_FOLLOW_EVENT_DEPENDENCIES (1) "
        ".. ACL_RT_MEM_POOL_ATTR_USED_MEM_HIGH (8))");
}

aclError read_only(const char* name) {
    return reject_arg(ACL_ERROR_RT_PARAM_INVALID, "attr", std::string(name), "is read-only");
}

// The reuse switches, attributes 1 to 3 in order (is_reuse_switch).
constexpr uint32_t MemPool::*kReuseSwitches[] = {&MemPool::follow_event_dependencies,
                                                 &MemPool::allow_opportunistic,
                                                 &MemPool::allow_internal_dependencies};

bool is_reuse_switch(int64_t attr) {
    return attr >= ACL_RT_MEM_POOL_REUSE_FOLLOW_EVENT_DEPENDENCIES
           && attr <= ACL_RT_MEM_POOL_REUSE_ALLOW_INTERNAL_DEPENDENCIES;
}

uint32_t MemPool::*reuse_switch(int64_t attr) {
    return kReuseSwitches[attr - ACL_RT_MEM_POOL_REUSE_FOLLOW_EVENT_DEPENDENCIES];
}

// *value = field, as the attribute's own type.
template <class Field>
aclError write_value(void* value, Field field) {
    std::memcpy(value, &field, sizeof(Field));
    return ACL_SUCCESS;
}

}  // namespace

MemPool* create_mem_pool(const MemPoolSpec& spec) {
    std::shared_ptr<MemPool> pool;
    try {
        pool = make_handle_object<MemPool>(spec);
    } catch (const std::bad_alloc&) {
        return nullptr;
    }
    Pools& p = pools();
    std::lock_guard<std::mutex> lock(p.mu);
    MemPool* handle = pool.get();
    p.all.emplace(handle, std::move(pool));
    update_count(p);
    return handle;
}

std::shared_ptr<MemPool> find_mem_pool(const void* handle) {
    Pools& p = pools();
    std::lock_guard<std::mutex> lock(p.mu);
    auto it = p.all.find(static_cast<const MemPool*>(handle));
    return it != p.all.end() && !it->second->destroyed ? it->second : nullptr;
}

bool destroy_mem_pool(Backend* backend, const void* handle) {
    Pools& p = pools();
    std::lock_guard<std::mutex> lock(p.mu);
    auto it = p.all.find(static_cast<const MemPool*>(handle));
    if (it == p.all.end() || it->second->destroyed) {
        return false;
    }
    std::shared_ptr<MemPool> pool = it->second;
    pool->destroyed = true;
    release_idle(p, backend, *pool, 0);
    drop_if_finished(p, *pool);
    return true;
}

aclError get_mem_pool_attr(MemPool& pool, int64_t attr, void* value) {
    Pools& p = pools();
    std::lock_guard<std::mutex> lock(p.mu);
    if (is_reuse_switch(attr)) {
        return write_value(value, pool.*reuse_switch(attr));
    }
    switch (attr) {
        case ACL_RT_MEM_POOL_ATTR_RELEASE_THRESHOLD:
            return write_value(value, pool.release_threshold);
        case ACL_RT_MEM_POOL_ATTR_RESERVED_MEM_CURRENT:
            return write_value(value, pool.reserved.current);
        case ACL_RT_MEM_POOL_ATTR_RESERVED_MEM_HIGH:
            return write_value(value, pool.reserved.high);
        case ACL_RT_MEM_POOL_ATTR_USED_MEM_CURRENT:
            return write_value(value, pool.used.current);
        case ACL_RT_MEM_POOL_ATTR_USED_MEM_HIGH:
            return write_value(value, pool.used.high);
        default:
            return unknown_attr(attr);
    }
}

aclError set_mem_pool_attr(MemPool& pool, int64_t attr, const void* value) {
    Pools& p = pools();
    std::lock_guard<std::mutex> lock(p.mu);
    if (is_reuse_switch(attr)) {
        uint32_t flag = 0;
        std::memcpy(&flag, value, sizeof(flag));
        // 1 on, 0 off; one of CANN's pages says 2 for off, which is taken as off too.
        ACLEMU_TRY(reject_if(flag > 2,
                             "value",
                             flag,
                             "a reuse switch is 1 (on) or 0 (off)",
                             ACL_ERROR_RT_PARAM_INVALID));
        pool.*reuse_switch(attr) = flag == 1 ? 1 : 0;
        return ACL_SUCCESS;
    }
    uint64_t bytes = 0;
    std::memcpy(&bytes, value, sizeof(bytes));
    switch (attr) {
        case ACL_RT_MEM_POOL_ATTR_RELEASE_THRESHOLD:
            pool.release_threshold = bytes;
            return ACL_SUCCESS;
        case ACL_RT_MEM_POOL_ATTR_RESERVED_MEM_CURRENT:
            return read_only("ACL_RT_MEM_POOL_ATTR_RESERVED_MEM_CURRENT");
        case ACL_RT_MEM_POOL_ATTR_USED_MEM_CURRENT:
            return read_only("ACL_RT_MEM_POOL_ATTR_USED_MEM_CURRENT");
        case ACL_RT_MEM_POOL_ATTR_RESERVED_MEM_HIGH:
        case ACL_RT_MEM_POOL_ATTR_USED_MEM_HIGH: {
            ACLEMU_TRY(reject_if(bytes != 0,
                                 "value",
                                 bytes,
                                 "a high-water mark can only be reset, to 0",
                                 ACL_ERROR_RT_PARAM_INVALID));
            Watermarked& mark =
                attr == ACL_RT_MEM_POOL_ATTR_RESERVED_MEM_HIGH ? pool.reserved : pool.used;
            mark.high = mark.current;
            return ACL_SUCCESS;
        }
        default:
            return unknown_attr(attr);
    }
}

aclError mem_pool_malloc(Backend* backend,
                         MemPool& pool,
                         size_t size,
                         const std::shared_ptr<Stream>& stream,
                         void** out) {
    size_t capacity = 0;
    if (!checked_round_up(size, kBlockAlignment, &capacity) || capacity > kMaxBlockBytes) {
        return reject_arg(
            ACL_ERROR_RT_MEMORY_ALLOCATION, "size", size, "is larger than any allocation");
    }
    Pools& p = pools();
    std::lock_guard<std::mutex> lock(p.mu);
    if (uintptr_t base = find_reusable(pool, size, stream.get()); base != 0) {
        PoolBlock& block = pool.blocks[base];
        runtime().allocations().erase(
            reinterpret_cast<void*>(base), AllocKind::Device, AllocOrigin::Pool);
        block.state = BlockState::InUse;
        block.bytes = size;
        block.freed_at.reset();
        block.freed_on.reset();
        enter_in_table(pool, base, block);
        pool.used.add(block.capacity);
        *out = reinterpret_cast<void*>(base);
        return ACL_SUCCESS;
    }
    if (pool.spec.max_size != 0 && pool.reserved.current + capacity > pool.spec.max_size) {
        release_idle(p,
                     backend,
                     pool,
                     pool.spec.max_size - std::min<uint64_t>(capacity, pool.spec.max_size));
        if (pool.reserved.current + capacity > pool.spec.max_size) {
            return reject_arg(ACL_ERROR_RT_MEMORY_ALLOCATION,
                              "size",
                              size,
                              "the pool holds " + std::to_string(pool.reserved.current)
                                  + " bytes already and its maxSize is "
                                  + std::to_string(pool.spec.max_size));
        }
    }
    void* ptr = nullptr;
    ACLEMU_TRY(allocate_block(backend, pool, capacity, *stream, &ptr));
    const auto base = reinterpret_cast<uintptr_t>(ptr);
    PoolBlock& block = pool.blocks[base];
    block.capacity = capacity;
    block.bytes = size;
    pool.reserved.add(capacity);
    p.owner[base] = &pool;
    enter_in_table(pool, base, block);
    pool.used.add(block.capacity);
    *out = ptr;
    return ACL_SUCCESS;
}

aclError mem_pool_free(Backend* backend, void* ptr, const std::shared_ptr<Stream>& stream) {
    Pools& p = pools();
    std::lock_guard<std::mutex> lock(p.mu);
    const auto base = reinterpret_cast<uintptr_t>(ptr);
    auto owner = p.owner.find(base);
    if (owner == p.owner.end()) {
        auto block = runtime().allocations().find(ptr);
        const char* reason =
            block && block->origin == AllocOrigin::Pool
                ? "it points inside a memory pool block, not at its start"
                : "it was not returned by aclrtMemPoolMallocAsync (or its pool's blocks were "
                  "released by aclFinalize)";
        return reject_arg(ACL_ERROR_RT_PARAM_INVALID, "ptr", pointer_text(ptr), reason);
    }
    MemPool& pool = *owner->second;
    PoolBlock& block = pool.blocks[base];
    if (block.state != BlockState::InUse) {
        return reject_arg(ACL_ERROR_RT_PARAM_INVALID,
                          "ptr",
                          pointer_text(ptr),
                          "it has already been freed by aclrtMemPoolFreeAsync");
    }
    std::shared_ptr<StreamMark> mark;
    ACLEMU_TRY_BACKEND(backend->streams().mark_stream(stream->impl.get(), &mark),
                       backend,
                       "cannot order the free on the stream");
    block.state = BlockState::Freeing;
    block.freed_on = stream;
    block.freed_at = std::move(mark);
    block.free_order = ++p.frees;
    pool.used.current -= block.capacity;
    return ACL_SUCCESS;
}

void trim_mem_pools_after_sync(Backend* backend) {
    Pools& p = pools();
    if (p.count.load(std::memory_order_acquire) == 0) {
        return;
    }
    std::lock_guard<std::mutex> lock(p.mu);
    std::vector<std::shared_ptr<MemPool>> all;
    for (auto& entry : p.all) {
        all.push_back(entry.second);
    }
    for (auto& pool : all) {
        release_idle(p, backend, *pool, pool->destroyed ? 0 : pool->release_threshold);
        drop_if_finished(p, *pool);
    }
}

void forget_mem_pools() {
    Pools& p = pools();
    std::lock_guard<std::mutex> lock(p.mu);
    p.all.clear();
    p.owner.clear();
    update_count(p);
}

}  // namespace aclemu::rt
