// Bench recipes of aclnnLogSigmoid and aclnnLogSigmoidForward (its `buffer` is a tensor of out's
// shape over out's region: CANN neither reads nor writes it).
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

    BenchOp forward = elementwise_op("LogSigmoidForward", "logsigmoid_buf", {{-8.f, 8.f}});
    forward.make_args = [](const Case& c, ArgsBuilder* b) {
        return elementwise_args(c, b) && b->tensor(1, elementwise_views(c).out_view);
    };
    forward.phase1 = [](const Case&, const BenchArgs& a, uint64_t* ws, aclOpExecutor** ex) {
        return aclnnLogSigmoidForwardGetWorkspaceSize(a.t[0], a.t[1], a.t[2], ws, ex);
    };
    forward.phase2 = aclnnLogSigmoidForward;
    ops->push_back(forward);
}

}  // namespace aclemu::bench
