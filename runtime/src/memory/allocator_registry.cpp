#include "memory/allocator_registry.h"

namespace aclemu::rt {

AllocatorRegistry& allocator_registry() {
    static auto* instance = new AllocatorRegistry;
    return *instance;
}

void forget_allocator_registrations() {
    AllocatorRegistry& allocators = allocator_registry();
    std::lock_guard<std::mutex> lock(allocators.mutex);
    allocators.by_stream.clear();
}

}  // namespace aclemu::rt
