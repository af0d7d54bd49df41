// aclnnSigmoid and aclnnInplaceSigmoid: out = 1 / (1 + exp(-self)) (ops-nn
// activation/sigmoid/op_api). Phase 1 checks in CANN's order (nulls; self's dtype, then out's;
// shapes; self's rank <= 8), then the view checks, snapshots and plans; phase 2 dispatches the
// elementwise kernel: the shared loops when self and out are of one FLOAT/FLOAT16/BF16 dtype,
// else the general path, computing in self's dtype when it is floating and in out's when self is
// an integer or BOOL (CANN casts it to out's dtype first), the result cast to out's dtype.
// InplaceSigmoid checks selfRef's null and dtype first, then runs Sigmoid's checks with selfRef
// as both tensors, as CANN does.
#include "aclnnop/aclnn_sigmoid.h"

#include "common/arith_promotion.h"
#include "common/elementwise_dispatch.h"
#include "common/elementwise_plan.h"
#include "common/kernel_dtype.h"
#include "common/op_boundary.h"
#include "common/op_checks.h"
#include "common/op_error.h"
#include "common/unary_elementwise.h"
#include "kernels_cpu/cpu_kernels.h"
#include "kernels_cu/launch.h"
#include "kernels_cu/math/sigmoid.h"
#include "nnopbase/executor.h"
#include "nnopbase/tensor.h"

#include <memory>

namespace aclemu::ops {
namespace {

constexpr const char* kSigmoid = "aclnnSigmoid";
constexpr const char* kInplaceSigmoid = "aclnnInplaceSigmoid";
constexpr int64_t kMaxRank = 8;
// CANN's lists less COMPLEX64 and COMPLEX128: aclemu has no complex kernels (compatibility.md).
constexpr std::initializer_list<aclDataType> kSelfDtypes = {ACL_FLOAT,
                                                            ACL_FLOAT16,
                                                            ACL_DOUBLE,
                                                            ACL_INT8,
                                                            ACL_INT16,
                                                            ACL_INT32,
                                                            ACL_INT64,
                                                            ACL_BOOL,
                                                            ACL_BF16,
                                                            ACL_UINT8};
constexpr std::initializer_list<aclDataType> kOutDtypes = {
    ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_BF16};

aclnnStatus check_sigmoid(const char* api,
                          const aclTensor* self,
                          const char* self_name,
                          const aclTensor* out,
                          const char* out_name) {
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(self, api, self_name));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(out, api, out_name));

    ACLEMU_OP_RETURN_IF_ERROR(check_dtype_in(self, api, self_name, kSelfDtypes));
    ACLEMU_OP_RETURN_IF_ERROR(check_dtype_in(out, api, out_name, kOutDtypes));
    ACLEMU_OP_RETURN_IF_ERROR(check_same_shape(out, api, out_name, self, self_name));
    ACLEMU_OP_RETURN_IF_ERROR(check_rank_in(self, api, self_name, 0, kMaxRank));

    ACLEMU_OP_RETURN_IF_ERROR(check_view_fits(self, api, self_name));
    ACLEMU_OP_RETURN_IF_ERROR(check_view_fits(out, api, out_name));
    ACLEMU_OP_RETURN_IF_ERROR(check_output_not_self_overlapping(out, api, out_name));
    return ACLNN_SUCCESS;
}

class SigmoidExecutor final : public UnaryElementwiseExecutor {
public:
    bool mixed = false;
    kernels::MixedTypes types;

private:
    aclnnStatus launch(void* const data[3], const rt::StreamTarget& stream) const override {
        kernels::SigmoidArgs args;
        args.geometry = geometry;
        args.dtype = dtype;
        args.out = data[0];
        args.self = data[1];
        args.mixed = mixed;
        args.types = types;
        return dispatch_elementwise(op_name,
                                    stream,
                                    "sigmoid",
                                    args,
                                    kernels::cpu::sigmoid,
                                    &kernels::GpuLaunchers::sigmoid);
    }
};

aclnnStatus plan_sigmoid(const char* api,
                         const aclTensor* self,
                         const char* self_name,
                         aclTensor* out,
                         const char* out_name,
                         uint64_t* workspace_size,
                         aclOpExecutor** executor) {
    auto exec = std::make_unique<SigmoidExecutor>();
    const bool fast =
        self->dtype == out->dtype
        && (out->dtype == ACL_FLOAT || out->dtype == ACL_FLOAT16 || out->dtype == ACL_BF16);
    if (fast) {
        exec->dtype = to_kernel_dtype(out->dtype);
    } else {
        const aclDataType compute = is_floating_type(self->dtype) ? self->dtype : out->dtype;
        exec->mixed = true;
        exec->types = {to_arith_type(out->dtype),
                       to_arith_type(self->dtype),
                       to_arith_type(self->dtype),
                       to_arith_type(compute)};
    }
    return publish_unary(
        std::move(exec), api, self, self_name, out, out_name, workspace_size, executor);
}

aclnnStatus sigmoid_workspace_size(const aclTensor* self,
                                   aclTensor* out,
                                   uint64_t* workspace_size,
                                   aclOpExecutor** executor) {
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(workspace_size, kSigmoid, "workspaceSize"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(executor, kSigmoid, "executor"));
    ACLEMU_OP_RETURN_IF_ERROR(check_sigmoid(kSigmoid, self, "self", out, "out"));
    return plan_sigmoid(kSigmoid, self, "self", out, "out", workspace_size, executor);
}

aclnnStatus inplace_sigmoid_workspace_size(aclTensor* self_ref,
                                           uint64_t* workspace_size,
                                           aclOpExecutor** executor) {
    constexpr const char* kApi = kInplaceSigmoid;
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(workspace_size, kApi, "workspaceSize"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(executor, kApi, "executor"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(self_ref, kApi, "selfRef"));
    ACLEMU_OP_RETURN_IF_ERROR(check_dtype_in(self_ref, kApi, "selfRef", kOutDtypes));
    ACLEMU_OP_RETURN_IF_ERROR(check_sigmoid(kApi, self_ref, "selfRef", self_ref, "selfRef"));
    return plan_sigmoid(kApi, self_ref, "selfRef", self_ref, "selfRef", workspace_size, executor);
}

}  // namespace
}  // namespace aclemu::ops

extern "C" {

aclnnStatus aclnnSigmoidGetWorkspaceSize(const aclTensor* self,
                                         aclTensor* out,
                                         uint64_t* workspaceSize,
                                         aclOpExecutor** executor) {
    return aclemu::ops::guard_phase1(aclemu::ops::kSigmoid, {{"self", self}, {"out", out}}, [&] {
        return aclemu::ops::sigmoid_workspace_size(self, out, workspaceSize, executor);
    });
}

aclnnStatus aclnnSigmoid(void* workspace,
                         uint64_t workspaceSize,
                         aclOpExecutor* executor,
                         aclrtStream stream) {
    return aclemu::nn::execute(aclemu::ops::kSigmoid, workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnInplaceSigmoidGetWorkspaceSize(aclTensor* selfRef,
                                                uint64_t* workspaceSize,
                                                aclOpExecutor** executor) {
    return aclemu::ops::guard_phase1(aclemu::ops::kInplaceSigmoid, {{"selfRef", selfRef}}, [&] {
        return aclemu::ops::inplace_sigmoid_workspace_size(selfRef, workspaceSize, executor);
    });
}

aclnnStatus aclnnInplaceSigmoid(void* workspace,
                                uint64_t workspaceSize,
                                aclOpExecutor* executor,
                                aclrtStream stream) {
    return aclemu::nn::execute(
        aclemu::ops::kInplaceSigmoid, workspace, workspaceSize, executor, stream);
}

}  // extern "C"
