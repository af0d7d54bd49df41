// aclnnLogSigmoid and aclnnLogSigmoidForward: out = log(sigmoid(self)) (ops-nn
// activation/logsigmoid op_api). Phase 1 checks in CANN's order (nulls of self and out; self's
// dtype, out's dtype, then equal dtypes; equal shapes, any rank), then the view checks, snapshots
// and plans; phase 2 dispatches the elementwise kernel. The forward's `buffer` is not checked
// and not written: CANN only logs it.
#include "aclnnop/aclnn_logsigmoid.h"

#include "common/elementwise_dispatch.h"
#include "common/elementwise_plan.h"
#include "common/kernel_dtype.h"
#include "common/op_boundary.h"
#include "common/op_checks.h"
#include "common/op_error.h"
#include "common/unary_elementwise.h"
#include "kernels_cpu/cpu_kernels.h"
#include "kernels_cu/launch.h"
#include "kernels_cu/math/log_sigmoid.h"
#include "nnopbase/executor.h"
#include "nnopbase/tensor.h"

#include <memory>

namespace aclemu::ops {
namespace {

constexpr const char* kLogSigmoid = "aclnnLogSigmoid";
constexpr const char* kLogSigmoidForward = "aclnnLogSigmoidForward";

aclnnStatus check_log_sigmoid(const char* api, const aclTensor* self, const aclTensor* out) {
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(self, api, "self"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(out, api, "out"));

    ACLEMU_OP_RETURN_IF_ERROR(
        check_dtype_in(self, api, "self", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}));
    ACLEMU_OP_RETURN_IF_ERROR(check_dtype_in(out, api, "out", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}));
    ACLEMU_OP_RETURN_IF_ERROR(check_same_dtype(self, api, "self", out, "out"));
    ACLEMU_OP_RETURN_IF_ERROR(check_same_shape(self, api, "self", out, "out"));

    // aclemu's own checks (docs/compatibility.md).
    ACLEMU_OP_RETURN_IF_ERROR(check_view_fits(self, api, "self"));
    ACLEMU_OP_RETURN_IF_ERROR(check_view_fits(out, api, "out"));
    ACLEMU_OP_RETURN_IF_ERROR(check_output_not_self_overlapping(out, api, "out"));
    return ACLNN_SUCCESS;
}

class LogSigmoidExecutor final : public UnaryElementwiseExecutor {
private:
    aclnnStatus launch(void* const data[3], const rt::StreamTarget& stream) const override {
        kernels::LogSigmoidArgs args;
        args.geometry = geometry;
        args.dtype = dtype;
        args.out = data[0];
        args.self = data[1];
        return dispatch_elementwise(op_name,
                                    stream,
                                    "log_sigmoid",
                                    args,
                                    kernels::cpu::log_sigmoid,
                                    &kernels::GpuLaunchers::log_sigmoid);
    }
};

aclnnStatus get_workspace_size(const char* api,
                               const aclTensor* self,
                               aclTensor* out,
                               uint64_t* workspace_size,
                               aclOpExecutor** executor) {
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(workspace_size, api, "workspaceSize"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(executor, api, "executor"));
    ACLEMU_OP_RETURN_IF_ERROR(check_log_sigmoid(api, self, out));

    auto exec = std::make_unique<LogSigmoidExecutor>();
    exec->dtype = to_kernel_dtype(out->dtype);
    return publish_unary(std::move(exec), api, self, "self", out, "out", workspace_size, executor);
}

}  // namespace
}  // namespace aclemu::ops

extern "C" {

aclnnStatus aclnnLogSigmoidGetWorkspaceSize(const aclTensor* self,
                                            aclTensor* out,
                                            uint64_t* workspaceSize,
                                            aclOpExecutor** executor) {
    using aclemu::ops::kLogSigmoid;
    return aclemu::ops::guard_phase1(kLogSigmoid, {{"self", self}, {"out", out}}, [&] {
        return aclemu::ops::get_workspace_size(kLogSigmoid, self, out, workspaceSize, executor);
    });
}

aclnnStatus aclnnLogSigmoid(void* workspace,
                            uint64_t workspaceSize,
                            aclOpExecutor* executor,
                            aclrtStream stream) {
    return aclemu::nn::execute(
        aclemu::ops::kLogSigmoid, workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnLogSigmoidForwardGetWorkspaceSize(const aclTensor* self,
                                                   aclTensor* out,
                                                   aclTensor* buffer,
                                                   uint64_t* workspaceSize,
                                                   aclOpExecutor** executor) {
    using aclemu::ops::kLogSigmoidForward;
    return aclemu::ops::guard_phase1(
        kLogSigmoidForward, {{"self", self}, {"out", out}, {"buffer", buffer}}, [&] {
            return aclemu::ops::get_workspace_size(
                kLogSigmoidForward, self, out, workspaceSize, executor);
        });
}

aclnnStatus aclnnLogSigmoidForward(void* workspace,
                                   uint64_t workspaceSize,
                                   aclOpExecutor* executor,
                                   aclrtStream stream) {
    return aclemu::nn::execute(
        aclemu::ops::kLogSigmoidForward, workspace, workspaceSize, executor, stream);
}

}  // extern "C"
