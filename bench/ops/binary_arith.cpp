// Bench recipes of aclnnAdd (out = self + 1.5 * other) and aclnnMul, same shape and dtype.
#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_mul.h"

#include "../bench_cases.h"

namespace aclemu::bench {

void add_binary_arith_bench_ops(BenchOps* ops) {
    BenchOp add = elementwise_op("Add", "add", {{-4.f, 4.f}, {-4.f, 4.f}});
    add.make_args = [](const Case& c, ArgsBuilder* b) {
        return elementwise_args(c, b) && b->float_scalar(1.5f);  // alpha
    };
    add.phase1 = [](const Case&, const BenchArgs& a, uint64_t* ws, aclOpExecutor** ex) {
        return aclnnAddGetWorkspaceSize(a.t[0], a.t[1], a.scalars[0], a.t[2], ws, ex);
    };
    add.phase2 = aclnnAdd;
    ops->push_back(add);

    BenchOp mul = elementwise_op("Mul", "mul", {{-4.f, 4.f}, {-4.f, 4.f}});
    mul.phase1 = [](const Case&, const BenchArgs& a, uint64_t* ws, aclOpExecutor** ex) {
        return aclnnMulGetWorkspaceSize(a.t[0], a.t[1], a.t[2], ws, ex);
    };
    mul.phase2 = aclnnMul;
    ops->push_back(mul);
}

}  // namespace aclemu::bench
