// plan_elementwise: size-1 dims dropped, the rest coalesced (iteration_dims.h) for three
// operands (elementwise_plan.h).
#include "common/elementwise_plan.h"

#include "common/iteration_dims.h"
#include "common/op_checks.h"
#include "common/op_error.h"
#include "nnopbase/tensor.h"

#include <cstdint>
#include <vector>

namespace aclemu::ops {

constexpr int kOperands = 3;

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
    if (g.numel < 0) {
        return false;  // a negative dim or an overflowing count (not a tensor aclCreateTensor made)
    }
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

    std::vector<IterDim<kOperands>> dims;
    dims.reserve(shape.size());
    for (size_t d = 0; d < shape.size(); ++d) {
        if (shape[d] == 1) {
            continue;
        }
        IterDim<kOperands> dim{shape[d], {}};
        for (int k = 0; k < kOperands; ++k) {
            dim.stride[k] = operands[k]->strides[d];
        }
        dims.push_back(dim);
    }
    coalesce(dims);
    if (dims.empty()) {
        dims.push_back({1, {1, 1, 1}});
    }
    if (dims.size() > static_cast<size_t>(kernels::kMaxDims)) {
        return false;
    }

    g.ndim = static_cast<int32_t>(dims.size());
    for (size_t d = 0; d < dims.size(); ++d) {
        g.sizes[d] = dims[d].size;
        for (int k = 0; k < kOperands; ++k) {
            g.strides[k][d] = dims[d].stride[k];
        }
    }
    g.contiguous = g.ndim == 1;
    for (int k = 0; k < kOperands && g.contiguous; ++k) {
        g.contiguous = g.strides[k][0] == 1;
    }
    *out = g;
    return true;
}

aclnnStatus plan_elementwise(const char* api,
                             const ElementwiseOperands& operands,
                             kernels::ElementwiseGeometry* out) {
    if (plan_elementwise(operands.tensors, out)) {
        return ACLNN_SUCCESS;
    }
    return op_fail(ACLNN_ERR_PARAM_INVALID,
                   api,
                   operands.names[0],
                   "the views %s cannot be iterated in at most %d merged dimensions",
                   dims_to_string(operands.tensors[0]->view_dims).c_str(),
                   kernels::kMaxDims);
}

aclnnStatus elementwise_data(const char* api, const ElementwiseOperands& operands, void* data[3]) {
    for (int k : {1, 2, 0}) {  // the inputs first, as CANN reports them
        ACLEMU_OP_RETURN_IF_ERROR(check_device_data(operands.tensors[k], api, operands.names[k]));
        data[k] = nn::view_data(*operands.tensors[k]);
    }
    return ACLNN_SUCCESS;
}

}  // namespace aclemu::ops
