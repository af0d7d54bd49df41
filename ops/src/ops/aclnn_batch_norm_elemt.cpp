// aclnnBatchNormElemt (ops-nn norm/batch_norm_elemt op_api): out = (input - mean) * invstd *
// weight + bias per channel. Phase 1 checks in CANN's order (nulls of input, mean, invstd, out:
// 161002, CANN's code for them; dtypes; input's format equals out's and is not private; ranks,
// out's shape, C != 0, the channel vectors), then aclemu's checks (one dtype for input and out,
// views fit); phase 2 dispatches the per-channel transform.
#include "aclnnop/aclnn_batch_norm_elemt.h"

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

constexpr const char* kApi = "aclnnBatchNormElemt";
constexpr int64_t kMinRank = 2;
constexpr int64_t kMaxRank = 8;

enum Input { kInput, kWeight, kBias, kMean, kInvstd, kNumInputs };
constexpr const char* kInputNames[kNumInputs] = {"input", "weight", "bias", "mean", "invstd"};
constexpr const char* kOutputNames[] = {"output"};

// CANN reports a null required tensor of this op with ACLNN_ERR_PARAM_INVALID.
aclnnStatus check_present(const aclTensor* t, const char* name) {
    if (t != nullptr) {
        return ACLNN_SUCCESS;
    }
    return op_fail(ACLNN_ERR_PARAM_INVALID, kApi, name, "must not be NULL");
}

aclnnStatus check_batch_norm_elemt(const aclTensor* input,
                                   const aclTensor* weight,
                                   const aclTensor* bias,
                                   const aclTensor* mean,
                                   const aclTensor* invstd,
                                   const aclTensor* output) {
    ACLEMU_OP_RETURN_IF_ERROR(check_present(input, "input"));
    ACLEMU_OP_RETURN_IF_ERROR(check_present(mean, "mean"));
    ACLEMU_OP_RETURN_IF_ERROR(check_present(invstd, "invstd"));
    ACLEMU_OP_RETURN_IF_ERROR(check_present(output, "output"));

    const std::initializer_list<aclDataType> kTypes = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    ACLEMU_OP_RETURN_IF_ERROR(check_dtype_in(input, kApi, "input", kTypes));
    if (weight != nullptr) {
        ACLEMU_OP_RETURN_IF_ERROR(check_dtype_in(weight, kApi, "weight", kTypes));
    }
    if (bias != nullptr) {
        ACLEMU_OP_RETURN_IF_ERROR(check_dtype_in(bias, kApi, "bias", kTypes));
    }
    ACLEMU_OP_RETURN_IF_ERROR(check_dtype_in(mean, kApi, "mean", kTypes));
    ACLEMU_OP_RETURN_IF_ERROR(check_dtype_in(invstd, kApi, "invstd", kTypes));
    ACLEMU_OP_RETURN_IF_ERROR(check_dtype_in(output, kApi, "output", kTypes));

    ACLEMU_OP_RETURN_IF_ERROR(check_same_format(output, kApi, "output", input, "input"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_private_format(input, kApi, "input"));

    ACLEMU_OP_RETURN_IF_ERROR(check_rank_in(input, kApi, "input", kMinRank, kMaxRank));
    ACLEMU_OP_RETURN_IF_ERROR(check_rank_in(output, kApi, "output", kMinRank, kMaxRank));
    ACLEMU_OP_RETURN_IF_ERROR(check_same_shape(output, kApi, "output", input, "input"));
    ACLEMU_OP_RETURN_IF_ERROR(check_channels_nonzero(input, kApi, "input"));
    const int64_t channels = input->view_dims[1];
    if (weight != nullptr) {
        ACLEMU_OP_RETURN_IF_ERROR(check_channel_vector(weight, kApi, "weight", channels));
    }
    if (bias != nullptr) {
        ACLEMU_OP_RETURN_IF_ERROR(check_channel_vector(bias, kApi, "bias", channels));
    }
    ACLEMU_OP_RETURN_IF_ERROR(check_channel_vector(mean, kApi, "mean", channels));
    ACLEMU_OP_RETURN_IF_ERROR(check_channel_vector(invstd, kApi, "invstd", channels));

    // aclemu's own checks (docs/compatibility.md): one dtype for input and output.
    ACLEMU_OP_RETURN_IF_ERROR(check_same_dtype(output, kApi, "output", input, "input"));
    for (const auto& [t, name] : {std::pair{input, "input"},
                                  std::pair{weight, "weight"},
                                  std::pair{bias, "bias"},
                                  std::pair{mean, "mean"},
                                  std::pair{invstd, "invstd"},
                                  std::pair{output, "output"}}) {
        if (t != nullptr) {
            ACLEMU_OP_RETURN_IF_ERROR(check_view_fits(t, kApi, name));
        }
    }
    ACLEMU_OP_RETURN_IF_ERROR(check_output_not_self_overlapping(output, kApi, "output"));
    return ACLNN_SUCCESS;
}

class BatchNormElemtExecutor final : public aclOpExecutor {
public:
    aclnnStatus run(void* /*workspace*/, const rt::StreamTarget& stream) override {
        const aclTensor& out = outputs[0];
        // Every non-empty tensor is device memory, even when the batch is empty (as
        // BatchNormStats and BatchNormReduceBackward check): the fuzzer found host channel
        // vectors accepted with N = 0.
        for (int i = 0; i < kNumInputs; ++i) {
            if (inputs[i].dtype != ACL_DT_UNDEFINED) {
                ACLEMU_OP_RETURN_IF_ERROR(check_device_data(&inputs[i], kApi, kInputNames[i]));
            }
        }
        ACLEMU_OP_RETURN_IF_ERROR(check_device_data(&out, kApi, "output"));
        if (nn::numel(out.view_dims) == 0) {
            return ACLNN_SUCCESS;
        }
        kernels::BatchNormElemtArgs args;
        args.geometry = plan_channel_geometry({&out, &inputs[kInput]});
        args.dtype = to_kernel_dtype(out.dtype);
        args.out = nn::view_data(out);
        args.input = nn::view_data(inputs[kInput]);
        args.weight = channel_vector_of(&inputs[kWeight]);
        args.bias = channel_vector_of(&inputs[kBias]);
        args.mean = channel_vector_of(&inputs[kMean]);
        args.invstd = channel_vector_of(&inputs[kInvstd]);
        const uint64_t bytes = kernels::min_traffic_bytes(args.geometry, args.dtype, 2);
        const rt::TaskLength length = task_length(bytes);
        const int threads = cpu_kernel_settings(length).threads;
        return dispatch_kernel(
            kApi,
            stream,
            length,
            KernelLabel{"batch_norm_elemt", "per channel", bytes},
            [args, threads] { kernels::cpu::batch_norm_elemt(args, threads); },
            [&args](const kernels::GpuLaunchers& gpu, void* native) {
                return gpu.batch_norm_elemt(args, native);
            });
    }
};

aclnnStatus get_workspace_size(const aclTensor* input,
                               const aclTensor* weight,
                               const aclTensor* bias,
                               aclTensor* mean,
                               aclTensor* invstd,
                               aclTensor* output,
                               uint64_t* workspace_size,
                               aclOpExecutor** executor) {
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(workspace_size, kApi, "workspaceSize"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(executor, kApi, "executor"));
    ACLEMU_OP_RETURN_IF_ERROR(check_batch_norm_elemt(input, weight, bias, mean, invstd, output));

    auto exec = std::make_unique<BatchNormElemtExecutor>();
    exec->op_name = kApi;
    exec->inputs = {*input,
                    weight != nullptr ? *weight : aclTensor{},
                    bias != nullptr ? *bias : aclTensor{},
                    *mean,
                    *invstd};
    exec->outputs = {*output};
    exec->input_names = kInputNames;
    exec->output_names = kOutputNames;
    exec->workspace_size = 0;
    return nn::publish_executor(std::move(exec), workspace_size, executor);
}

}  // namespace
}  // namespace aclemu::ops

extern "C" {

aclnnStatus aclnnBatchNormElemtGetWorkspaceSize(const aclTensor* input,
                                                const aclTensor* weight,
                                                const aclTensor* bias,
                                                aclTensor* mean,
                                                aclTensor* invstd,
                                                double /*eps: folded into invstd*/,
                                                aclTensor* output,
                                                uint64_t* workspaceSize,
                                                aclOpExecutor** executor) {
    return aclemu::ops::guard_phase1(
        aclemu::ops::kApi,
        {{"input", input},
         {"weight", weight},
         {"bias", bias},
         {"mean", mean},
         {"invstd", invstd},
         {"output", output}},
        [&] {
            return aclemu::ops::get_workspace_size(
                input, weight, bias, mean, invstd, output, workspaceSize, executor);
        });
}

aclnnStatus aclnnBatchNormElemt(void* workspace,
                                uint64_t workspaceSize,
                                aclOpExecutor* executor,
                                aclrtStream stream) {
    return aclemu::nn::execute(aclemu::ops::kApi, workspace, workspaceSize, executor, stream);
}

}  // extern "C"
