// CPU aclnnLogit; the one input is read as both operands: the shared elementwise loops
// (elementwise_run.h) over the functor of kernels_cu/math/logit.h.
#include "kernels_cu/math/logit.h"

#include "kernels_cpu/elementwise_run.h"

namespace aclemu::kernels::cpu {

void logit(const LogitArgs& args, int threads, StoreMode stores) {
    run(args.geometry,
        args.dtype,
        args.out,
        args.self,
        args.self,
        LogitOp{args.lo, args.hi, args.clamp},
        threads,
        stores);
}

}  // namespace aclemu::kernels::cpu
