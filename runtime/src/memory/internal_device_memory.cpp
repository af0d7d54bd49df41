#include "memory/internal_device_memory.h"

#include "core/status.h"
#include "runtime_state.h"

#include <string>

namespace aclemu::rt {

aclError allocate_internal_block(Backend* backend, int32_t device, size_t bytes, void** out) {
    void* block = nullptr;
    if (aclError err = backend->memory().malloc_device(&block, bytes); err != ACL_SUCCESS) {
        return backend_failed(
            err, backend, "cannot allocate " + std::to_string(bytes) + " bytes of device memory");
    }
    if (aclError err = backend->memory().memset_sync(block, 0, bytes); err != ACL_SUCCESS) {
        backend->memory().free_device(block);
        return backend_failed(err, backend, "cannot clear device memory");
    }
    runtime().allocations().insert(
        Allocation{reinterpret_cast<uintptr_t>(block), bytes, AllocKind::Device, device});
    *out = block;
    return ACL_SUCCESS;
}

void free_internal_block(Backend* backend, void* block) {
    if (runtime().allocations().erase(block, AllocKind::Device)) {
        backend->memory().free_device(block);
    }
}

}  // namespace aclemu::rt
