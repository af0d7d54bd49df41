// The objects behind launch by loaded binary (acl_rt.h, docs/ascendc.md): a loaded binary (a
// shared object built by ascendc_fatbin_library, opened with dlopen), a kernel function found in
// it by name (its fatbin_entry.h entry points), and an argument list packed for that kernel.
// Each lives in a HandleRegistry, so a stale or foreign handle is refused; unloading a binary
// ends its functions and argument lists too.
#pragma once

#include "acl/acl_rt.h"

#include "handles/handle_registry.h"
#include "handles/live_handle.h"

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace aclemu::rt::kernel {

/// fatbin_entry.h's two entry points of one kernel.
using ParamsEntry = uint32_t (*)(const uint32_t** sizes, const uint32_t** offsets, uint32_t* total);
using LaunchEntry = uint32_t (*)(const void* args, uint32_t blocks, uint64_t dyn_ub, void* stream);

struct LoadedBinary {
    static constexpr HandleText kHandleText{"binary handle"};
    std::string origin;       // the path, or "data" for aclrtBinaryLoadFromData, or "the program"
    void* library = nullptr;  // nullptr: the program itself (its registered kernels)
    std::vector<std::string> kernel_names;  // sorted: aclrtBinaryEnumerateFunctions' order
    std::mutex mu;
    std::vector<void*> functions;  // handles created under this binary, ended with it
    std::vector<void*> args;
    std::vector<void*> device_blocks;  // placeholder copies, freed at aclrtBinaryUnLoad
    std::vector<void*> globals;        // aclrtBinaryGetGlobal's table entries, ended at unload
};

/// aclrtCreateBinary's copy of a binary's bytes.
struct BinaryBytes {
    static constexpr HandleText kHandleText{"aclrtBinary"};
    std::vector<char> bytes;
};

struct KernelFunction {
    static constexpr HandleText kHandleText{"function handle"};
    std::shared_ptr<LoadedBinary> binary;
    std::string name;
    LaunchEntry launch = nullptr;
    int32_t type = ACL_KERNEL_TYPE_VECTOR;  // aclrtKernelType
    uint32_t param_count = 0;
    const uint32_t* param_sizes = nullptr;
    const uint32_t* param_offsets = nullptr;
    uint32_t args_size = 0;
};

/// A parameter appended to an argument list; its address is the aclrtParamHandle.
struct ArgParam {
    uint32_t index = 0;
    bool placeholder = false;
    std::vector<uint8_t> host_buffer;  // a placeholder's data, copied to the device at launch
};

struct KernelArgs {
    static constexpr HandleText kHandleText{"argument list handle"};
    std::shared_ptr<KernelFunction> function;
    std::mutex mu;
    std::vector<uint8_t> packed;                    // function->args_size bytes
    std::vector<std::unique_ptr<ArgParam>> params;  // in parameter order
    bool finalized = false;
};

// The registries of the kernel handles (each a registry_of<T>, named for its callers).
inline constexpr auto& binaries = registry_of<LoadedBinary>;
inline constexpr auto& functions = registry_of<KernelFunction>;
inline constexpr auto& arg_lists = registry_of<KernelArgs>;
inline constexpr auto& binary_bytes = registry_of<BinaryBytes>;

/// Makes `args` (named `handle`) an empty argument list of `function`, owned by its binary (ended
/// with it at aclrtBinaryUnLoad).
void attach_args(KernelArgs& args, const std::shared_ptr<KernelFunction>& function, void* handle);

/// aclFinalize: every binary, function and argument list handle ends (placeholder copies are
/// aclrtMalloc blocks, freed with the rest).
void forget_binaries();

/// A new function handle for the kernel `name` of `binary` (aclrtBinaryGetFunction,
/// aclrtBinaryEnumerateFunctions); an unknown name is ACL_ERROR_RT_PARAM_INVALID.
aclError make_function(const std::shared_ptr<LoadedBinary>& binary,
                       const std::string& name,
                       aclrtFuncHandle* out);

/// The binary of the program's own kernels (program_symbols.h): one handle until it is unloaded or
/// aclFinalize, then a new one.
aclError program_binary(std::shared_ptr<LoadedBinary>* out);

/// Opens the shared object at `path` as a binary; `origin` names it in messages.
aclError load_binary(const std::string& path, const std::string& origin, aclrtBinHandle* out);

}  // namespace aclemu::rt::kernel
