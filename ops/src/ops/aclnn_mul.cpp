// aclnnMul, aclnnMuls, aclnnInplaceMul, aclnnInplaceMuls: out = self * other. Phase 1 checks in
// the order of ops-math's aclnn_mul.cpp for Atlas A2/A3 (nulls; the dtypes of self, other and
// out; the promoted type and its cast to out; ranks <= 8, broadcasting and out's shape; Muls
// checks no promotion), then aclemu's view checks, and plans the shared arithmetic kernel
// (ops/binary_arith_op.h).
#include "aclnnop/aclnn_mul.h"

#include "common/arith_checks.h"
#include "common/arith_promotion.h"
#include "common/op_boundary.h"
#include "common/op_checks.h"
#include "nnopbase/executor.h"
#include "nnopbase/tensor.h"
#include "ops/binary_arith_op.h"

#include <vector>

namespace aclemu::ops {
namespace {

constexpr int64_t kMaxRank = 8;

aclnnStatus check_phase1_outputs(const char* api, uint64_t* workspace_size, aclOpExecutor** ex) {
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(workspace_size, api, "workspaceSize"));
    return check_not_null(ex, api, "executor");
}

aclnnStatus mul_tensor(const char* api,
                       const aclTensor* self,
                       const aclTensor* other,
                       const aclTensor* out,
                       bool in_place,
                       uint64_t* workspace_size,
                       aclOpExecutor** executor) {
    const char* self_name = in_place ? "selfRef" : "self";
    const char* out_name = in_place ? "selfRef" : "out";
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(self, api, self_name));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(other, api, "other"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(out, api, out_name));

    ACLEMU_OP_RETURN_IF_ERROR(check_arith_dtype(self, api, self_name));
    ACLEMU_OP_RETURN_IF_ERROR(check_arith_dtype(other, api, "other"));
    if (!in_place) {
        ACLEMU_OP_RETURN_IF_ERROR(check_arith_dtype(out, api, out_name));
    }
    const aclDataType promoted = promote_types(self->dtype, other->dtype);
    ACLEMU_OP_RETURN_IF_ERROR(check_promotable(api, promoted, self->dtype, other->dtype));
    ACLEMU_OP_RETURN_IF_ERROR(check_result_castable(api, promoted, out, out_name));

    if (!in_place) {  // CANN checks no rank for InplaceMul
        ACLEMU_OP_RETURN_IF_ERROR(check_rank_in(self, api, self_name, 0, kMaxRank));
        ACLEMU_OP_RETURN_IF_ERROR(check_rank_in(other, api, "other", 0, kMaxRank));
    }
    std::vector<int64_t> shape;
    ACLEMU_OP_RETURN_IF_ERROR(check_broadcast(api, self, self_name, other, "other", &shape));
    ACLEMU_OP_RETURN_IF_ERROR(check_shape_is(api, out, out_name, shape));

    const ArithPlan plan{kernels::ArithOp::Mul,
                         promoted,
                         self,
                         other,
                         nullptr,
                         nullptr,
                         out,
                         self_name,
                         "other",
                         out_name};
    return publish_binary_arith(api, plan, workspace_size, executor);
}

aclnnStatus mul_scalar(const char* api,
                       const aclTensor* self,
                       const aclScalar* other,
                       const aclTensor* out,
                       bool in_place,
                       uint64_t* workspace_size,
                       aclOpExecutor** executor) {
    const char* self_name = in_place ? "selfRef" : "self";
    const char* out_name = in_place ? "selfRef" : "out";
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(self, api, self_name));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(other, api, "other"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(out, api, out_name));

    ACLEMU_OP_RETURN_IF_ERROR(check_arith_dtype(self, api, self_name));
    if (!in_place) {
        ACLEMU_OP_RETURN_IF_ERROR(check_arith_dtype(out, api, out_name));
    }
    ACLEMU_OP_RETURN_IF_ERROR(check_arith_scalar_dtype(other, api, "other"));
    if (!in_place) {
        ACLEMU_OP_RETURN_IF_ERROR(check_same_shape(out, api, out_name, self, self_name));
    }
    const aclDataType promoted = promote_muls(self->dtype, other->dtype, out->dtype);
    ACLEMU_OP_RETURN_IF_ERROR(check_promotable(api, promoted, self->dtype, other->dtype));

    const ArithPlan plan{kernels::ArithOp::Mul,
                         promoted,
                         self,
                         nullptr,
                         other,
                         nullptr,
                         out,
                         self_name,
                         "other",
                         out_name};
    return publish_binary_arith(api, plan, workspace_size, executor);
}

}  // namespace
}  // namespace aclemu::ops

using namespace aclemu::ops;  // NOLINT: the entry points below only forward

extern "C" {

aclnnStatus aclnnMulGetWorkspaceSize(const aclTensor* self,
                                     const aclTensor* other,
                                     aclTensor* out,
                                     uint64_t* workspaceSize,
                                     aclOpExecutor** executor) {
    constexpr const char* kApi = "aclnnMul";
    return guard_phase1(kApi, {{"self", self}, {"other", other}, {"out", out}}, [&] {
        ACLEMU_OP_RETURN_IF_ERROR(check_phase1_outputs(kApi, workspaceSize, executor));
        return mul_tensor(kApi, self, other, out, false, workspaceSize, executor);
    });
}

aclnnStatus aclnnMul(void* workspace,
                     uint64_t workspaceSize,
                     aclOpExecutor* executor,
                     aclrtStream stream) {
    return aclemu::nn::execute("aclnnMul", workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnMulsGetWorkspaceSize(const aclTensor* self,
                                      const aclScalar* other,
                                      aclTensor* out,
                                      uint64_t* workspaceSize,
                                      aclOpExecutor** executor) {
    constexpr const char* kApi = "aclnnMuls";
    return guard_phase1(kApi, {{"self", self}, {"out", out}}, [&] {
        ACLEMU_OP_RETURN_IF_ERROR(check_phase1_outputs(kApi, workspaceSize, executor));
        return mul_scalar(kApi, self, other, out, false, workspaceSize, executor);
    });
}

aclnnStatus aclnnMuls(void* workspace,
                      uint64_t workspaceSize,
                      aclOpExecutor* executor,
                      aclrtStream stream) {
    return aclemu::nn::execute("aclnnMuls", workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnInplaceMulGetWorkspaceSize(const aclTensor* selfRef,
                                            const aclTensor* other,
                                            uint64_t* workspaceSize,
                                            aclOpExecutor** executor) {
    constexpr const char* kApi = "aclnnInplaceMul";
    return guard_phase1(kApi, {{"selfRef", selfRef}, {"other", other}}, [&] {
        ACLEMU_OP_RETURN_IF_ERROR(check_phase1_outputs(kApi, workspaceSize, executor));
        return mul_tensor(kApi, selfRef, other, selfRef, true, workspaceSize, executor);
    });
}

aclnnStatus aclnnInplaceMul(void* workspace,
                            uint64_t workspaceSize,
                            aclOpExecutor* executor,
                            aclrtStream stream) {
    return aclemu::nn::execute("aclnnInplaceMul", workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnInplaceMulsGetWorkspaceSize(const aclTensor* selfRef,
                                             const aclScalar* other,
                                             uint64_t* workspaceSize,
                                             aclOpExecutor** executor) {
    constexpr const char* kApi = "aclnnInplaceMuls";
    return guard_phase1(kApi, {{"selfRef", selfRef}}, [&] {
        ACLEMU_OP_RETURN_IF_ERROR(check_phase1_outputs(kApi, workspaceSize, executor));
        return mul_scalar(kApi, selfRef, other, selfRef, true, workspaceSize, executor);
    });
}

aclnnStatus aclnnInplaceMuls(void* workspace,
                             uint64_t workspaceSize,
                             aclOpExecutor* executor,
                             aclrtStream stream) {
    return aclemu::nn::execute("aclnnInplaceMuls", workspace, workspaceSize, executor, stream);
}

}  // extern "C"
