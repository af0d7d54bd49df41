// The table of this build's launchers (kernels_cu/launch.h), one entry per operator's launcher in
// the .cu files beside it.
#include "kernels_cu/launch.h"
#include "kernels_cu/portability.h"

namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE {

int launch_log_sigmoid_backward(const LogSigmoidBackwardArgs& args, void* stream);
int launch_logit_grad(const LogitGradArgs& args, void* stream);
size_t batch_norm_reduce_backward_workspace_bytes(const BatchNormReduceBackwardArgs& args);
int launch_batch_norm_reduce_backward(const BatchNormReduceBackwardArgs& args,
                                      void* workspace,
                                      void* stream);
size_t upsample_nearest_exact1d_backward_workspace_bytes(
    const UpsampleNearestExact1dBackwardArgs& args);
int launch_upsample_nearest_exact1d_backward(const UpsampleNearestExact1dBackwardArgs& args,
                                             void* workspace,
                                             void* stream);
int launch_sigmoid(const SigmoidArgs& args, void* stream);
int launch_log_sigmoid(const LogSigmoidArgs& args, void* stream);
int launch_logit(const LogitArgs& args, void* stream);
int launch_sigmoid_backward(const SigmoidBackwardArgs& args, void* stream);
int launch_upsample_nearest_exact1d(const UpsampleNearestExact1dArgs& args, void* stream);
size_t batch_norm_stats_workspace_bytes(const BatchNormStatsArgs& args);
int launch_batch_norm_stats(const BatchNormStatsArgs& args, void* workspace, void* stream);
int launch_batch_norm_gather_stats(const BatchNormGatherStatsArgs& args, void* stream);
int launch_batch_norm_elemt(const BatchNormElemtArgs& args, void* stream);
size_t batch_norm_elemt_backward_workspace_bytes(const BatchNormElemtBackwardArgs& args);
int launch_batch_norm_elemt_backward(const BatchNormElemtBackwardArgs& args,
                                     void* workspace,
                                     void* stream);

namespace {
const char* error_string(int code) {
    return gpuGetErrorString(static_cast<gpuError_t>(code));
}
}  // namespace

const GpuLaunchers& launchers() {
    static const GpuLaunchers table{
        &launch_log_sigmoid_backward,
        &launch_logit_grad,
        &batch_norm_reduce_backward_workspace_bytes,
        &launch_batch_norm_reduce_backward,
        &upsample_nearest_exact1d_backward_workspace_bytes,
        &launch_upsample_nearest_exact1d_backward,
        &launch_sigmoid,
        &launch_log_sigmoid,
        &launch_logit,
        &launch_sigmoid_backward,
        &launch_upsample_nearest_exact1d,
        &batch_norm_stats_workspace_bytes,
        &launch_batch_norm_stats,
        &launch_batch_norm_gather_stats,
        &launch_batch_norm_elemt,
        &batch_norm_elemt_backward_workspace_bytes,
        &launch_batch_norm_elemt_backward,
        &error_string,
    };
    return table;
}

}  // namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE
