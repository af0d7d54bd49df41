// The executor of a one-input elementwise operator (Sigmoid, InplaceSigmoid, LogSigmoid, Logit):
// snapshots inputs[0] (the input) and outputs[0] (the result, which may be the input itself).
// The elementwise machinery is binary, so the kernel gets the input as both of its operands.
#pragma once

#include "common/elementwise_dispatch.h"
#include "common/elementwise_plan.h"

namespace aclemu::ops {

class UnaryElementwiseExecutor : public ElementwiseExecutor {
public:
    const char* input_name = "self";
    const char* output_name = "out";

    ElementwiseOperands operands() const override {
        return {{&outputs[0], &inputs[0], &inputs[0]}, {output_name, input_name, input_name}};
    }
};

}  // namespace aclemu::ops
