// What the rest of the front end asks of the registries behind the IPC (api_ipc.cpp), virtual
// memory (api_vmm.cpp) and custom allocator (api_allocator.cpp) entry points.
#pragma once

#include "backend/backend.h"

#include <cstddef>
#include <cstdint>

namespace aclemu::rt {

/// aclrtFree of the aclrtMalloc block [base, base + bytes): withdraws the IPC exports inside it.
void withdraw_ipc_exports(uintptr_t base, size_t bytes);

/// aclFinalize, with the backend still there: unmaps memory other processes shared, withdraws
/// this process's exports. Leaves their allocation-table entries to the caller.
void release_ipc(Backend& backend);
/// aclFinalize: unmaps every mapping, releases reservations and physical allocations.
void release_vmm(Backend& backend);
/// aclFinalize: forgets the allocators registered on streams (descriptors stay the user's).
void forget_allocator_registrations();

/// Everything above, at aclFinalize.
inline void release_memory_registries(Backend& backend) {
    release_ipc(backend);
    release_vmm(backend);
    forget_allocator_registrations();
}

}  // namespace aclemu::rt
