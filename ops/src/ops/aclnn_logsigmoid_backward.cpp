// aclnnLogSigmoidBackward: gradInput = gradOutput * sigmoid(-self) (op_semantics.md §1). Phase 1
// checks in CANN's order (nulls, dtypes, shapes; `buffer` is only null-checked; any rank), then
// aclemu's view checks, snapshots the tensors and plans the iteration space; phase 2 rebuilds
// the data pointers from the snapshots (aclSetInputTensorAddr may have moved them) and
// dispatches the elementwise kernel.
#include "aclnnop/aclnn_logsigmoid_backward.h"

#include "common/elementwise_dispatch.h"
#include "common/elementwise_plan.h"
#include "common/kernel_dtype.h"
#include "common/op_boundary.h"
#include "common/op_checks.h"
#include "common/op_error.h"
#include "kernels_cpu/cpu_kernels.h"
#include "kernels_cu/kernel_args.h"
#include "kernels_cu/launch.h"
#include "kernels_cu/math/log_sigmoid_backward.h"
#include "nnopbase/executor.h"
#include "nnopbase/tensor.h"

#include <memory>

namespace aclemu::ops {
namespace {

constexpr const char* kApi = "aclnnLogSigmoidBackward";

// CANN order: inputs gradOutput, self, buffer; output gradInput.
enum Input { kGradOutput = 0, kSelf = 1, kBuffer = 2 };
enum Output { kGradInput = 0 };
constexpr const char* kInputNames[] = {"gradOutput", "self", "buffer"};
constexpr const char* kOutputNames[] = {"gradInput"};

aclnnStatus check_log_sigmoid_backward(const aclTensor* grad_output,
                                       const aclTensor* self,
                                       const aclTensor* buffer,
                                       const aclTensor* grad_input) {
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(grad_output, kApi, "gradOutput"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(self, kApi, "self"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(buffer, kApi, "buffer"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(grad_input, kApi, "gradInput"));

    ACLEMU_OP_RETURN_IF_ERROR(
        check_dtype_in(grad_output, kApi, "gradOutput", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}));
    ACLEMU_OP_RETURN_IF_ERROR(
        check_dtype_in(self, kApi, "self", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}));
    ACLEMU_OP_RETURN_IF_ERROR(
        check_same_dtype(grad_output, kApi, "gradOutput", grad_input, "gradInput"));
    ACLEMU_OP_RETURN_IF_ERROR(check_same_dtype(self, kApi, "self", grad_input, "gradInput"));

    ACLEMU_OP_RETURN_IF_ERROR(
        check_same_shape(grad_output, kApi, "gradOutput", grad_input, "gradInput"));
    ACLEMU_OP_RETURN_IF_ERROR(check_same_shape(self, kApi, "self", grad_input, "gradInput"));

    // aclemu's own checks (stricter than CANN, docs/compatibility.md). `buffer` is never read.
    ACLEMU_OP_RETURN_IF_ERROR(check_view_fits(grad_output, kApi, "gradOutput"));
    ACLEMU_OP_RETURN_IF_ERROR(check_view_fits(self, kApi, "self"));
    ACLEMU_OP_RETURN_IF_ERROR(check_view_fits(grad_input, kApi, "gradInput"));
    ACLEMU_OP_RETURN_IF_ERROR(check_output_not_self_overlapping(grad_input, kApi, "gradInput"));
    return ACLNN_SUCCESS;
}

class LogSigmoidBackwardExecutor final : public ElementwiseExecutor {
public:
    ElementwiseOperands operands() const override {
        return {{&outputs[kGradInput], &inputs[kGradOutput], &inputs[kSelf]},
                {"gradInput", "gradOutput", "self"}};
    }

private:
    aclnnStatus launch(void* const data[3], const rt::StreamTarget& stream) const override {
        kernels::LogSigmoidBackwardArgs args;
        args.geometry = geometry;
        args.dtype = dtype;
        args.grad_input = data[0];
        args.grad_output = data[1];
        args.self = data[2];
        return dispatch_elementwise(kApi,
                                    stream,
                                    "log_sigmoid_backward",
                                    args,
                                    kernels::cpu::log_sigmoid_backward,
                                    &kernels::GpuLaunchers::log_sigmoid_backward);
    }
};

aclnnStatus get_workspace_size(const aclTensor* grad_output,
                               const aclTensor* self,
                               const aclTensor* buffer,
                               const aclTensor* grad_input,
                               uint64_t* workspace_size,
                               aclOpExecutor** executor) {
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(workspace_size, kApi, "workspaceSize"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(executor, kApi, "executor"));
    ACLEMU_OP_RETURN_IF_ERROR(check_log_sigmoid_backward(grad_output, self, buffer, grad_input));

    auto exec = std::make_unique<LogSigmoidBackwardExecutor>();
    exec->op_name = kApi;
    exec->inputs = {*grad_output, *self, *buffer};
    exec->outputs = {*grad_input};
    exec->input_names = kInputNames;
    exec->output_names = kOutputNames;
    exec->dtype = to_kernel_dtype(grad_input->dtype);
    ACLEMU_OP_RETURN_IF_ERROR(plan_elementwise(kApi, exec->operands(), &exec->geometry));
    exec->workspace_size = 0;  // elementwise: no workspace, empty or not
    return nn::publish_executor(std::move(exec), workspace_size, executor);
}

}  // namespace
}  // namespace aclemu::ops

extern "C" {

aclnnStatus aclnnLogSigmoidBackwardGetWorkspaceSize(const aclTensor* gradOutput,
                                                    const aclTensor* self,
                                                    const aclTensor* buffer,
                                                    aclTensor* gradInput,
                                                    uint64_t* workspaceSize,
                                                    aclOpExecutor** executor) {
    return aclemu::ops::guard_phase1(
        aclemu::ops::kApi,
        {{"gradOutput", gradOutput}, {"self", self}, {"buffer", buffer}, {"gradInput", gradInput}},
        [&] {
            return aclemu::ops::get_workspace_size(
                gradOutput, self, buffer, gradInput, workspaceSize, executor);
        });
}

aclnnStatus aclnnLogSigmoidBackward(void* workspace,
                                    uint64_t workspaceSize,
                                    aclOpExecutor* executor,
                                    aclrtStream stream) {
    return aclemu::nn::execute(aclemu::ops::kApi, workspace, workspaceSize, executor, stream);
}

}  // extern "C"
