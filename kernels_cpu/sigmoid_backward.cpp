// CPU aclnnSigmoidBackward: the shared elementwise loops (elementwise_run.h) over the functor
// SigmoidBackwardOp (kernels_cu/math/sigmoid.h), or the general path (mixed_elementwise_run.h) for
// mixed types and DOUBLE.
#include "kernels_cu/math/sigmoid_backward.h"

#include "kernels_cpu/elementwise_run.h"
#include "kernels_cpu/mixed_elementwise_run.h"

namespace aclemu::kernels::cpu {

void sigmoid_backward(const SigmoidBackwardArgs& args, int threads, StoreMode stores) {
    const ElementwiseGeometry& g = args.geometry;
    if (args.mixed) {
        run_mixed_floating(g,
                           args.types,
                           args.grad_input,
                           args.grad_output,
                           args.output,
                           SigmoidBackwardMixedOp{},
                           threads);
        return;
    }
    run(g,
        args.dtype,
        args.grad_input,
        args.grad_output,
        args.output,
        SigmoidBackwardOp{},
        threads,
        stores);
}

}  // namespace aclemu::kernels::cpu
