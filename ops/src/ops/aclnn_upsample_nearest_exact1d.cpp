// aclnnUpsampleNearestExact1d (ops-cv image/upsample_nearest op_api): check in CANN's order
// (nulls of self, out, outputSize; self's dtype, then out's; every size positive, so empty
// tensors are rejected; self 3-D; outputSize of 1 element), then aclemu's stricter checks
// (out's shape, views fit; docs/compatibility.md) -> snapshot -> run. The index rule is the
// backward's (kernels_cu/math/upsample_nearest_exact.h) with the same fp32 scale.
#include "aclnnop/aclnn_upsample_nearest_exact1d.h"

#include "common/dispatch.h"
#include "common/kernel_dtype.h"
#include "common/op_boundary.h"
#include "common/op_checks.h"
#include "common/op_error.h"
#include "kernels_cpu/cpu_kernels.h"
#include "kernels_cu/launch.h"
#include "kernels_cu/math/upsample_nearest_exact.h"
#include "nnopbase/executor.h"
#include "nnopbase/tensor.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace aclemu::ops {
namespace {

constexpr const char* kApi = "aclnnUpsampleNearestExact1d";
constexpr const char* kInputNames[] = {"self"};
constexpr const char* kOutputNames[] = {"out"};

aclnnStatus check_sizes_positive(const aclTensor* self, const aclIntArray* output_size) {
    // CANN reads N, C, L and outputSize[0] before it checks the ranks; they are only readable
    // when self has 3 dims or more and outputSize an element (otherwise the rank checks fail).
    if (self->view_dims.size() < 3 || output_size->values.empty()) {
        return ACLNN_SUCCESS;
    }
    const std::vector<int64_t>& d = self->view_dims;
    const int64_t l_out = output_size->values[0];
    if (d[0] > 0 && d[1] > 0 && d[2] > 0 && l_out > 0) {
        return ACLNN_SUCCESS;
    }
    return op_fail(ACLNN_ERR_PARAM_INVALID,
                   kApi,
                   "self",
                   "shape %s and outputSize [%lld]: N, C, L and the output L must all be > 0",
                   dims_to_string(d).c_str(),
                   static_cast<long long>(l_out));
}

aclnnStatus check_upsample_nearest_exact1d(const aclTensor* self,
                                           const aclIntArray* output_size,
                                           const aclTensor* out) {
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(self, kApi, "self"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(out, kApi, "out"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(output_size, kApi, "outputSize"));

    ACLEMU_OP_RETURN_IF_ERROR(
        check_dtype_in(self, kApi, "self", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}));
    ACLEMU_OP_RETURN_IF_ERROR(check_same_dtype(out, kApi, "out", self, "self"));

    ACLEMU_OP_RETURN_IF_ERROR(check_sizes_positive(self, output_size));
    ACLEMU_OP_RETURN_IF_ERROR(check_rank_in(self, kApi, "self", 3, 3));
    if (output_size->values.size() != 1) {
        return op_fail(ACLNN_ERR_PARAM_INVALID,
                       kApi,
                       "outputSize",
                       "has %zu elements, expected 1 (L)",
                       output_size->values.size());
    }

    // Stricter than CANN, whose copy into out fails later (docs/compatibility.md).
    const std::vector<int64_t>& s = self->view_dims;
    const std::vector<int64_t> want = {s[0], s[1], output_size->values[0]};
    if (out->view_dims != want) {
        return op_fail(ACLNN_ERR_PARAM_INVALID,
                       kApi,
                       "out",
                       "shape %s must be [N, C, outputSize[0]] = %s",
                       dims_to_string(out->view_dims).c_str(),
                       dims_to_string(want).c_str());
    }
    ACLEMU_OP_RETURN_IF_ERROR(check_view_fits(self, kApi, "self"));
    ACLEMU_OP_RETURN_IF_ERROR(check_view_fits(out, kApi, "out"));
    ACLEMU_OP_RETURN_IF_ERROR(check_output_not_self_overlapping(out, kApi, "out"));
    return ACLNN_SUCCESS;
}

kernels::UpsampleNearestExact1dArgs make_args(const aclTensor& self,
                                              const aclTensor& out,
                                              double scales) {
    kernels::UpsampleNearestExact1dArgs a;
    a.n = self.view_dims[0];
    a.c = self.view_dims[1];
    a.l_in = self.view_dims[2];
    a.l_out = out.view_dims[2];
    // The backward's fp32 scale: (float)scales, or float(L_out) / float(L_in). NaN and negative
    // scales fail "> 0": "not given".
    a.scale = scales > 0 ? static_cast<float>(scales)
                         : static_cast<float>(a.l_out) / static_cast<float>(a.l_in);
    a.dtype = to_kernel_dtype(self.dtype);
    a.self = nn::view_data(self);
    a.out = nn::view_data(out);
    for (int d = 0; d < 3; ++d) {
        a.self_strides[d] = self.strides[d];
        a.out_strides[d] = out.strides[d];
    }
    return a;
}

class UpsampleNearestExact1dExecutor final : public aclOpExecutor {
public:
    double scales = 0;

    aclnnStatus run(void* /*workspace*/, const rt::StreamTarget& stream) override {
        const aclTensor& self = inputs[0];
        const aclTensor& out = outputs[0];
        ACLEMU_OP_RETURN_IF_ERROR(check_device_data(&self, kApi, "self"));
        ACLEMU_OP_RETURN_IF_ERROR(check_device_data(&out, kApi, "out"));
        const kernels::UpsampleNearestExact1dArgs args = make_args(self, out, scales);
        const uint64_t bytes = kernels::min_traffic_bytes(args);
        const rt::TaskLength length = task_length(bytes);
        const int threads = cpu_kernel_settings(length).threads;
        return dispatch_kernel(
            kApi,
            stream,
            length,
            KernelLabel{"upsample_nearest_exact1d", "gather", bytes},
            [args, threads] { kernels::cpu::upsample_nearest_exact1d(args, threads); },
            [&args](const kernels::GpuLaunchers& gpu, void* native) {
                return gpu.upsample_nearest_exact1d(args, native);
            });
    }
};

aclnnStatus get_workspace_size(const aclTensor* self,
                               const aclIntArray* output_size,
                               double scales,
                               aclTensor* out,
                               uint64_t* workspace_size,
                               aclOpExecutor** executor) {
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(workspace_size, kApi, "workspaceSize"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(executor, kApi, "executor"));
    ACLEMU_OP_RETURN_IF_ERROR(check_upsample_nearest_exact1d(self, output_size, out));

    auto exec = std::make_unique<UpsampleNearestExact1dExecutor>();
    exec->op_name = kApi;
    exec->inputs = {*self};
    exec->outputs = {*out};
    exec->input_names = kInputNames;
    exec->output_names = kOutputNames;
    exec->scales = scales;
    exec->workspace_size = 0;  // a gather: no workspace
    return nn::publish_executor(std::move(exec), workspace_size, executor);
}

}  // namespace
}  // namespace aclemu::ops

extern "C" {

aclnnStatus aclnnUpsampleNearestExact1dGetWorkspaceSize(const aclTensor* self,
                                                        const aclIntArray* outputSize,
                                                        double scales,
                                                        aclTensor* out,
                                                        uint64_t* workspaceSize,
                                                        aclOpExecutor** executor) {
    return aclemu::ops::guard_phase1(aclemu::ops::kApi, {{"self", self}, {"out", out}}, [&] {
        return aclemu::ops::get_workspace_size(
            self, outputSize, scales, out, workspaceSize, executor);
    });
}

aclnnStatus aclnnUpsampleNearestExact1d(void* workspace,
                                        uint64_t workspaceSize,
                                        aclOpExecutor* executor,
                                        aclrtStream stream) {
    return aclemu::nn::execute(aclemu::ops::kApi, workspace, workspaceSize, executor, stream);
}

}  // extern "C"
