// GPU aclnnSigmoid and aclnnInplaceSigmoid (out may be self); the one input is read as both
// operands: the shared elementwise bodies (elementwise.cuh) over the functor of
// kernels_cu/math/sigmoid.h, launched as sigmoid_* kernels.
#include "kernels_cu/elementwise.cuh"
#include "kernels_cu/math/sigmoid.h"

namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE {
namespace {
ACLEMU_ELEMENTWISE_KERNELS(sigmoid)
}  // namespace

int launch_sigmoid(const SigmoidArgs& args, void* stream) {
    return launch_elementwise<sigmoid_kernels>(
        args.geometry, args.dtype, args.out, args.self, args.self, SigmoidOp{}, stream);
}

}  // namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE
