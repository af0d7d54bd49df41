// aclnnBatchNormGatherStatsWithCounts (ops-nn norm/sync_batch_norm_gather_stats_with_counts
// op_api): merges W devices' statistics per channel. Phase 1 checks in CANN's order (nulls;
// dtypes of input, mean, invstd, the running tensors given, counts, meanAll, invstdAll;
// formats of input, mean, invstd, counts; shapes), then the view checks; phase 2 runs one
// thread per channel. `input` supplies C only: its data is never read.
#include "aclnnop/aclnn_batch_norm_gather_stats_with_counts.h"

#include "common/channel_geometry.h"
#include "common/dispatch.h"
#include "common/kernel_dtype.h"
#include "common/op_boundary.h"
#include "common/op_checks.h"
#include "common/op_error.h"
#include "kernels_cpu/cpu_kernels.h"
#include "kernels_cu/launch.h"
#include "kernels_cu/math/sync_batch_norm.h"
#include "nnopbase/executor.h"
#include "nnopbase/tensor.h"

#include <memory>

namespace aclemu::ops {
namespace {

constexpr const char* kApi = "aclnnBatchNormGatherStatsWithCounts";
constexpr int64_t kMinRank = 2;
constexpr int64_t kMaxRank = 8;

// Snapshot positions (aclSetInputTensorAddr / aclSetOutputTensorAddr indices, CANN's order).
enum Input { kInput, kMean, kInvstd, kRunningMean, kRunningVar, kCounts, kNumInputs };
enum Output { kMeanAll, kInvstdAll };
constexpr const char* kInputNames[kNumInputs] = {
    "input", "mean", "invstd", "runningMean", "runningVar", "counts"};
constexpr const char* kOutputNames[] = {"meanAll", "invstdAll"};

aclnnStatus check_dims(bool ok, const aclTensor* t, const char* name, const char* expected) {
    if (ok) {
        return ACLNN_SUCCESS;
    }
    return op_fail(ACLNN_ERR_PARAM_INVALID,
                   kApi,
                   name,
                   "shape %s must be %s",
                   dims_to_string(t->view_dims).c_str(),
                   expected);
}

aclnnStatus check_gather_stats(const aclTensor* input,
                               const aclTensor* mean,
                               const aclTensor* invstd,
                               const aclTensor* running_mean,
                               const aclTensor* running_var,
                               const aclTensor* counts,
                               const aclTensor* mean_all,
                               const aclTensor* invstd_all) {
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(input, kApi, "input"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(mean, kApi, "mean"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(invstd, kApi, "invstd"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(counts, kApi, "counts"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(mean_all, kApi, "meanAll"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(invstd_all, kApi, "invstdAll"));

    const std::initializer_list<aclDataType> kTypes = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    ACLEMU_OP_RETURN_IF_ERROR(check_dtype_in(input, kApi, "input", kTypes));
    ACLEMU_OP_RETURN_IF_ERROR(check_dtype_in(mean, kApi, "mean", kTypes));
    ACLEMU_OP_RETURN_IF_ERROR(check_dtype_in(invstd, kApi, "invstd", kTypes));
    if (running_mean != nullptr) {
        ACLEMU_OP_RETURN_IF_ERROR(check_dtype_in(running_mean, kApi, "runningMean", kTypes));
    }
    if (running_var != nullptr) {
        ACLEMU_OP_RETURN_IF_ERROR(check_dtype_in(running_var, kApi, "runningVar", kTypes));
    }
    ACLEMU_OP_RETURN_IF_ERROR(check_dtype_in(counts, kApi, "counts", kTypes));
    ACLEMU_OP_RETURN_IF_ERROR(check_dtype_in(mean_all, kApi, "meanAll", kTypes));
    ACLEMU_OP_RETURN_IF_ERROR(check_dtype_in(invstd_all, kApi, "invstdAll", kTypes));

    ACLEMU_OP_RETURN_IF_ERROR(check_not_private_format(input, kApi, "input"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_private_format(mean, kApi, "mean"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_private_format(invstd, kApi, "invstd"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_private_format(counts, kApi, "counts"));

    ACLEMU_OP_RETURN_IF_ERROR(check_rank_in(input, kApi, "input", kMinRank, kMaxRank));
    ACLEMU_OP_RETURN_IF_ERROR(check_rank_in(mean, kApi, "mean", 2, 2));
    ACLEMU_OP_RETURN_IF_ERROR(check_rank_in(invstd, kApi, "invstd", 2, 2));
    const int64_t world = mean->view_dims[0];
    // CANN reads counts' first dim before it checks that counts is 1-D; a 0-D counts has none.
    const bool counts_match = !counts->view_dims.empty() && counts->view_dims[0] == world;
    ACLEMU_OP_RETURN_IF_ERROR(check_dims(invstd->view_dims[0] == world && counts_match,
                                         invstd->view_dims[0] != world ? invstd : counts,
                                         invstd->view_dims[0] != world ? "invstd" : "counts",
                                         "of mean's first dim (W, the number of devices)"));
    const int64_t channels = input->view_dims[1];
    ACLEMU_OP_RETURN_IF_ERROR(
        check_dims(mean->view_dims[1] == channels, mean, "mean", "[W, C] with C = input.shape[1]"));
    ACLEMU_OP_RETURN_IF_ERROR(check_dims(
        invstd->view_dims[1] == channels, invstd, "invstd", "[W, C] with C = input.shape[1]"));
    if (running_mean != nullptr) {
        ACLEMU_OP_RETURN_IF_ERROR(
            check_channel_vector(running_mean, kApi, "runningMean", channels));
    }
    if (running_var != nullptr) {
        ACLEMU_OP_RETURN_IF_ERROR(check_channel_vector(running_var, kApi, "runningVar", channels));
    }
    ACLEMU_OP_RETURN_IF_ERROR(check_dims(counts->view_dims.size() == 1, counts, "counts", "1-D"));
    ACLEMU_OP_RETURN_IF_ERROR(check_channel_vector(mean_all, kApi, "meanAll", channels));
    ACLEMU_OP_RETURN_IF_ERROR(check_channel_vector(invstd_all, kApi, "invstdAll", channels));

    ACLEMU_OP_RETURN_IF_ERROR(check_view_fits(mean, kApi, "mean"));
    ACLEMU_OP_RETURN_IF_ERROR(check_view_fits(invstd, kApi, "invstd"));
    ACLEMU_OP_RETURN_IF_ERROR(check_view_fits(counts, kApi, "counts"));
    for (const auto& [t, name] : {std::pair{running_mean, "runningMean"},
                                  std::pair{running_var, "runningVar"},
                                  std::pair{mean_all, "meanAll"},
                                  std::pair{invstd_all, "invstdAll"}}) {
        if (t != nullptr) {
            ACLEMU_OP_RETURN_IF_ERROR(check_view_fits(t, kApi, name));
            ACLEMU_OP_RETURN_IF_ERROR(check_output_not_self_overlapping(t, kApi, name));
        }
    }
    return ACLNN_SUCCESS;
}

kernels::ChannelMatrix channel_matrix(const aclTensor& t) {
    kernels::ChannelMatrix m;
    m.data = nn::view_data(t);
    m.dtype = to_kernel_dtype(t.dtype);
    m.row_stride = t.strides[0];
    m.column_stride = t.strides[1];
    return m;
}

class GatherStatsExecutor final : public aclOpExecutor {
public:
    double momentum = 0;
    double eps = 0;

    aclnnStatus run(void* /*workspace*/, const rt::StreamTarget& stream) override {
        for (int i : {kMean, kInvstd, kRunningMean, kRunningVar, kCounts}) {
            if (inputs[i].dtype != ACL_DT_UNDEFINED) {
                ACLEMU_OP_RETURN_IF_ERROR(check_device_data(&inputs[i], kApi, kInputNames[i]));
            }
        }
        ACLEMU_OP_RETURN_IF_ERROR(check_device_data(&outputs[kMeanAll], kApi, "meanAll"));
        ACLEMU_OP_RETURN_IF_ERROR(check_device_data(&outputs[kInvstdAll], kApi, "invstdAll"));
        kernels::BatchNormGatherStatsArgs args;
        args.channels = inputs[kInput].view_dims[1];
        args.world = inputs[kMean].view_dims[0];
        args.mean = channel_matrix(inputs[kMean]);
        args.invstd = channel_matrix(inputs[kInvstd]);
        args.counts = channel_vector_of(&inputs[kCounts]);
        args.momentum = static_cast<float>(momentum);
        args.eps = static_cast<float>(eps);
        args.running_mean = channel_vector_of(&inputs[kRunningMean]);
        args.running_var = channel_vector_of(&inputs[kRunningVar]);
        args.mean_all = channel_vector_of(&outputs[kMeanAll]);
        args.invstd_all = channel_vector_of(&outputs[kInvstdAll]);
        const uint64_t bytes = static_cast<uint64_t>(args.channels) * (args.world + 2) * 8;
        const rt::TaskLength length = task_length(bytes);
        return dispatch_kernel(
            kApi,
            stream,
            length,
            KernelLabel{"batch_norm_gather_stats", "per channel", bytes},
            [args] { kernels::cpu::batch_norm_gather_stats(args, 1); },
            [&args](const kernels::GpuLaunchers& gpu, void* native) {
                return gpu.batch_norm_gather_stats(args, native);
            });
    }
};

aclnnStatus get_workspace_size(const aclTensor* input,
                               const aclTensor* mean,
                               const aclTensor* invstd,
                               aclTensor* running_mean,
                               aclTensor* running_var,
                               double momentum,
                               double eps,
                               const aclTensor* counts,
                               aclTensor* mean_all,
                               aclTensor* invstd_all,
                               uint64_t* workspace_size,
                               aclOpExecutor** executor) {
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(workspace_size, kApi, "workspaceSize"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(executor, kApi, "executor"));
    ACLEMU_OP_RETURN_IF_ERROR(check_gather_stats(
        input, mean, invstd, running_mean, running_var, counts, mean_all, invstd_all));

    auto exec = std::make_unique<GatherStatsExecutor>();
    exec->op_name = kApi;
    exec->inputs = {*input,
                    *mean,
                    *invstd,
                    running_mean != nullptr ? *running_mean : aclTensor{},
                    running_var != nullptr ? *running_var : aclTensor{},
                    *counts};
    exec->outputs = {*mean_all, *invstd_all};
    exec->input_names = kInputNames;
    exec->output_names = kOutputNames;
    exec->momentum = momentum;
    exec->eps = eps;
    exec->workspace_size = 0;
    return nn::publish_executor(std::move(exec), workspace_size, executor);
}

}  // namespace
}  // namespace aclemu::ops

extern "C" {

aclnnStatus aclnnBatchNormGatherStatsWithCountsGetWorkspaceSize(const aclTensor* input,
                                                                const aclTensor* mean,
                                                                const aclTensor* invstd,
                                                                aclTensor* runningMean,
                                                                aclTensor* runningVar,
                                                                double momentum,
                                                                double eps,
                                                                const aclTensor* counts,
                                                                aclTensor* meanAll,
                                                                aclTensor* invstdAll,
                                                                uint64_t* workspaceSize,
                                                                aclOpExecutor** executor) {
    return aclemu::ops::guard_phase1(aclemu::ops::kApi,
                                     {{"input", input},
                                      {"mean", mean},
                                      {"invstd", invstd},
                                      {"runningMean", runningMean},
                                      {"runningVar", runningVar},
                                      {"counts", counts},
                                      {"meanAll", meanAll},
                                      {"invstdAll", invstdAll}},
                                     [&] {
                                         return aclemu::ops::get_workspace_size(input,
                                                                                mean,
                                                                                invstd,
                                                                                runningMean,
                                                                                runningVar,
                                                                                momentum,
                                                                                eps,
                                                                                counts,
                                                                                meanAll,
                                                                                invstdAll,
                                                                                workspaceSize,
                                                                                executor);
                                     });
}

aclnnStatus aclnnBatchNormGatherStatsWithCounts(void* workspace,
                                                uint64_t workspaceSize,
                                                aclOpExecutor* executor,
                                                aclrtStream stream) {
    return aclemu::nn::execute(aclemu::ops::kApi, workspace, workspaceSize, executor, stream);
}

}  // extern "C"
