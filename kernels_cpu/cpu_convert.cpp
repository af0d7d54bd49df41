// Block dtype conversions (cpu_convert.h): the portable loops call dtype.h element by element;
// the x86 paths are x86/convert.h, compiled once per ISA region (Note [x86 paths]).
#include "kernels_cpu/cpu_convert.h"

#include "kernels_cpu/x86/isa.h"

#include <cstring>

namespace aclemu::kernels::cpu {
namespace {

template <typename T>
void widen_portable(const T* src, float* dst, int64_t n) {
    for (int64_t k = 0; k < n; ++k) {
        dst[k] = to_float(src[k]);
    }
}

// Long staged blocks: the next lines asked for ahead (the x86 paths do the same).
template <typename T>
void widen_prefetching(const T* src, float* dst, int64_t n) {
    constexpr int64_t kLine = 64 / sizeof(T);
    int64_t k = 0;
    for (; k + kLine <= n; k += kLine) {
        __builtin_prefetch(src + k + 512);
        for (int64_t j = 0; j < kLine; ++j) {
            dst[k + j] = to_float(src[k + j]);
        }
    }
    widen_portable(src + k, dst + k, n - k);
}

template <typename T>
void narrow_portable(const float* src, T* dst, int64_t n) {
    for (int64_t k = 0; k < n; ++k) {
        dst[k] = from_float<T>(src[k]);
    }
}

}  // namespace

// The x86 conversions, once per instruction set (avx2::, avx512::).
#define ACLEMU_X86_PER_ISA "kernels_cpu/x86/convert.h"
#include "kernels_cpu/x86/per_isa.h"

// Each function: the widest path cpu_isa() allows, else the portable loop.
#if ACLEMU_X86_AVX512
#    define ACLEMU_CONVERT_AVX512(call)    \
        if (cpu_isa() >= CpuIsa::Avx512) { \
            avx512::call;                  \
            return;                        \
        }
#else
#    define ACLEMU_CONVERT_AVX512(call)
#endif
#if ACLEMU_X86
#    define ACLEMU_CONVERT_X86(call)         \
        ACLEMU_CONVERT_AVX512(call)          \
        if (cpu_isa() >= CpuIsa::Avx2F16c) { \
            avx2::call;                      \
            return;                          \
        }
#else
#    define ACLEMU_CONVERT_X86(call)
#endif

bool fast_half_conversion() {
    return cpu_isa() >= CpuIsa::Avx2F16c;
}

void widen(const float* src, float* dst, int64_t n) {
    if (n > 0) {
        std::memcpy(dst, src, static_cast<size_t>(n) * sizeof(float));
    }
}

void widen(const Half* src, float* dst, int64_t n) {
    ACLEMU_CONVERT_X86(widen_half_exact(src, dst, n))
    widen_prefetching(src, dst, n);
}

void widen(const BFloat16* src, float* dst, int64_t n) {
    ACLEMU_CONVERT_X86(widen_bf16(src, dst, n))
    widen_prefetching(src, dst, n);
}

void widen_half_for_math(const Half* src, float* dst, int64_t n) {
    ACLEMU_CONVERT_X86(widen_half_for_math(src, dst, n))
    widen_portable(src, dst, n);
}

void narrow(const float* src, float* dst, int64_t n) {
    widen(src, dst, n);
}

void narrow(const float* src, Half* dst, int64_t n) {
    ACLEMU_CONVERT_X86(narrow_half(src, dst, n))
    narrow_portable(src, dst, n);
}

void narrow(const float* src, BFloat16* dst, int64_t n) {
    ACLEMU_CONVERT_X86(narrow_bf16(src, dst, n))
    narrow_portable(src, dst, n);
}

}  // namespace aclemu::kernels::cpu
