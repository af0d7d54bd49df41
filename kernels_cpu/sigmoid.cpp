// CPU aclnnSigmoid and aclnnInplaceSigmoid (out may be self); the one input is read as both
// operands: the shared elementwise loops (elementwise_run.h) over the functor of
// kernels_cu/math/sigmoid.h, or the general path (mixed_elementwise_run.h) for the other types.
#include "kernels_cu/math/sigmoid.h"

#include "kernels_cpu/elementwise_run.h"
#include "kernels_cpu/mixed_elementwise_run.h"

namespace aclemu::kernels::cpu {

void sigmoid(const SigmoidArgs& args, int threads, StoreMode stores) {
    if (args.mixed) {
        run_mixed_floating(
            args.geometry, args.types, args.out, args.self, args.self, SigmoidMixedOp{}, threads);
        return;
    }
    run(args.geometry, args.dtype, args.out, args.self, args.self, SigmoidOp{}, threads, stores);
}

}  // namespace aclemu::kernels::cpu
