// GPU aclnnLogSigmoid and aclnnLogSigmoidForward; the one input is read as both operands: the
// shared elementwise bodies (elementwise.cuh) over the functor of kernels_cu/math/log_sigmoid.h,
// launched as log_sigmoid_* kernels.
#include "kernels_cu/elementwise.cuh"
#include "kernels_cu/math/log_sigmoid.h"

namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE {
namespace {
ACLEMU_ELEMENTWISE_KERNELS(log_sigmoid)
}  // namespace

int launch_log_sigmoid(const LogSigmoidArgs& args, void* stream) {
    return launch_elementwise<log_sigmoid_kernels>(
        args.geometry, args.dtype, args.out, args.self, args.self, LogSigmoidOp{}, stream);
}

}  // namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE
