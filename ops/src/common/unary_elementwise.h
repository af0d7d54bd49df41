// The executor of a one-input elementwise operator (Sigmoid, InplaceSigmoid, LogSigmoid, Logit):
// snapshots inputs[0] (the input) and outputs[0] (the result, which may be the input itself).
// The elementwise machinery is binary, so the kernel gets the input as both of its operands.
#pragma once

#include "common/elementwise_dispatch.h"
#include "common/elementwise_plan.h"
#include "common/op_error.h"
#include "nnopbase/executor.h"
#include "nnopbase/tensor.h"

#include <memory>

namespace aclemu::ops {

class UnaryElementwiseExecutor : public ElementwiseExecutor {
public:
    const char* input_name = "self";
    const char* output_name = "out";

    ElementwiseOperands operands() const override {
        return {{&outputs[0], &inputs[0], &inputs[0]}, {output_name, input_name, input_name}};
    }

    /// Phase 1's end, after the checks and the kernel settings (dtype, the op's scalars): the
    /// snapshots of `input` and `output` (which may be the input itself) under their parameter
    /// names, the planned geometry, no workspace (empty or not), the executor published.
    template <typename Executor>
    friend aclnnStatus publish_unary(std::unique_ptr<Executor> exec,
                                     const char* api,
                                     const aclTensor* input,
                                     const char* input_name,
                                     const aclTensor* output,
                                     const char* output_name,
                                     uint64_t* workspace_size,
                                     aclOpExecutor** executor) {
        exec->op_name = api;
        exec->inputs = {*input};
        exec->outputs = {*output};
        exec->input_name = exec->input_names_[0] = input_name;
        exec->output_name = exec->output_names_[0] = output_name;
        exec->input_names = exec->input_names_;
        exec->output_names = exec->output_names_;
        ACLEMU_OP_RETURN_IF_ERROR(plan_elementwise(api, exec->operands(), &exec->geometry));
        exec->workspace_size = 0;
        return nn::publish_executor(std::move(exec), workspace_size, executor);
    }

private:
    const char* input_names_[1] = {"self"};
    const char* output_names_[1] = {"out"};
};

}  // namespace aclemu::ops
