// Entry points: the program's own kernels and what a function handle says about its kernel
// (aclrtGetFuncBySymbol, aclrtGetFunctionAttribute). A kernel of the program is found by its
// function's address among those the source rewrite registered (program_symbols.h); its handle
// belongs to the program binary (kernel_objects.h), so the argument lists and launches of loaded
// binaries (aclrtKernelArgs*, aclrtLaunchKernel*) take it as they take any function handle.
#include "acl/acl_rt.h"

#include "aclemu/c_enum.h"
#include "core/arg_checks.h"
#include "core/status.h"
#include "handles/live_handle.h"
#include "kernel/kernel_objects.h"
#include "kernel/program_symbols.h"

#include <cstdint>

using namespace aclemu::rt;
using namespace aclemu::rt::kernel;

namespace {

/// Cube cores << 16 | vector cores a block of a kernel of `type` takes.
int64_t core_ratio(int32_t type) {
    switch (type) {
        case ACL_KERNEL_TYPE_CUBE:
            return int64_t{1} << 16;
        case ACL_KERNEL_TYPE_MIX:
            return (int64_t{1} << 16) | 2;
        default:
            return 1;
    }
}

}  // namespace

extern "C" {

aclError aclrtGetFuncBySymbol(const void* symbol, aclrtFuncHandle* funcHandle) {
    return api_call_init(__func__, [&] {
        ACLEMU_CHECK_NOT_NULL(symbol);
        ACLEMU_CHECK_NOT_NULL(funcHandle);
        std::optional<ProgramKernel> kernel = find_program_kernel(symbol);
        if (!kernel) {
            return reject_arg(ACL_ERROR_RT_PARAM_INVALID,
                              "symbol",
                              symbol,
                              "not a kernel of the program (the address of a __global__ "
                              "function, not a template, of an Ascend C source built by "
                              "ascendc.cmake or the ASC language)");
        }
        std::shared_ptr<LoadedBinary> program;
        ACLEMU_TRY(program_binary(&program));
        return make_function(program, kernel->name, funcHandle);
    });
}

aclError aclrtGetFunctionAttribute(aclrtFuncHandle funcHandle,
                                   aclrtFuncAttribute attrType,
                                   int64_t* attrValue) {
    const int64_t attr = aclemu::enum_value(attrType);  // any int a C caller passed
    return api_call_init(__func__, [&] {
        ACLEMU_FIND(KernelFunction, function, live, funcHandle, "funcHandle");
        ACLEMU_CHECK_NOT_NULL(attrValue);
        switch (attr) {
            case ACL_FUNC_ATTR_KERNEL_TYPE:
                *attrValue = function->type;
                return ACL_SUCCESS;
            case ACL_FUNC_ATTR_KERNEL_RATIO:
                *attrValue = core_ratio(function->type);
                return ACL_SUCCESS;
            case ACL_FUNC_ATTR_KERNEL_SCHED_MODE:
                *attrValue = 0;
                return ACL_SUCCESS;
        }
        return reject_arg(ACL_ERROR_INVALID_PARAM,
                          "attrType",
                          attr,
                          "must be an aclrtFuncAttribute (1 kernel type, 2 ratio, 3 scheduling "
                          "mode)");
    });
}

}  // extern "C"
