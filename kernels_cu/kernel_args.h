// Plain parameter structs passed from the operator layer (ops/) to the kernels (kernels_cpu/,
// kernels_cu/). Raw pointers, sizes and strides in elements only: kernels never see an
// aclTensor, and ops/ never sees a CUDA type. Host-compilable with any compiler.
#pragma once

#include "aclemu/checked_math.h"

#include <cstdint>

namespace aclemu::kernels {

/// Element types the kernels handle. Values equal aclDataType's.
enum class DType : int32_t { Float32 = 0, Float16 = 1, BFloat16 = 27 };

inline int dtype_size(DType t) {
    return t == DType::Float32 ? 4 : 2;
}

/// Most dimensions an operand may have after the planner merged every mergeable pair.
constexpr int kMaxDims = 16;

/// Shared iteration space of an elementwise op: `ndim` dims of `sizes` (outermost first), each
/// operand with its own strides in elements (any sign; 0 = broadcast). `contiguous` means every
/// operand is dense, in the same order, with ndim == 1 and stride 1: the vectorized path.
struct ElementwiseGeometry {
    int64_t numel = 0;
    int32_t ndim = 0;
    bool contiguous = false;
    int64_t sizes[kMaxDims] = {};
    int64_t strides[3][kMaxDims] = {};  // [operand][dim]; operand order as in the op's args
};

/// A 1-D tensor of length C (mean, invstd, or an output). data == nullptr: absent.
struct ChannelVector {
    void* data = nullptr;
    DType dtype = DType::Float32;
    int64_t stride = 1;
};

/// The least traffic a kernel can have: every input element read once and every output element
/// written once (broadcast or repeated reads and the O(C) BatchNorm vectors not counted). The
/// operators use it to tell short kernels from long ones.
/// Saturates at UINT64_MAX rather than overflowing (the sizes come from the caller's tensors).
inline uint64_t min_traffic_bytes(const ElementwiseGeometry& g, DType dtype) {
    return saturating_mul<uint64_t>(g.numel, 3 * dtype_size(dtype));  // two inputs, one output
}

}  // namespace aclemu::kernels
