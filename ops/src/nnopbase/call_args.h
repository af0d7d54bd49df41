// How an aclnn call's tensors read in its NVTX range, trace event and DEBUG line (the
// observe::DescribeArgs of aclemu/observe.h): "x=FLOAT16[2,3]" (brief), or
// "x=FLOAT16[2,3] strides=[3,1] offset=0 format=ND".
#pragma once

#include "aclnn/acl_meta.h"

#include "nnopbase/nnopbase_api.h"

#include <cstddef>
#include <string>

namespace aclemu::nn {

/// A tensor argument of phase 1, by its parameter name (the tensor may be null).
struct TensorArg {
    const char* name;
    const aclTensor* tensor;
};

/// The tensor arguments of a call, for describe_tensor_args.
struct TensorArgs {
    const TensorArg* items;
    size_t count;
};

/// Appends `name`=... for `tensor` ("name=null" for a null one) to `out`.
ACLEMU_NNOPBASE_API void describe_tensor(const char* name,
                                         const aclTensor* tensor,
                                         bool brief,
                                         std::string* out);

/// observe::DescribeArgs over a TensorArgs: the tensors, comma-separated.
ACLEMU_NNOPBASE_API void describe_tensor_args(const void* tensor_args,
                                              bool brief,
                                              std::string* out);

/// observe::DescribeArgs over a live aclOpExecutor: its input and output snapshots, by the
/// names the operator gave them.
ACLEMU_NNOPBASE_API void describe_executor(const void* executor, bool brief, std::string* out);

}  // namespace aclemu::nn
