// aclnnSigmoidBackward: gradInput = gradOutput * (1 - output) * output (ops-nn
// activation/sigmoid_grad/op_api). Phase 1 checks in CANN's order (nulls; the three dtypes;
// ranks <= 8; then dtypes and shapes against gradInput), then the view checks, snapshots and
// plans; phase 2 dispatches the elementwise kernel. CANN promotes mixed dtypes and broadcasts
// gradOutput against output; aclemu requires gradInput's dtype and shape (docs/compatibility.md).
#include "aclnnop/aclnn_sigmoid_backward.h"

#include "common/elementwise_dispatch.h"
#include "common/elementwise_plan.h"
#include "common/kernel_dtype.h"
#include "common/op_boundary.h"
#include "common/op_checks.h"
#include "common/op_error.h"
#include "kernels_cpu/cpu_kernels.h"
#include "kernels_cu/launch.h"
#include "kernels_cu/math/sigmoid_backward.h"
#include "nnopbase/executor.h"
#include "nnopbase/tensor.h"

#include <memory>

namespace aclemu::ops {
namespace {

constexpr const char* kApi = "aclnnSigmoidBackward";
constexpr int64_t kMaxRank = 8;

// CANN order: inputs gradOutput, output; output gradInput.
enum Input { kGradOutput = 0, kOutput = 1 };
enum Output { kGradInput = 0 };
constexpr const char* kInputNames[] = {"gradOutput", "output"};
constexpr const char* kOutputNames[] = {"gradInput"};

aclnnStatus check_sigmoid_backward(const aclTensor* grad_output,
                                   const aclTensor* output,
                                   const aclTensor* grad_input) {
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(grad_output, kApi, "gradOutput"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(output, kApi, "output"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(grad_input, kApi, "gradInput"));

    ACLEMU_OP_RETURN_IF_ERROR(
        check_dtype_in(grad_output, kApi, "gradOutput", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}));
    ACLEMU_OP_RETURN_IF_ERROR(
        check_dtype_in(output, kApi, "output", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}));
    ACLEMU_OP_RETURN_IF_ERROR(
        check_dtype_in(grad_input, kApi, "gradInput", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}));
    ACLEMU_OP_RETURN_IF_ERROR(check_rank_in(grad_output, kApi, "gradOutput", 0, kMaxRank));
    ACLEMU_OP_RETURN_IF_ERROR(check_rank_in(output, kApi, "output", 0, kMaxRank));

    // Stricter than CANN (docs/compatibility.md): one dtype, no broadcasting.
    ACLEMU_OP_RETURN_IF_ERROR(
        check_same_dtype(grad_output, kApi, "gradOutput", grad_input, "gradInput"));
    ACLEMU_OP_RETURN_IF_ERROR(check_same_dtype(output, kApi, "output", grad_input, "gradInput"));
    ACLEMU_OP_RETURN_IF_ERROR(
        check_same_shape(grad_output, kApi, "gradOutput", grad_input, "gradInput"));
    ACLEMU_OP_RETURN_IF_ERROR(check_same_shape(output, kApi, "output", grad_input, "gradInput"));
    ACLEMU_OP_RETURN_IF_ERROR(check_view_fits(grad_output, kApi, "gradOutput"));
    ACLEMU_OP_RETURN_IF_ERROR(check_view_fits(output, kApi, "output"));
    ACLEMU_OP_RETURN_IF_ERROR(check_view_fits(grad_input, kApi, "gradInput"));
    ACLEMU_OP_RETURN_IF_ERROR(check_output_not_self_overlapping(grad_input, kApi, "gradInput"));
    return ACLNN_SUCCESS;
}

class SigmoidBackwardExecutor final : public ElementwiseExecutor {
public:
    ElementwiseOperands operands() const override {
        return {{&outputs[kGradInput], &inputs[kGradOutput], &inputs[kOutput]},
                {"gradInput", "gradOutput", "output"}};
    }

private:
    aclnnStatus launch(void* const data[3], const rt::StreamTarget& stream) const override {
        kernels::SigmoidBackwardArgs args;
        args.geometry = geometry;
        args.dtype = dtype;
        args.grad_input = data[0];
        args.grad_output = data[1];
        args.output = data[2];
        return dispatch_elementwise(kApi,
                                    stream,
                                    "sigmoid_backward",
                                    args,
                                    kernels::cpu::sigmoid_backward,
                                    &kernels::GpuLaunchers::sigmoid_backward);
    }
};

aclnnStatus get_workspace_size(const aclTensor* grad_output,
                               const aclTensor* output,
                               aclTensor* grad_input,
                               uint64_t* workspace_size,
                               aclOpExecutor** executor) {
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(workspace_size, kApi, "workspaceSize"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(executor, kApi, "executor"));
    ACLEMU_OP_RETURN_IF_ERROR(check_sigmoid_backward(grad_output, output, grad_input));

    auto exec = std::make_unique<SigmoidBackwardExecutor>();
    exec->op_name = kApi;
    exec->inputs = {*grad_output, *output};
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

aclnnStatus aclnnSigmoidBackwardGetWorkspaceSize(const aclTensor* gradOutput,
                                                 const aclTensor* output,
                                                 aclTensor* gradInput,
                                                 uint64_t* workspaceSize,
                                                 aclOpExecutor** executor) {
    return aclemu::ops::guard_phase1(
        aclemu::ops::kApi,
        {{"gradOutput", gradOutput}, {"output", output}, {"gradInput", gradInput}},
        [&] {
            return aclemu::ops::get_workspace_size(
                gradOutput, output, gradInput, workspaceSize, executor);
        });
}

aclnnStatus aclnnSigmoidBackward(void* workspace,
                                 uint64_t workspaceSize,
                                 aclOpExecutor* executor,
                                 aclrtStream stream) {
    return aclemu::nn::execute(aclemu::ops::kApi, workspace, workspaceSize, executor, stream);
}

}  // extern "C"
