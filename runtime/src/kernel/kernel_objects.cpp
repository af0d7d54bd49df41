// Registries of the loaded binaries, kernel functions and argument lists (kernel_objects.h), and
// the loader: dlopen of the binary, which must carry fatbin_entry.h's marker.
#include "kernel/kernel_objects.h"

#include "core/status.h"
#include "handles/live_handle.h"
#include "kernel/binary_kernel_names.h"
#include "kernel/program_symbols.h"
#include "runtime_state.h"

#include <dlfcn.h>
#include <utility>

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

aclError make_function(const std::shared_ptr<LoadedBinary>& binary,
                       const std::string& name,
                       aclrtFuncHandle* out) {
    ParamsEntry params = nullptr;
    LaunchEntry launch = nullptr;
    int32_t type = ACL_KERNEL_TYPE_VECTOR;
    if (binary->library == nullptr) {  // the program's own kernels
        if (std::optional<ProgramKernel> kernel = find_program_kernel(name)) {
            params = kernel->params;
            launch = kernel->launch;
            type = kernel->type;
        }
    } else {
        params = reinterpret_cast<ParamsEntry>(
            ::dlsym(binary->library, ("aclemu_fatbin_params_" + name).c_str()));
        launch = reinterpret_cast<LaunchEntry>(
            ::dlsym(binary->library, ("aclemu_fatbin_launch_" + name).c_str()));
    }
    if (name.empty() || params == nullptr || launch == nullptr) {
        // CANN's runtime: an unknown name is an invalid value (ACL_ERROR_RT_PARAM_INVALID).
        return reject_arg(ACL_ERROR_RT_PARAM_INVALID,
                          "kernelName",
                          name,
                          "no such kernel in the binary " + binary->origin
                              + " (a __global__ kernel of an ascendc_fatbin_library "
                                "source, not a template)");
    }
    KernelFunction* function = nullptr;
    ACLEMU_TRY(create_live(&function, "a function handle"));
    function->binary = binary;
    function->name = name;
    function->launch = launch;
    function->type = type;
    function->param_count =
        params(&function->param_sizes, &function->param_offsets, &function->args_size);
    {
        std::lock_guard<std::mutex> lock(binary->mu);
        binary->functions.push_back(function);
    }
    *out = function;
    return ACL_SUCCESS;
}

aclError program_binary(std::shared_ptr<LoadedBinary>* out) {
    static std::mutex mu;
    static void* handle = nullptr;  // the last program binary made; live until unloaded
    std::lock_guard<std::mutex> lock(mu);
    if (handle != nullptr) {
        if (std::shared_ptr<LoadedBinary> live = binaries().find(handle)) {
            *out = std::move(live);
            return ACL_SUCCESS;
        }
    }
    LoadedBinary* binary = nullptr;
    ACLEMU_TRY(create_live(&binary, "a binary handle"));
    binary->origin = "the program";
    binary->kernel_names = program_kernel_names();
    handle = binary;
    *out = binaries().find(handle);
    return ACL_SUCCESS;
}

aclError load_binary(const std::string& path, const std::string& origin, aclrtBinHandle* out) {
    // The library stays mapped until the process exits, even after aclrtBinaryUnLoad: a kernel
    // launched from it may still be queued on a stream.
    void* library = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (library == nullptr) {
        const char* why = ::dlerror();
        return reject_arg(ACL_ERROR_RT_PARAM_INVALID,
                          origin == "data" ? "data" : "binPath",
                          origin,
                          std::string("cannot be loaded as a binary: ")
                              + (why != nullptr ? why : "unknown reason"));
    }
    if (::dlsym(library, "aclemu_fatbin_abi_1") == nullptr) {
        return reject_arg(ACL_ERROR_RT_PARAM_INVALID,
                          origin == "data" ? "data" : "binPath",
                          origin,
                          "is not a binary built by aclemu's ascendc_fatbin_library");
    }
    std::vector<std::string> kernel_names;
    if (!read_kernel_names(path, &kernel_names)) {
        return reject_arg(ACL_ERROR_RT_PARAM_INVALID,
                          origin == "data" ? "data" : "binPath",
                          origin,
                          "its ELF symbol table cannot be read");
    }
    LoadedBinary* binary = nullptr;
    ACLEMU_TRY(create_live(&binary, "a binary handle"));
    binary->kernel_names = std::move(kernel_names);
    binary->origin = origin;
    binary->library = library;
    *out = binary;
    return ACL_SUCCESS;
}

}  // namespace aclemu::rt::kernel
