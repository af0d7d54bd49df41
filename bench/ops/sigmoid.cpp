// Bench recipes of aclnnSigmoid and aclnnInplaceSigmoid (selfRef rewritten at every repetition:
// the values converge to sigmoid's fixed point, which costs the same to compute).
#include "aclnnop/aclnn_sigmoid.h"

#include "../bench_cases.h"

namespace aclemu::bench {

void add_sigmoid_bench_ops(BenchOps* ops) {
    BenchOp op = elementwise_op("Sigmoid", "sigmoid", {{-8.f, 8.f}});
    op.phase1 = [](const Case&, const BenchArgs& a, uint64_t* ws, aclOpExecutor** ex) {
        return aclnnSigmoidGetWorkspaceSize(a.t[0], a.t[1], ws, ex);
    };
    op.phase2 = aclnnSigmoid;
    ops->push_back(op);

    BenchOp inplace = elementwise_op("InplaceSigmoid", "inplace_sigmoid", {{-8.f, 8.f}});
    inplace.phase1 = [](const Case&, const BenchArgs& a, uint64_t* ws, aclOpExecutor** ex) {
        return aclnnInplaceSigmoidGetWorkspaceSize(a.t[0], ws, ex);
    };
    inplace.phase2 = aclnnInplaceSigmoid;
    ops->push_back(inplace);
}

}  // namespace aclemu::bench
