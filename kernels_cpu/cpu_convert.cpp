// Block dtype conversions (cpu_convert.h). The portable loops call dtype.h element by element;
// with GCC or Clang on x86-64, CPUs that have AVX2 and F16C (checked once at run time) get
// functions compiled for them: vcvtph2ps / vcvtps2ph for fp16, whose only differences from
// dtype.h — NaNs: the hardware quiets a signaling NaN on widening and keeps a payload on
// narrowing where dtype.h stores 0x7FFF — are patched lane by lane. No FMA is enabled, so
// nothing is contracted.
#include "kernels_cpu/cpu_convert.h"

#include "kernels_cpu/cpu_features.h"

#include <cstring>

#if ACLEMU_CPU_X86_DISPATCH
#    include <immintrin.h>
#endif

namespace aclemu::kernels::cpu {
namespace {

template <typename T>
void widen_portable(const T* src, float* dst, int64_t n) {
    for (int64_t k = 0; k < n; ++k) {
        dst[k] = to_float(src[k]);
    }
}

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

#if ACLEMU_CPU_X86_DISPATCH

__attribute__((target("avx2,f16c"))) void widen_half_f16c(const Half* src, float* dst, int64_t n) {
    const __m256i exp_mask = _mm256_set1_epi32(0x7C00);
    int64_t k = 0;
    for (; k + 8 <= n; k += 8) {
        __builtin_prefetch(src + k + 512);
        const __m128i h = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + k));
        __m256 f = _mm256_cvtph_ps(h);
        // Inf / NaN lanes: sign | 0x7F800000 | mantissa << 13, as dtype.h (no quiet bit forced).
        const __m256i h32 = _mm256_cvtepu16_epi32(h);
        const __m256i special = _mm256_cmpeq_epi32(_mm256_and_si256(h32, exp_mask), exp_mask);
        const __m256i sign =
            _mm256_slli_epi32(_mm256_and_si256(h32, _mm256_set1_epi32(0x8000)), 16);
        const __m256i mant = _mm256_slli_epi32(_mm256_and_si256(h32, _mm256_set1_epi32(0x3FF)), 13);
        const __m256i inf_nan =
            _mm256_or_si256(_mm256_or_si256(sign, mant), _mm256_set1_epi32(0x7F800000));
        f = _mm256_blendv_ps(f, _mm256_castsi256_ps(inf_nan), _mm256_castsi256_ps(special));
        _mm256_storeu_ps(dst + k, f);
    }
    widen_portable(src + k, dst + k, n - k);
}

__attribute__((target("avx2,f16c"))) void narrow_half_f16c(const float* src, Half* dst, int64_t n) {
    const __m128i canonical_nan = _mm_set1_epi16(0x7FFF);
    int64_t k = 0;
    for (; k + 8 <= n; k += 8) {
        const __m256 f = _mm256_loadu_ps(src + k);
        const __m128i h = _mm256_cvtps_ph(f, _MM_FROUND_TO_NEAREST_INT);
        // NaN lanes store 0x7FFF whatever the sign and payload, as dtype.h.
        const __m256i nan32 = _mm256_castps_si256(_mm256_cmp_ps(f, f, _CMP_UNORD_Q));
        const __m128i nan16 =
            _mm_packs_epi32(_mm256_castsi256_si128(nan32), _mm256_extracti128_si256(nan32, 1));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + k),
                         _mm_blendv_epi8(h, canonical_nan, nan16));
    }
    narrow_portable(src + k, dst + k, n - k);
}

// bf16 -> float is a 16-bit shift: exact, 8 lanes at a time.
__attribute__((target("avx2,f16c"))) void widen_bf16_avx2(const BFloat16* src,
                                                          float* dst,
                                                          int64_t n) {
    int64_t k = 0;
    for (; k + 8 <= n; k += 8) {
        __builtin_prefetch(src + k + 512);
        const __m256i wide =
            _mm256_cvtepu16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(src + k)));
        _mm256_storeu_ps(dst + k, _mm256_castsi256_ps(_mm256_slli_epi32(wide, 16)));
    }
    widen_portable(src + k, dst + k, n - k);
}

// dtype.h's float -> bf16 in AVX2 integer ops, 16 at a time: (u + 0x7FFF + lsb) >> 16, NaN
// lanes 0x7FFF; the same operations, so the same bits.
__attribute__((target("avx2,f16c"))) inline __m256i bf16_bits8(__m256 f) {
    const __m256i u = _mm256_castps_si256(f);
    const __m256i lsb = _mm256_and_si256(_mm256_srli_epi32(u, 16), _mm256_set1_epi32(1));
    const __m256i rounded = _mm256_srli_epi32(
        _mm256_add_epi32(u, _mm256_add_epi32(_mm256_set1_epi32(0x7FFF), lsb)), 16);
    const __m256i nan = _mm256_castps_si256(_mm256_cmp_ps(f, f, _CMP_UNORD_Q));
    return _mm256_blendv_epi8(rounded, _mm256_set1_epi32(0x7FFF), nan);
}

__attribute__((target("avx2,f16c"))) void narrow_bf16_avx2(const float* src,
                                                           BFloat16* dst,
                                                           int64_t n) {
    int64_t k = 0;
    for (; k + 16 <= n; k += 16) {
        const __m256i lo = bf16_bits8(_mm256_loadu_ps(src + k));
        const __m256i hi = bf16_bits8(_mm256_loadu_ps(src + k + 8));
        // packus works per 128-bit half: lo0-3, hi0-3, lo4-7, hi4-7 -> reorder the quarters.
        const __m256i packed = _mm256_permute4x64_epi64(_mm256_packus_epi32(lo, hi), 0xD8);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + k), packed);
    }
    narrow_portable(src + k, dst + k, n - k);
}

#endif  // ACLEMU_CPU_X86_DISPATCH

bool hardware_path() {
    return cpu_has_avx2_f16c();
}

}  // namespace

bool fast_half_conversion() {
    return hardware_path();
}

void widen(const float* src, float* dst, int64_t n) {
    if (n > 0) {
        std::memcpy(dst, src, static_cast<size_t>(n) * sizeof(float));
    }
}

void widen(const Half* src, float* dst, int64_t n) {
#if ACLEMU_CPU_X86_DISPATCH
    if (hardware_path()) {
        widen_half_f16c(src, dst, n);
        return;
    }
#endif
    widen_prefetching(src, dst, n);
}

void widen(const BFloat16* src, float* dst, int64_t n) {
#if ACLEMU_CPU_X86_DISPATCH
    if (hardware_path()) {
        widen_bf16_avx2(src, dst, n);
        return;
    }
#endif
    widen_prefetching(src, dst, n);
}

void narrow(const float* src, float* dst, int64_t n) {
    widen(src, dst, n);
}

void narrow(const float* src, Half* dst, int64_t n) {
#if ACLEMU_CPU_X86_DISPATCH
    if (hardware_path()) {
        narrow_half_f16c(src, dst, n);
        return;
    }
#endif
    narrow_portable(src, dst, n);
}

void narrow(const float* src, BFloat16* dst, int64_t n) {
#if ACLEMU_CPU_X86_DISPATCH
    if (hardware_path()) {
        narrow_bf16_avx2(src, dst, n);
        return;
    }
#endif
    narrow_portable(src, dst, n);
}

}  // namespace aclemu::kernels::cpu
