// aclnnUpsampleNearestExact1dBackward: check (CANN's order and codes, op_semantics §4.4, plus
// the stricter checks in docs/compatibility.md) -> snapshot -> workspace layout -> run. out is
// 3-D [N, C, L_in]; L_out is gradOutput's dim 2 (outputSize's value is not used, as in CANN);
// the effective fp32 scale S = scales > 0 ? scales : L_out / L_in. The GPU runs a deterministic
// gather unless ACLEMU_UPSAMPLE_ALGORITHM=scatter (read at aclInit) asks for the atomic scatter
// and ACL_OPT_DETERMINISTIC is off.
#include "aclnnop/aclnn_upsample_nearest_exact1d_backward.h"

#include "aclemu/rt.h"
#include "common/dispatch.h"
#include "common/kernel_dtype.h"
#include "common/op_boundary.h"
#include "common/op_checks.h"
#include "common/op_error.h"
#include "common/workspace.h"
#include "kernels_cpu/cpu_kernels.h"
#include "kernels_cu/kernel_args.h"
#include "kernels_cu/math/upsample_nearest_exact.h"
#include "nnopbase/executor.h"
#include "nnopbase/tensor.h"

#include <cmath>
#include <cstdint>
#include <memory>

namespace aclemu::ops {
namespace {

constexpr const char* kApi = "aclnnUpsampleNearestExact1dBackward";
constexpr const char* kInputNames[] = {"gradOutput"};
constexpr const char* kOutputNames[] = {"out"};
// The backward may shrink at most 50x: 1 / scales (or L_in / L_out) must be >= 1 / 50.
constexpr double kMinRealScale = 0.02;

aclnnStatus check_upsample_nearest_exact1d_backward(const aclTensor* grad_output,
                                                    const aclIntArray* output_size,
                                                    const aclIntArray* input_size,
                                                    double scales,
                                                    const aclTensor* out) {
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(grad_output, kApi, "gradOutput"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(input_size, kApi, "inputSize"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(out, kApi, "out"));
    // CANN does not check outputSize (it would crash on null); we report it.
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(output_size, kApi, "outputSize"));

    ACLEMU_OP_RETURN_IF_ERROR(
        check_dtype_in(grad_output, kApi, "gradOutput", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}));
    ACLEMU_OP_RETURN_IF_ERROR(check_same_dtype(out, kApi, "out", grad_output, "gradOutput"));

    ACLEMU_OP_RETURN_IF_ERROR(check_same_format(out, kApi, "out", grad_output, "gradOutput"));
    ACLEMU_OP_RETURN_IF_ERROR(check_rank_in(grad_output, kApi, "gradOutput", 3, 3));
    ACLEMU_OP_RETURN_IF_ERROR(check_rank_in(out, kApi, "out", 3, 3));
    if (input_size->values.size() != 3) {
        return op_fail(ACLNN_ERR_PARAM_INVALID,
                       kApi,
                       "inputSize",
                       "has %zu elements, expected 3 (N, C, L)",
                       input_size->values.size());
    }
    if (output_size->values.size() != 1) {
        return op_fail(ACLNN_ERR_PARAM_INVALID,
                       kApi,
                       "outputSize",
                       "has %zu elements, expected 1 (L)",
                       output_size->values.size());
    }

    const std::vector<int64_t>& g = grad_output->view_dims;
    const std::vector<int64_t>& o = out->view_dims;
    if (g[0] != o[0] || g[1] != o[1]) {
        return op_fail(ACLNN_ERR_PARAM_INVALID,
                       kApi,
                       "out",
                       "shape %s must have the N and C of gradOutput %s",
                       dims_to_string(o).c_str(),
                       dims_to_string(g).c_str());
    }
    if (scales < 0) {
        return op_fail(ACLNN_ERR_PARAM_INVALID, kApi, "scales", "%g must not be negative", scales);
    }
    const int64_t l_in = input_size->values[2];
    const int64_t l_out = g[2];
    // NaN scales fails both "< 0" and "> 0": it means "not given", like 0.
    const double real_scale =
        scales > 0 ? 1.0 / scales : static_cast<double>(l_in) / static_cast<double>(l_out);
    if (!(real_scale >= kMinRealScale)) {
        return op_fail(ACLNN_ERR_PARAM_INVALID,
                       kApi,
                       "scales",
                       "is too large: the shrink factor %g (1 / scales, or inputSize[2] / "
                       "gradOutput L = %lld / %lld when scales is 0) must be >= 0.02, i.e. at "
                       "most 50x",
                       real_scale,
                       static_cast<long long>(l_in),
                       static_cast<long long>(l_out));
    }
    if (g[0] <= 0 || g[1] <= 0 || g[2] <= 0) {
        return op_fail(ACLNN_ERR_PARAM_INVALID,
                       kApi,
                       "gradOutput",
                       "shape %s: N, C and L must all be > 0 (empty gradOutput is not supported)",
                       dims_to_string(g).c_str());
    }
    if (l_in <= 0) {
        return op_fail(ACLNN_ERR_PARAM_INVALID,
                       kApi,
                       "inputSize",
                       "L = inputSize[2] = %lld must be > 0",
                       static_cast<long long>(l_in));
    }
    // Stricter than CANN, which fails later inside its copy into out (docs/compatibility.md).
    if (o[2] != l_in) {
        return op_fail(ACLNN_ERR_PARAM_INVALID,
                       kApi,
                       "out",
                       "shape %s must have L = inputSize[2] = %lld",
                       dims_to_string(o).c_str(),
                       static_cast<long long>(l_in));
    }

    ACLEMU_OP_RETURN_IF_ERROR(check_view_fits(grad_output, kApi, "gradOutput"));
    ACLEMU_OP_RETURN_IF_ERROR(check_view_fits(out, kApi, "out"));
    ACLEMU_OP_RETURN_IF_ERROR(check_output_not_self_overlapping(out, kApi, "out"));
    return ACLNN_SUCCESS;
}

// The atomic scatter is an alternative kept for comparisons: asked for by
// ACLEMU_UPSAMPLE_ALGORITHM, and never while the context is deterministic.
kernels::UpsampleAlgorithm choose_algorithm() {
    if (rt::op_settings().upsample_scatter && !rt::deterministic()) {
        return kernels::UpsampleAlgorithm::AtomicScatter;
    }
    return kernels::UpsampleAlgorithm::Gather;
}

kernels::UpsampleNearestExact1dBackwardArgs make_args(const aclTensor& grad_output,
                                                      const aclTensor& out,
                                                      double scales,
                                                      kernels::UpsampleAlgorithm algorithm) {
    kernels::UpsampleNearestExact1dBackwardArgs a;
    a.n = grad_output.view_dims[0];
    a.c = grad_output.view_dims[1];
    a.l_out = grad_output.view_dims[2];
    a.l_in = out.view_dims[2];
    // In fp32, as CANN's kernels and PyTorch CUDA: (float)scales, or float(L_out) / float(L_in).
    a.scale = scales > 0 ? static_cast<float>(scales)
                         : static_cast<float>(a.l_out) / static_cast<float>(a.l_in);
    a.dtype = to_kernel_dtype(grad_output.dtype);
    a.grad_output = nn::view_data(grad_output);
    a.out = nn::view_data(out);
    for (int d = 0; d < 3; ++d) {
        a.grad_output_strides[d] = grad_output.strides[d];
        a.out_strides[d] = out.strides[d];
    }
    a.algorithm = algorithm;
    return a;
}

// Note [Upsample workspace]: the gather needs none; the scatter an fp32 [N, C, L_in]
// accumulator, on GPU backends only. Both phases call this with the executor's algorithm.
WorkspaceLayout workspace_layout(const kernels::UpsampleNearestExact1dBackwardArgs& args,
                                 rt::BackendKind backend) {
    size_t accumulator = 0;
    if (const kernels::GpuLaunchers* gpu = gpu_launchers(backend)) {
        accumulator = gpu->upsample_nearest_exact1d_backward_workspace_bytes(args);
    }
    return make_workspace_layout({accumulator});
}

class UpsampleNearestExact1dBackwardExecutor final : public aclOpExecutor {
public:
    double scales = 0;
    kernels::UpsampleAlgorithm algorithm = kernels::UpsampleAlgorithm::Gather;

    aclnnStatus run(void* workspace, const rt::StreamTarget& stream) override {
        const aclTensor& grad_output = inputs[0];
        const aclTensor& out = outputs[0];
        if (nn::numel(out.view_dims) == 0) {
            return ACLNN_SUCCESS;  // nothing to write (unreachable through phase 1's checks)
        }
        ACLEMU_OP_RETURN_IF_ERROR(check_device_data(&grad_output, kApi, "gradOutput"));
        ACLEMU_OP_RETURN_IF_ERROR(check_device_data(&out, kApi, "out"));
        // A context made deterministic since phase 1 still gets the gather (it needs no
        // workspace, so the planned size is always enough).
        kernels::UpsampleAlgorithm algo = algorithm;
        if (rt::deterministic()) {
            algo = kernels::UpsampleAlgorithm::Gather;
        }
        const kernels::UpsampleNearestExact1dBackwardArgs args =
            make_args(grad_output, out, scales, algo);
        const WorkspaceLayout layout = workspace_layout(args, rt::active_backend());
        ACLEMU_OP_RETURN_IF_ERROR(check_workspace_layout(kApi, layout));
        ACLEMU_OP_RETURN_IF_ERROR(check_workspace_planned(kApi, layout.total, workspace_size));
        void* accumulator = layout.total > 0 ? layout.slice(workspace, 0) : nullptr;
        const uint64_t bytes = kernels::min_traffic_bytes(args);
        const rt::TaskLength length = task_length(bytes);
        const int threads = cpu_kernel_settings(length).threads;
        const char* variant =
            algo == kernels::UpsampleAlgorithm::AtomicScatter ? "atomic scatter" : "gather";
        return dispatch_kernel(
            kApi,
            stream,
            length,
            KernelLabel{"upsample_nearest_exact1d_backward", variant, bytes},
            [args, threads] { kernels::cpu::upsample_nearest_exact1d_backward(args, threads); },
            [&args, accumulator](const kernels::GpuLaunchers& gpu, void* native) {
                return gpu.upsample_nearest_exact1d_backward(args, accumulator, native);
            });
    }
};

aclnnStatus get_workspace_size(const aclTensor* grad_output,
                               const aclIntArray* output_size,
                               const aclIntArray* input_size,
                               double scales,
                               aclTensor* out,
                               uint64_t* workspace_size,
                               aclOpExecutor** executor) {
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(workspace_size, kApi, "workspaceSize"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(executor, kApi, "executor"));
    ACLEMU_OP_RETURN_IF_ERROR(
        check_upsample_nearest_exact1d_backward(grad_output, output_size, input_size, scales, out));

    auto exec = std::make_unique<UpsampleNearestExact1dBackwardExecutor>();
    exec->op_name = kApi;
    exec->inputs = {*grad_output};
    exec->outputs = {*out};
    exec->input_names = kInputNames;
    exec->output_names = kOutputNames;
    exec->scales = scales;
    exec->algorithm = choose_algorithm();
    if (nn::numel(out->view_dims) == 0) {
        exec->workspace_size = 0;  // empty out: nothing is launched
    } else {
        const kernels::UpsampleNearestExact1dBackwardArgs args =
            make_args(*grad_output, *out, scales, exec->algorithm);
        const WorkspaceLayout layout = workspace_layout(args, rt::active_backend());
        ACLEMU_OP_RETURN_IF_ERROR(check_workspace_layout(kApi, layout));
        exec->workspace_size = layout.total;
    }
    return nn::publish_executor(std::move(exec), workspace_size, executor);
}

}  // namespace
}  // namespace aclemu::ops

extern "C" {

aclnnStatus aclnnUpsampleNearestExact1dBackwardGetWorkspaceSize(const aclTensor* gradOutput,
                                                                const aclIntArray* outputSize,
                                                                const aclIntArray* inputSize,
                                                                double scales,
                                                                aclTensor* out,
                                                                uint64_t* workspaceSize,
                                                                aclOpExecutor** executor) {
    return aclemu::ops::guard_phase1(
        aclemu::ops::kApi, {{"gradOutput", gradOutput}, {"out", out}}, [&] {
            return aclemu::ops::get_workspace_size(
                gradOutput, outputSize, inputSize, scales, out, workspaceSize, executor);
        });
}

aclnnStatus aclnnUpsampleNearestExact1dBackward(void* workspace,
                                                uint64_t workspaceSize,
                                                aclOpExecutor* executor,
                                                aclrtStream stream) {
    return aclemu::nn::execute(aclemu::ops::kApi, workspace, workspaceSize, executor, stream);
}

}  // extern "C"
