// Bench recipe of aclnnLogitGrad: x inside (eps, 1 - eps) so the formula path runs.
#include "aclnnop/aclnn_logit_grad.h"

#include "../bench_cases.h"

namespace aclemu::bench {

void add_logit_grad_bench_ops(BenchOps* ops) {
    BenchOp op = elementwise_op("LogitGrad", "logit", {{0.01f, 0.99f}, {-1.f, 1.f}});
    op.phase1 = [](const Case&, const BenchArgs& a, uint64_t* ws, aclOpExecutor** ex) {
        return aclnnLogitGradGetWorkspaceSize(a.t[0], a.t[1], 1e-6, a.t[2], ws, ex);
    };
    op.phase2 = aclnnLogitGrad;
    ops->push_back(op);
}

}  // namespace aclemu::bench
