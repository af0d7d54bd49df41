// Stream-ordered memory pools (acl/acl_rt_memory_soma.h), the same logic on every backend, over
// the backend's own device allocation and its stream marks (backend.h, StreamMark).
//
// A block freed by aclrtMemPoolFreeAsync on stream S is "freeing" until S reaches that point
// (a StreamMark enqueued there). S itself may reuse it at once: what S runs later runs after
// the free. Another stream may reuse it only once the mark is reached (opportunistic reuse,
// on by default); aclemu never inserts a wait between streams to reuse a block sooner, so the
// event-dependency and internal-dependency switches are recorded and change nothing: a block
// is reused only when that is safe without them. A synchronize (stream or device) then gives
// idle blocks back to the device until the pool's reserved bytes are at most its release
// threshold. Blocks are entered in the allocation table (AllocOrigin::Pool), so copies and
// kernels check them like aclrtMalloc memory, and aclFinalize frees what is left.
#pragma once

#include "acl/acl_base.h"

#include <cstddef>
#include <cstdint>
#include <memory>

namespace aclemu::rt {

class Backend;
struct Stream;
class MemPool;

/// What aclrtMemPoolCreate checked: the pool's logical and backend device and its bound.
struct MemPoolSpec {
    int32_t device = 0;
    int32_t physical = 0;
    uint64_t max_size = 0;  // 0: only the device's memory bounds it
};

/// A new pool (its address is the handle); nullptr when out of memory.
MemPool* create_mem_pool(const MemPoolSpec& spec);
/// The live pool `handle` names, or nullptr.
std::shared_ptr<MemPool> find_mem_pool(const void* handle);
/// Ends `handle`: idle blocks are released now, the others once freed and reached. False when
/// it is not a live pool.
bool destroy_mem_pool(Backend* backend, const void* handle);

/// The pool's attribute `attr` (an aclrtMemPoolAttr value) into *value (uint32_t or uint64_t,
/// as the attribute is); ACL_ERROR_INVALID_PARAM with a message for an unknown one.
aclError get_mem_pool_attr(MemPool& pool, int64_t attr, void* value);
/// Sets `attr` from *value, with CANN's checks (read-only attributes, high marks only reset
/// to 0, switches 0 or 1).
aclError set_mem_pool_attr(MemPool& pool, int64_t attr, const void* value);

/// `size` (> 0) bytes from `pool` for work on `stream`: a block the stream may reuse, else a
/// new one within the pool's maxSize.
aclError mem_pool_malloc(Backend* backend,
                         MemPool& pool,
                         size_t size,
                         const std::shared_ptr<Stream>& stream,
                         void** out);
/// Frees the pool block at `ptr` in `stream`'s order. ACL_ERROR_RT_PARAM_INVALID with a message
/// when `ptr` is no pool block or is already free.
aclError mem_pool_free(Backend* backend, void* ptr, const std::shared_ptr<Stream>& stream);

/// After a successful synchronize: every pool releases idle blocks above its threshold (nothing
/// to do, and one atomic load, while no pool exists).
void trim_mem_pools_after_sync(Backend* backend);
/// aclFinalize: forgets every pool (the allocation table frees their blocks).
void forget_mem_pools();

}  // namespace aclemu::rt
