// Bench recipe of aclnnUpsampleNearestExact1dBackward: gradOutput [n, c, l_out] -> out
// [n, c, l], `scales`.
#include "aclnnop/aclnn_upsample_nearest_exact1d_backward.h"

#include "../bench_cases.h"

#include <string>

namespace aclemu::bench {

void add_upsample_nearest_exact1d_backward_bench_ops(BenchOps* ops) {
    BenchOp op;
    op.name = "UpsampleNearestExact1dBwd";
    op.key = "upsample";
    op.shape = ShapeKind::Upsample;
    op.shape_text = [](const Case& c) {
        return std::to_string(c.n) + "x" + std::to_string(c.c) + "x" + std::to_string(c.l_out) + ">"
               + std::to_string(c.l);
    };
    op.layout = [](const Case& c, RegionList* r) {
        r->input(static_cast<size_t>(c.n * c.c * c.l_out), c.dtype, -1.f, 1.f);
        r->output(static_cast<size_t>(c.n * c.c * c.l), c.dtype);
    };
    op.make_args = [](const Case& c, ArgsBuilder* b) {
        return b->tensor(0, {c.n, c.c, c.l_out}) && b->tensor(1, {c.n, c.c, c.l})
               && b->int_array({c.l_out}) && b->int_array({c.n, c.c, c.l});
    };
    op.phase1 = [](const Case& c, const BenchArgs& a, uint64_t* ws, aclOpExecutor** ex) {
        return aclnnUpsampleNearestExact1dBackwardGetWorkspaceSize(
            a.t[0], a.arrays[0], a.arrays[1], c.scales, a.t[1], ws, ex);
    };
    op.phase2 = aclnnUpsampleNearestExact1dBackward;
    ops->push_back(op);
}

}  // namespace aclemu::bench
