// The shared phase 1 and the executor of the arithmetic operators (binary_arith_op.h). In
// libopapi (not aclemu_ops_common): its dispatch needs the GPU launcher tables this library links.
#include "ops/binary_arith_op.h"

#include "common/arith_promotion.h"
#include "common/elementwise_dispatch.h"
#include "common/elementwise_plan.h"
#include "common/op_checks.h"
#include "common/op_error.h"
#include "kernels_cpu/cpu_kernels.h"
#include "kernels_cu/launch.h"
#include "nnopbase/executor.h"
#include "nnopbase/tensor.h"

#include <memory>

namespace aclemu::ops {
namespace {

constexpr const char* kInputNames[] = {"self", "other"};
constexpr const char* kOutputNames[] = {"out"};

class BinaryArithExecutor final : public ElementwiseExecutor {
public:
    kernels::BinaryArithArgs args;  // everything but the geometry and the data

    ElementwiseOperands operands() const override {
        // A scalar's operand 2 is self again (never read).
        const aclTensor* other = args.other_is_scalar ? &inputs[0] : &inputs[1];
        return {{&outputs[0], &inputs[0], other}, {"out", "self", "other"}};
    }

private:
    aclnnStatus launch(void* const data[3], const rt::StreamTarget& stream) const override {
        kernels::BinaryArithArgs a = args;
        a.geometry = geometry;
        a.out = data[0];
        a.self = data[1];
        a.other = args.other_is_scalar ? nullptr : data[2];
        return dispatch_elementwise(op_name,
                                    stream,
                                    args.op == kernels::ArithOp::Add ? "add" : "mul",
                                    a,
                                    kernels::cpu::binary_arith,
                                    &kernels::GpuLaunchers::binary_arith);
    }
};

}  // namespace

aclTensor broadcast_view(const aclTensor& t, const std::vector<int64_t>& shape) {
    aclTensor v = t;
    const size_t rank = shape.size();
    const size_t own = t.view_dims.size();
    std::vector<int64_t> strides(rank, 0);
    for (size_t d = 0; d < own; ++d) {
        const size_t to = rank - own + d;
        strides[to] = t.view_dims[d] == 1 && shape[to] != 1 ? 0 : t.strides[d];
    }
    v.view_dims = nn::DimVector(shape.begin(), shape.end());
    v.strides = nn::DimVector(strides.begin(), strides.end());
    return v;
}

bool broadcast_shape(const std::vector<int64_t>& a,
                     const std::vector<int64_t>& b,
                     std::vector<int64_t>* out) {
    const size_t rank = a.size() > b.size() ? a.size() : b.size();
    std::vector<int64_t> s(rank, 1);
    for (size_t d = 0; d < rank; ++d) {
        const int64_t x = d + a.size() >= rank ? a[d + a.size() - rank] : 1;
        const int64_t y = d + b.size() >= rank ? b[d + b.size() - rank] : 1;
        if (x != y && x != 1 && y != 1) {
            return false;
        }
        s[d] = x == 1 ? y : x;
    }
    *out = std::move(s);
    return true;
}

aclnnStatus check_broadcast(const char* api,
                            const aclTensor* self,
                            const char* self_name,
                            const aclTensor* other,
                            const char* other_name,
                            std::vector<int64_t>* shape) {
    const std::vector<int64_t> a(self->view_dims.begin(), self->view_dims.end());
    const std::vector<int64_t> b(other->view_dims.begin(), other->view_dims.end());
    if (broadcast_shape(a, b, shape)) {
        return ACLNN_SUCCESS;
    }
    return op_fail(ACLNN_ERR_PARAM_INVALID,
                   api,
                   other_name,
                   "shape %s cannot broadcast with %s's shape %s",
                   dims_to_string(b).c_str(),
                   self_name,
                   dims_to_string(a).c_str());
}

aclnnStatus check_shape_is(const char* api,
                           const aclTensor* t,
                           const char* name,
                           const std::vector<int64_t>& expected) {
    const std::vector<int64_t> dims(t->view_dims.begin(), t->view_dims.end());
    if (dims == expected) {
        return ACLNN_SUCCESS;
    }
    return op_fail(ACLNN_ERR_PARAM_INVALID,
                   api,
                   name,
                   "shape should be %s (the broadcast shape), but is %s",
                   dims_to_string(expected).c_str(),
                   dims_to_string(dims).c_str());
}

aclnnStatus publish_binary_arith(const char* api,
                                 const ArithPlan& plan,
                                 uint64_t* workspace_size,
                                 aclOpExecutor** executor) {
    ACLEMU_OP_RETURN_IF_ERROR(check_view_fits(plan.self, api, plan.self_name));
    if (plan.other != nullptr) {
        ACLEMU_OP_RETURN_IF_ERROR(check_view_fits(plan.other, api, plan.other_name));
    }
    ACLEMU_OP_RETURN_IF_ERROR(check_view_fits(plan.out, api, plan.out_name));
    ACLEMU_OP_RETURN_IF_ERROR(check_output_not_self_overlapping(plan.out, api, plan.out_name));

    const std::vector<int64_t> shape(plan.out->view_dims.begin(), plan.out->view_dims.end());
    auto exec = std::make_unique<BinaryArithExecutor>();
    exec->op_name = api;
    exec->inputs.push_back(broadcast_view(*plan.self, shape));
    if (plan.other != nullptr) {
        exec->inputs.push_back(broadcast_view(*plan.other, shape));
    }
    exec->outputs = {*plan.out};
    exec->input_names = kInputNames;
    exec->output_names = kOutputNames;

    kernels::BinaryArithArgs& a = exec->args;
    a.op = plan.op;
    a.promoted = to_arith_type(plan.promoted);
    a.out_type = to_arith_type(plan.out->dtype);
    a.self_type = to_arith_type(plan.self->dtype);
    a.other_is_scalar = plan.other == nullptr;
    a.other_type = a.other_is_scalar ? a.promoted : to_arith_type(plan.other->dtype);
    if (a.other_is_scalar) {
        a.other_scalar = scalar_as(*plan.other_scalar, plan.promoted);
    }
    // Muls of BF16 computes in FLOAT and rounds once into BF16: the same bits as the BF16 fast
    // path with the scalar kept in float.
    if (a.other_is_scalar && plan.promoted == ACL_FLOAT && plan.self->dtype == ACL_BF16
        && plan.out->dtype == ACL_BF16) {
        a.promoted = kernels::ArithType::BFloat16;
    }
    if (plan.alpha != nullptr) {
        a.alpha = scalar_as(*plan.alpha, plan.promoted);
        // Alpha in a floating type is applied as a float (CANN's Axpy takes it as one), not
        // rounded to FLOAT16/BF16.
        if (is_floating_type(plan.promoted) && plan.promoted != ACL_DOUBLE) {
            a.alpha = scalar_as(*plan.alpha, ACL_FLOAT);
        }
    } else {
        a.alpha.f = 1.0;
        a.alpha.i = 1;
    }
    ACLEMU_OP_RETURN_IF_ERROR(plan_elementwise(api, exec->operands(), &exec->geometry));
    exec->workspace_size = 0;
    return nn::publish_executor(std::move(exec), workspace_size, executor);
}

}  // namespace aclemu::ops
