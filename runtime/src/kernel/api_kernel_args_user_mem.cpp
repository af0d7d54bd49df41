// Argument lists in memory the caller owns (acl_rt.h): aclrtKernelArgsGetHandleMemSize,
// aclrtKernelArgsGetMemSize and aclrtKernelArgsInitByUserMem. The caller's handle memory is the
// list's name in the registry (HandleRegistry::adopt); the list itself is the same object
// aclrtKernelArgsInit makes, so Append, Finalize and the launches treat both alike. aclemu keeps
// the packed parameters with the list and only checks that the caller's memory is large enough.
#include "acl/acl_rt.h"

#include "core/arg_checks.h"
#include "core/status.h"
#include "kernel/kernel_objects.h"
#include "runtime_state.h"

#include <algorithm>
#include <string>

using namespace aclemu::rt;
using namespace aclemu::rt::kernel;

namespace {

/// What aclrtKernelArgsGetHandleMemSize answers: room for a pointer-sized name, rounded to a
/// cache line so that two lists lent from one array never share an address.
constexpr size_t kHandleMemBytes = 64;

/// The caller's memory a list of `function` needs for `user_args_size` bytes of parameters.
size_t args_mem_size(const KernelFunction& function, size_t user_args_size) {
    return std::max(static_cast<size_t>(function.args_size), user_args_size);
}

/// Ends the list `handle` named before it was lent again: its binary no longer owns it.
void forget_previous(const void* handle) {
    std::shared_ptr<KernelArgs> previous = arg_lists().remove(handle);
    if (!previous) {
        return;
    }
    LoadedBinary& binary = *previous->function->binary;
    std::lock_guard<std::mutex> lock(binary.mu);
    binary.args.erase(std::remove(binary.args.begin(), binary.args.end(), handle),
                      binary.args.end());
}

/// aclrtKernelArgsInitByUserMem: the list of `funcHandle`'s kernel, named by the caller's memory
/// `argsHandle`, once that memory is checked to be large enough and no other handle.
aclError init_by_user_mem(aclrtFuncHandle funcHandle,
                          aclrtArgsHandle argsHandle,
                          void* userHostMem,
                          size_t actualArgsSize) {
    ACLEMU_FIND(KernelFunction, function, live, funcHandle, "funcHandle");
    ACLEMU_CHECK_NOT_NULL(argsHandle);
    ACLEMU_CHECK_NOT_NULL(userHostMem);
    const size_t needed = args_mem_size(*function, 0);
    if (actualArgsSize < needed) {
        return reject_arg(ACL_ERROR_INVALID_PARAM,
                          "actualArgsSize",
                          actualArgsSize,
                          "kernel " + function->name + " needs " + std::to_string(needed)
                              + " bytes (aclrtKernelArgsGetMemSize)");
    }
    if (binaries().find(argsHandle) || functions().find(argsHandle)) {
        return reject_arg(ACL_ERROR_INVALID_PARAM,
                          "argsHandle",
                          pointer_text(argsHandle),
                          "a binary or function handle, not memory the caller owns");
    }
    forget_previous(argsHandle);
    std::shared_ptr<KernelArgs> args = arg_lists().adopt(argsHandle);
    if (!args) {
        return fail(ACL_ERROR_BAD_ALLOC, msg_runtime("out of memory for an argument list"));
    }
    attach_args(*args, function, argsHandle);
    return ACL_SUCCESS;
}

}  // namespace

extern "C" {

aclError aclrtKernelArgsGetHandleMemSize(aclrtFuncHandle funcHandle, size_t* memSize) {
    return api_call_init(__func__, [&] {
        ACLEMU_TRY(live<KernelFunction>(funcHandle, "funcHandle", nullptr));
        return store_out("memSize", memSize, kHandleMemBytes);
    });
}

aclError aclrtKernelArgsGetMemSize(aclrtFuncHandle funcHandle,
                                   size_t userArgsSize,
                                   size_t* actualArgsSize) {
    return api_call_init(__func__, [&] {
        ACLEMU_FIND(KernelFunction, function, live, funcHandle, "funcHandle");
        return store_out("actualArgsSize", actualArgsSize, args_mem_size(*function, userArgsSize));
    });
}

aclError aclrtKernelArgsInitByUserMem(aclrtFuncHandle funcHandle,
                                      aclrtArgsHandle argsHandle,
                                      void* userHostMem,
                                      size_t actualArgsSize) {
    return api_call_init(__func__, [&] {
        return init_by_user_mem(funcHandle, argsHandle, userHostMem, actualArgsSize);
    });
}

}  // extern "C"
