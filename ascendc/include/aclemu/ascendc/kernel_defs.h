// Ascend C's language layer on aclemu: the qualifiers (empty: kernels are ordinary functions
// that each block runs), GM_ADDR, the scalar types half and bfloat16_t, the block indices, the
// macros kernels test, and the enums the sync and queue APIs take.
#pragma once

#include "aclemu/ascendc/block_api.h"
#include "utils/std/cmath.h"

#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

// Compiled by nvcc or hipcc, a kernel and its __aicore__ functions are __host__ __device__: the
// GPU runs them through the __global__ entry block_device.h adds, the CPU backend and the GPU
// simulator on the host. CUDA's own __global__ is then spelled __attribute__((global)).
#ifdef ACLEMU_ASC_GPU_COMPILER
#    undef __global__
#    define __global__
#    define __aicore__        __host__ __device__
#    define __vector__        __host__ __device__
#    define __mix__(aic, aiv) __host__ __device__
#else
#    define __global__
#    define __aicore__
#    define __vector__
#    define __mix__(aic, aiv)
#endif
#define __gm__
#define __ubuf__
#define __inout_pipe__(pipe)
#define __in_pipe__(pipe)
#define __out_pipe__(pipe)
#define __sync_alias__
#define __sync_in__
#define __sync_out__

#ifndef GM_ADDR
#    define GM_ADDR __gm__ uint8_t*
#endif

// dav-2201 (A2/A3) unless the build chose another (ascendc.cmake, CMAKE_ASC_ARCHITECTURES).
#ifndef __NPU_ARCH__
#    define __NPU_ARCH__ 2201
#endif
#ifndef ASCENDC_DUMP
#    define ASCENDC_DUMP 1
#endif
#ifndef __CCE_AICORE__
#    define __CCE_AICORE__ 220
#endif
#define __ACLEMU_ASCENDC__ 1

// IEEE binary16, each operation computed in float and rounded once: GCC's and clang's _Float16,
// and under nvcc CUDA's __half (nvcc's device code has no _Float16).
#if defined(__CUDACC__) && !defined(__HIPCC__)
#    include <cuda_fp16.h>
using half = __half;
#else
using half = _Float16;
#endif

/// bfloat16: float's upper 16 bits, rounded to nearest even; arithmetic in float.
struct bfloat16_t {
    uint16_t bits = 0;
    bfloat16_t() = default;
    template <typename T, typename = std::enable_if_t<std::is_arithmetic_v<T>>>
    ACLEMU_ASC_HD bfloat16_t(T value)
        : bits(from_float(static_cast<float>(value))) {}  // NOLINT: as a scalar
    ACLEMU_ASC_HD operator float() const {                // NOLINT
        const uint32_t u = static_cast<uint32_t>(bits) << 16;
        float f;
        std::memcpy(&f, &u, sizeof f);
        return f;
    }
    static ACLEMU_ASC_HD uint16_t from_float(float f) {
        uint32_t u;
        std::memcpy(&u, &f, sizeof u);
        if ((u & 0x7FFFFFFFu) > 0x7F800000u) {
            return 0x7FFF;
        }
        return static_cast<uint16_t>((u + 0x7FFFu + ((u >> 16) & 1u)) >> 16);
    }
};

namespace AscendC {

inline ACLEMU_ASC_HD int64_t GetBlockIdx() {
    return block_idx;
}
inline ACLEMU_ASC_HD int64_t GetBlockNum() {
    return block_num;
}
// A vector-only kernel has one sub-block per block.
inline ACLEMU_ASC_HD int64_t GetSubBlockIdx() {
    return 0;
}
inline ACLEMU_ASC_HD int64_t GetSubBlockNum() {
    return 1;
}
inline ACLEMU_ASC_HD int64_t GetTaskRation() {
    return 1;
}
/// The system counter, in cycles of 50 MHz as on A2/A3 (microseconds = cycles / 50): the host's
/// monotonic clock (std::chrono::steady_clock) in 20 ns steps on the CPU backend and the GPU
/// simulator; on an NVIDIA GPU the global nanosecond timer in 20 ns steps; on an AMD GPU the
/// wall-clock counter at its own rate (not 50 MHz).
inline ACLEMU_ASC_HD int64_t GetSystemCycle() {
#if defined(__CUDA_ARCH__)
    uint64_t ns = 0;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(ns));
    return static_cast<int64_t>(ns / 20);
#elif defined(__HIP_DEVICE_COMPILE__)
    return static_cast<int64_t>(wall_clock64());
#else
    const auto since = std::chrono::steady_clock::now().time_since_epoch();
    return static_cast<int64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(since).count()
                                / 20);
#endif
}
/// Resets per-core modes at kernel start: the vector mask back to Normal mode, every element.
/// (A block starts with fresh state here, so this matters only when a kernel calls it again.)
inline ACLEMU_ASC_HD void InitSocState() {
    if (auto* block = ::aclemu::ascendc::detail::current_block()) {
        block->mask_counter = false;
        block->vector_mask[0] = ~0ull;
        block->vector_mask[1] = ~0ull;
    }
}

/// The type utility kernels use to pick an element type at compile time (std::conditional).
template <bool condition, typename IfTrue, typename IfFalse>
struct Conditional {
    using type = IfTrue;
};
template <typename IfTrue, typename IfFalse>
struct Conditional<false, IfTrue, IfFalse> {
    using type = IfFalse;
};

/// a / b rounded up, for integers (b > 0): the tiling arithmetic of kernels and hosts, usable in
/// constant expressions (`constexpr uint32_t n = AscendC::DivCeil(M, tileM);`).
template <typename T, typename U>
ACLEMU_ASC_HD constexpr std::common_type_t<T, U> DivCeil(const T a, const U b) {
    return Std::ceil_div(a, b);
}

/// The 4-bit signed integer type, two to a byte (the even element in the low nibble). A
/// LocalTensor<int4b_t> (a ReinterpretCast of an int8_t one) counts nibbles; Cast converts to
/// and from it. Element access of a single nibble is not emulated.
struct int4b_t {
    uint8_t storage;
};

namespace detail {
/// Bits of one element of T (int4b_t: 4).
template <typename T>
constexpr uint32_t kElementBits = static_cast<uint32_t>(sizeof(T) * 8);
template <>
constexpr uint32_t kElementBits<int4b_t> = 4;
}  // namespace detail

enum class TPosition : uint8_t {
    GM,
    A1,
    A2,
    B1,
    B2,
    C1,
    C2,
    CO1,
    CO2,
    VECIN,
    VECOUT,
    VECCALC,
    LCM = VECCALC,
    SPM,
    SHM = SPM,
    TSCM,
    C2PIPE2GM,
    MAX,
};
using QuePosition = TPosition;

enum class Hardware : uint8_t { GM, UB, L1, L0A, L0B, L0C, BIAS, FIXBUF, MAX };

enum class HardEvent : uint8_t {
    MTE2_MTE1,
    MTE1_MTE2,
    MTE1_M,
    M_MTE1,
    MTE2_V,
    V_MTE2,
    MTE3_V,
    V_MTE3,
    M_V,
    V_M,
    V_V,
    MTE3_MTE1,
    MTE1_MTE3,
    MTE1_V,
    MTE2_M,
    M_MTE2,
    V_MTE1,
    M_FIX,
    FIX_M,
    MTE3_MTE2,
    MTE2_MTE3,
    S_V,
    V_S,
    S_MTE2,
    MTE2_S,
    S_MTE3,
    MTE3_S,
    MTE2_FIX,
    FIX_MTE2,
    FIX_S,
    M_S,
    FIX_MTE3,
    MAX,
};

/// An event id of SetFlag/WaitFlag as TPipe hands it out.
using TEventID = int8_t;

enum KernelType {
    KERNEL_TYPE_AIV_ONLY,
    KERNEL_TYPE_AIC_ONLY,
    KERNEL_TYPE_MIX_AIV_1_0,
    KERNEL_TYPE_MIX_AIC_1_0,
    KERNEL_TYPE_MIX_AIC_1_1,
    KERNEL_TYPE_MIX_AIC_1_2,
};

enum class CacheLine : uint8_t { SINGLE_CACHE_LINE, ENTIRE_DATA_CACHE };
enum class DcciDst : uint8_t { CACHELINE_ALL, CACHELINE_UB, CACHELINE_OUT, CACHELINE_ATOMIC };

}  // namespace AscendC

enum pipe_t : uint8_t {
    PIPE_S,
    PIPE_V,
    PIPE_M,
    PIPE_MTE1,
    PIPE_MTE2,
    PIPE_MTE3,
    PIPE_ALL,
    PIPE_MTE4,
    PIPE_MTE5,
    PIPE_V2,
    PIPE_FIX,
};

// The core type a kernel asks for: every block here is a vector core.
#define KERNEL_TASK_TYPE_DEFAULT(type) ((void)(type))
#define KERNEL_TASK_TYPE(key, type)    ((void)(key), (void)(type))
using AscendC::KERNEL_TYPE_AIC_ONLY;
using AscendC::KERNEL_TYPE_AIV_ONLY;
using AscendC::KERNEL_TYPE_MIX_AIC_1_0;
using AscendC::KERNEL_TYPE_MIX_AIC_1_1;
using AscendC::KERNEL_TYPE_MIX_AIC_1_2;
using AscendC::KERNEL_TYPE_MIX_AIV_1_0;

// dcci(ptr, ENTIRE_DATA_CACHE, CACHELINE_OUT): GM stores are visible at once here.
constexpr AscendC::CacheLine ENTIRE_DATA_CACHE = AscendC::CacheLine::ENTIRE_DATA_CACHE;
constexpr AscendC::CacheLine SINGLE_CACHE_LINE = AscendC::CacheLine::SINGLE_CACHE_LINE;
constexpr AscendC::DcciDst CACHELINE_OUT = AscendC::DcciDst::CACHELINE_OUT;
constexpr AscendC::DcciDst CACHELINE_ALL = AscendC::DcciDst::CACHELINE_ALL;
template <typename T>
inline ACLEMU_ASC_HD void dcci(T*,
                               AscendC::CacheLine,
                               AscendC::DcciDst = AscendC::DcciDst::CACHELINE_ALL) {
    ::aclemu::ascendc::detail::memory_fence();
}
