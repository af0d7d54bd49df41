// The arguments struct of every operator in the operator list (kernels_cu/operators.def),
// declared only: each is defined, with its math, in its operator's kernels_cu/math header.
#pragma once

#include "kernels_cu/kernel_args.h"

namespace aclemu::kernels {

#define ACLEMU_ELEMENTWISE_OP(name, Args)   struct Args;
#define ACLEMU_WORKSPACE_OP(name, Args)     struct Args;
#define ACLEMU_GPU_WORKSPACE_OP(name, Args) struct Args;
#define ACLEMU_KERNEL_OP(name, Args)        struct Args;
#include "kernels_cu/operators.def"

}  // namespace aclemu::kernels
