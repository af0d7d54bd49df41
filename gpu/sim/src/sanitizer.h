// The sanitizer hooks the simulator needs, as no-ops in builds without them: ThreadSanitizer's
// fiber API and its synchronization annotations (so each GPU thread is a thread of its own to
// TSan, synchronized only where the hardware synchronizes it) and AddressSanitizer's stack-switch
// annotations (so ASan follows the fibers' stacks).
#pragma once

#include <cstddef>

#if defined(__SANITIZE_THREAD__)
#    define GPUSIM_TSAN 1
#elif defined(__has_feature)
#    if __has_feature(thread_sanitizer)
#        define GPUSIM_TSAN 1
#    endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#    define GPUSIM_ASAN 1
#elif defined(__has_feature)
#    if __has_feature(address_sanitizer)
#        define GPUSIM_ASAN 1
#    endif
#endif

#if defined(GPUSIM_TSAN)
extern "C" {
void* __tsan_get_current_fiber(void);
void* __tsan_create_fiber(unsigned flags);
void __tsan_destroy_fiber(void* fiber);
void __tsan_switch_to_fiber(void* fiber, unsigned flags);
void __tsan_set_fiber_name(void* fiber, const char* name);
void __tsan_acquire(void* addr);
void __tsan_release(void* addr);
void AnnotateIgnoreSyncBegin(const char* file, int line);
void AnnotateIgnoreSyncEnd(const char* file, int line);
void AnnotateIgnoreReadsBegin(const char* file, int line);
void AnnotateIgnoreReadsEnd(const char* file, int line);
void AnnotateIgnoreWritesBegin(const char* file, int line);
void AnnotateIgnoreWritesEnd(const char* file, int line);
}
#endif
#if defined(GPUSIM_ASAN)
extern "C" {
void __sanitizer_start_switch_fiber(void** fake_stack_save, const void* bottom, size_t size);
void __sanitizer_finish_switch_fiber(void* fake_stack_save,
                                     const void** bottom_old,
                                     size_t* size_old);
}
#endif

namespace gpusim::detail::san {

#if defined(GPUSIM_TSAN)
constexpr unsigned kSwitchNoSync = 1;  // __tsan_switch_to_fiber_no_sync
inline void* current_fiber() {
    return __tsan_get_current_fiber();
}
inline void* create_fiber() {
    return __tsan_create_fiber(0);
}
inline void destroy_fiber(void* fiber) {
    __tsan_destroy_fiber(fiber);
}
inline void switch_to_fiber(void* fiber) {
    __tsan_switch_to_fiber(fiber, kSwitchNoSync);
}
inline void set_fiber_name(void* fiber, const char* name) {
    __tsan_set_fiber_name(fiber, name);
}
/// Happens-before edges, only where the hardware has them (barrier, launch, stream order).
inline void release(void* anchor) {
    __tsan_release(anchor);
}
inline void acquire(void* anchor) {
    __tsan_acquire(anchor);
}
/// While alive, the calling thread's accesses and synchronization are invisible to TSan: for the
/// simulator's own plumbing shared by every stream (the block runners), whose locks would
/// otherwise order unrelated kernels, and for what a runner writes that its fibers read (set up
/// before they exist, or poison), which no hardware synchronization orders either. (TSan cannot
/// forget accesses already recorded: AnnotateNewMemory does nothing in its current runtime.)
class Invisible {
public:
    Invisible() {
        AnnotateIgnoreReadsBegin(__FILE__, __LINE__);
        AnnotateIgnoreWritesBegin(__FILE__, __LINE__);
        AnnotateIgnoreSyncBegin(__FILE__, __LINE__);
    }
    ~Invisible() {
        AnnotateIgnoreSyncEnd(__FILE__, __LINE__);
        AnnotateIgnoreWritesEnd(__FILE__, __LINE__);
        AnnotateIgnoreReadsEnd(__FILE__, __LINE__);
    }
    Invisible(const Invisible&) = delete;
    Invisible& operator=(const Invisible&) = delete;
};
#else
inline void* current_fiber() {
    return nullptr;
}
inline void* create_fiber() {
    return nullptr;
}
inline void destroy_fiber(void*) {}
inline void switch_to_fiber(void*) {}
inline void set_fiber_name(void*, const char*) {}
inline void release(void*) {}
inline void acquire(void*) {}
class Invisible {
public:
    Invisible() {}  // user-provided, so an unused instance draws no warning
    Invisible(const Invisible&) = delete;
    Invisible& operator=(const Invisible&) = delete;
};
#endif

#if defined(GPUSIM_ASAN)
inline void start_switch(void** fake_stack_save, const void* bottom, size_t size) {
    __sanitizer_start_switch_fiber(fake_stack_save, bottom, size);
}
inline void finish_switch(void* fake_stack_save, const void** bottom_old, size_t* size_old) {
    __sanitizer_finish_switch_fiber(fake_stack_save, bottom_old, size_old);
}
#else
inline void start_switch(void**, const void*, size_t) {}
inline void finish_switch(void*, const void**, size_t*) {}
#endif

}  // namespace gpusim::detail::san
