// Entry points of acl_rt.h that build a kernel's argument list: aclrtKernelArgsInit, Append,
// AppendPlaceHolder, GetPlaceHolderBuffer, ParaUpdate, Finalize (kernel_objects.h). Parameters
// are packed at the offsets the kernel's entry point reports (a C struct of its parameter types),
// and each appended size must be that parameter's size.
#include "acl/acl_rt.h"

#include "core/arg_checks.h"
#include "core/status.h"
#include "kernel/kernel_objects.h"
#include "runtime_state.h"

#include <cstring>
#include <string>

using namespace aclemu::rt;
using namespace aclemu::rt::kernel;

namespace {

/// The parameter `handle` names in `args`, in *found; or the failure, `wrong_kind` when it is a
/// placeholder and `placeholder` is false, or the other way round.
aclError find_param(KernelArgs& args,
                    const void* handle,
                    bool placeholder,
                    const char* wrong_kind,
                    ArgParam** found) {
    if (handle == nullptr) {
        return fail(ACL_ERROR_INVALID_PARAM, msg_null("paramHandle"));
    }
    for (auto& param : args.params) {
        if (param.get() == handle) {
            if (param->placeholder != placeholder) {
                return reject_arg(
                    ACL_ERROR_INVALID_PARAM, "paramHandle", pointer_text(handle), wrong_kind);
            }
            *found = param.get();
            return ACL_SUCCESS;
        }
    }
    return reject_arg(ACL_ERROR_INVALID_PARAM,
                      "paramHandle",
                      pointer_text(handle),
                      "not a parameter of this argument list");
}

/// Parameter `index` of `function` has `size` bytes (`size_param` names the size argument).
aclError check_param_size(const KernelFunction& function,
                          size_t index,
                          size_t size,
                          const char* size_param) {
    if (size != function.param_sizes[index]) {
        return reject_arg(ACL_ERROR_INVALID_PARAM,
                          size_param,
                          size,
                          "parameter " + std::to_string(index) + " of kernel " + function.name
                              + " has " + std::to_string(function.param_sizes[index]) + " bytes");
    }
    return ACL_SUCCESS;
}

/// Checks that the next parameter of `args` may take `size` bytes.
aclError check_next(const KernelArgs& args, size_t size, const char* size_param) {
    const KernelFunction& function = *args.function;
    const size_t index = args.params.size();
    if (index >= function.param_count) {
        return reject_arg(
            ACL_ERROR_INVALID_PARAM,
            "argsHandle",
            std::to_string(index + 1) + " parameters",
            "kernel " + function.name + " takes " + std::to_string(function.param_count));
    }
    return check_param_size(function, index, size, size_param);
}

}  // namespace

extern "C" {

aclError aclrtKernelArgsInit(aclrtFuncHandle funcHandle, aclrtArgsHandle* argsHandle) {
    return api_call_init(__func__, [&] {
        ACLEMU_FIND(KernelFunction, function, live, funcHandle, "funcHandle");
        ACLEMU_CHECK_NOT_NULL(argsHandle);
        KernelArgs* args = nullptr;
        ACLEMU_TRY(create_live(&args, "an argument list"));
        attach_args(*args, function, args);
        *argsHandle = args;
        return ACL_SUCCESS;
    });
}

aclError aclrtKernelArgsAppend(aclrtArgsHandle argsHandle,
                               void* param,
                               size_t paramSize,
                               aclrtParamHandle* paramHandle) {
    return api_call_init(__func__, [&] {
        ACLEMU_FIND(KernelArgs, args, live, argsHandle, "argsHandle");
        ACLEMU_CHECK_NOT_NULL(param);
        ACLEMU_CHECK_NOT_NULL(paramHandle);
        std::lock_guard<std::mutex> lock(args->mu);
        ACLEMU_TRY(check_next(*args, paramSize, "paramSize"));
        auto added = std::make_unique<ArgParam>();
        added->index = static_cast<uint32_t>(args->params.size());
        std::memcpy(
            args->packed.data() + args->function->param_offsets[added->index], param, paramSize);
        *paramHandle = added.get();
        args->params.push_back(std::move(added));
        return ACL_SUCCESS;
    });
}

aclError aclrtKernelArgsAppendPlaceHolder(aclrtArgsHandle argsHandle,
                                          aclrtParamHandle* paramHandle) {
    return api_call_init(__func__, [&] {
        ACLEMU_FIND(KernelArgs, args, live, argsHandle, "argsHandle");
        ACLEMU_CHECK_NOT_NULL(paramHandle);
        std::lock_guard<std::mutex> lock(args->mu);
        // A placeholder is a pointer parameter: the device address of its buffer's copy.
        ACLEMU_TRY(check_next(*args, sizeof(void*), "argsHandle (a placeholder's pointer)"));
        auto added = std::make_unique<ArgParam>();
        added->index = static_cast<uint32_t>(args->params.size());
        added->placeholder = true;
        *paramHandle = added.get();
        args->params.push_back(std::move(added));
        return ACL_SUCCESS;
    });
}

aclError aclrtKernelArgsGetPlaceHolderBuffer(aclrtArgsHandle argsHandle,
                                             aclrtParamHandle paramHandle,
                                             size_t dataSize,
                                             void** bufferAddr) {
    return api_call_init(__func__, [&] {
        ACLEMU_FIND(KernelArgs, args, live, argsHandle, "argsHandle");
        ACLEMU_CHECK_NOT_NULL(bufferAddr);
        std::lock_guard<std::mutex> lock(args->mu);
        ArgParam* param = nullptr;
        ACLEMU_TRY(find_param(*args,
                              paramHandle,
                              true,
                              "not a placeholder (aclrtKernelArgsAppendPlaceHolder)",
                              &param));
        if (dataSize == 0) {
            return reject_arg(
                ACL_ERROR_INVALID_PARAM, "dataSize", 0, "a placeholder buffer has at least a byte");
        }
        param->host_buffer.assign(dataSize, 0);
        *bufferAddr = param->host_buffer.data();
        return ACL_SUCCESS;
    });
}

aclError aclrtKernelArgsParaUpdate(aclrtArgsHandle argsHandle,
                                   aclrtParamHandle paramHandle,
                                   void* param,
                                   size_t paramSize) {
    return api_call_init(__func__, [&] {
        ACLEMU_FIND(KernelArgs, args, live, argsHandle, "argsHandle");
        ACLEMU_CHECK_NOT_NULL(param);
        std::lock_guard<std::mutex> lock(args->mu);
        ArgParam* slot = nullptr;
        ACLEMU_TRY(find_param(
            *args, paramHandle, false, "a placeholder: write its buffer instead", &slot));
        const KernelFunction& function = *args->function;
        ACLEMU_TRY(check_param_size(function, slot->index, paramSize, "paramSize"));
        std::memcpy(args->packed.data() + function.param_offsets[slot->index], param, paramSize);
        args->finalized = false;  // CANN: finalize again after an update
        return ACL_SUCCESS;
    });
}

aclError aclrtKernelArgsFinalize(aclrtArgsHandle argsHandle) {
    return api_call_init(__func__, [&] {
        ACLEMU_FIND(KernelArgs, args, live, argsHandle, "argsHandle");
        std::lock_guard<std::mutex> lock(args->mu);
        const KernelFunction& function = *args->function;
        if (args->params.size() != function.param_count) {
            return reject_arg(
                ACL_ERROR_INVALID_PARAM,
                "argsHandle",
                std::to_string(args->params.size()) + " parameters",
                "kernel " + function.name + " takes " + std::to_string(function.param_count));
        }
        args->finalized = true;
        return ACL_SUCCESS;
    });
}

}  // extern "C"
