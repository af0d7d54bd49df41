// The CPU kernels' x86 fp16 / bf16 conversions, written once: included in each ISA region of
// a kernel file (Note [x86 paths], x86/isa.h), inside that region's namespace, with
// ACLEMU_X86_LEVEL set to 1 (AVX2 + F16C) or 2 (AVX-512); level 0 (x86/per_isa.h's baseline)
// gets nothing. So: no #pragma once and no #include here (x86/isa.h and kernels_cu/math/dtype.h
// come first), nothing but inline functions.
//
// Every function gives dtype.h's bits (to_float / from_float), with one documented exception:
// F16C widens a signaling NaN to a quiet one, where dtype.h keeps it signaling. The functions
// meant for values that then go through arithmetic (load8, widen_half_for_math) accept that,
// since arithmetic quiets the NaN either way; the others patch those lanes and are exact.

#if ACLEMU_X86_LEVEL >= 1

#    if ACLEMU_X86_LEVEL == 2
// The zero-masking forms with every lane on: GCC 12's unmasked ones start from an "undefined"
// vector and trip -Wmaybe-uninitialized.
constexpr __mmask16 kAll16 = 0xFFFF;
#    endif

/// Eight elements widened to float, for arithmetic (fp16: a signaling NaN comes back quiet).
inline __m256 load8(const float* p) {
    return _mm256_loadu_ps(p);
}
inline __m256 load8(const Half* p) {
    return _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
}
inline __m256 load8(const BFloat16* p) {
    const __m256i wide =
        _mm256_cvtepu16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
    return _mm256_castsi256_ps(_mm256_slli_epi32(wide, 16));
}

// The run functions are kept out of interprocedural optimization (ACLEMU_X86_NOIPA): they are
// called once per run, and specialised for the constant n of whole runs GCC 12 warns falsely
// about the scalar tail loops (-Waggressive-loop-optimizations).

/// n fp16 values widened for arithmetic, 16 (AVX-512) or 8 at a time.
ACLEMU_X86_NOIPA inline void widen_half_for_math(const Half* src,
                                                 float* __restrict dst,
                                                 int64_t n) {
    int64_t j = 0;
#    if ACLEMU_X86_LEVEL == 2
    for (; j + 16 <= n; j += 16) {
        const __m256i h = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + j));
        _mm512_storeu_ps(dst + j, _mm512_maskz_cvtph_ps(kAll16, h));
    }
#    endif
    for (; j + 8 <= n; j += 8) {
        const __m128i h = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + j));
        _mm256_storeu_ps(dst + j, _mm256_cvtph_ps(h));
    }
    for (; j < n; ++j) {
        dst[j] = to_float(src[j]);
    }
}

/// n fp16 values widened exactly (signaling NaNs kept), prefetching ahead for long blocks.
ACLEMU_X86_NOIPA inline void widen_half_exact(const Half* src, float* dst, int64_t n) {
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
    for (; k < n; ++k) {
        dst[k] = to_float(src[k]);
    }
}

/// n floats rounded to fp16 (nearest even, every NaN 0x7FFF), 16 (AVX-512) or 8 at a time.
ACLEMU_X86_NOIPA inline void narrow_half(const float* __restrict src, Half* dst, int64_t n) {
    int64_t j = 0;
#    if ACLEMU_X86_LEVEL == 2
    const __m256i canonical_nan16 = _mm256_set1_epi16(0x7FFF);
    for (; j + 16 <= n; j += 16) {
        const __m512 v = _mm512_loadu_ps(src + j);
        const __mmask16 nan = _mm512_cmp_ps_mask(v, v, _CMP_UNORD_Q);
        const __m256i h =
            _mm256_mask_mov_epi16(_mm512_maskz_cvtps_ph(kAll16, v, 0), nan, canonical_nan16);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + j), h);
    }
#    endif
    const __m128i canonical_nan = _mm_set1_epi16(0x7FFF);
    for (; j + 8 <= n; j += 8) {
        const __m256 v = _mm256_loadu_ps(src + j);
        const __m128i h = _mm256_cvtps_ph(v, _MM_FROUND_TO_NEAREST_INT);
        // NaN lanes store 0x7FFF whatever the sign and payload, as dtype.h.
        const __m256i nan32 = _mm256_castps_si256(_mm256_cmp_ps(v, v, _CMP_UNORD_Q));
        const __m128i nan16 =
            _mm_packs_epi32(_mm256_castsi256_si128(nan32), _mm256_extracti128_si256(nan32, 1));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + j),
                         _mm_blendv_epi8(h, canonical_nan, nan16));
    }
    for (; j < n; ++j) {
        dst[j] = from_float<Half>(src[j]);
    }
}

/// n bf16 values widened (a 16-bit shift: exact), prefetching ahead for long blocks.
ACLEMU_X86_NOIPA inline void widen_bf16(const BFloat16* src, float* dst, int64_t n) {
    int64_t k = 0;
    for (; k + 8 <= n; k += 8) {
        __builtin_prefetch(src + k + 512);
        _mm256_storeu_ps(dst + k, load8(src + k));
    }
    for (; k < n; ++k) {
        dst[k] = to_float(src[k]);
    }
}

// dtype.h's float -> bf16 in integer ops, 8 lanes: (u + 0x7FFF + lsb) >> 16, NaN lanes 0x7FFF;
// the same operations, so the same bits.
inline __m256i bf16_bits8(__m256 f) {
    const __m256i u = _mm256_castps_si256(f);
    const __m256i lsb = _mm256_and_si256(_mm256_srli_epi32(u, 16), _mm256_set1_epi32(1));
    const __m256i rounded = _mm256_srli_epi32(
        _mm256_add_epi32(u, _mm256_add_epi32(_mm256_set1_epi32(0x7FFF), lsb)), 16);
    const __m256i nan = _mm256_castps_si256(_mm256_cmp_ps(f, f, _CMP_UNORD_Q));
    return _mm256_blendv_epi8(rounded, _mm256_set1_epi32(0x7FFF), nan);
}

/// n floats rounded to bf16 (nearest even, every NaN 0x7FFF), 16 at a time.
ACLEMU_X86_NOIPA inline void narrow_bf16(const float* src, BFloat16* dst, int64_t n) {
    int64_t k = 0;
    for (; k + 16 <= n; k += 16) {
        const __m256i lo = bf16_bits8(_mm256_loadu_ps(src + k));
        const __m256i hi = bf16_bits8(_mm256_loadu_ps(src + k + 8));
        // packus works per 128-bit half: lo0-3, hi0-3, lo4-7, hi4-7 -> reorder the quarters.
        const __m256i packed = _mm256_permute4x64_epi64(_mm256_packus_epi32(lo, hi), 0xD8);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + k), packed);
    }
    for (; k < n; ++k) {
        dst[k] = from_float<BFloat16>(src[k]);
    }
}

#endif  // ACLEMU_X86_LEVEL >= 1
