// Test helpers shared by the elementwise operator tests (LogSigmoidBackward, LogitGrad): view
// layouts for the three operands (contiguous, permuted, storage offsets, zero strides), the
// values a view sees in row-major order, and deterministic random storage. Header-only.
#pragma once

#include "support/device_tensor.h"

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace aclemu::test::elementwise {

enum class LayoutKind {
    Contiguous,    // all three dense, row-major
    Permuted,      // output and input 1 with reversed dim order (strided for rank <= 1)
    Offsets,       // row-major at storage offsets 3 (out), 1 (in 1), 0 (in 2): misaligned apart
    SharedOffset,  // all three at storage offset 2: equally misaligned
    ZeroStride,    // input 1 broadcast along the innermost dim, input 2 along the outermost
};

inline const char* layout_name(LayoutKind k) {
    switch (k) {
        case LayoutKind::Contiguous:
            return "contiguous";
        case LayoutKind::Permuted:
            return "permuted";
        case LayoutKind::Offsets:
            return "offsets";
        case LayoutKind::SharedOffset:
            return "shared_offset";
        case LayoutKind::ZeroStride:
            return "zero_stride";
    }
    return "?";
}

struct View {
    std::vector<int64_t> strides;
    int64_t offset = 0;
    int64_t storage_numel = 0;
};

/// Elements the view spans from storage element 0: offset + 1 + sum (size - 1) * stride (all
/// strides here are >= 0); 0 for an empty view.
inline int64_t storage_needed(const std::vector<int64_t>& dims,
                              const std::vector<int64_t>& strides,
                              int64_t offset) {
    int64_t last = offset;
    for (size_t d = 0; d < dims.size(); ++d) {
        if (dims[d] == 0) {
            return 0;
        }
        last += (dims[d] - 1) * strides[d];
    }
    return last + 1;
}

/// Reversed-order dense strides: dim 0 varies fastest.
inline std::vector<int64_t> reversed_strides(const std::vector<int64_t>& dims) {
    std::vector<int64_t> s(dims.size());
    int64_t acc = 1;
    for (size_t d = 0; d < dims.size(); ++d) {
        s[d] = acc;
        acc *= dims[d];
    }
    return s;
}

/// The view of operand `role` (0 = output, 1, 2 = inputs in the op's order) under `kind`.
inline View make_view(LayoutKind kind, const std::vector<int64_t>& dims, int role) {
    View v;
    v.strides = contiguous_strides(dims);
    switch (kind) {
        case LayoutKind::Contiguous:
            break;
        case LayoutKind::Permuted:
            if (role != 2) {
                if (dims.size() <= 1) {
                    for (auto& s : v.strides) {
                        s = role == 0 ? 2 : 3;
                    }
                } else {
                    v.strides = reversed_strides(dims);
                }
            }
            break;
        case LayoutKind::Offsets:
            v.offset = role == 0 ? 3 : (role == 1 ? 1 : 0);
            break;
        case LayoutKind::SharedOffset:
            v.offset = 2;
            break;
        case LayoutKind::ZeroStride:
            if (role == 1 && !dims.empty()) {
                v.strides.back() = 0;
                // Keep the outer strides dense over the remaining storage.
                int64_t acc = 1;
                for (size_t d = dims.size() - 1; d-- > 0;) {
                    v.strides[d] = acc;
                    acc *= dims[d];
                }
            } else if (role == 2 && !dims.empty()) {
                v.strides.front() = 0;
            }
            break;
    }
    v.storage_numel = std::max<int64_t>(storage_needed(dims, v.strides, v.offset), v.offset);
    return v;
}

/// The values a view sees, in row-major order of `dims`.
inline std::vector<double> view_values(const std::vector<int64_t>& dims,
                                       const View& v,
                                       const std::vector<double>& storage) {
    const int64_t n = product(dims);
    std::vector<double> out;
    out.reserve(static_cast<size_t>(n));
    std::vector<int64_t> idx(dims.size(), 0);
    for (int64_t i = 0; i < n; ++i) {
        int64_t off = v.offset;
        for (size_t d = 0; d < dims.size(); ++d) {
            off += idx[d] * v.strides[d];
        }
        out.push_back(storage[static_cast<size_t>(off)]);
        for (size_t d = dims.size(); d-- > 0;) {
            if (++idx[d] < dims[d]) {
                break;
            }
            idx[d] = 0;
        }
    }
    return out;
}

/// Storage element indices the view writes (for checking the rest is untouched).
inline std::vector<bool> view_mask(const std::vector<int64_t>& dims, const View& v) {
    std::vector<double> index(static_cast<size_t>(v.storage_numel));
    for (size_t i = 0; i < index.size(); ++i) {
        index[i] = static_cast<double>(i);
    }
    std::vector<bool> mask(index.size(), false);
    for (double i : view_values(dims, v, index)) {
        mask[static_cast<size_t>(i)] = true;
    }
    return mask;
}

inline std::vector<double> uniform_values(size_t n, double lo, double hi, uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> dist(lo, hi);
    std::vector<double> v(n);
    for (auto& x : v) {
        x = dist(rng);
    }
    return v;
}

/// A tensor over a fresh storage laid out by `v`, holding `storage`.
inline DeviceTensor make_tensor(const std::vector<int64_t>& dims,
                                const View& v,
                                aclDataType dtype,
                                const std::vector<double>& storage) {
    return DeviceTensor::strided(dims, v.strides, v.offset, {v.storage_numel}, dtype, storage);
}

}  // namespace aclemu::test::elementwise
