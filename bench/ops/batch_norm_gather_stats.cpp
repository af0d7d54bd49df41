// Bench recipe of aclnnBatchNormGatherStatsWithCounts: two devices' fp32 [2, c] statistics and
// counts merged into meanAll and invstdAll [c], running statistics updated. Only x's shape and
// dtype are read, so the op moves the per-channel tensors only.
#include "aclnnop/aclnn_batch_norm_gather_stats_with_counts.h"

#include "../bench_cases.h"

namespace aclemu::bench {

void add_batch_norm_gather_stats_bench_ops(BenchOps* ops) {
    BenchOp op;
    op.name = "BatchNormGatherStats";
    op.key = "bn_gather";
    op.shape = ShapeKind::BatchNorm;
    // mean, invstd [2, c] and the two running tensors read; 2 running + 2 results written.
    op.min_bytes = [](const Case& c) { return 10.0 * static_cast<double>(c.c) * 4.0; };
    op.layout = [](const Case& c, RegionList* r) {
        const size_t ch = static_cast<size_t>(c.c);
        r->input(1, c.dtype, -1.f, 1.f);  // x: its data is never read
        r->input(2 * ch, ACL_FLOAT, -0.5f, 0.5f);
        r->input(2 * ch, ACL_FLOAT, 0.5f, 2.f);
        r->input(ch, ACL_FLOAT, -0.5f, 0.5f);
        r->input(ch, ACL_FLOAT, 0.5f, 1.5f);
        r->input(2, ACL_FLOAT, 1000.f, 2000.f);
        r->output(ch, ACL_FLOAT);
        r->output(ch, ACL_FLOAT);
    };
    op.make_args = [](const Case& c, ArgsBuilder* b) {
        // x: a [n, c, l] view with zero strides over one element.
        return b->tensor(0, {c.n, c.c, c.l}, {0, 0, 0}, {1}) && b->tensor(1, {2, c.c})
               && b->tensor(2, {2, c.c}) && b->tensor(3, {c.c}) && b->tensor(4, {c.c})
               && b->tensor(5, {2}) && b->tensor(6, {c.c}) && b->tensor(7, {c.c});
    };
    op.phase1 = [](const Case&, const BenchArgs& a, uint64_t* ws, aclOpExecutor** ex) {
        const auto& t = a.t;
        return aclnnBatchNormGatherStatsWithCountsGetWorkspaceSize(
            t[0], t[1], t[2], t[3], t[4], 0.1, 1e-5, t[5], t[6], t[7], ws, ex);
    };
    op.phase2 = aclnnBatchNormGatherStatsWithCounts;
    ops->push_back(op);
}

}  // namespace aclemu::bench
