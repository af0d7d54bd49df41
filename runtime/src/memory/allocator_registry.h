// The memory domain's custom-allocator state (memory/api_allocator.cpp): live descriptors and
// the registrations on streams. One mutex.
#pragma once

#include "acl/acl.h"

#include "runtime_state.h"

#include <map>
#include <memory>
#include <mutex>
#include <set>

namespace aclemu::rt {

struct AllocatorCallbacks {
    aclrtAllocator object = nullptr;
    aclrtAllocatorAllocFunc alloc = nullptr;
    aclrtAllocatorFreeFunc free = nullptr;
    aclrtAllocatorAllocAdviseFunc alloc_advise = nullptr;
    aclrtAllocatorGetAddrFromBlockFunc get_addr = nullptr;
};

struct Registration {
    aclrtAllocatorDesc desc = nullptr;
    AllocatorCallbacks callbacks;  // as they were at aclrtAllocatorRegister
    std::weak_ptr<Stream> stream;  // a new stream at a destroyed one's address has none
};

struct AllocatorRegistry {
    std::mutex mutex;
    std::set<AllocatorCallbacks*> descs;            // live descriptors
    std::map<aclrtStream, Registration> by_stream;  // registrations
};

/// The process's registry; outlives every caller, aclFinalize included.
AllocatorRegistry& allocator_registry();

/// Teardown (teardown.h): forgets the allocators registered on streams (descriptors stay the
/// user's).
void forget_allocator_registrations();

}  // namespace aclemu::rt
