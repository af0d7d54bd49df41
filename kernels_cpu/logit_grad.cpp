// CPU LogitGrad: the shared elementwise loops (elementwise_run.h) over the functor of
// kernels_cu/math/logit_grad.h, one instantiation per fill.
#include "kernels_cu/math/logit_grad.h"

#include "kernels_cpu/elementwise_run.h"

namespace aclemu::kernels::cpu {

void logit_grad(const LogitGradArgs& args, int threads, StoreMode stores) {
    if (args.nan_fill) {
        run(args.geometry,
            args.dtype,
            args.out,
            args.x,
            args.dy,
            LogitGradOp<true>{args.lo, args.hi},
            threads,
            stores);
    } else {
        run(args.geometry,
            args.dtype,
            args.out,
            args.x,
            args.dy,
            LogitGradOp<false>{args.lo, args.hi},
            threads,
            stores);
    }
}

}  // namespace aclemu::kernels::cpu
