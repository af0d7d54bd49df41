// The x86 instruction sets of the CPU kernels' optional paths: which one runs, and how code for
// it is compiled. The one place that asks the CPU what it runs.
//
// Note [x86 paths]: the build targets plain x86-64 (SSE2). Code for a wider set is compiled
// inside a region of its own, which is also a namespace named after the set (in an anonymous
// namespace of the file), and called only where cpu_isa() says it may run (`cpu_isa() >=
// CpuIsa::Avx2F16c`). Generic code is written once in a header and compiled per set by
// x86/per_isa.h (elementwise_loops.h, x86/convert.h); hand-written intrinsics sit in an AVX2
// region next to the portable loop they replace:
//
//   #if ACLEMU_X86
//   ACLEMU_X86_AVX2_BEGIN         // AVX2 + F16C: namespace avx2
//   ... functions ...
//   ACLEMU_X86_AVX2_END
//   #endif
//
// No region enables FMA, so nothing is contracted and every path gives the portable code's
// bits; tests compare the paths by capping cpu_isa() (force_cpu_isa). ACLEMU_X86 is 1 where
// regions exist (GCC or Clang on x86-64), else 0 and only the portable code is built;
// ACLEMU_X86_AVX512 is 1 where the AVX-512 region (namespace avx512) exists too: GCC only, as
// Clang's AVX-512 target brings FMA, which its default contraction would use.
#pragma once

#include <atomic>

#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__)
#    define ACLEMU_X86 1
#    include <cpuid.h>
#    include <immintrin.h>
#    if defined(__clang__)
// _Pragma takes one string literal: these lines stay unsplit.
// clang-format off
#        define ACLEMU_X86_PUSH_AVX2 _Pragma("clang attribute push(__attribute__((target(\"avx2,f16c\"))), apply_to = function)")
#        define ACLEMU_X86_POP _Pragma("clang attribute pop")
// clang-format on
#        define ACLEMU_X86_AVX512 0
#        define ACLEMU_X86_NOIPA  __attribute__((noinline))
#    else
// clang-format off
#        define ACLEMU_X86_PUSH_AVX2 _Pragma("GCC push_options") _Pragma("GCC target(\"avx2,f16c\")")
#        define ACLEMU_X86_PUSH_AVX512 _Pragma("GCC push_options") _Pragma("GCC target(\"avx2,f16c,avx512f,avx512bw,avx512vl,avx512dq,prefer-vector-width=512\")")
#        define ACLEMU_X86_POP _Pragma("GCC pop_options")
// clang-format on
#        define ACLEMU_X86_AVX512 1
#        define ACLEMU_X86_NOIPA  __attribute__((noipa))
#        define ACLEMU_X86_AVX512_BEGIN        \
            ACLEMU_X86_PUSH_AVX512 namespace { \
                namespace avx512 {
#        define ACLEMU_X86_AVX512_END \
            }                         \
            }                         \
            ACLEMU_X86_POP
#    endif
#    define ACLEMU_X86_AVX2_BEGIN        \
        ACLEMU_X86_PUSH_AVX2 namespace { \
            namespace avx2 {
#    define ACLEMU_X86_AVX2_END \
        }                       \
        }                       \
        ACLEMU_X86_POP
#else
#    define ACLEMU_X86        0
#    define ACLEMU_X86_AVX512 0
#endif

namespace aclemu::kernels::cpu {

/// The instruction sets of the optional paths. Ordered: a CPU that runs one runs every smaller
/// one. Avx512 means AVX-512 F, BW, VL and DQ (with AVX2 + F16C).
enum class CpuIsa { Baseline = 0, Avx2F16c = 1, Avx512 = 2 };

#if ACLEMU_X86
namespace detail {

// CPUID by hand (Clang's __builtin_cpu_supports has no "f16c"): the features, and the OS saving
// the registers they use (OSXSAVE, then XCR0: bits 1-2 for YMM, 5-7 for the opmask and ZMM).
inline CpuIsa detect_isa() {
    unsigned a = 0, b = 0, c = 0, d = 0;
    if (__get_cpuid_max(0, nullptr) < 7 || !__get_cpuid(1, &a, &b, &c, &d)) {
        return CpuIsa::Baseline;
    }
    const bool f16c = (c & (1u << 29)) != 0;
    const bool avx = (c & (1u << 28)) != 0;
    const bool osxsave = (c & (1u << 27)) != 0;
    if (!f16c || !avx || !osxsave) {
        return CpuIsa::Baseline;
    }
    unsigned xcr0_lo = 0, xcr0_hi = 0;
    __asm__ volatile("xgetbv" : "=a"(xcr0_lo), "=d"(xcr0_hi) : "c"(0));
    if ((xcr0_lo & 0x6u) != 0x6u) {
        return CpuIsa::Baseline;
    }
    __cpuid_count(7, 0, a, b, c, d);
    if ((b & (1u << 5)) == 0) {  // AVX2
        return CpuIsa::Baseline;
    }
    constexpr unsigned kAvx512 = (1u << 16) | (1u << 17) | (1u << 30) | (1u << 31);  // F DQ BW VL
    const bool avx512 = (b & kAvx512) == kAvx512 && (xcr0_lo & 0xE0u) == 0xE0u;
    return avx512 ? CpuIsa::Avx512 : CpuIsa::Avx2F16c;
}

}  // namespace detail
#endif

/// The widest CpuIsa this CPU and OS run (asked once); Baseline off x86-64.
inline CpuIsa cpu_isa_detected() {
#if ACLEMU_X86
    static const CpuIsa isa = detail::detect_isa();
    return isa;
#else
    return CpuIsa::Baseline;
#endif
}

/// The widest CpuIsa this CPU runs and this build has paths for.
inline CpuIsa cpu_isa_supported() {
    const CpuIsa detected = cpu_isa_detected();
    if (!ACLEMU_X86_AVX512 && detected == CpuIsa::Avx512) {
        return CpuIsa::Avx2F16c;
    }
    return detected;
}

namespace detail {
// A test's cap on the paths (a CpuIsa), or -1 for none.
inline std::atomic<int>& forced_isa() {
    static std::atomic<int> isa{-1};
    return isa;
}
}  // namespace detail

/// The set the kernels' optional paths run with now (Note [x86 paths]).
inline CpuIsa cpu_isa() {
    const int forced = detail::forced_isa().load(std::memory_order_relaxed);
    return forced >= 0 ? static_cast<CpuIsa>(forced) : cpu_isa_supported();
}

/// Tests: the following kernel calls (all threads) run the paths of `isa` and below, so each
/// path can be compared with the portable one. False, and nothing changes, when `isa` is wider
/// than cpu_isa_supported().
inline bool force_cpu_isa(CpuIsa isa) {
    if (static_cast<int>(isa) > static_cast<int>(cpu_isa_supported())) {
        return false;
    }
    detail::forced_isa().store(static_cast<int>(isa), std::memory_order_relaxed);
    return true;
}

/// Tests: back to cpu_isa_supported().
inline void unforce_cpu_isa() {
    detail::forced_isa().store(-1, std::memory_order_relaxed);
}

}  // namespace aclemu::kernels::cpu
