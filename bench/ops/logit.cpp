// Bench recipe of aclnnLogit: x in (0, 1), eps 1e-6.
#include "aclnnop/aclnn_logit.h"

#include "../bench_cases.h"

namespace aclemu::bench {

void add_logit_bench_ops(BenchOps* ops) {
    BenchOp op = elementwise_op("Logit", "logit_fwd", {{0.01f, 0.99f}});
    op.phase1 = [](const Case&, const BenchArgs& a, uint64_t* ws, aclOpExecutor** ex) {
        return aclnnLogitGetWorkspaceSize(a.t[0], 1e-6, a.t[1], ws, ex);
    };
    op.phase2 = aclnnLogit;
    ops->push_back(op);
}

}  // namespace aclemu::bench
