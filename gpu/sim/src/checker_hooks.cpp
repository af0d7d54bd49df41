// The memory hooks of the race checker (checker.h): the functions that code compiled with
// -fsanitize=thread calls for each access, defined here instead of by ThreadSanitizer's runtime.
// The simulator's kernel libraries are compiled that way when ACLEMU_GPUSIM_CHECKER is on
// (gpu/sim/gpusim.cmake); outside a checked kernel every hook only does the access it stands for.
// Atomic operations are done sequentially consistent, whatever order they asked for.
#include "checker.h"
#include "sanitizer.h"

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace gpusim::detail::check {

bool memory_hooks_built() {
#if defined(GPUSIM_CHECKER_HOOKS) && !defined(GPUSIM_TSAN)
    return true;
#else
    return false;
#endif
}

}  // namespace gpusim::detail::check

#if defined(GPUSIM_CHECKER_HOOKS) && !defined(GPUSIM_TSAN)

namespace {

using gpusim::detail::check::Access;

inline void hook(const volatile void* address, size_t bytes, Access kind, size_t align) {
    if (gpusim::detail::check::BlockChecker* checker = gpusim::detail::check::current()) {
        checker->access(const_cast<const void*>(address), bytes, kind, align);
    }
}

}  // namespace

#    define GPUSIM_HOOK extern "C" __attribute__((visibility("default")))

GPUSIM_HOOK void __tsan_init() {}
GPUSIM_HOOK void __tsan_func_entry(void*) {}
GPUSIM_HOOK void __tsan_func_exit() {}
GPUSIM_HOOK void __tsan_vptr_update(void**, void*) {}
GPUSIM_HOOK void __tsan_vptr_read(void**) {}

#    define GPUSIM_PLAIN_HOOKS(n)                                      \
        GPUSIM_HOOK void __tsan_read##n(void* p) {                     \
            hook(p, n, Access::Read, n);                               \
        }                                                              \
        GPUSIM_HOOK void __tsan_write##n(void* p) {                    \
            hook(p, n, Access::Write, n);                              \
        }                                                              \
        GPUSIM_HOOK void __tsan_unaligned_read##n(void* p) {           \
            hook(p, n, Access::Read, 1);                               \
        }                                                              \
        GPUSIM_HOOK void __tsan_unaligned_write##n(void* p) {          \
            hook(p, n, Access::Write, 1);                              \
        }                                                              \
        GPUSIM_HOOK void __tsan_volatile_read##n(void* p) {            \
            hook(p, n, Access::Read, n);                               \
        }                                                              \
        GPUSIM_HOOK void __tsan_volatile_write##n(void* p) {           \
            hook(p, n, Access::Write, n);                              \
        }                                                              \
        GPUSIM_HOOK void __tsan_unaligned_volatile_read##n(void* p) {  \
            hook(p, n, Access::Read, 1);                               \
        }                                                              \
        GPUSIM_HOOK void __tsan_unaligned_volatile_write##n(void* p) { \
            hook(p, n, Access::Write, 1);                              \
        }

GPUSIM_PLAIN_HOOKS(1)
GPUSIM_PLAIN_HOOKS(2)
GPUSIM_PLAIN_HOOKS(4)
GPUSIM_PLAIN_HOOKS(8)
GPUSIM_PLAIN_HOOKS(16)

GPUSIM_HOOK void __tsan_read_range(void* p, size_t bytes) {
    hook(p, bytes, Access::Read, 1);
}
GPUSIM_HOOK void __tsan_write_range(void* p, size_t bytes) {
    hook(p, bytes, Access::Write, 1);
}

// Clang's instrumentation calls these for memcpy, memmove and memset.
GPUSIM_HOOK void* __tsan_memcpy(void* dst, const void* src, size_t bytes) {
    hook(src, bytes, Access::Read, 1);
    hook(dst, bytes, Access::Write, 1);
    return std::memcpy(dst, src, bytes);
}
GPUSIM_HOOK void* __tsan_memmove(void* dst, const void* src, size_t bytes) {
    hook(src, bytes, Access::Read, 1);
    hook(dst, bytes, Access::Write, 1);
    return std::memmove(dst, src, bytes);
}
GPUSIM_HOOK void* __tsan_memset(void* dst, int value, size_t bytes) {
    hook(dst, bytes, Access::Write, 1);
    return std::memset(dst, value, bytes);
}

GPUSIM_HOOK void __tsan_atomic_thread_fence(int) {
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
}
GPUSIM_HOOK void __tsan_atomic_signal_fence(int) {
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
}

#    define GPUSIM_ATOMIC_RMW(n, T, op)                                  \
        GPUSIM_HOOK T __tsan_atomic##n##_##op(volatile T* a, T v, int) { \
            hook(a, sizeof(T), Access::Atomic, sizeof(T));               \
            return __atomic_##op(a, v, __ATOMIC_SEQ_CST);                \
        }

#    define GPUSIM_ATOMIC_HOOKS(n, T)                                        \
        GPUSIM_HOOK T __tsan_atomic##n##_load(const volatile T* a, int) {    \
            hook(a, sizeof(T), Access::Atomic, sizeof(T));                   \
            return __atomic_load_n(a, __ATOMIC_SEQ_CST);                     \
        }                                                                    \
        GPUSIM_HOOK void __tsan_atomic##n##_store(volatile T* a, T v, int) { \
            hook(a, sizeof(T), Access::Atomic, sizeof(T));                   \
            __atomic_store_n(a, v, __ATOMIC_SEQ_CST);                        \
        }                                                                    \
        GPUSIM_HOOK T __tsan_atomic##n##_exchange(volatile T* a, T v, int) { \
            hook(a, sizeof(T), Access::Atomic, sizeof(T));                   \
            return __atomic_exchange_n(a, v, __ATOMIC_SEQ_CST);              \
        }                                                                    \
        GPUSIM_ATOMIC_RMW(n, T, fetch_add)                                   \
        GPUSIM_ATOMIC_RMW(n, T, fetch_sub)                                   \
        GPUSIM_ATOMIC_RMW(n, T, fetch_and)                                   \
        GPUSIM_ATOMIC_RMW(n, T, fetch_or)                                    \
        GPUSIM_ATOMIC_RMW(n, T, fetch_xor)                                   \
        GPUSIM_ATOMIC_RMW(n, T, fetch_nand)                                  \
        GPUSIM_HOOK int __tsan_atomic##n##_compare_exchange_strong(          \
            volatile T* a, T* expected, T v, int, int) {                     \
            hook(a, sizeof(T), Access::Atomic, sizeof(T));                   \
            return __atomic_compare_exchange_n(                              \
                a, expected, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);  \
        }                                                                    \
        GPUSIM_HOOK int __tsan_atomic##n##_compare_exchange_weak(            \
            volatile T* a, T* expected, T v, int, int) {                     \
            hook(a, sizeof(T), Access::Atomic, sizeof(T));                   \
            return __atomic_compare_exchange_n(                              \
                a, expected, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);  \
        }                                                                    \
        GPUSIM_HOOK T __tsan_atomic##n##_compare_exchange_val(               \
            volatile T* a, T expected, T v, int, int) {                      \
            hook(a, sizeof(T), Access::Atomic, sizeof(T));                   \
            __atomic_compare_exchange_n(                                     \
                a, &expected, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST); \
            return expected;                                                 \
        }

GPUSIM_ATOMIC_HOOKS(8, uint8_t)
GPUSIM_ATOMIC_HOOKS(16, uint16_t)
GPUSIM_ATOMIC_HOOKS(32, uint32_t)
GPUSIM_ATOMIC_HOOKS(64, uint64_t)

#endif
