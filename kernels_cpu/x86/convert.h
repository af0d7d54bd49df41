// The CPU kernels' x86 fp16 / bf16 conversions, written once: included in each ISA region of
// a kernel file (Note [x86 paths], x86/isa.h), inside that region's namespace, with
// ACLEMU_X86_LEVEL set to 1 (AVX2 + F16C) or 2 (AVX-512); level 0 (x86/per_isa.h's baseline)
// gets nothing. So: no #pragma once and no #include here (x86/isa.h and kernels_cu/math/dtype.h
// come first), nothing but inline functions.
//
// Every function gives dtype.h's bits (to_float / from_float), with one documented exception:
// F16C widens a signaling NaN to a quiet one, where dtype.h keeps it signaling. The functions
// meant for values that then go through arithmetic (load8, load16, load_lanes,
// widen_half_for_math) accept that, since arithmetic quiets the NaN either way (and a 16-bit
// result stores every NaN as 0x7FFF); the others patch those lanes and are exact.

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

// dtype.h's float -> bf16 rounding on the bits u of a float, in integer ops (a GCC vector of
// uint32_t, any width): (u + 0x7FFF + lsb) >> 16, the same operations, so the same bits. NaN
// lanes are the caller's.
template <typename U>
inline U bf16_rounded_bits(U u) {
    return (u + 0x7FFFu + ((u >> 16) & 1u)) >> 16;
}
typedef uint32_t U32x8 __attribute__((vector_size(32)));

// Eight floats rounded to 16-bit bits (dtype.h's from_float: nearest even, every NaN 0x7FFF),
// as eight 16-bit lanes.
inline __m128i half_bits8(__m256 v) {
    const __m128i h = _mm256_cvtps_ph(v, _MM_FROUND_TO_NEAREST_INT);
    const __m256i nan32 = _mm256_castps_si256(_mm256_cmp_ps(v, v, _CMP_UNORD_Q));
    const __m128i nan16 =
        _mm_packs_epi32(_mm256_castsi256_si128(nan32), _mm256_extracti128_si256(nan32, 1));
    return _mm_blendv_epi8(h, _mm_set1_epi16(0x7FFF), nan16);
}
inline __m128i bf16_bits8(__m256 v) {
    const __m256i rounded = reinterpret_cast<__m256i>(
        bf16_rounded_bits(reinterpret_cast<U32x8>(_mm256_castps_si256(v))));
    const __m256i nan = _mm256_castps_si256(_mm256_cmp_ps(v, v, _CMP_UNORD_Q));
    const __m256i bits = _mm256_blendv_epi8(rounded, _mm256_set1_epi32(0x7FFF), nan);
    // Every lane is at most 0xFFFF: the unsigned saturation keeps it.
    return _mm_packus_epi32(_mm256_castsi256_si128(bits), _mm256_extracti128_si256(bits, 1));
}

/// Eight floats stored as T (rounded as from_float); kStream: with a non-temporal store, to an
/// address aligned to its size (16 bytes for 16-bit types, 32 for float).
template <bool kStream = false, typename T>
inline void store8(T* p, __m256 v) {
    if constexpr (std::is_same_v<T, float>) {
        kStream ? _mm256_stream_ps(p, v) : _mm256_storeu_ps(p, v);
    } else {
        auto* q = reinterpret_cast<__m128i*>(p);
        const __m128i bits = std::is_same_v<T, Half> ? half_bits8(v) : bf16_bits8(v);
        kStream ? _mm_stream_si128(q, bits) : _mm_storeu_si128(q, bits);
    }
}

#    if ACLEMU_X86_LEVEL == 2
/// The same, sixteen lanes (AVX-512).
inline __m512 load16(const float* p) {
    return _mm512_loadu_ps(p);
}
inline __m512 load16(const Half* p) {
    return _mm512_maskz_cvtph_ps(kAll16, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)));
}
inline __m512 load16(const BFloat16* p) {
    const __m512i wide = _mm512_maskz_cvtepu16_epi32(
        kAll16, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)));
    return _mm512_castsi512_ps(_mm512_maskz_slli_epi32(kAll16, wide, 16));
}

typedef uint32_t U32x16 __attribute__((vector_size(64)));

inline __m256i half_bits16(__m512 v) {
    const __mmask16 nan = _mm512_cmp_ps_mask(v, v, _CMP_UNORD_Q);
    return _mm256_mask_mov_epi16(
        _mm512_maskz_cvtps_ph(kAll16, v, 0), nan, _mm256_set1_epi16(0x7FFF));
}
inline __m256i bf16_bits16(__m512 v) {
    const __m512i rounded = reinterpret_cast<__m512i>(
        bf16_rounded_bits(reinterpret_cast<U32x16>(_mm512_castps_si512(v))));
    const __mmask16 nan = _mm512_cmp_ps_mask(v, v, _CMP_UNORD_Q);
    return _mm512_maskz_cvtepi32_epi16(
        kAll16, _mm512_mask_blend_epi32(nan, rounded, _mm512_set1_epi32(0x7FFF)));
}

template <bool kStream = false, typename T>
inline void store16(T* p, __m512 v) {
    if constexpr (std::is_same_v<T, float>) {
        kStream ? _mm512_stream_ps(p, v) : _mm512_storeu_ps(p, v);
    } else {
        auto* q = reinterpret_cast<__m256i*>(p);
        const __m256i bits = std::is_same_v<T, Half> ? half_bits16(v) : bf16_bits16(v);
        kStream ? _mm256_stream_si256(q, bits) : _mm256_storeu_si256(q, bits);
    }
}
#    endif

// The region's widest vector of floats, for code written once for both regions: Lanes holds
// kLanes floats; load_lanes widens kLanes elements of T for arithmetic (load8 / load16),
// store_lanes rounds them back (store8 / store16, non-temporal when kStream).
#    if ACLEMU_X86_LEVEL == 2
using Lanes = __m512;
#    else
using Lanes = __m256;
#    endif
constexpr int64_t kLanes = static_cast<int64_t>(sizeof(Lanes) / sizeof(float));
template <typename T>
inline Lanes load_lanes(const T* p) {
#    if ACLEMU_X86_LEVEL == 2
    return load16(p);
#    else
    return load8(p);
#    endif
}
template <bool kStream = false, typename T>
inline void store_lanes(T* p, Lanes v) {
#    if ACLEMU_X86_LEVEL == 2
    store16<kStream>(p, v);
#    else
    store8<kStream>(p, v);
#    endif
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
    for (; j + 16 <= n; j += 16) {
        store16(dst + j, _mm512_loadu_ps(src + j));
    }
#    endif
    for (; j + 8 <= n; j += 8) {
        store8(dst + j, _mm256_loadu_ps(src + j));
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

/// n floats rounded to bf16 (nearest even, every NaN 0x7FFF), 16 (AVX-512) or 8 at a time.
ACLEMU_X86_NOIPA inline void narrow_bf16(const float* src, BFloat16* dst, int64_t n) {
    int64_t k = 0;
#    if ACLEMU_X86_LEVEL == 2
    for (; k + 16 <= n; k += 16) {
        store16(dst + k, _mm512_loadu_ps(src + k));
    }
#    endif
    for (; k + 8 <= n; k += 8) {
        store8(dst + k, _mm256_loadu_ps(src + k));
    }
    for (; k < n; ++k) {
        dst[k] = from_float<BFloat16>(src[k]);
    }
}

#endif  // ACLEMU_X86_LEVEL >= 1
