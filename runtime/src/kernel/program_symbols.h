// The program's own Ascend C kernels and __gm__ globals: what the source rewrite registers for
// each kernel and namespace-scope __gm__ variable of a source it compiles into the program (at
// static initialisation, ascendc/include/aclemu/ascendc/program_symbols.h), found again by host
// address for aclrtGetFuncBySymbol and the aclrt*Symbol* calls. Process-wide: a library that
// is unloaded takes its entries with it; aclFinalize keeps them.
#pragma once

#include "kernel/kernel_objects.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace aclemu::rt::kernel {

struct ProgramKernel {
    const void* host = nullptr;  // the kernel function's address in the program
    std::string name;
    ParamsEntry params = nullptr;
    LaunchEntry launch = nullptr;
    int32_t type = 0;  // aclrtKernelType
};

struct ProgramGlobal {
    const void* host = nullptr;  // the variable's address in the program (the host copy)
    size_t bytes = 0;
    std::string name;
};

/// The kernel whose function is at `host`, or whose name is `name`.
std::optional<ProgramKernel> find_program_kernel(const void* host);
std::optional<ProgramKernel> find_program_kernel(const std::string& name);
/// Every registered kernel's name, sorted (the program binary's functions).
std::vector<std::string> program_kernel_names();

/// The global variable at exactly `host` (its start), or nullopt.
std::optional<ProgramGlobal> find_program_global(const void* host);

}  // namespace aclemu::rt::kernel
