#include "nnopbase/op_dump.h"

#include "aclemu/dump.h"

#include <vector>

namespace aclemu::nn {
namespace {

std::vector<dump::TensorView> views(const std::vector<aclTensor>& tensors,
                                    const char* const* names) {
    std::vector<dump::TensorView> out(tensors.size());
    for (size_t i = 0; i < tensors.size(); ++i) {
        const aclTensor& t = tensors[i];
        dump::TensorView& v = out[i];
        v.name = names != nullptr ? names[i] : nullptr;
        v.dtype = static_cast<int32_t>(t.dtype);
        v.format = static_cast<int32_t>(t.format);
        v.dims = t.view_dims.data();
        v.strides = t.strides.data();
        v.rank = t.view_dims.size();
        v.offset = t.offset;
        v.data = t.data;
    }
    return out;
}

}  // namespace

void dump_before(const aclOpExecutor& executor, const char* api, const rt::StreamTarget& stream) {
    if (!dump::active()) {
        return;
    }
    const auto inputs = views(executor.inputs, executor.input_names);
    const auto outputs = views(executor.outputs, executor.output_names);
    dump::before_op(api, stream, inputs.data(), inputs.size(), outputs.data(), outputs.size());
}

void dump_after(const aclOpExecutor& executor, const char* api, const rt::StreamTarget& stream) {
    if (!dump::active()) {
        return;
    }
    const auto outputs = views(executor.outputs, executor.output_names);
    dump::after_op(api, stream, outputs.data(), outputs.size());
}

}  // namespace aclemu::nn
