// The objects behind launch by loaded binary (acl_rt.h, docs/ascendc.md): a loaded binary (a
// shared object built by ascendc_fatbin_library, opened with dlopen), a kernel function found in
// it by name (its fatbin_entry.h entry points), and an argument list packed for that kernel.
// Each lives in a HandleRegistry, so a stale or foreign handle is refused; unloading a binary
// ends its functions and argument lists too.
#pragma once

#include "acl/acl_rt.h"

#include "handles/handle_registry.h"

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
    std::string origin;  // the path, or "data" for aclrtBinaryLoadFromData
    void* library = nullptr;
    std::mutex mu;
    std::vector<void*> functions;  // handles created under this binary, ended with it
    std::vector<void*> args;
    std::vector<void*> device_blocks;  // placeholder copies, freed at aclrtBinaryUnLoad
    std::vector<void*> globals;        // aclrtBinaryGetGlobal's table entries, ended at unload
};

/// aclrtCreateBinary's copy of a binary's bytes.
struct BinaryBytes {
    std::vector<char> bytes;
};

struct KernelFunction {
    std::shared_ptr<LoadedBinary> binary;
    std::string name;
    LaunchEntry launch = nullptr;
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
    std::shared_ptr<KernelFunction> function;
    std::mutex mu;
    std::vector<uint8_t> packed;                    // function->args_size bytes
    std::vector<std::unique_ptr<ArgParam>> params;  // in parameter order
    bool finalized = false;
};

HandleRegistry<LoadedBinary>& binaries();
HandleRegistry<KernelFunction>& functions();
HandleRegistry<KernelArgs>& arg_lists();
HandleRegistry<BinaryBytes>& binary_bytes();

/// The live object a handle names, or nullptr with the failure recorded in `*err`
/// (ACL_ERROR_INVALID_PARAM naming `param`).
std::shared_ptr<LoadedBinary> live_binary(const void* handle, const char* param, aclError* err);
std::shared_ptr<KernelFunction> live_function(const void* handle, const char* param, aclError* err);
std::shared_ptr<KernelArgs> live_args(const void* handle, const char* param, aclError* err);
std::shared_ptr<BinaryBytes> live_binary_bytes(const void* handle,
                                               const char* param,
                                               aclError* err);

/// aclFinalize: every binary, function and argument list handle ends (placeholder copies are
/// aclrtMalloc blocks, freed with the rest).
void forget_binaries();

/// Opens the shared object at `path` as a binary; `origin` names it in messages.
aclError load_binary(const std::string& path, const std::string& origin, aclrtBinHandle* out);

}  // namespace aclemu::rt::kernel
