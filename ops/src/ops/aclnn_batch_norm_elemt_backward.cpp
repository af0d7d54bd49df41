// aclnnBatchNormElemtBackward (ops-nn norm/batch_norm_elemt_backward op_api): SyncBatchNorm's
// input gradient from the all-reduced sums. Phase 1 checks in CANN's order (nulls; dtypes of
// gradOut, input, mean, invstd, weight, then sumDy, sumDyXmu, counter, gradInput; formats;
// shapes), then aclemu's checks (one dtype for gradOut, input and gradInput; a counter walkable
// with one stride; views fit); no workspace (every backend computes a channel's coefficients
// where it uses them); phase 2 dispatches.
#include "aclnnop/aclnn_batch_norm_elemt_backward.h"

#include "aclemu/rt.h"
#include "common/channel_geometry.h"
#include "common/dispatch.h"
#include "common/iteration_dims.h"
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
#include <vector>

namespace aclemu::ops {
namespace {

constexpr const char* kApi = "aclnnBatchNormElemtBackward";
constexpr int64_t kMinRank = 2;
constexpr int64_t kMaxRank = 8;

enum Input { kGradOut, kInput, kMean, kInvstd, kWeight, kSumDy, kSumDyXmu, kCounter, kNumInputs };
constexpr const char* kInputNames[kNumInputs] = {
    "gradOut", "input", "mean", "invstd", "weight", "sumDy", "sumDyXmu", "counter"};
constexpr const char* kOutputNames[] = {"gradInput"};

// The counter's elements as one strided run: {count, stride}, or count -1 when its view needs
// more than one dim.
std::pair<int64_t, int64_t> counter_run(const aclTensor& t) {
    std::vector<IterDim<1>> dims;
    for (size_t d = 0; d < t.view_dims.size(); ++d) {
        if (t.view_dims[d] != 1) {
            dims.push_back({t.view_dims[d], {t.strides[d]}});
        }
    }
    coalesce(dims);
    const int64_t n = nn::numel(t.view_dims);
    if (n == 0 || dims.empty()) {
        return {n, 1};
    }
    return dims.size() == 1 ? std::pair{dims[0].size, dims[0].stride[0]} : std::pair{-1L, 0L};
}

aclnnStatus check_elemt_backward(const aclTensor* grad_out,
                                 const aclTensor* input,
                                 const aclTensor* mean,
                                 const aclTensor* invstd,
                                 const aclTensor* weight,
                                 const aclTensor* sum_dy,
                                 const aclTensor* sum_dy_xmu,
                                 const aclTensor* counter,
                                 const aclTensor* grad_input) {
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(grad_out, kApi, "gradOut"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(input, kApi, "input"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(mean, kApi, "mean"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(invstd, kApi, "invstd"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(sum_dy, kApi, "sumDy"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(sum_dy_xmu, kApi, "sumDyXmu"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(counter, kApi, "counter"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(grad_input, kApi, "gradInput"));

    const std::initializer_list<aclDataType> kTypes = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    ACLEMU_OP_RETURN_IF_ERROR(check_dtype_in(grad_out, kApi, "gradOut", kTypes));
    ACLEMU_OP_RETURN_IF_ERROR(check_dtype_in(input, kApi, "input", kTypes));
    ACLEMU_OP_RETURN_IF_ERROR(check_dtype_in(mean, kApi, "mean", kTypes));
    ACLEMU_OP_RETURN_IF_ERROR(check_dtype_in(invstd, kApi, "invstd", kTypes));
    if (weight != nullptr) {
        ACLEMU_OP_RETURN_IF_ERROR(check_dtype_in(weight, kApi, "weight", kTypes));
    }
    ACLEMU_OP_RETURN_IF_ERROR(check_dtype_in(sum_dy, kApi, "sumDy", kTypes));
    ACLEMU_OP_RETURN_IF_ERROR(check_dtype_in(sum_dy_xmu, kApi, "sumDyXmu", kTypes));
    ACLEMU_OP_RETURN_IF_ERROR(
        check_dtype_in(counter, kApi, "counter", {ACL_FLOAT, ACL_FLOAT16, ACL_INT32}));
    ACLEMU_OP_RETURN_IF_ERROR(check_dtype_in(grad_input, kApi, "gradInput", kTypes));

    ACLEMU_OP_RETURN_IF_ERROR(check_not_private_format(grad_out, kApi, "gradOut"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_private_format(input, kApi, "input"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_private_format(grad_input, kApi, "gradInput"));

    ACLEMU_OP_RETURN_IF_ERROR(check_rank_in(input, kApi, "input", kMinRank, kMaxRank));
    ACLEMU_OP_RETURN_IF_ERROR(check_rank_in(grad_out, kApi, "gradOut", 0, kMaxRank));
    ACLEMU_OP_RETURN_IF_ERROR(check_rank_in(grad_input, kApi, "gradInput", 0, kMaxRank));
    ACLEMU_OP_RETURN_IF_ERROR(check_rank_in(counter, kApi, "counter", 0, kMaxRank));
    ACLEMU_OP_RETURN_IF_ERROR(check_channels_nonzero(input, kApi, "input"));
    ACLEMU_OP_RETURN_IF_ERROR(check_same_shape(grad_out, kApi, "gradOut", input, "input"));
    ACLEMU_OP_RETURN_IF_ERROR(check_same_shape(grad_input, kApi, "gradInput", input, "input"));
    const int64_t channels = input->view_dims[1];
    ACLEMU_OP_RETURN_IF_ERROR(check_channel_vector(mean, kApi, "mean", channels));
    ACLEMU_OP_RETURN_IF_ERROR(check_channel_vector(invstd, kApi, "invstd", channels));
    if (weight != nullptr) {
        ACLEMU_OP_RETURN_IF_ERROR(check_channel_vector(weight, kApi, "weight", channels));
    }
    ACLEMU_OP_RETURN_IF_ERROR(check_channel_vector(sum_dy, kApi, "sumDy", channels));
    ACLEMU_OP_RETURN_IF_ERROR(check_channel_vector(sum_dy_xmu, kApi, "sumDyXmu", channels));

    // aclemu's own checks (docs/compatibility.md).
    ACLEMU_OP_RETURN_IF_ERROR(check_same_dtype(grad_out, kApi, "gradOut", input, "input"));
    ACLEMU_OP_RETURN_IF_ERROR(check_same_dtype(grad_input, kApi, "gradInput", input, "input"));
    if (counter_run(*counter).first < 0) {
        return op_fail(ACLNN_ERR_PARAM_INVALID,
                       kApi,
                       "counter",
                       "view %s must be walkable with one stride",
                       dims_to_string(counter->view_dims).c_str());
    }
    for (const auto& [t, name] : {std::pair{grad_out, "gradOut"},
                                  std::pair{input, "input"},
                                  std::pair{mean, "mean"},
                                  std::pair{invstd, "invstd"},
                                  std::pair{weight, "weight"},
                                  std::pair{sum_dy, "sumDy"},
                                  std::pair{sum_dy_xmu, "sumDyXmu"},
                                  std::pair{counter, "counter"},
                                  std::pair{grad_input, "gradInput"}}) {
        if (t != nullptr) {
            ACLEMU_OP_RETURN_IF_ERROR(check_view_fits(t, kApi, name));
        }
    }
    ACLEMU_OP_RETURN_IF_ERROR(check_output_not_self_overlapping(grad_input, kApi, "gradInput"));
    return ACLNN_SUCCESS;
}

kernels::CounterType counter_type(aclDataType t) {
    switch (t) {
        case ACL_INT32:
            return kernels::CounterType::Int32;
        case ACL_FLOAT16:
            return kernels::CounterType::Float16;
        default:
            return kernels::CounterType::Float32;
    }
}

kernels::BatchNormElemtBackwardArgs make_args(const std::vector<aclTensor>& in,
                                              const aclTensor& grad_input) {
    kernels::BatchNormElemtBackwardArgs a;
    a.geometry = plan_channel_geometry({&grad_input, &in[kGradOut], &in[kInput]});
    a.dtype = to_kernel_dtype(grad_input.dtype);
    a.grad_input = nn::view_data(grad_input);
    a.grad_out = nn::view_data(in[kGradOut]);
    a.input = nn::view_data(in[kInput]);
    a.mean = channel_vector_of(&in[kMean]);
    a.invstd = channel_vector_of(&in[kInvstd]);
    a.weight = channel_vector_of(&in[kWeight]);
    a.sum_dy = channel_vector_of(&in[kSumDy]);
    a.sum_dy_xmu = channel_vector_of(&in[kSumDyXmu]);
    const aclTensor& counter = in[kCounter];
    a.counter = nn::view_data(counter);
    a.counter_type = counter_type(counter.dtype);
    const auto [count, stride] = counter_run(counter);
    a.counter_numel = count;
    a.counter_stride = stride;
    return a;
}

class ElemtBackwardExecutor final : public aclOpExecutor {
public:
    aclnnStatus run(void* /*workspace*/, const rt::StreamTarget& stream) override {
        const aclTensor& grad_input = outputs[0];
        // Every non-empty tensor is device memory, even when the batch is empty (as
        // BatchNormReduceBackward checks): the fuzzer found host channel vectors accepted with
        // N = 0.
        for (int i = 0; i < kNumInputs; ++i) {
            if (inputs[i].dtype != ACL_DT_UNDEFINED) {
                ACLEMU_OP_RETURN_IF_ERROR(check_device_data(&inputs[i], kApi, kInputNames[i]));
            }
        }
        ACLEMU_OP_RETURN_IF_ERROR(check_device_data(&grad_input, kApi, "gradInput"));
        if (nn::numel(grad_input.view_dims) == 0) {
            return ACLNN_SUCCESS;
        }
        const kernels::BatchNormElemtBackwardArgs args = make_args(inputs, grad_input);
        const uint64_t bytes = kernels::min_traffic_bytes(args.geometry, args.dtype, 3);
        const rt::TaskLength length = task_length(bytes);
        const int threads = cpu_kernel_settings(length).threads;
        return dispatch_kernel(
            kApi,
            stream,
            length,
            KernelLabel{"batch_norm_elemt_backward", "per channel", bytes},
            [args, threads] { kernels::cpu::batch_norm_elemt_backward(args, threads); },
            [&args](const kernels::GpuLaunchers& gpu, void* native) {
                return gpu.batch_norm_elemt_backward(args, native);
            });
    }
};

aclnnStatus get_workspace_size(const aclTensor* grad_out,
                               const aclTensor* input,
                               const aclTensor* mean,
                               const aclTensor* invstd,
                               const aclTensor* weight,
                               const aclTensor* sum_dy,
                               const aclTensor* sum_dy_xmu,
                               aclTensor* counter,
                               aclTensor* grad_input,
                               uint64_t* workspace_size,
                               aclOpExecutor** executor) {
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(workspace_size, kApi, "workspaceSize"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(executor, kApi, "executor"));
    ACLEMU_OP_RETURN_IF_ERROR(check_elemt_backward(
        grad_out, input, mean, invstd, weight, sum_dy, sum_dy_xmu, counter, grad_input));

    auto exec = std::make_unique<ElemtBackwardExecutor>();
    exec->op_name = kApi;
    exec->inputs = {*grad_out,
                    *input,
                    *mean,
                    *invstd,
                    weight != nullptr ? *weight : aclTensor{},
                    *sum_dy,
                    *sum_dy_xmu,
                    *counter};
    exec->outputs = {*grad_input};
    exec->input_names = kInputNames;
    exec->output_names = kOutputNames;
    exec->workspace_size = 0;  // every backend computes the coefficients where it uses them
    return nn::publish_executor(std::move(exec), workspace_size, executor);
}

}  // namespace
}  // namespace aclemu::ops

extern "C" {

aclnnStatus aclnnBatchNormElemtBackwardGetWorkspaceSize(const aclTensor* gradOut,
                                                        const aclTensor* input,
                                                        const aclTensor* mean,
                                                        const aclTensor* invstd,
                                                        const aclTensor* weight,
                                                        const aclTensor* sumDy,
                                                        const aclTensor* sumDyXmu,
                                                        aclTensor* counter,
                                                        aclTensor* gradInput,
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
                                      {"counter", counter},
                                      {"gradInput", gradInput}},
                                     [&] {
                                         return aclemu::ops::get_workspace_size(gradOut,
                                                                                input,
                                                                                mean,
                                                                                invstd,
                                                                                weight,
                                                                                sumDy,
                                                                                sumDyXmu,
                                                                                counter,
                                                                                gradInput,
                                                                                workspaceSize,
                                                                                executor);
                                     });
}

aclnnStatus aclnnBatchNormElemtBackward(void* workspace,
                                        uint64_t workspaceSize,
                                        aclOpExecutor* executor,
                                        aclrtStream stream) {
    return aclemu::nn::execute(aclemu::ops::kApi, workspace, workspaceSize, executor, stream);
}

}  // extern "C"
