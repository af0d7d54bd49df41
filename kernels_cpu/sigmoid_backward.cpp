// CPU aclnnSigmoidBackward: the shared elementwise loops (elementwise_run.h) over the functor
// SigmoidBackwardOp (kernels_cu/math/sigmoid.h).
#include "kernels_cu/math/sigmoid_backward.h"

#include "kernels_cpu/elementwise_run.h"

namespace aclemu::kernels::cpu {

void sigmoid_backward(const SigmoidBackwardArgs& args, int threads, StoreMode stores) {
    run(args.geometry,
        args.dtype,
        args.grad_input,
        args.grad_output,
        args.output,
        SigmoidBackwardOp{},
        threads,
        stores);
}

}  // namespace aclemu::kernels::cpu
