// aclDumpOpTensors: describes an operator's tensors in the log (INFO). Only metadata: reading the
// data back would need a synchronisation the caller did not ask for.
#include "aclemu/checked_math.h"
#include "aclemu/log.h"
#include "nnopbase/error.h"
#include "nnopbase/tensor.h"

#include <string>

namespace {

std::string dims_string(const std::vector<int64_t>& dims) {
    std::string s = "[";
    for (size_t i = 0; i < dims.size(); ++i) {
        s += (i > 0 ? "," : "") + std::to_string(dims[i]);
    }
    return s + "]";
}

}  // namespace

extern "C" {

ACL_FUNC_VISIBILITY aclnnStatus aclDumpOpTensors(const char* opType,
                                                 const char* opName,
                                                 aclTensor** tensors,
                                                 size_t inputTensorNum,
                                                 size_t outputTensorNum,
                                                 aclrtStream stream) {
    size_t count = 0;
    if (!aclemu::checked_add(inputTensorNum, outputTensorNum, &count)) {
        return aclemu::nn::fail(ACLNN_ERR_PARAM_INVALID,
                                "aclDumpOpTensors",
                                "outputTensorNum",
                                "%zu plus inputTensorNum %zu overflows",
                                outputTensorNum,
                                inputTensorNum);
    }
    if (tensors == nullptr && count > 0) {
        return aclemu::nn::fail(ACLNN_ERR_PARAM_NULLPTR,
                                "aclDumpOpTensors",
                                "tensors",
                                "is null but %zu tensors were announced",
                                count);
    }
    if (!aclemu::log::enabled(aclemu::log::Module::Op, aclemu::log::Level::Info)) {
        return ACLNN_SUCCESS;
    }
    try {
        ACLEMU_LOG(Op,
                   Info,
                   "%s (%s) on stream %p: %zu inputs, %zu outputs",
                   opType != nullptr ? opType : "?",
                   opName != nullptr ? opName : "?",
                   stream,
                   inputTensorNum,
                   outputTensorNum);
        for (size_t i = 0; i < count; ++i) {
            const char* kind = i < inputTensorNum ? "input" : "output";
            const size_t index = i < inputTensorNum ? i : i - inputTensorNum;
            const aclTensor* t = tensors[i];
            if (t == nullptr) {
                ACLEMU_LOG(Op, Info, "  %s %zu: null", kind, index);
                continue;
            }
            ACLEMU_LOG(Op,
                       Info,
                       "  %s %zu: %s %s view %s strides %s offset %lld storage %s at %p",
                       kind,
                       index,
                       aclemu::nn::dtype_name(t->dtype),
                       aclemu::nn::format_name(t->format),
                       dims_string(t->view_dims).c_str(),
                       dims_string(t->strides).c_str(),
                       static_cast<long long>(t->offset),
                       dims_string(t->storage_dims).c_str(),
                       t->data);
        }
    } catch (...) {
        // Describing is best effort.
    }
    return ACLNN_SUCCESS;
}

}  // extern "C"
