// The kernels' element type of a tensor dtype.
#pragma once

#include "aclnn/aclnn_base.h"

#include "kernels_cu/kernel_args.h"

namespace aclemu::ops {

/// FLOAT16 -> Float16, BF16 -> BFloat16, anything else -> Float32. The operators' dtype checks
/// admit only FLOAT, FLOAT16 and BF16, so nothing else reaches a kernel.
inline kernels::DType to_kernel_dtype(aclDataType dtype) {
    switch (dtype) {
        case ACL_FLOAT16:
            return kernels::DType::Float16;
        case ACL_BF16:
            return kernels::DType::BFloat16;
        default:
            return kernels::DType::Float32;
    }
}

}  // namespace aclemu::ops
