// Bench recipe of aclnnLogSigmoid.
#include "aclnnop/aclnn_logsigmoid.h"

#include "../bench_cases.h"

namespace aclemu::bench {

void add_log_sigmoid_bench_ops(BenchOps* ops) {
    BenchOp op = elementwise_op("LogSigmoid", "logsigmoid_fwd", {{-8.f, 8.f}});
    op.phase1 = [](const Case&, const BenchArgs& a, uint64_t* ws, aclOpExecutor** ex) {
        return aclnnLogSigmoidGetWorkspaceSize(a.t[0], a.t[1], ws, ex);
    };
    op.phase2 = aclnnLogSigmoid;
    ops->push_back(op);
}

}  // namespace aclemu::bench
