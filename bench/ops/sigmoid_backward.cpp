// Bench recipe of aclnnSigmoidBackward: dy, y in (0, 1), dx.
#include "aclnnop/aclnn_sigmoid_backward.h"

#include "../bench_cases.h"

namespace aclemu::bench {

void add_sigmoid_backward_bench_ops(BenchOps* ops) {
    BenchOp op = elementwise_op("SigmoidBackward", "sigmoid_bwd", {{-1.f, 1.f}, {0.01f, 0.99f}});
    op.phase1 = [](const Case&, const BenchArgs& a, uint64_t* ws, aclOpExecutor** ex) {
        return aclnnSigmoidBackwardGetWorkspaceSize(a.t[0], a.t[1], a.t[2], ws, ex);
    };
    op.phase2 = aclnnSigmoidBackward;
    ops->push_back(op);
}

}  // namespace aclemu::bench
