// Bench recipe of aclnnBatchNormReduceBackward: dy, x [n, c, l]; mean, invstd, weight and the
// four outputs fp32 [c]; every output requested.
#include "aclnnop/aclnn_batch_norm_backward_reduce.h"

#include "../bench_cases.h"

namespace aclemu::bench {

void add_batch_norm_reduce_backward_bench_ops(BenchOps* ops) {
    BenchOp op;
    op.name = "BatchNormReduceBackward";
    op.key = "bn";
    op.shape = ShapeKind::BatchNorm;
    op.big_operands = 2;
    op.layout = [](const Case& c, RegionList* r) {
        const size_t n = static_cast<size_t>(c.numel());
        const size_t ch = static_cast<size_t>(c.c);
        r->input(n, c.dtype, -1.f, 1.f);
        r->input(n, c.dtype, -3.f, 3.f);
        r->input(ch, ACL_FLOAT, -0.5f, 0.5f);
        r->input(ch, ACL_FLOAT, 0.5f, 2.f);
        r->input(ch, ACL_FLOAT, 0.5f, 1.5f);
        for (int i = 0; i < 4; ++i)
            r->output(ch, ACL_FLOAT);
    };
    op.make_args = [](const Case& c, ArgsBuilder* b) {
        for (size_t i = 0; i < 2; ++i)
            if (!b->tensor(i, {c.n, c.c, c.l}))
                return false;
        for (size_t i = 2; i < 9; ++i)
            if (!b->tensor(i, {c.c}))
                return false;
        return true;
    };
    op.phase1 = [](const Case&, const BenchArgs& a, uint64_t* ws, aclOpExecutor** ex) {
        const auto& t = a.t;
        return aclnnBatchNormReduceBackwardGetWorkspaceSize(
            t[0], t[1], t[2], t[3], t[4], true, true, true, t[5], t[6], t[7], t[8], ws, ex);
    };
    op.phase2 = aclnnBatchNormReduceBackward;
    ops->push_back(op);
}

}  // namespace aclemu::bench
