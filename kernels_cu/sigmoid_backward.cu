// GPU aclnnSigmoidBackward: the shared elementwise bodies (elementwise.cuh) over the functor
// SigmoidBackwardOp (kernels_cu/math/sigmoid.h), launched as sigmoid_backward_* kernels.
#include "kernels_cu/elementwise.cuh"
#include "kernels_cu/math/sigmoid_backward.h"

namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE {
namespace {
ACLEMU_ELEMENTWISE_KERNELS(sigmoid_backward)
}  // namespace

int launch_sigmoid_backward(const SigmoidBackwardArgs& args, void* stream) {
    return launch_elementwise<sigmoid_backward_kernels>(args.geometry,
                                                        args.dtype,
                                                        args.grad_input,
                                                        args.grad_output,
                                                        args.output,
                                                        SigmoidBackwardOp{},
                                                        stream);
}

}  // namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE
