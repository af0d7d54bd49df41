// CPU LogSigmoidBackward: the shared elementwise loops (elementwise_run.h) over the functor of
// kernels_cu/math/log_sigmoid_backward.h.
#include "kernels_cu/math/log_sigmoid_backward.h"

#include "kernels_cpu/elementwise_run.h"

namespace aclemu::kernels::cpu {

void log_sigmoid_backward(const LogSigmoidBackwardArgs& args, int threads, StoreMode stores) {
    run(args.geometry,
        args.dtype,
        args.grad_input,
        args.grad_output,
        args.self,
        LogSigmoidBackwardOp{},
        threads,
        stores);
}

}  // namespace aclemu::kernels::cpu
