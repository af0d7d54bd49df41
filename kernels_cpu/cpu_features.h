// Run-time CPU feature check for the CPU kernels' optional x86 paths, the one place that asks the
// CPU what it runs. The build targets plain x86-64 (SSE2); code compiled for AVX2 + F16C (BN,
// upsample, conversions: __attribute__((target("avx2,f16c")))) may only run where
// cpu_has_avx2_f16c() is true, and the elementwise AVX-512 loops only where cpu_isa_detected()
// is CpuIsa::Avx512 (cpu_isa.h picks among them). ACLEMU_CPU_X86_DISPATCH is 1 where such
// functions can be compiled (GCC or Clang on x86-64), else 0 and only the portable code exists.
// None of those paths enables FMA, so nothing is contracted: the portable code's bits.
#pragma once

#include <atomic>

#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__)
#    define ACLEMU_CPU_X86_DISPATCH 1
#    include <cpuid.h>
#else
#    define ACLEMU_CPU_X86_DISPATCH 0
#endif

namespace aclemu::kernels::cpu {

/// Instruction sets of the optional paths. Ordered: a CPU that runs one runs every smaller one.
/// Avx512 means AVX-512 F, BW, VL and DQ (with AVX2 + F16C).
enum class CpuIsa { Baseline = 0, Avx2F16c = 1, Avx512 = 2 };

#if ACLEMU_CPU_X86_DISPATCH
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

/// The widest CpuIsa this CPU and OS run (asked once); Baseline where the x86 paths are not
/// compiled.
inline CpuIsa cpu_isa_detected() {
#if ACLEMU_CPU_X86_DISPATCH
    static const CpuIsa isa = detail::detect_isa();
    return isa;
#else
    return CpuIsa::Baseline;
#endif
}

namespace detail {

inline std::atomic<bool>& portable_only() {
    static std::atomic<bool> flag{false};
    return flag;
}

}  // namespace detail

/// True when the AVX2 + F16C paths of the BN, upsample and conversion kernels may run: this CPU
/// (and OS) supports them and no test asked for the portable paths.
inline bool cpu_has_avx2_f16c() {
    return cpu_isa_detected() >= CpuIsa::Avx2F16c
           && !detail::portable_only().load(std::memory_order_relaxed);
}

/// Tests: true runs the portable code of the BN, upsample and conversion kernels even where the
/// CPU has AVX2 + F16C, so both paths can be compared; false goes back to what the CPU supports.
/// Affects every thread. (The elementwise loops have their own switch: force_elementwise_isa.)
inline void force_portable_cpu_paths(bool portable) {
    detail::portable_only().store(portable, std::memory_order_relaxed);
}

}  // namespace aclemu::kernels::cpu
