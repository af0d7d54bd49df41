// The registry of the program's own kernels and __gm__ globals (program_symbols.h), filled by
// register_program_symbol (internal/aclemu/rt.h) before main runs and emptied entry by entry as
// libraries unload. Never destroyed: a library's static destructors may run after this file's.
#include "kernel/program_symbols.h"

#include "aclemu/rt.h"

#include <algorithm>
#include <map>
#include <mutex>

namespace aclemu::rt {

namespace {

struct ProgramSymbols {
    std::mutex mu;
    std::map<const void*, kernel::ProgramKernel> kernels;
    std::map<const void*, kernel::ProgramGlobal> globals;
};

ProgramSymbols& program_symbols() {
    static auto* symbols = new ProgramSymbols;
    return *symbols;
}

}  // namespace

void register_program_symbol(const ProgramSymbol& symbol) {
    if (symbol.host == nullptr || symbol.name == nullptr) {
        return;
    }
    ProgramSymbols& all = program_symbols();
    std::lock_guard<std::mutex> lock(all.mu);
    if (symbol.launch != nullptr && symbol.params != nullptr) {
        all.kernels[symbol.host] = kernel::ProgramKernel{
            symbol.host, symbol.name, symbol.params, symbol.launch, symbol.kernel_type};
    } else {
        all.globals[symbol.host] = kernel::ProgramGlobal{symbol.host, symbol.bytes, symbol.name};
    }
}

void unregister_program_symbol(const void* host) {
    ProgramSymbols& all = program_symbols();
    std::lock_guard<std::mutex> lock(all.mu);
    all.kernels.erase(host);
    all.globals.erase(host);
}

namespace kernel {

std::optional<ProgramKernel> find_program_kernel(const void* host) {
    ProgramSymbols& all = program_symbols();
    std::lock_guard<std::mutex> lock(all.mu);
    auto it = all.kernels.find(host);
    return it == all.kernels.end() ? std::nullopt : std::optional<ProgramKernel>(it->second);
}

std::optional<ProgramKernel> find_program_kernel(const std::string& name) {
    ProgramSymbols& all = program_symbols();
    std::lock_guard<std::mutex> lock(all.mu);
    for (const auto& [host, kernel] : all.kernels) {
        if (kernel.name == name) {
            return kernel;
        }
    }
    return std::nullopt;
}

std::vector<std::string> program_kernel_names() {
    ProgramSymbols& all = program_symbols();
    std::lock_guard<std::mutex> lock(all.mu);
    std::vector<std::string> names;
    for (const auto& [host, kernel] : all.kernels) {
        names.push_back(kernel.name);
    }
    std::sort(names.begin(), names.end());
    return names;
}

std::optional<ProgramGlobal> find_program_global(const void* host) {
    ProgramSymbols& all = program_symbols();
    std::lock_guard<std::mutex> lock(all.mu);
    auto it = all.globals.find(host);
    return it == all.globals.end() ? std::nullopt : std::optional<ProgramGlobal>(it->second);
}

}  // namespace kernel
}  // namespace aclemu::rt
