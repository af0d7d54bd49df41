// aclnnAdd, aclnnAdds, aclnnInplaceAdd, aclnnInplaceAdds: out = self + alpha * other. Phase 1
// checks in the order of ops-math's aclnn_add.cpp (nulls; self's and other's dtypes; the
// promoted type, alpha's and out's casts; ranks <= 8, broadcasting and out's shape), then
// aclemu's view checks, and plans the shared arithmetic kernel (ops/binary_arith_op.h).
#include "aclnnop/aclnn_add.h"

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

aclnnStatus add_tensor(const char* api,
                       const aclTensor* self,
                       const aclTensor* other,
                       const aclScalar* alpha,
                       const aclTensor* out,
                       const char* self_name,
                       const char* out_name,
                       uint64_t* workspace_size,
                       aclOpExecutor** executor) {
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(self, api, self_name));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(other, api, "other"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(alpha, api, "alpha"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(out, api, out_name));

    ACLEMU_OP_RETURN_IF_ERROR(check_arith_dtype(self, api, self_name));
    ACLEMU_OP_RETURN_IF_ERROR(check_arith_dtype(other, api, "other"));
    ACLEMU_OP_RETURN_IF_ERROR(check_arith_scalar_dtype(alpha, api, "alpha"));
    const aclDataType promoted = promote_types(self->dtype, other->dtype);
    ACLEMU_OP_RETURN_IF_ERROR(check_promotable(api, promoted, self->dtype, other->dtype));
    ACLEMU_OP_RETURN_IF_ERROR(check_alpha_castable(api, alpha, promoted));
    ACLEMU_OP_RETURN_IF_ERROR(check_result_castable(api, promoted, out, out_name));
    ACLEMU_OP_RETURN_IF_ERROR(check_arith_dtype(out, api, out_name));  // complex: aclemu only

    ACLEMU_OP_RETURN_IF_ERROR(check_rank_in(self, api, self_name, 0, kMaxRank));
    ACLEMU_OP_RETURN_IF_ERROR(check_rank_in(other, api, "other", 0, kMaxRank));
    std::vector<int64_t> shape;
    ACLEMU_OP_RETURN_IF_ERROR(check_broadcast(api, self, self_name, other, "other", &shape));
    ACLEMU_OP_RETURN_IF_ERROR(check_shape_is(api, out, out_name, shape));

    const ArithPlan plan{kernels::ArithOp::Add,
                         promoted,
                         self,
                         other,
                         nullptr,
                         alpha,
                         out,
                         self_name,
                         "other",
                         out_name};
    return publish_binary_arith(api, plan, workspace_size, executor);
}

aclnnStatus add_scalar(const char* api,
                       const aclTensor* self,
                       const aclScalar* other,
                       const aclScalar* alpha,
                       const aclTensor* out,
                       const char* self_name,
                       const char* out_name,
                       uint64_t* workspace_size,
                       aclOpExecutor** executor) {
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(self, api, self_name));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(other, api, "other"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(alpha, api, "alpha"));
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(out, api, out_name));

    ACLEMU_OP_RETURN_IF_ERROR(check_arith_dtype(self, api, self_name));
    ACLEMU_OP_RETURN_IF_ERROR(check_arith_scalar_dtype(other, api, "other"));
    ACLEMU_OP_RETURN_IF_ERROR(check_arith_scalar_dtype(alpha, api, "alpha"));
    const aclDataType promoted = promote_adds(self->dtype, other->dtype, out->dtype);
    ACLEMU_OP_RETURN_IF_ERROR(check_promotable(api, promoted, self->dtype, other->dtype));
    ACLEMU_OP_RETURN_IF_ERROR(check_alpha_castable(api, alpha, promoted));
    ACLEMU_OP_RETURN_IF_ERROR(check_result_castable(api, promoted, out, out_name));
    ACLEMU_OP_RETURN_IF_ERROR(check_arith_dtype(out, api, out_name));

    ACLEMU_OP_RETURN_IF_ERROR(check_rank_in(self, api, self_name, 0, kMaxRank));
    ACLEMU_OP_RETURN_IF_ERROR(check_same_shape(out, api, out_name, self, self_name));

    const ArithPlan plan{kernels::ArithOp::Add,
                         promoted,
                         self,
                         nullptr,
                         other,
                         alpha,
                         out,
                         self_name,
                         "other",
                         out_name};
    return publish_binary_arith(api, plan, workspace_size, executor);
}

aclnnStatus check_phase1_outputs(const char* api, uint64_t* workspace_size, aclOpExecutor** ex) {
    ACLEMU_OP_RETURN_IF_ERROR(check_not_null(workspace_size, api, "workspaceSize"));
    return check_not_null(ex, api, "executor");
}

}  // namespace
}  // namespace aclemu::ops

using namespace aclemu::ops;  // NOLINT: the entry points below only forward

extern "C" {

aclnnStatus aclnnAddGetWorkspaceSize(const aclTensor* self,
                                     const aclTensor* other,
                                     const aclScalar* alpha,
                                     aclTensor* out,
                                     uint64_t* workspaceSize,
                                     aclOpExecutor** executor) {
    constexpr const char* kApi = "aclnnAdd";
    return guard_phase1(kApi, {{"self", self}, {"other", other}, {"out", out}}, [&] {
        ACLEMU_OP_RETURN_IF_ERROR(check_phase1_outputs(kApi, workspaceSize, executor));
        return add_tensor(kApi, self, other, alpha, out, "self", "out", workspaceSize, executor);
    });
}

aclnnStatus aclnnAdd(void* workspace,
                     uint64_t workspaceSize,
                     aclOpExecutor* executor,
                     aclrtStream stream) {
    return aclemu::nn::execute("aclnnAdd", workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnAddsGetWorkspaceSize(const aclTensor* self,
                                      const aclScalar* other,
                                      const aclScalar* alpha,
                                      aclTensor* out,
                                      uint64_t* workspaceSize,
                                      aclOpExecutor** executor) {
    constexpr const char* kApi = "aclnnAdds";
    return guard_phase1(kApi, {{"self", self}, {"out", out}}, [&] {
        ACLEMU_OP_RETURN_IF_ERROR(check_phase1_outputs(kApi, workspaceSize, executor));
        return add_scalar(kApi, self, other, alpha, out, "self", "out", workspaceSize, executor);
    });
}

aclnnStatus aclnnAdds(void* workspace,
                      uint64_t workspaceSize,
                      aclOpExecutor* executor,
                      aclrtStream stream) {
    return aclemu::nn::execute("aclnnAdds", workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnInplaceAddGetWorkspaceSize(const aclTensor* selfRef,
                                            const aclTensor* other,
                                            const aclScalar* alpha,
                                            uint64_t* workspaceSize,
                                            aclOpExecutor** executor) {
    constexpr const char* kApi = "aclnnInplaceAdd";
    return guard_phase1(kApi, {{"selfRef", selfRef}, {"other", other}}, [&] {
        ACLEMU_OP_RETURN_IF_ERROR(check_phase1_outputs(kApi, workspaceSize, executor));
        // CANN checks the in-place shape first: other must broadcast to selfRef's shape.
        ACLEMU_OP_RETURN_IF_ERROR(check_not_null(selfRef, kApi, "selfRef"));
        ACLEMU_OP_RETURN_IF_ERROR(check_not_null(other, kApi, "other"));
        std::vector<int64_t> shape;
        ACLEMU_OP_RETURN_IF_ERROR(
            check_broadcast(kApi, selfRef, "selfRef", other, "other", &shape));
        ACLEMU_OP_RETURN_IF_ERROR(check_shape_is(kApi, selfRef, "selfRef", shape));
        return add_tensor(
            kApi, selfRef, other, alpha, selfRef, "selfRef", "selfRef", workspaceSize, executor);
    });
}

aclnnStatus aclnnInplaceAdd(void* workspace,
                            uint64_t workspaceSize,
                            aclOpExecutor* executor,
                            aclrtStream stream) {
    return aclemu::nn::execute("aclnnInplaceAdd", workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnInplaceAddsGetWorkspaceSize(const aclTensor* selfRef,
                                             const aclScalar* other,
                                             const aclScalar* alpha,
                                             uint64_t* workspaceSize,
                                             aclOpExecutor** executor) {
    constexpr const char* kApi = "aclnnInplaceAdds";
    return guard_phase1(kApi, {{"selfRef", selfRef}}, [&] {
        ACLEMU_OP_RETURN_IF_ERROR(check_phase1_outputs(kApi, workspaceSize, executor));
        return add_scalar(
            kApi, selfRef, other, alpha, selfRef, "selfRef", "selfRef", workspaceSize, executor);
    });
}

aclnnStatus aclnnInplaceAdds(void* workspace,
                             uint64_t workspaceSize,
                             aclOpExecutor* executor,
                             aclrtStream stream) {
    return aclemu::nn::execute("aclnnInplaceAdds", workspace, workspaceSize, executor, stream);
}

}  // extern "C"
