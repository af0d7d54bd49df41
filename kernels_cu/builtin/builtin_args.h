// Parameter structs of the runtime's built-in tasks (aclrtReduceAsync, aclrtRandomNumAsync, the
// stream memory operations), passed from libascendcl to its own small kernel set in
// kernels_cu/builtin (GPU) and kernels_cpu/builtin (CPU). Raw pointers and values only: the
// runtime has parsed and checked the ACL structs. Host-compilable with any compiler.
#pragma once

#include <cstdint>

namespace aclemu::kernels::builtin {

/// Element types of the built-in tasks. Values equal aclDataType's.
enum class ElemType : int32_t {
    Float32 = 0,
    Float16 = 1,
    Int8 = 2,
    Int32 = 3,
    Int16 = 6,
    UInt32 = 8,
    Int64 = 9,
    UInt64 = 10,
    BFloat16 = 27,
};

/// constexpr, so device code may call it (nvcc --expt-relaxed-constexpr; hipcc by default).
constexpr int elem_size(ElemType t) {
    switch (t) {
        case ElemType::Int8:
            return 1;
        case ElemType::Float16:
        case ElemType::BFloat16:
        case ElemType::Int16:
            return 2;
        case ElemType::Int64:
        case ElemType::UInt64:
            return 8;
        case ElemType::Float32:
        case ElemType::Int32:
        case ElemType::UInt32:
            break;
    }
    return 4;
}

constexpr bool is_floating(ElemType t) {
    return t == ElemType::Float32 || t == ElemType::Float16 || t == ElemType::BFloat16;
}

/// The reductions. Values equal aclrtReduceKind's.
enum class ReduceOp : int32_t { Sum = 10, Max = 11, Min = 12 };

/// dst[i] = op(dst[i], src[i]) for i < n. `overflow_flag` (device memory, may be null): set to
/// nonzero when a floating-point sum of two finite elements is not finite.
struct ReduceArgs {
    void* dst = nullptr;
    const void* src = nullptr;
    uint64_t n = 0;
    ReduceOp op = ReduceOp::Sum;
    ElemType type = ElemType::Float32;
    uint32_t* overflow_flag = nullptr;
};

/// A value known when the task is enqueued, or the device address it is read from when the task
/// runs (`addr` non-null; `bytes` of it, little-endian).
struct RandomParam {
    uint64_t value = 0;  // the bits, zero-extended; floats as their bit pattern
    const void* addr = nullptr;
    int32_t bytes = 8;
};

/// Values equal aclrtRandomNumFuncType's.
enum class RandomFunc : int32_t {
    DropoutBitmask = 0,
    Uniform = 1,
    Normal = 2,
    TruncatedNormal = 3
};

/// Philox4x32-10 keyed by `seed`, counter from the 16 bytes at `counter` (Note [Random counter]
/// in kernels_cu/math/random_distributions.h). `type` is the output type; for DropoutBitmask the
/// type of the ratio (the output is bits). `a`, `b`: min/max, mean/stddev, or the ratio in a.
/// `overflow_flag` (may be null): set when a floating-point output is not finite.
struct RandomArgs {
    RandomFunc func = RandomFunc::Uniform;
    ElemType type = ElemType::Float32;
    void* out = nullptr;
    const void* counter = nullptr;
    RandomParam seed;
    RandomParam count;
    RandomParam a;
    RandomParam b;
    uint32_t* overflow_flag = nullptr;
    /// The most outputs `out` holds (bits for DropoutBitmask): a count read from device memory
    /// when the task runs is clamped to it, so the task never writes past its result buffer.
    uint64_t max_count = UINT64_MAX;
};

/// The comparisons of a stream wait. Values equal ACL_STREAM_WAIT_VALUE_* (and CUDA's).
enum class WaitMode : uint32_t { Geq = 0, Eq = 1, And = 2, Nor = 3 };

}  // namespace aclemu::kernels::builtin
