// Run-time CPU feature check for the CPU kernels' optional x86 paths. The build targets plain
// x86-64 (SSE2); functions marked __attribute__((target("avx2,f16c"))) may only run where
// cpu_has_avx2_f16c() is true (tests can turn them off to compare). ACLEMU_CPU_X86_DISPATCH is
// 1 where such functions can be compiled (GCC or Clang on x86-64), else 0 and only the portable
// code exists. Those functions enable no FMA, so nothing is contracted: the portable code's bits.
#pragma once

#include <atomic>

#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__)
#    define ACLEMU_CPU_X86_DISPATCH 1
#    include <cpuid.h>
#else
#    define ACLEMU_CPU_X86_DISPATCH 0
#endif

namespace aclemu::kernels::cpu {

#if ACLEMU_CPU_X86_DISPATCH
namespace detail {

// CPUID by hand (Clang's __builtin_cpu_supports has no "f16c"): AVX2 and F16C present, and the
// OS saves the YMM registers (OSXSAVE, XCR0 bits 1-2).
inline bool detect_avx2_f16c() {
    unsigned a = 0, b = 0, c = 0, d = 0;
    if (__get_cpuid_max(0, nullptr) < 7 || !__get_cpuid(1, &a, &b, &c, &d)) {
        return false;
    }
    const bool f16c = (c & (1u << 29)) != 0;
    const bool avx = (c & (1u << 28)) != 0;
    const bool osxsave = (c & (1u << 27)) != 0;
    if (!f16c || !avx || !osxsave) {
        return false;
    }
    unsigned xcr0_lo = 0, xcr0_hi = 0;
    __asm__ volatile("xgetbv" : "=a"(xcr0_lo), "=d"(xcr0_hi) : "c"(0));
    if ((xcr0_lo & 0x6u) != 0x6u) {
        return false;
    }
    __cpuid_count(7, 0, a, b, c, d);
    return (b & (1u << 5)) != 0;  // AVX2
}

}  // namespace detail
#endif

namespace detail {

inline std::atomic<bool>& portable_only() {
    static std::atomic<bool> flag{false};
    return flag;
}

}  // namespace detail

/// True when the AVX2 + F16C paths may run: this CPU (and OS) supports them (checked once) and
/// no test asked for the portable paths.
inline bool cpu_has_avx2_f16c() {
#if ACLEMU_CPU_X86_DISPATCH
    static const bool yes = detail::detect_avx2_f16c();
    return yes && !detail::portable_only().load(std::memory_order_relaxed);
#else
    return false;
#endif
}

/// Tests: true runs the portable code even where the CPU has AVX2 + F16C, so both paths can be
/// compared; false goes back to what the CPU supports. Affects every thread.
inline void force_portable_cpu_paths(bool portable) {
    detail::portable_only().store(portable, std::memory_order_relaxed);
}

}  // namespace aclemu::kernels::cpu
