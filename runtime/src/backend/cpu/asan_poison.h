// AddressSanitizer's manual poisoning for the CPU backend's device memory, as no-ops in builds
// without it. The backend maps device blocks itself (device_memory.h), so ASan sees them as
// addressable all through: the slack between a block's (padded) size and the end of its page or
// slot, and a free slot, are poisoned so that an access there is reported ("use-after-poison").
#pragma once

#include <cstddef>

#if defined(__SANITIZE_ADDRESS__)
#    define ACLEMU_CPU_ASAN 1
#elif defined(__has_feature)
#    if __has_feature(address_sanitizer)
#        define ACLEMU_CPU_ASAN 1
#    endif
#endif

#if defined(ACLEMU_CPU_ASAN)
#    include <sanitizer/asan_interface.h>
#endif

namespace aclemu::rt::cpu {

#if defined(ACLEMU_CPU_ASAN)
constexpr bool kAsan = true;
inline void poison(const void* ptr, size_t bytes) {
    ASAN_POISON_MEMORY_REGION(ptr, bytes);
}
inline void unpoison(const void* ptr, size_t bytes) {
    ASAN_UNPOISON_MEMORY_REGION(ptr, bytes);
}
#else
constexpr bool kAsan = false;
inline void poison(const void*, size_t) {}
inline void unpoison(const void*, size_t) {}
#endif

}  // namespace aclemu::rt::cpu
