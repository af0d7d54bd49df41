// Binary ops over contiguous runs (vector_binary.h): the portable loop element by element (fp16
// through dtype.h), and AVX2 + F16C (8 lanes) and AVX-512 (16 lanes) loops that convert fp16 in
// registers with the elementwise kernels' conversions (x86/convert.h's load8 / store8, load16 /
// store16; Note [x86 paths]). Every path gives the portable loop's bits: no FMA, F16C rounds to
// nearest even, and fp16 NaN results are stored as 0x7FFF as from_float does (a signaling NaN
// input, quieted by the conversion, yields a NaN result either way). max_ps/min_ps return their
// second operand unless the first is strictly greater/smaller, NaNs and equal zeros included:
// a > b ? a : b exactly.
#include "kernels_cpu/vector_binary.h"

#include "kernels_cpu/x86/isa.h"

#include <type_traits>

namespace aclemu::kernels::cpu {
namespace {

template <VectorBinaryOp kOp>
inline float apply(float a, float b) {
    if constexpr (kOp == VectorBinaryOp::Add) {
        return a + b;
    } else if constexpr (kOp == VectorBinaryOp::Sub) {
        return a - b;
    } else if constexpr (kOp == VectorBinaryOp::Mul) {
        return a * b;
    } else if constexpr (kOp == VectorBinaryOp::Div) {
        return a / b;
    } else if constexpr (kOp == VectorBinaryOp::Max) {
        return a > b ? a : b;
    } else {
        return a < b ? a : b;
    }
}

template <VectorBinaryOp kOp>
void portable(const Half* a, const Half* b, Half* out, int64_t from, int64_t n) {
    for (int64_t i = from; i < n; ++i) {
        out[i] = from_float<Half>(apply<kOp>(to_float(a[i]), to_float(b[i])));
    }
}

template <VectorBinaryOp kOp>
void portable(const float* a, const float* b, float* out, int64_t from, int64_t n) {
    for (int64_t i = from; i < n; ++i) {
        out[i] = apply<kOp>(a[i], b[i]);
    }
}

}  // namespace

#if ACLEMU_X86
ACLEMU_X86_AVX2_BEGIN
#    define ACLEMU_X86_LEVEL 1
#    include "kernels_cpu/x86/convert.h"
#    undef ACLEMU_X86_LEVEL

template <VectorBinaryOp kOp>
inline __m256 apply8(__m256 a, __m256 b) {
    if constexpr (kOp == VectorBinaryOp::Add) {
        return _mm256_add_ps(a, b);
    } else if constexpr (kOp == VectorBinaryOp::Sub) {
        return _mm256_sub_ps(a, b);
    } else if constexpr (kOp == VectorBinaryOp::Mul) {
        return _mm256_mul_ps(a, b);
    } else if constexpr (kOp == VectorBinaryOp::Div) {
        return _mm256_div_ps(a, b);
    } else if constexpr (kOp == VectorBinaryOp::Max) {
        return _mm256_max_ps(a, b);
    } else {
        return _mm256_min_ps(a, b);
    }
}

template <VectorBinaryOp kOp, typename T>
ACLEMU_X86_NOIPA void run(const T* a, const T* b, T* out, int64_t n) {
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        store8(out + i, apply8<kOp>(load8(a + i), load8(b + i)));
    }
    portable<kOp>(a, b, out, i, n);
}

ACLEMU_X86_AVX2_END
#endif

#if ACLEMU_X86_AVX512
ACLEMU_X86_AVX512_BEGIN

#    define ACLEMU_X86_LEVEL 2
#    include "kernels_cpu/x86/convert.h"
#    undef ACLEMU_X86_LEVEL

template <VectorBinaryOp kOp>
inline __m512 apply16(__m512 a, __m512 b) {
    if constexpr (kOp == VectorBinaryOp::Add) {
        return _mm512_add_ps(a, b);
    } else if constexpr (kOp == VectorBinaryOp::Sub) {
        return _mm512_sub_ps(a, b);
    } else if constexpr (kOp == VectorBinaryOp::Mul) {
        return _mm512_mul_ps(a, b);
    } else if constexpr (kOp == VectorBinaryOp::Div) {
        return _mm512_div_ps(a, b);
    } else if constexpr (kOp == VectorBinaryOp::Max) {
        return _mm512_maskz_max_ps(kAll16, a, b);
    } else {
        return _mm512_maskz_min_ps(kAll16, a, b);
    }
}

template <VectorBinaryOp kOp, typename T>
ACLEMU_X86_NOIPA void run(const T* a, const T* b, T* out, int64_t n) {
    int64_t i = 0;
    for (; i + 16 <= n; i += 16) {
        store16(out + i, apply16<kOp>(load16(a + i), load16(b + i)));
    }
    portable<kOp>(a, b, out, i, n);
}

ACLEMU_X86_AVX512_END
#endif

namespace {

template <VectorBinaryOp kOp, typename T>
void dispatch(const T* a, const T* b, T* out, int64_t n) {
#if ACLEMU_X86_AVX512
    if (cpu_isa() >= CpuIsa::Avx512) {
        avx512::run<kOp>(a, b, out, n);
        return;
    }
#endif
#if ACLEMU_X86
    if (cpu_isa() >= CpuIsa::Avx2F16c) {
        avx2::run<kOp>(a, b, out, n);
        return;
    }
#endif
    portable<kOp>(a, b, out, 0, n);
}

template <typename T>
void dispatch_op(VectorBinaryOp op, const T* a, const T* b, T* out, int64_t n) {
    switch (op) {
        case VectorBinaryOp::Add:
            dispatch<VectorBinaryOp::Add>(a, b, out, n);
            return;
        case VectorBinaryOp::Sub:
            dispatch<VectorBinaryOp::Sub>(a, b, out, n);
            return;
        case VectorBinaryOp::Mul:
            dispatch<VectorBinaryOp::Mul>(a, b, out, n);
            return;
        case VectorBinaryOp::Div:
            dispatch<VectorBinaryOp::Div>(a, b, out, n);
            return;
        case VectorBinaryOp::Max:
            dispatch<VectorBinaryOp::Max>(a, b, out, n);
            return;
        case VectorBinaryOp::Min:
            dispatch<VectorBinaryOp::Min>(a, b, out, n);
            return;
    }
}

}  // namespace

void vector_binary(VectorBinaryOp op, const Half* a, const Half* b, Half* out, int64_t n) {
    dispatch_op(op, a, b, out, n);
}

void vector_binary(VectorBinaryOp op, const float* a, const float* b, float* out, int64_t n) {
    dispatch_op(op, a, b, out, n);
}

}  // namespace aclemu::kernels::cpu
