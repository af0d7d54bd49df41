#include "common/channel_geometry.h"

#include "common/iteration_dims.h"
#include "common/kernel_dtype.h"
#include "common/op_checks.h"
#include "common/op_error.h"
#include "nnopbase/tensor.h"

#include <vector>

namespace aclemu::ops {

aclnnStatus check_channel_vector(const aclTensor* t,
                                 const char* api,
                                 const char* name,
                                 int64_t channels) {
    if (t->view_dims.size() != 1 || t->view_dims[0] != channels) {
        return op_fail(ACLNN_ERR_PARAM_INVALID,
                       api,
                       name,
                       "shape %s must be [%lld] (1-D, C = input.shape[1])",
                       dims_to_string(t->view_dims).c_str(),
                       static_cast<long long>(channels));
    }
    return ACLNN_SUCCESS;
}

aclnnStatus check_channels_nonzero(const aclTensor* input, const char* api, const char* name) {
    if (input->view_dims.size() >= 2 && input->view_dims[1] == 0) {
        return op_fail(ACLNN_ERR_PARAM_INVALID,
                       api,
                       name,
                       "shape %s has C = shape[1] = 0",
                       dims_to_string(input->view_dims).c_str());
    }
    return ACLNN_SUCCESS;
}

kernels::ChannelVector channel_vector_of(const aclTensor* t) {
    kernels::ChannelVector v;
    if (t == nullptr || t->dtype == ACL_DT_UNDEFINED) {
        return v;
    }
    v.data = nn::view_data(*t);
    v.dtype = to_kernel_dtype(t->dtype);
    v.stride = t->strides.empty() ? 1 : t->strides[0];
    return v;
}

kernels::ChannelGeometry plan_channel_geometry(std::initializer_list<const aclTensor*> operands) {
    // Unused operands follow operand 0, so they never block a merge.
    const aclTensor* ops[3] = {*operands.begin(), *operands.begin(), *operands.begin()};
    int count = 0;
    for (const aclTensor* t : operands) {
        if (count < 3) {
            ops[count++] = t;
        }
    }
    const aclTensor& ref = *ops[0];
    kernels::ChannelGeometry g;
    g.channels = ref.view_dims[1];
    for (int k = 0; k < 3; ++k) {
        g.channel_strides[k] = ops[k]->strides[1];
    }
    g.reduce_numel = g.channels > 0 ? nn::numel(ref.view_dims) / g.channels : 0;
    std::vector<IterDim<3>> dims;
    for (size_t d = 0; d < ref.view_dims.size(); ++d) {
        if (d != 1 && ref.view_dims[d] != 1) {
            dims.push_back(
                {ref.view_dims[d], {ops[0]->strides[d], ops[1]->strides[d], ops[2]->strides[d]}});
        }
    }
    coalesce(dims);
    g.reduce_ndim = g.reduce_numel == 0 ? 0 : static_cast<int32_t>(dims.size());  // <= 7
    for (int d = 0; d < g.reduce_ndim; ++d) {
        g.reduce_sizes[d] = dims[d].size;
        for (int k = 0; k < 3; ++k) {
            g.reduce_strides[k][d] = dims[d].stride[k];
        }
    }
    return g;
}

}  // namespace aclemu::ops
