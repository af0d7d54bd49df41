// CPU aclnnLogSigmoid and aclnnLogSigmoidForward; the one input is read as both operands: the
// shared elementwise loops (elementwise_run.h) over the functor of kernels_cu/math/log_sigmoid.h.
#include "kernels_cu/math/log_sigmoid.h"

#include "kernels_cpu/elementwise_run.h"

namespace aclemu::kernels::cpu {

void log_sigmoid(const LogSigmoidArgs& args, int threads, StoreMode stores) {
    run(args.geometry, args.dtype, args.out, args.self, args.self, LogSigmoidOp{}, threads, stores);
}

}  // namespace aclemu::kernels::cpu
