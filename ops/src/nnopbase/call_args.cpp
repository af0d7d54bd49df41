// Describing an aclnn call's tensors (see call_args.h).
#include "nnopbase/call_args.h"

#include "nnopbase/executor.h"
#include "nnopbase/tensor.h"

namespace aclemu::nn {
namespace {

void append_dims(const DimVector& dims, std::string* out) {
    *out += '[';
    for (size_t i = 0; i < dims.size(); ++i) {
        if (i > 0) {
            *out += ',';
        }
        *out += std::to_string(dims[i]);
    }
    *out += ']';
}

void describe_snapshots(const std::vector<aclTensor>& tensors,
                        const char* const* names,
                        const char* fallback,
                        bool brief,
                        std::string* out) {
    for (size_t i = 0; i < tensors.size(); ++i) {
        if (!out->empty()) {
            *out += ", ";
        }
        const aclTensor& t = tensors[i];
        // An absent optional tensor is a snapshot with no data and no dtype (executor.h).
        const bool absent = t.data == nullptr && t.dtype == ACL_DT_UNDEFINED;
        if (names != nullptr) {
            describe_tensor(names[i], absent ? nullptr : &t, brief, out);
        } else {
            const std::string name = fallback + std::to_string(i);
            describe_tensor(name.c_str(), absent ? nullptr : &t, brief, out);
        }
    }
}

}  // namespace

void describe_tensor(const char* name, const aclTensor* tensor, bool brief, std::string* out) {
    *out += name;
    *out += '=';
    if (tensor == nullptr) {
        *out += "null";
        return;
    }
    *out += dtype_name(tensor->dtype);
    append_dims(tensor->view_dims, out);
    if (brief) {
        return;
    }
    *out += " strides=";
    append_dims(tensor->strides, out);
    *out += " offset=";
    *out += std::to_string(tensor->offset);
    *out += " format=";
    *out += format_name(tensor->format);
}

void describe_tensor_args(const void* tensor_args, bool brief, std::string* out) {
    const auto* args = static_cast<const TensorArgs*>(tensor_args);
    for (size_t i = 0; i < args->count; ++i) {
        if (i > 0) {
            *out += ", ";
        }
        describe_tensor(args->items[i].name, args->items[i].tensor, brief, out);
    }
}

void describe_executor(const void* executor, bool brief, std::string* out) {
    const auto* e = static_cast<const aclOpExecutor*>(executor);
    std::string text;
    describe_snapshots(e->inputs, e->input_names, "input", brief, &text);
    describe_snapshots(e->outputs, e->output_names, "output", brief, &text);
    *out += text;
}

}  // namespace aclemu::nn
