// AVX2 + F16C building blocks for the CPU kernels' x86 paths (only where cpu_features.h sets
// ACLEMU_CPU_X86_DISPATCH; call them only from functions with the same target attribute, and
// only when cpu_has_avx2_f16c()). Internal to kernels_cpu.
#pragma once

#include "kernels_cpu/cpu_features.h"
#include "kernels_cu/math/dtype.h"

#if ACLEMU_CPU_X86_DISPATCH
#    include <immintrin.h>

namespace aclemu::kernels::cpu {

/// Eight elements widened to float. fp16 goes through F16C, which returns a signaling NaN
/// quieted where dtype.h keeps it signaling: use these only where the value then goes through
/// arithmetic (which quiets it either way, so results keep dtype.h's bits); cpu_convert's
/// widen() is exact for copies.
__attribute__((target("avx2,f16c"))) inline __m256 load8(const float* p) {
    return _mm256_loadu_ps(p);
}
__attribute__((target("avx2,f16c"))) inline __m256 load8(const Half* p) {
    return _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
}
__attribute__((target("avx2,f16c"))) inline __m256 load8(const BFloat16* p) {
    const __m256i wide =
        _mm256_cvtepu16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
    return _mm256_castsi256_ps(_mm256_slli_epi32(wide, 16));
}

}  // namespace aclemu::kernels::cpu

#endif  // ACLEMU_CPU_X86_DISPATCH
