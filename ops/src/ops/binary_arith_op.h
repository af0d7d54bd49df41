// What aclnnAdd/Adds/InplaceAdd(s) and aclnnMul/Muls/InplaceMul(s) share after their own
// checks: the broadcast shape rule, the executor over kernels::binary_arith, and phase 1's
// planning. Usage, in an entry point's phase 1 (after the op's checks in CANN's order):
//
//   ArithPlan plan{kernels::ArithOp::Add, promoted, self, other, nullptr, alpha, out};
//   return publish_binary_arith(kApi, plan, workspace_size, executor);
#pragma once

#include "aclnn/aclnn_base.h"

#include "kernels_cu/math/binary_arith.h"
#include "nnopbase/tensor.h"

#include <cstdint>
#include <vector>

namespace aclemu::ops {

/// NumPy broadcasting of two view shapes (right-aligned; each dim equal or 1). False when they
/// do not broadcast.
bool broadcast_shape(const std::vector<int64_t>& a,
                     const std::vector<int64_t>& b,
                     std::vector<int64_t>* out);

/// t seen with `shape` (a shape t broadcasts to, right-aligned): stride 0 along the dims it is
/// broadcast on. Also used by aclnnSigmoidBackward, which broadcasts like the arithmetic.
aclTensor broadcast_view(const aclTensor& t, const std::vector<int64_t>& shape);

/// 161002 naming `name` unless `self` and `other` broadcast; the shape in *shape.
aclnnStatus check_broadcast(const char* api,
                            const aclTensor* self,
                            const char* self_name,
                            const aclTensor* other,
                            const char* other_name,
                            std::vector<int64_t>* shape);

/// 161002 naming `name` unless t's view shape is `expected` (the broadcast shape).
aclnnStatus check_shape_is(const char* api,
                           const aclTensor* t,
                           const char* name,
                           const std::vector<int64_t>& expected);

/// One call's operands after the checks. Exactly one of other / other_scalar is set; alpha
/// may be null (Mul: 1).
struct ArithPlan {
    kernels::ArithOp op;
    aclDataType promoted;
    const aclTensor* self;
    const aclTensor* other;
    const aclScalar* other_scalar;
    const aclScalar* alpha;
    const aclTensor* out;
    const char* self_name;
    const char* other_name;
    const char* out_name;
};

/// The views checked (they fit their storage, out does not overlap itself), the executor made
/// (inputs broadcast to out's shape), workspace 0, published. An empty out launches nothing.
aclnnStatus publish_binary_arith(const char* api,
                                 const ArithPlan& plan,
                                 uint64_t* workspace_size,
                                 aclOpExecutor** executor);

}  // namespace aclemu::ops
