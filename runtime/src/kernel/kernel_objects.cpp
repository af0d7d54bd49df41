// Registries of the loaded binaries, kernel functions and argument lists (kernel_objects.h), and
// the loader: dlopen of the binary, which must carry fatbin_entry.h's marker.
#include "kernel/kernel_objects.h"

#include "core/status.h"
#include "handles/live_handle.h"
#include "runtime_state.h"

#include <dlfcn.h>

namespace aclemu::rt::kernel {

void attach_args(KernelArgs& args, const std::shared_ptr<KernelFunction>& function, void* handle) {
    args.function = function;
    args.packed.assign(function->args_size, 0);
    std::lock_guard<std::mutex> lock(function->binary->mu);
    function->binary->args.push_back(handle);
}

void forget_binaries() {
    arg_lists().remove_all();
    functions().remove_all();
    binaries().remove_all();
    binary_bytes().remove_all();
}

aclError load_binary(const std::string& path, const std::string& origin, aclrtBinHandle* out) {
    // The library stays mapped until the process exits, even after aclrtBinaryUnLoad: a kernel
    // launched from it may still be queued on a stream.
    void* library = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (library == nullptr) {
        const char* why = ::dlerror();
        return fail(ACL_ERROR_RT_PARAM_INVALID,
                    msg_invalid(origin == "data" ? "data" : "binPath",
                                origin,
                                std::string("cannot be loaded as a binary: ")
                                    + (why != nullptr ? why : "unknown reason")));
    }
    if (::dlsym(library, "aclemu_fatbin_abi_1") == nullptr) {
        return fail(ACL_ERROR_RT_PARAM_INVALID,
                    msg_invalid(origin == "data" ? "data" : "binPath",
                                origin,
                                "is not a binary built by aclemu's ascendc_fatbin_library"));
    }
    LoadedBinary* binary = nullptr;
    ACLEMU_TRY(create_live(&binary, "a binary handle"));
    binary->origin = origin;
    binary->library = library;
    *out = binary;
    return ACL_SUCCESS;
}

}  // namespace aclemu::rt::kernel
