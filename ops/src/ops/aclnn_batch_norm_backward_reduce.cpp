// aclnnBatchNormReduceBackward: check (CANN's order and codes, op_semantics §2.4, plus the
// stricter shape checks listed in docs/compatibility.md) -> snapshot -> workspace layout (per-
// chunk fp32 partials; one function for both phases) -> run on the stream's backend. Channel =
// view dim 1 whatever the format tag; `weight` is only snapshotted, never read; outputs whose
// mask is false are neither validated nor written; an empty input zero-fills the requested
// outputs.
#include "aclnnop/aclnn_batch_norm_backward_reduce.h"

#include "aclemu/rt.h"
#include "common/channel_geometry.h"
#include "common/dispatch.h"
#include "common/iteration_dims.h"
#include "common/kernel_dtype.h"
#include "common/op_boundary.h"
#include "common/op_checks.h"
#include "common/op_error.h"
#include "common/workspace.h"
#include "kernels_cpu/cpu_kernels.h"
#include "kernels_cu/kernel_args.h"
#include "kernels_cu/math/batch_norm_reduce_backward.h"
#include "nnopbase/executor.h"
#include "nnopbase/tensor.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

namespace aclemu::ops {
namespace {

constexpr const char* kApi = "aclnnBatchNormReduceBackward";
constexpr int64_t kMinRank = 2;
constexpr int64_t kMaxRank = 8;

// Snapshot positions (aclSetInputTensorAddr / aclSetOutputTensorAddr indices).
enum Input { kGradOut, kInput, kMean, kInvstd, kWeight, kNumInputs };
enum Output { kSumDy, kSumDyXmu, kGradWeight, kGradBias, kNumOutputs };
constexpr const char* kInputNames[kNumInputs] = {"gradOut", "input", "mean", "invstd", "weight"};
constexpr const char* kOutputNames[kNumOutputs] = {"sumDy", "sumDyXmu", "gradWeight", "gradBias"};

bool output_requested(int output, bool input_g, bool weight_g, bool bias_g) {
    switch (output) {
        case kSumDy:
        case kSumDyXmu:
            return input_g;
        case kGradWeight:
            return weight_g;
        default:
            return bias_g;
    }
}

// Every check of phase 1, first failure wins. `outputs` holds the four output pointers in
// CANN's order; only the requested ones are looked at.
aclnnStatus check_batch_norm_reduce_backward(const aclTensor* grad_out,
                                             const aclTensor* input,
                                             const aclTensor* mean,
                                             const aclTensor* invstd,
                                             const aclTensor* weight,
                                             const bool requested[kNumOutputs],
                                             const aclTensor* const outputs[kNumOutputs]) {
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(grad_out, kApi, "gradOut"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(input, kApi, "input"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(mean, kApi, "mean"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(invstd, kApi, "invstd"));
    for (int o = 0; o < kNumOutputs; ++o) {
        if (requested[o]) {
            ACLEMU_OP_RETURN_IF_ERROR(check_not_null(outputs[o], kApi, kOutputNames[o]));
        }
    }

    // Dtypes: the four inputs in order, gradOut against input, then the requested outputs.
    // mean and invstd may differ from input and from each other; weight is not checked.
    const std::initializer_list<aclDataType> kTypes = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    ACLEMU_OP_RETURN_IF_ERROR(check_dtype_in(grad_out, kApi, "gradOut", kTypes));
    ACLEMU_OP_RETURN_IF_ERROR(check_dtype_in(input, kApi, "input", kTypes));
    ACLEMU_OP_RETURN_IF_ERROR(check_dtype_in(mean, kApi, "mean", kTypes));
    ACLEMU_OP_RETURN_IF_ERROR(check_dtype_in(invstd, kApi, "invstd", kTypes));
    ACLEMU_OP_RETURN_IF_ERROR(check_same_dtype(grad_out, kApi, "gradOut", input, "input"));
    for (int o = 0; o < kNumOutputs; ++o) {
        if (requested[o]) {
            ACLEMU_OP_RETURN_IF_ERROR(check_dtype_in(outputs[o], kApi, kOutputNames[o], kTypes));
        }
    }

    // Formats: gradOut's tag equals input's; no private layout on the inputs or the requested
    // outputs. Otherwise any tag: the channel is view dim 1 regardless.
    ACLEMU_OP_RETURN_IF_ERROR(check_same_format(grad_out, kApi, "gradOut", input, "input"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_private_format(grad_out, kApi, "gradOut"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_private_format(input, kApi, "input"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_private_format(mean, kApi, "mean"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_private_format(invstd, kApi, "invstd"));
    for (int o = 0; o < kNumOutputs; ++o) {
        if (requested[o]) {
            ACLEMU_OP_RETURN_IF_ERROR(check_not_private_format(outputs[o], kApi, kOutputNames[o]));
        }
    }

    // Shapes.
    ACLEMU_OP_RETURN_IF_ERROR(check_rank_in(grad_out, kApi, "gradOut", kMinRank, kMaxRank));
    ACLEMU_OP_RETURN_IF_ERROR(check_rank_in(input, kApi, "input", kMinRank, kMaxRank));
    ACLEMU_OP_RETURN_IF_ERROR(check_channels_nonzero(input, kApi, "input"));
    const int64_t channels = input->view_dims[1];
    for (int o = 0; o < kNumOutputs; ++o) {
        if (requested[o]) {
            ACLEMU_OP_RETURN_IF_ERROR(
                check_channel_vector(outputs[o], kApi, kOutputNames[o], channels));
        }
    }
    // Stricter than CANN, which leaves these unchecked (docs/compatibility.md).
    ACLEMU_OP_RETURN_IF_ERROR(check_same_shape(grad_out, kApi, "gradOut", input, "input"));
    ACLEMU_OP_RETURN_IF_ERROR(check_channel_vector(mean, kApi, "mean", channels));
    ACLEMU_OP_RETURN_IF_ERROR(check_channel_vector(invstd, kApi, "invstd", channels));
    if (weight != nullptr) {
        ACLEMU_OP_RETURN_IF_ERROR(check_channel_vector(weight, kApi, "weight", channels));
    }

    // Every view that is read or written must lie inside its storage.
    ACLEMU_OP_RETURN_IF_ERROR(check_view_fits(grad_out, kApi, "gradOut"));
    ACLEMU_OP_RETURN_IF_ERROR(check_view_fits(input, kApi, "input"));
    ACLEMU_OP_RETURN_IF_ERROR(check_view_fits(mean, kApi, "mean"));
    ACLEMU_OP_RETURN_IF_ERROR(check_view_fits(invstd, kApi, "invstd"));
    for (int o = 0; o < kNumOutputs; ++o) {
        if (requested[o]) {
            ACLEMU_OP_RETURN_IF_ERROR(check_view_fits(outputs[o], kApi, kOutputNames[o]));
            ACLEMU_OP_RETURN_IF_ERROR(
                check_output_not_self_overlapping(outputs[o], kApi, kOutputNames[o]));
        }
    }
    return ACLNN_SUCCESS;
}

kernels::ChannelVector channel_vector(const aclTensor& t) {
    kernels::ChannelVector v;
    if (t.dtype == ACL_DT_UNDEFINED) {
        return v;  // absent: an output whose mask is false
    }
    v.data = nn::view_data(t);
    v.dtype = to_kernel_dtype(t.dtype);
    v.stride = t.strides.empty() ? 1 : t.strides[0];
    return v;
}

// Kernel arguments from the snapshots. Every dim but 1 is reduced: size-1 dims are dropped and
// the rest coalesced over (x, dy) (iteration_dims.h: x's densest dim innermost, whatever the
// permutation). A channels-last layout thus becomes one reduce dim of stride C, an NCHW one
// [N, H*W].
kernels::BatchNormReduceBackwardArgs make_args(const std::vector<aclTensor>& in,
                                               const std::vector<aclTensor>& out) {
    const aclTensor& dy = in[kGradOut];
    const aclTensor& x = in[kInput];
    kernels::BatchNormReduceBackwardArgs a;
    a.channels = x.view_dims[1];
    a.dy_channel_stride = dy.strides[1];
    a.x_channel_stride = x.strides[1];
    a.io_dtype = to_kernel_dtype(x.dtype);
    a.dy = nn::view_data(dy);
    a.x = nn::view_data(x);

    // numel(x) = C * reduce_numel exactly (phase 1 checked C > 0), so no partial product of
    // the reduce dims can overflow where a later dim is 0.
    a.reduce_numel = nn::numel(x.view_dims) / a.channels;
    std::vector<IterDim<2>> dims;  // operands: x, dy
    for (size_t d = 0; d < x.view_dims.size(); ++d) {
        if (d == 1) {
            continue;
        }
        if (x.view_dims[d] != 1) {
            dims.push_back({x.view_dims[d], {x.strides[d], dy.strides[d]}});
        }
    }
    coalesce(dims);
    a.reduce_ndim = static_cast<int32_t>(dims.size());  // <= 7: rank is at most 8
    for (size_t d = 0; d < dims.size(); ++d) {
        a.reduce_sizes[d] = dims[d].size;
        a.x_reduce_strides[d] = dims[d].stride[0];
        a.dy_reduce_strides[d] = dims[d].stride[1];
    }
    if (a.reduce_numel == 0) {
        a.reduce_ndim = 0;
    }

    a.mean = channel_vector(in[kMean]);
    a.invstd = channel_vector(in[kInvstd]);
    a.sum_dy = channel_vector(out[kSumDy]);
    a.sum_dy_xmu = channel_vector(out[kSumDyXmu]);
    a.grad_weight = channel_vector(out[kGradWeight]);
    a.grad_bias = channel_vector(out[kGradBias]);
    return a;
}

// Note [BatchNorm workspace]: the only slice is the per-chunk partials of the backend that
// runs the kernel; its size is a pure function of (C, reduce_numel), so phase 1 and phase 2
// compute the same layout from the same snapshots.
WorkspaceLayout workspace_layout(const kernels::BatchNormReduceBackwardArgs& args,
                                 rt::BackendKind backend) {
    size_t partials = 0;
    if (backend == rt::BackendKind::Cpu) {
        partials = kernels::cpu::batch_norm_reduce_backward_workspace_bytes(args);
    } else if (const kernels::GpuLaunchers* gpu = gpu_launchers(backend)) {
        partials = gpu->batch_norm_reduce_backward_workspace_bytes(args);
    }
    return make_workspace_layout({partials});
}

aclTensor absent_tensor() {
    return aclTensor{};
}

class BatchNormReduceBackwardExecutor final : public aclOpExecutor {
public:
    aclnnStatus run(void* workspace, const rt::StreamTarget& stream) override {
        for (int i : {kGradOut, kInput, kMean, kInvstd}) {
            static constexpr const char* kNames[] = {"gradOut", "input", "mean", "invstd"};
            ACLEMU_OP_RETURN_IF_ERROR(check_device_data(&inputs[i], kApi, kNames[i]));
        }
        for (int o = 0; o < kNumOutputs; ++o) {
            if (outputs[o].dtype != ACL_DT_UNDEFINED) {  // requested
                ACLEMU_OP_RETURN_IF_ERROR(check_device_data(&outputs[o], kApi, kOutputNames[o]));
            }
        }
        const kernels::BatchNormReduceBackwardArgs args = make_args(inputs, outputs);
        const WorkspaceLayout layout = workspace_layout(args, rt::active_backend());
        ACLEMU_OP_RETURN_IF_ERROR(check_workspace_layout(kApi, layout));
        ACLEMU_OP_RETURN_IF_ERROR(check_workspace_planned(kApi, layout.total, workspace_size));
        void* partials = layout.total > 0 ? layout.slice(workspace, 0) : nullptr;
        const uint64_t bytes = kernels::min_traffic_bytes(args);
        const rt::TaskLength length = task_length(bytes);
        const int threads = cpu_kernel_settings(length).threads;
        return dispatch_kernel(
            kApi,
            stream,
            length,
            KernelLabel{"batch_norm_reduce_backward", "per-channel reduction", bytes},
            [args, partials, threads] {
                kernels::cpu::batch_norm_reduce_backward(args, partials, threads);
            },
            [&args, partials](const kernels::GpuLaunchers& gpu, void* native) {
                return gpu.batch_norm_reduce_backward(args, partials, native);
            });
    }
};

aclnnStatus get_workspace_size(const aclTensor* grad_out,
                               const aclTensor* input,
                               const aclTensor* mean,
                               const aclTensor* invstd,
                               const aclTensor* weight,
                               bool input_g,
                               bool weight_g,
                               bool bias_g,
                               aclTensor* sum_dy,
                               aclTensor* sum_dy_xmu,
                               aclTensor* grad_weight,
                               aclTensor* grad_bias,
                               uint64_t* workspace_size,
                               aclOpExecutor** executor) {
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(workspace_size, kApi, "workspaceSize"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(executor, kApi, "executor"));
    const aclTensor* const outputs[kNumOutputs] = {sum_dy, sum_dy_xmu, grad_weight, grad_bias};
    bool requested[kNumOutputs];
    for (int o = 0; o < kNumOutputs; ++o) {
        requested[o] = output_requested(o, input_g, weight_g, bias_g);
    }
    ACLEMU_OP_RETURN_IF_ERROR(check_batch_norm_reduce_backward(
        grad_out, input, mean, invstd, weight, requested, outputs));

    auto exec = std::make_unique<BatchNormReduceBackwardExecutor>();
    exec->op_name = kApi;
    exec->inputs = {
        *grad_out, *input, *mean, *invstd, weight != nullptr ? *weight : absent_tensor()};
    exec->outputs.reserve(kNumOutputs);
    for (int o = 0; o < kNumOutputs; ++o) {
        exec->outputs.push_back(requested[o] ? *outputs[o] : absent_tensor());
    }
    exec->input_names = kInputNames;
    exec->output_names = kOutputNames;
    const kernels::BatchNormReduceBackwardArgs args = make_args(exec->inputs, exec->outputs);
    const WorkspaceLayout layout = workspace_layout(args, rt::active_backend());
    ACLEMU_OP_RETURN_IF_ERROR(check_workspace_layout(kApi, layout));
    exec->workspace_size = layout.total;
    return nn::publish_executor(std::move(exec), workspace_size, executor);
}

}  // namespace
}  // namespace aclemu::ops

extern "C" {

aclnnStatus aclnnBatchNormReduceBackwardGetWorkspaceSize(const aclTensor* gradOut,
                                                         const aclTensor* input,
                                                         const aclTensor* mean,
                                                         const aclTensor* invstd,
                                                         const aclTensor* weight,
                                                         const bool inputG,
                                                         const bool weightG,
                                                         const bool biasG,
                                                         aclTensor* sumDy,
                                                         aclTensor* sumDyXmu,
                                                         aclTensor* gradWeight,
                                                         aclTensor* gradBias,
                                                         uint64_t* workspaceSize,
                                                         aclOpExecutor** executor) {
    return aclemu::ops::guard_phase1(aclemu::ops::kApi,
                                     {{"gradOut", gradOut},
                                      {"input", input},
                                      {"mean", mean},
                                      {"invstd", invstd},
                                      {"weight", weight},
                                      {"sumDy", sumDy},
                                      {"sumDyXmu", sumDyXmu},
                                      {"gradWeight", gradWeight},
                                      {"gradBias", gradBias}},
                                     [&] {
                                         return aclemu::ops::get_workspace_size(gradOut,
                                                                                input,
                                                                                mean,
                                                                                invstd,
                                                                                weight,
                                                                                inputG,
                                                                                weightG,
                                                                                biasG,
                                                                                sumDy,
                                                                                sumDyXmu,
                                                                                gradWeight,
                                                                                gradBias,
                                                                                workspaceSize,
                                                                                executor);
                                     });
}

aclnnStatus aclnnBatchNormReduceBackward(void* workspace,
                                         uint64_t workspaceSize,
                                         aclOpExecutor* executor,
                                         const aclrtStream stream) {
    return aclemu::nn::execute(aclemu::ops::kApi, workspace, workspaceSize, executor, stream);
}

}  // extern "C"
