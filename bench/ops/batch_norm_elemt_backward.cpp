// Bench recipe of aclnnBatchNormElemtBackward: dy, x [n, c, l] -> gradInput, with mean, invstd,
// weight, sumDy, sumDyXmu fp32 [c] and two devices' counts.
#include "aclnnop/aclnn_batch_norm_elemt_backward.h"

#include "../bench_cases.h"

namespace aclemu::bench {

void add_batch_norm_elemt_backward_bench_ops(BenchOps* ops) {
    BenchOp op;
    op.name = "BatchNormElemtBackward";
    op.key = "bn_elemt_bwd";
    op.shape = ShapeKind::BatchNorm;
    op.big_operands = 3;
    op.layout = [](const Case& c, RegionList* r) {
        const size_t n = static_cast<size_t>(c.numel());
        const size_t ch = static_cast<size_t>(c.c);
        r->input(n, c.dtype, -1.f, 1.f);
        r->input(n, c.dtype, -3.f, 3.f);
        r->output(n, c.dtype);
        r->input(ch, ACL_FLOAT, -0.5f, 0.5f);
        r->input(ch, ACL_FLOAT, 0.5f, 2.f);
        r->input(ch, ACL_FLOAT, 0.5f, 1.5f);
        r->input(ch, ACL_FLOAT, -10.f, 10.f);
        r->input(ch, ACL_FLOAT, -10.f, 10.f);
        r->input(2, ACL_FLOAT, 1000.f, 2000.f);
    };
    op.make_args = [](const Case& c, ArgsBuilder* b) {
        for (size_t i = 0; i < 3; ++i)
            if (!b->tensor(i, {c.n, c.c, c.l}))
                return false;
        for (size_t i = 3; i < 8; ++i)
            if (!b->tensor(i, {c.c}))
                return false;
        return b->tensor(8, {2});  // the counter: two devices
    };
    op.phase1 = [](const Case&, const BenchArgs& a, uint64_t* ws, aclOpExecutor** ex) {
        const auto& t = a.t;
        return aclnnBatchNormElemtBackwardGetWorkspaceSize(
            t[0], t[1], t[3], t[4], t[5], t[6], t[7], t[8], t[2], ws, ex);
    };
    op.phase2 = aclnnBatchNormElemtBackward;
    ops->push_back(op);
}

}  // namespace aclemu::bench
