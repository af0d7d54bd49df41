// aclnnBatchNormStats: per-channel mean and invstd of one device's batch. Phase 1 checks in the
// order of CANN's documented error table (nulls; dtypes of input, mean, invstd; formats; input's
// rank, C != 0, mean and invstd [C]; the op_api source was not found, docs/compatibility.md),
// then the view checks, and sizes the workspace (per-chunk moments) for the active backend;
// phase 2 rebuilds the arguments from the snapshots and dispatches.
#include "aclnnop/aclnn_batch_norm_stats.h"

#include "aclemu/rt.h"
#include "common/channel_geometry.h"
#include "common/dispatch.h"
#include "common/kernel_dtype.h"
#include "common/op_boundary.h"
#include "common/op_checks.h"
#include "common/op_error.h"
#include "common/workspace.h"
#include "kernels_cpu/cpu_kernels.h"
#include "kernels_cu/launch.h"
#include "kernels_cu/math/sync_batch_norm.h"
#include "nnopbase/executor.h"
#include "nnopbase/tensor.h"

#include <memory>

namespace aclemu::ops {
namespace {

constexpr const char* kApi = "aclnnBatchNormStats";
constexpr int64_t kMinRank = 2;
constexpr int64_t kMaxRank = 8;
constexpr const char* kInputNames[] = {"input"};
constexpr const char* kOutputNames[] = {"mean", "invstd"};

aclnnStatus check_batch_norm_stats(const aclTensor* input,
                                   const aclTensor* mean,
                                   const aclTensor* invstd) {
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(input, kApi, "input"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(mean, kApi, "mean"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(invstd, kApi, "invstd"));

    ACLEMU_OP_RETURN_IF_ERROR(
        check_dtype_in(input, kApi, "input", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}));
    ACLEMU_OP_RETURN_IF_ERROR(check_dtype_in(mean, kApi, "mean", {ACL_FLOAT}));
    ACLEMU_OP_RETURN_IF_ERROR(check_dtype_in(invstd, kApi, "invstd", {ACL_FLOAT}));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_private_format(input, kApi, "input"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_private_format(mean, kApi, "mean"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_private_format(invstd, kApi, "invstd"));

    ACLEMU_OP_RETURN_IF_ERROR(check_rank_in(input, kApi, "input", kMinRank, kMaxRank));
    ACLEMU_OP_RETURN_IF_ERROR(check_channels_nonzero(input, kApi, "input"));
    const int64_t channels = input->view_dims[1];
    ACLEMU_OP_RETURN_IF_ERROR(check_channel_vector(mean, kApi, "mean", channels));
    ACLEMU_OP_RETURN_IF_ERROR(check_channel_vector(invstd, kApi, "invstd", channels));

    ACLEMU_OP_RETURN_IF_ERROR(check_view_fits(input, kApi, "input"));
    ACLEMU_OP_RETURN_IF_ERROR(check_view_fits(mean, kApi, "mean"));
    ACLEMU_OP_RETURN_IF_ERROR(check_view_fits(invstd, kApi, "invstd"));
    ACLEMU_OP_RETURN_IF_ERROR(check_output_not_self_overlapping(mean, kApi, "mean"));
    ACLEMU_OP_RETURN_IF_ERROR(check_output_not_self_overlapping(invstd, kApi, "invstd"));
    return ACLNN_SUCCESS;
}

kernels::BatchNormStatsArgs make_args(const aclTensor& input,
                                      const aclTensor& mean,
                                      const aclTensor& invstd,
                                      double eps) {
    kernels::BatchNormStatsArgs a;
    a.geometry = plan_channel_geometry({&input});
    a.dtype = to_kernel_dtype(input.dtype);
    a.input = nn::view_data(input);
    a.eps = static_cast<float>(eps);
    a.mean = channel_vector_of(&mean);
    a.invstd = channel_vector_of(&invstd);
    return a;
}

// The per-chunk moments of the backend that runs the kernel (a pure function of the shape).
WorkspaceLayout workspace_layout(const kernels::BatchNormStatsArgs& args, rt::BackendKind backend) {
    size_t partials = 0;
    if (backend == rt::BackendKind::Cpu) {
        partials = kernels::cpu::batch_norm_stats_workspace_bytes(args);
    } else if (const kernels::GpuLaunchers* gpu = gpu_launchers(backend)) {
        partials = gpu->batch_norm_stats_workspace_bytes(args);
    }
    return make_workspace_layout({partials});
}

class BatchNormStatsExecutor final : public aclOpExecutor {
public:
    double eps = 0;

    aclnnStatus run(void* workspace, const rt::StreamTarget& stream) override {
        ACLEMU_OP_RETURN_IF_ERROR(check_device_data(&inputs[0], kApi, "input"));
        ACLEMU_OP_RETURN_IF_ERROR(check_device_data(&outputs[0], kApi, "mean"));
        ACLEMU_OP_RETURN_IF_ERROR(check_device_data(&outputs[1], kApi, "invstd"));
        const kernels::BatchNormStatsArgs args = make_args(inputs[0], outputs[0], outputs[1], eps);
        const WorkspaceLayout layout = workspace_layout(args, rt::active_backend());
        ACLEMU_OP_RETURN_IF_ERROR(check_workspace_layout(kApi, layout));
        ACLEMU_OP_RETURN_IF_ERROR(check_workspace_planned(kApi, layout.total, workspace_size));
        void* partials = layout.total > 0 ? layout.slice(workspace, 0) : nullptr;
        const uint64_t bytes = kernels::min_traffic_bytes(args.geometry, args.dtype, 1);
        const rt::TaskLength length = task_length(bytes);
        const int threads = cpu_kernel_settings(length).threads;
        return dispatch_kernel(
            kApi,
            stream,
            length,
            KernelLabel{"batch_norm_stats", "chunked", bytes},
            [args, partials, threads] { kernels::cpu::batch_norm_stats(args, partials, threads); },
            [&args, partials](const kernels::GpuLaunchers& gpu, void* native) {
                return gpu.batch_norm_stats(args, partials, native);
            });
    }
};

aclnnStatus get_workspace_size(const aclTensor* input,
                               double eps,
                               aclTensor* mean,
                               aclTensor* invstd,
                               uint64_t* workspace_size,
                               aclOpExecutor** executor) {
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(workspace_size, kApi, "workspaceSize"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(executor, kApi, "executor"));
    ACLEMU_OP_RETURN_IF_ERROR(check_batch_norm_stats(input, mean, invstd));

    auto exec = std::make_unique<BatchNormStatsExecutor>();
    exec->op_name = kApi;
    exec->inputs = {*input};
    exec->outputs = {*mean, *invstd};
    exec->input_names = kInputNames;
    exec->output_names = kOutputNames;
    exec->eps = eps;
    const WorkspaceLayout layout =
        workspace_layout(make_args(*input, *mean, *invstd, eps), rt::active_backend());
    ACLEMU_OP_RETURN_IF_ERROR(check_workspace_layout(kApi, layout));
    exec->workspace_size = layout.total;
    return nn::publish_executor(std::move(exec), workspace_size, executor);
}

}  // namespace
}  // namespace aclemu::ops

extern "C" {

aclnnStatus aclnnBatchNormStatsGetWorkspaceSize(const aclTensor* input,
                                                double eps,
                                                aclTensor* mean,
                                                aclTensor* invstd,
                                                uint64_t* workspaceSize,
                                                aclOpExecutor** executor) {
    return aclemu::ops::guard_phase1(
        aclemu::ops::kApi, {{"input", input}, {"mean", mean}, {"invstd", invstd}}, [&] {
            return aclemu::ops::get_workspace_size(
                input, eps, mean, invstd, workspaceSize, executor);
        });
}

aclnnStatus aclnnBatchNormStats(void* workspace,
                                uint64_t workspaceSize,
                                aclOpExecutor* executor,
                                aclrtStream stream) {
    return aclemu::nn::execute(aclemu::ops::kApi, workspace, workspaceSize, executor, stream);
}

}  // extern "C"
