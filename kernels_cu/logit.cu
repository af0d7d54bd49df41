// GPU aclnnLogit; the one input is read as both operands: the shared elementwise bodies
// (elementwise.cuh) over the functor of kernels_cu/math/logit.h, launched as logit_* kernels.
#include "kernels_cu/elementwise.cuh"
#include "kernels_cu/math/logit.h"

namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE {
namespace {
ACLEMU_ELEMENTWISE_KERNELS(logit)
}  // namespace

int launch_logit(const LogitArgs& args, void* stream) {
    return launch_elementwise<logit_kernels>(args.geometry,
                                             args.dtype,
                                             args.out,
                                             args.self,
                                             args.self,
                                             LogitOp{args.lo, args.hi, args.clamp},
                                             stream);
}

}  // namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE
