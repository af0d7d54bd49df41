// Bench recipe of aclnnBatchNormStats: x [n, c, l] -> mean, invstd fp32 [c].
#include "aclnnop/aclnn_batch_norm_stats.h"

#include "../bench_cases.h"

namespace aclemu::bench {

void add_batch_norm_stats_bench_ops(BenchOps* ops) {
    BenchOp op;
    op.name = "BatchNormStats";
    op.key = "bn_stats";
    op.shape = ShapeKind::BatchNorm;
    op.big_operands = 1;
    op.layout = [](const Case& c, RegionList* r) {
        r->input(static_cast<size_t>(c.numel()), c.dtype, -3.f, 3.f);
        r->output(static_cast<size_t>(c.c), ACL_FLOAT);
        r->output(static_cast<size_t>(c.c), ACL_FLOAT);
    };
    op.make_args = [](const Case& c, ArgsBuilder* b) {
        return b->tensor(0, {c.n, c.c, c.l}) && b->tensor(1, {c.c}) && b->tensor(2, {c.c});
    };
    op.phase1 = [](const Case&, const BenchArgs& a, uint64_t* ws, aclOpExecutor** ex) {
        return aclnnBatchNormStatsGetWorkspaceSize(a.t[0], 1e-5, a.t[1], a.t[2], ws, ex);
    };
    op.phase2 = aclnnBatchNormStats;
    ops->push_back(op);
}

}  // namespace aclemu::bench
