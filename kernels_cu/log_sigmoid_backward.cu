// GPU LogSigmoidBackward: the shared elementwise bodies (elementwise.cuh) over the functor of
// kernels_cu/math/log_sigmoid_backward.h, launched as log_sigmoid_backward_* kernels.
#include "kernels_cu/elementwise.cuh"
#include "kernels_cu/math/log_sigmoid_backward.h"

namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE {
namespace {
ACLEMU_ELEMENTWISE_KERNELS(log_sigmoid_backward)
}  // namespace

int launch_log_sigmoid_backward(const LogSigmoidBackwardArgs& args, void* stream) {
    return launch_elementwise<log_sigmoid_backward_kernels>(args.geometry,
                                                            args.dtype,
                                                            args.grad_input,
                                                            args.grad_output,
                                                            args.self,
                                                            LogSigmoidBackwardOp{},
                                                            stream);
}

}  // namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE
