// The CPU loops of the runtime's built-in tasks (aclrtReduceAsync, aclrtRandomNumAsync), over
// the same per-element math as the GPU kernels (kernels_cu/math, kernels_cu/builtin). Compiled
// into libascendcl.so; each call runs synchronously on the calling thread (a CPU stream's
// worker) with up to `threads` threads of the host pool. Arguments are checked by the runtime.
#pragma once

#include "kernels_cu/builtin/builtin_args.h"

namespace aclemu::kernels::builtin::cpu {

void reduce(const ReduceArgs& args, int threads);

void random(const RandomArgs& args, int threads);

}  // namespace aclemu::kernels::builtin::cpu
