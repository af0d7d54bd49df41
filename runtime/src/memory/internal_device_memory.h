// Small device blocks the runtime keeps for itself (a notify's word, a device's overflow
// status), zeroed, entered in the allocation table like aclrtMalloc blocks, so aclFinalize frees
// them with the rest and the stream memory operations can check them like user memory.
#pragma once

#include "acl/acl_base.h"

#include "backend/backend.h"

#include <cstddef>
#include <cstdint>

namespace aclemu::rt {

/// `bytes` of zeroed device memory on the calling thread's current device (logical `device`).
aclError allocate_internal_block(Backend* backend, int32_t device, size_t bytes, void** out);

/// Releases a block from allocate_internal_block (waits for the device's pending work first,
/// as aclrtFree does).
void free_internal_block(Backend* backend, void* block);

}  // namespace aclemu::rt
