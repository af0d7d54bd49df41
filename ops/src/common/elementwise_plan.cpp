// plan_elementwise: TensorIterator-style dim dropping, reordering and coalescing for three
// operands (elementwise_plan.h).
#include "common/elementwise_plan.h"

#include "nnopbase/tensor.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <vector>

namespace aclemu::ops {
namespace {

constexpr int kOperands = 3;

struct Dim {
    int64_t size;
    int64_t stride[kOperands];
};

// Outer dims first: larger |stride| of the output; the inputs decide ties.
bool outer_before(const Dim& a, const Dim& b) {
    for (int k = 0; k < kOperands; ++k) {
        const int64_t sa = std::llabs(a.stride[k]);
        const int64_t sb = std::llabs(b.stride[k]);
        if (sa != sb) {
            return sa > sb;
        }
    }
    return false;
}

bool mergeable(const Dim& outer, const Dim& inner) {
    for (int k = 0; k < kOperands; ++k) {
        if (outer.stride[k] != inner.stride[k] * inner.size) {
            return false;
        }
    }
    return true;
}

}  // namespace

bool plan_elementwise(const aclTensor* const operands[3], kernels::ElementwiseGeometry* out) {
    if (out == nullptr) {
        return false;
    }
    for (int k = 0; k < kOperands; ++k) {
        if (operands[k] == nullptr) {
            return false;
        }
    }
    const nn::DimVector& shape = operands[0]->view_dims;
    for (int k = 0; k < kOperands; ++k) {
        if (operands[k]->view_dims != shape || operands[k]->strides.size() != shape.size()) {
            return false;
        }
    }

    kernels::ElementwiseGeometry g{};
    g.numel = nn::numel(shape);
    if (g.numel == 0) {
        g.ndim = 1;
        g.sizes[0] = 0;
        for (int k = 0; k < kOperands; ++k) {
            g.strides[k][0] = 1;
        }
        g.contiguous = true;
        *out = g;
        return true;
    }

    std::vector<Dim> dims;
    dims.reserve(shape.size());
    for (size_t d = 0; d < shape.size(); ++d) {
        if (shape[d] == 1) {
            continue;
        }
        Dim dim{shape[d], {}};
        for (int k = 0; k < kOperands; ++k) {
            dim.stride[k] = operands[k]->strides[d];
        }
        dims.push_back(dim);
    }
    // Stable: views whose strides do not order the dims keep their own order.
    std::stable_sort(dims.begin(), dims.end(), outer_before);

    std::vector<Dim> merged;
    merged.reserve(dims.size());
    for (const Dim& dim : dims) {
        if (!merged.empty() && mergeable(merged.back(), dim)) {
            Dim& outer = merged.back();
            outer.size *= dim.size;
            for (int k = 0; k < kOperands; ++k) {
                outer.stride[k] = dim.stride[k];
            }
            continue;
        }
        merged.push_back(dim);
    }
    if (merged.empty()) {
        merged.push_back(Dim{1, {1, 1, 1}});
    }
    if (merged.size() > static_cast<size_t>(kernels::kMaxDims)) {
        return false;
    }

    g.ndim = static_cast<int32_t>(merged.size());
    for (size_t d = 0; d < merged.size(); ++d) {
        g.sizes[d] = merged[d].size;
        for (int k = 0; k < kOperands; ++k) {
            g.strides[k][d] = merged[d].stride[k];
        }
    }
    g.contiguous = g.ndim == 1;
    for (int k = 0; k < kOperands && g.contiguous; ++k) {
        g.contiguous = g.strides[k][0] == 1;
    }
    *out = g;
    return true;
}

}  // namespace aclemu::ops
