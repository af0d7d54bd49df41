// aclnnLogit: out = log(z / (1 - z)) with CANN's eps clamp (ops-nn loss/logit: a generated
// aclnn API over the Logit kernel). Phase 1 checks as CANN's generated API does (nulls, one
// dtype for both, ND-like formats), then aclemu's stricter checks (same shape, rank <= 8, views
// fit, as for LogitGrad), snapshots and plans; phase 2 dispatches the elementwise kernel.
#include "aclnnop/aclnn_logit.h"

#include "common/elementwise_dispatch.h"
#include "common/elementwise_plan.h"
#include "common/kernel_dtype.h"
#include "common/nd_like_format.h"
#include "common/op_boundary.h"
#include "common/op_checks.h"
#include "common/op_error.h"
#include "common/unary_elementwise.h"
#include "kernels_cpu/cpu_kernels.h"
#include "kernels_cu/launch.h"
#include "kernels_cu/math/logit.h"
#include "nnopbase/executor.h"
#include "nnopbase/tensor.h"

#include <memory>

namespace aclemu::ops {
namespace {

constexpr const char* kApi = "aclnnLogit";
constexpr int64_t kMaxRank = 8;

aclnnStatus check_logit(const aclTensor* input, const aclTensor* out) {
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(input, kApi, "input"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(out, kApi, "out"));

    ACLEMU_OP_RETURN_IF_ERROR(
        check_dtype_in(input, kApi, "input", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}));
    ACLEMU_OP_RETURN_IF_ERROR(check_same_dtype(out, kApi, "out", input, "input"));
    ACLEMU_OP_RETURN_IF_ERROR(check_nd_like(input, kApi, "input"));
    ACLEMU_OP_RETURN_IF_ERROR(check_nd_like(out, kApi, "out"));

    // Stricter than CANN (docs/compatibility.md): its generated API checks no shapes.
    ACLEMU_OP_RETURN_IF_ERROR(check_rank_in(input, kApi, "input", 0, kMaxRank));
    ACLEMU_OP_RETURN_IF_ERROR(check_same_shape(out, kApi, "out", input, "input"));
    ACLEMU_OP_RETURN_IF_ERROR(check_view_fits(input, kApi, "input"));
    ACLEMU_OP_RETURN_IF_ERROR(check_view_fits(out, kApi, "out"));
    ACLEMU_OP_RETURN_IF_ERROR(check_output_not_self_overlapping(out, kApi, "out"));
    return ACLNN_SUCCESS;
}

class LogitExecutor final : public UnaryElementwiseExecutor {
public:
    kernels::LogitOp op{0.0f, 1.0f, false};

private:
    aclnnStatus launch(void* const data[3], const rt::StreamTarget& stream) const override {
        kernels::LogitArgs args;
        args.geometry = geometry;
        args.dtype = dtype;
        args.out = data[0];
        args.self = data[1];
        args.lo = op.lo;
        args.hi = op.hi;
        args.clamp = op.clamp;
        return dispatch_elementwise(
            kApi, stream, "logit", args, kernels::cpu::logit, &kernels::GpuLaunchers::logit);
    }
};

aclnnStatus get_workspace_size(const aclTensor* input,
                               double eps,
                               const aclTensor* out,
                               uint64_t* workspace_size,
                               aclOpExecutor** executor) {
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(workspace_size, kApi, "workspaceSize"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(executor, kApi, "executor"));
    ACLEMU_OP_RETURN_IF_ERROR(check_logit(input, out));

    auto exec = std::make_unique<LogitExecutor>();
    exec->dtype = to_kernel_dtype(input->dtype);
    exec->op = kernels::logit_op(eps);
    return publish_unary(
        std::move(exec), kApi, input, "input", out, "out", workspace_size, executor);
}

}  // namespace
}  // namespace aclemu::ops

extern "C" {

aclnnStatus aclnnLogitGetWorkspaceSize(const aclTensor* input,
                                       double eps,
                                       const aclTensor* out,
                                       uint64_t* workspaceSize,
                                       aclOpExecutor** executor) {
    return aclemu::ops::guard_phase1(aclemu::ops::kApi, {{"input", input}, {"out", out}}, [&] {
        return aclemu::ops::get_workspace_size(input, eps, out, workspaceSize, executor);
    });
}

aclnnStatus aclnnLogit(void* workspace,
                       uint64_t workspaceSize,
                       aclOpExecutor* executor,
                       aclrtStream stream) {
    return aclemu::nn::execute(aclemu::ops::kApi, workspace, workspaceSize, executor, stream);
}

}  // extern "C"
