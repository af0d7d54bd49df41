// Bench recipe of aclnnLogSigmoidBackward: dx = f(dy, x) over rows x cols.
#include "aclnnop/aclnn_logsigmoid_backward.h"

#include "../bench_cases.h"

namespace aclemu::bench {

void add_log_sigmoid_backward_bench_ops(BenchOps* ops) {
    BenchOp op = elementwise_op("LogSigmoidBackward", "logsigmoid", {{-8.f, 8.f}, {-1.f, 1.f}});
    // x, dy, dx, then the buffer: a second view of x (only null-checked).
    op.make_args = [](const Case& c, ArgsBuilder* b) {
        const ElementwiseViews v = elementwise_views(c);
        return elementwise_args(c, b) && b->tensor(0, v.in_view, v.in_strides, v.in_storage);
    };
    op.phase1 = [](const Case&, const BenchArgs& a, uint64_t* ws, aclOpExecutor** ex) {
        return aclnnLogSigmoidBackwardGetWorkspaceSize(a.t[1], a.t[0], a.t[3], a.t[2], ws, ex);
    };
    op.phase2 = aclnnLogSigmoidBackward;
    ops->push_back(op);
}

}  // namespace aclemu::bench
