// aclnnLogitGrad: out = x in range ? dy / (x (1 - x)) : fill, the CANN kernel's eps rule
// (op_semantics.md §3, DESIGN.md "Where sources disagree"). Phase 1 checks as CANN's generated
// API does (nulls, one dtype for all three, ND-like formats), then aclemu's stricter checks
// (same shape, rank <= 8, views fit), snapshots x, dy, out and plans the iteration space;
// phase 2 rebuilds the data pointers from the snapshots and dispatches the elementwise kernel.
#include "aclnnop/aclnn_logit_grad.h"

#include "common/elementwise_dispatch.h"
#include "common/elementwise_plan.h"
#include "common/kernel_dtype.h"
#include "common/nd_like_format.h"
#include "common/op_boundary.h"
#include "common/op_checks.h"
#include "common/op_error.h"
#include "kernels_cpu/cpu_kernels.h"
#include "kernels_cu/kernel_args.h"
#include "kernels_cu/launch.h"
#include "kernels_cu/math/logit_grad.h"
#include "nnopbase/executor.h"
#include "nnopbase/tensor.h"

#include <memory>

namespace aclemu::ops {
namespace {

constexpr const char* kApi = "aclnnLogitGrad";
constexpr int64_t kMaxRank = 8;
// CANN order: inputs x, dy; output out.
enum Input { kX = 0, kDy = 1 };
enum Output { kOut = 0 };
constexpr const char* kInputNames[] = {"x", "dy"};
constexpr const char* kOutputNames[] = {"out"};

aclnnStatus check_logit_grad(const aclTensor* x, const aclTensor* dy, const aclTensor* out) {
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(x, kApi, "x"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(dy, kApi, "dy"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(out, kApi, "out"));

    ACLEMU_OP_RETURN_IF_ERROR(check_dtype_in(x, kApi, "x", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}));
    ACLEMU_OP_RETURN_IF_ERROR(check_same_dtype(dy, kApi, "dy", x, "x"));
    ACLEMU_OP_RETURN_IF_ERROR(check_same_dtype(out, kApi, "out", x, "x"));
    ACLEMU_OP_RETURN_IF_ERROR(check_nd_like(x, kApi, "x"));
    ACLEMU_OP_RETURN_IF_ERROR(check_nd_like(dy, kApi, "dy"));
    ACLEMU_OP_RETURN_IF_ERROR(check_nd_like(out, kApi, "out"));

    // Stricter than CANN (docs/compatibility.md): its generated API checks no shapes.
    ACLEMU_OP_RETURN_IF_ERROR(check_rank_in(x, kApi, "x", 0, kMaxRank));
    ACLEMU_OP_RETURN_IF_ERROR(check_same_shape(dy, kApi, "dy", x, "x"));
    ACLEMU_OP_RETURN_IF_ERROR(check_same_shape(out, kApi, "out", x, "x"));
    ACLEMU_OP_RETURN_IF_ERROR(check_view_fits(x, kApi, "x"));
    ACLEMU_OP_RETURN_IF_ERROR(check_view_fits(dy, kApi, "dy"));
    ACLEMU_OP_RETURN_IF_ERROR(check_view_fits(out, kApi, "out"));
    ACLEMU_OP_RETURN_IF_ERROR(check_output_not_self_overlapping(out, kApi, "out"));
    return ACLNN_SUCCESS;
}

class LogitGradExecutor final : public ElementwiseExecutor {
public:
    kernels::LogitGradParams params{0.0f, 1.0f, true};

    ElementwiseOperands operands() const override {
        return {{&outputs[kOut], &inputs[kX], &inputs[kDy]}, {"out", "x", "dy"}};
    }

private:
    aclnnStatus launch(void* const data[3], const rt::StreamTarget& stream) const override {
        kernels::LogitGradArgs args;
        args.geometry = geometry;
        args.dtype = dtype;
        args.out = data[0];
        args.x = data[1];
        args.dy = data[2];
        args.lo = params.lo;
        args.hi = params.hi;
        args.nan_fill = params.nan_fill;
        return dispatch_elementwise(kApi,
                                    stream,
                                    "logit_grad",
                                    args,
                                    kernels::cpu::logit_grad,
                                    &kernels::GpuLaunchers::logit_grad);
    }
};

aclnnStatus get_workspace_size(const aclTensor* x,
                               const aclTensor* dy,
                               double eps,
                               const aclTensor* out,
                               uint64_t* workspace_size,
                               aclOpExecutor** executor) {
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(workspace_size, kApi, "workspaceSize"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(executor, kApi, "executor"));
    ACLEMU_OP_RETURN_IF_ERROR(check_logit_grad(x, dy, out));

    auto exec = std::make_unique<LogitGradExecutor>();
    exec->op_name = kApi;
    exec->inputs = {*x, *dy};
    exec->outputs = {*out};
    exec->input_names = kInputNames;
    exec->output_names = kOutputNames;
    exec->dtype = to_kernel_dtype(x->dtype);
    exec->params = kernels::logit_grad_params(eps);
    ACLEMU_OP_RETURN_IF_ERROR(plan_elementwise(kApi, exec->operands(), &exec->geometry));
    exec->workspace_size = 0;  // elementwise: no workspace, empty or not
    return nn::publish_executor(std::move(exec), workspace_size, executor);
}

}  // namespace
}  // namespace aclemu::ops

extern "C" {

aclnnStatus aclnnLogitGradGetWorkspaceSize(const aclTensor* x,
                                           const aclTensor* dy,
                                           double eps,
                                           const aclTensor* out,
                                           uint64_t* workspaceSize,
                                           aclOpExecutor** executor) {
    return aclemu::ops::guard_phase1(aclemu::ops::kApi, {{"x", x}, {"dy", dy}, {"out", out}}, [&] {
        return aclemu::ops::get_workspace_size(x, dy, eps, out, workspaceSize, executor);
    });
}

aclnnStatus aclnnLogitGrad(void* workspace,
                           uint64_t workspaceSize,
                           aclOpExecutor* executor,
                           aclrtStream stream) {
    return aclemu::nn::execute(aclemu::ops::kApi, workspace, workspaceSize, executor, stream);
}

}  // extern "C"
