// Bench recipe of aclnnBatchNormElemt: x [n, c, l] -> out, with weight, bias, mean, invstd fp32
// [c].
#include "aclnnop/aclnn_batch_norm_elemt.h"

#include "../bench_cases.h"

namespace aclemu::bench {

void add_batch_norm_elemt_bench_ops(BenchOps* ops) {
    BenchOp op;
    op.name = "BatchNormElemt";
    op.key = "bn_elemt";
    op.shape = ShapeKind::BatchNorm;
    op.big_operands = 2;
    op.layout = [](const Case& c, RegionList* r) {
        const size_t ch = static_cast<size_t>(c.c);
        r->input(static_cast<size_t>(c.numel()), c.dtype, -3.f, 3.f);
        r->output(static_cast<size_t>(c.numel()), c.dtype);
        r->input(ch, ACL_FLOAT, 0.5f, 1.5f);
        r->input(ch, ACL_FLOAT, -0.5f, 0.5f);
        r->input(ch, ACL_FLOAT, -0.5f, 0.5f);
        r->input(ch, ACL_FLOAT, 0.5f, 2.f);
    };
    op.make_args = [](const Case& c, ArgsBuilder* b) {
        if (!b->tensor(0, {c.n, c.c, c.l}) || !b->tensor(1, {c.n, c.c, c.l}))
            return false;
        for (size_t i = 2; i < 6; ++i)
            if (!b->tensor(i, {c.c}))
                return false;
        return true;
    };
    op.phase1 = [](const Case&, const BenchArgs& a, uint64_t* ws, aclOpExecutor** ex) {
        const auto& t = a.t;
        return aclnnBatchNormElemtGetWorkspaceSize(
            t[0], t[2], t[3], t[4], t[5], 1e-5, t[1], ws, ex);
    };
    op.phase2 = aclnnBatchNormElemt;
    ops->push_back(op);
}

}  // namespace aclemu::bench
