// GPU aclnnSigmoidBackward: the shared elementwise bodies (elementwise.cuh) over the functor
// SigmoidBackwardOp (kernels_cu/math/sigmoid.h), launched as sigmoid_backward_* kernels, or
// sigmoid_backward_mixed for mixed types and DOUBLE.
#include "kernels_cu/elementwise.cuh"
#include "kernels_cu/math/sigmoid_backward.h"

namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE {
namespace {
ACLEMU_ELEMENTWISE_KERNELS(sigmoid_backward)
ACLEMU_MIXED_ELEMENTWISE_KERNEL(sigmoid_backward)
}  // namespace

int launch_sigmoid_backward(const SigmoidBackwardArgs& a, void* stream) {
    if (!a.mixed) {
        return launch_elementwise<sigmoid_backward_kernels>(a.geometry,
                                                            a.dtype,
                                                            a.grad_input,
                                                            a.grad_output,
                                                            a.output,
                                                            SigmoidBackwardOp{},
                                                            stream);
    }
    return sigmoid_backward_mixed_kernel::launch_floating(a.geometry,
                                                          a.types,
                                                          a.grad_input,
                                                          a.grad_output,
                                                          a.output,
                                                          SigmoidBackwardMixedOp{},
                                                          stream);
}

}  // namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE
