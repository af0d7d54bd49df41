// aclnnSigmoidBackward: gradInput = gradOutput * (1 - output) * output (ops-nn
// activation/sigmoid_grad/op_api). Phase 1 checks in CANN's order (nulls; the three dtypes;
// ranks <= 8; the promoted dtype of gradOutput and output and its cast to gradInput's; the
// broadcast of gradOutput and output, which must be gradInput's shape), then the view checks,
// snapshots (the inputs as broadcast views) and plans; phase 2 dispatches the elementwise kernel:
// the shared loops when the three dtypes agree, else the general path in the promoted dtype.
#include "aclnnop/aclnn_sigmoid_backward.h"

#include "common/arith_checks.h"
#include "common/arith_promotion.h"
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
#include "ops/binary_arith_op.h"

#include <memory>
#include <vector>

namespace aclemu::ops {
namespace {

constexpr const char* kApi = "aclnnSigmoidBackward";
constexpr int64_t kMaxRank = 8;

// CANN order: inputs gradOutput, output; output gradInput.
enum Input { kGradOutput = 0, kOutput = 1 };
enum Output { kGradInput = 0 };
constexpr const char* kInputNames[] = {"gradOutput", "output"};
constexpr const char* kOutputNames[] = {"gradInput"};

// CANN lists COMPLEX64 and COMPLEX128 too; aclemu has no complex kernels (compatibility.md).
constexpr std::initializer_list<aclDataType> kDtypes = {
    ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE};

/// The checks; the promoted dtype and the broadcast shape on success.
aclnnStatus check_sigmoid_backward(const aclTensor* grad_output,
                                   const aclTensor* output,
                                   const aclTensor* grad_input,
                                   aclDataType* promoted,
                                   std::vector<int64_t>* shape) {
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(grad_output, kApi, "gradOutput"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(output, kApi, "output"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(grad_input, kApi, "gradInput"));

    ACLEMU_OP_RETURN_IF_ERROR(check_dtype_in(grad_output, kApi, "gradOutput", kDtypes));
    ACLEMU_OP_RETURN_IF_ERROR(check_dtype_in(output, kApi, "output", kDtypes));
    ACLEMU_OP_RETURN_IF_ERROR(check_dtype_in(grad_input, kApi, "gradInput", kDtypes));
    ACLEMU_OP_RETURN_IF_ERROR(check_rank_in(grad_output, kApi, "gradOutput", 0, kMaxRank));
    ACLEMU_OP_RETURN_IF_ERROR(check_rank_in(output, kApi, "output", 0, kMaxRank));

    // Two floating dtypes always promote (PyTorch's table: FLOAT16 with BF16 is FLOAT) to one
    // of the list, which casts to any floating gradInput; the checks stay for CANN's order.
    *promoted = promote_types(grad_output->dtype, output->dtype);
    ACLEMU_OP_RETURN_IF_ERROR(check_result_castable(kApi, *promoted, grad_input, "gradInput"));
    ACLEMU_OP_RETURN_IF_ERROR(
        check_broadcast(kApi, grad_output, "gradOutput", output, "output", shape));
    ACLEMU_OP_RETURN_IF_ERROR(check_shape_is(kApi, grad_input, "gradInput", *shape));

    ACLEMU_OP_RETURN_IF_ERROR(check_view_fits(grad_output, kApi, "gradOutput"));
    ACLEMU_OP_RETURN_IF_ERROR(check_view_fits(output, kApi, "output"));
    ACLEMU_OP_RETURN_IF_ERROR(check_view_fits(grad_input, kApi, "gradInput"));
    ACLEMU_OP_RETURN_IF_ERROR(check_output_not_self_overlapping(grad_input, kApi, "gradInput"));
    return ACLNN_SUCCESS;
}

class SigmoidBackwardExecutor final : public ElementwiseExecutor {
public:
    bool mixed = false;
    kernels::MixedTypes types;

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
        args.mixed = mixed;
        args.types = types;
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
    aclDataType promoted = ACL_DT_UNDEFINED;
    std::vector<int64_t> shape;
    ACLEMU_OP_RETURN_IF_ERROR(
        check_sigmoid_backward(grad_output, output, grad_input, &promoted, &shape));

    auto exec = std::make_unique<SigmoidBackwardExecutor>();
    exec->op_name = kApi;
    exec->inputs = {broadcast_view(*grad_output, shape), broadcast_view(*output, shape)};
    exec->outputs = {*grad_input};
    exec->input_names = kInputNames;
    exec->output_names = kOutputNames;
    const aclDataType out_dtype = grad_input->dtype;
    exec->mixed =
        grad_output->dtype != out_dtype || output->dtype != out_dtype || out_dtype == ACL_DOUBLE;
    if (exec->mixed) {
        exec->types = {to_arith_type(out_dtype),
                       to_arith_type(grad_output->dtype),
                       to_arith_type(output->dtype),
                       to_arith_type(promoted)};
    } else {
        exec->dtype = to_kernel_dtype(out_dtype);
    }
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
