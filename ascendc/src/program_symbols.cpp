// The program's kernels and __gm__ globals (program_symbols.h), handed to the runtime's registry
// (internal/aclemu/rt.h). Runs before main: nothing here may fail loudly.
#include "aclemu/ascendc/program_symbols.h"

#include "aclemu/rt.h"

namespace aclemu::ascendc::detail {

void register_program_kernel(const void* host,
                             const char* name,
                             ProgramParamsEntry params,
                             ProgramLaunchEntry launch,
                             int32_t kernel_type) noexcept {
    rt::ProgramSymbol symbol;
    symbol.host = host;
    symbol.name = name;
    symbol.params = params;
    symbol.launch = launch;
    symbol.kernel_type = kernel_type;
    try {
        rt::register_program_symbol(symbol);
    } catch (...) {  // out of memory before main: the kernel is just not found by address
    }
}

void register_program_global(const void* host, size_t bytes, const char* name) noexcept {
    rt::ProgramSymbol symbol;
    symbol.host = host;
    symbol.name = name;
    symbol.bytes = bytes;
    try {
        rt::register_program_symbol(symbol);
    } catch (...) {
    }
}

void unregister_program_symbol(const void* host) noexcept {
    rt::unregister_program_symbol(host);
}

}  // namespace aclemu::ascendc::detail
