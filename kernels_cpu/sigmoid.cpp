// CPU aclnnSigmoid and aclnnInplaceSigmoid (out may be self); the one input is read as both
// operands: the shared elementwise loops (elementwise_run.h) over the functor of
// kernels_cu/math/sigmoid.h.
#include "kernels_cu/math/sigmoid.h"

#include "kernels_cpu/elementwise_run.h"

namespace aclemu::kernels::cpu {

void sigmoid(const SigmoidArgs& args, int threads, StoreMode stores) {
    run(args.geometry, args.dtype, args.out, args.self, args.self, SigmoidOp{}, threads, stores);
}

}  // namespace aclemu::kernels::cpu
