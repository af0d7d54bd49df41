// Bench recipe of aclnnUpsampleNearestExact1d: self [n, c, l] -> out [n, c, l_out], `scales`.
#include "aclnnop/aclnn_upsample_nearest_exact1d.h"

#include "../bench_cases.h"

namespace aclemu::bench {

void add_upsample_nearest_exact1d_bench_ops(BenchOps* ops) {
    BenchOp op;
    op.name = "UpsampleNearestExact1d";
    op.key = "upsample_fwd";
    op.shape = ShapeKind::Upsample;
    op.layout = [](const Case& c, RegionList* r) {
        r->input(static_cast<size_t>(c.n * c.c * c.l), c.dtype, -1.f, 1.f);
        r->output(static_cast<size_t>(c.n * c.c * c.l_out), c.dtype);
    };
    op.make_args = [](const Case& c, ArgsBuilder* b) {
        return b->tensor(0, {c.n, c.c, c.l}) && b->tensor(1, {c.n, c.c, c.l_out})
               && b->int_array({c.l_out});
    };
    op.phase1 = [](const Case& c, const BenchArgs& a, uint64_t* ws, aclOpExecutor** ex) {
        return aclnnUpsampleNearestExact1dGetWorkspaceSize(
            a.t[0], a.arrays[0], c.scales, a.t[1], ws, ex);
    };
    op.phase2 = aclnnUpsampleNearestExact1d;
    ops->push_back(op);
}

}  // namespace aclemu::bench
