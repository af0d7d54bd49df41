// GPU LogitGrad: the shared elementwise bodies (elementwise.cuh) over the functor of
// kernels_cu/math/logit_grad.h, launched as logit_grad_* kernels, one instantiation per fill.
#include "kernels_cu/elementwise.cuh"
#include "kernels_cu/math/logit_grad.h"

namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE {
namespace {
ACLEMU_ELEMENTWISE_KERNELS(logit_grad)
}  // namespace

int launch_logit_grad(const LogitGradArgs& args, void* stream) {
    if (args.nan_fill) {
        return launch_elementwise<logit_grad_kernels>(args.geometry,
                                                      args.dtype,
                                                      args.out,
                                                      args.x,
                                                      args.dy,
                                                      LogitGradOp<true>{args.lo, args.hi},
                                                      stream);
    }
    return launch_elementwise<logit_grad_kernels>(args.geometry,
                                                  args.dtype,
                                                  args.out,
                                                  args.x,
                                                  args.dy,
                                                  LogitGradOp<false>{args.lo, args.hi},
                                                  stream);
}

}  // namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE
