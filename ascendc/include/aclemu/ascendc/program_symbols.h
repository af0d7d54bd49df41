// What the source rewrite appends to an Ascend C source compiled into a program (asc_rewrite.py):
// each non-template __global__ kernel and each namespace-scope __gm__ variable is registered with
// the runtime before main runs, so that aclrtGetFuncBySymbol(&kernel) and the aclrt*Symbol*
// calls (acl/acl_rt.h, acl/acl_rt_api.h) find it by its address; a library that unloads takes
// its entries back. A kernel is launched through the same entry points as a kernel of a loaded
// binary (fatbin_entry.h).
#pragma once

#include "aclemu/ascendc/fatbin_entry.h"

#include <cstddef>
#include <cstdint>

namespace aclemu::ascendc::detail {

using ProgramParamsEntry = uint32_t (*)(const uint32_t** sizes,
                                        const uint32_t** offsets,
                                        uint32_t* total);
using ProgramLaunchEntry = uint32_t (*)(const void* args,
                                        uint32_t blocks,
                                        uint64_t dyn_ub,
                                        void* stream);

ACLEMU_ASC_API void register_program_kernel(const void* host,
                                            const char* name,
                                            ProgramParamsEntry params,
                                            ProgramLaunchEntry launch,
                                            int32_t kernel_type) noexcept;
ACLEMU_ASC_API void register_program_global(const void* host,
                                            size_t bytes,
                                            const char* name) noexcept;
ACLEMU_ASC_API void unregister_program_symbol(const void* host) noexcept;

/// One registration, undone when the program (or its library) ends.
class ProgramSymbol {
public:
    ProgramSymbol(const void* host,
                  const char* name,
                  ProgramParamsEntry params,
                  ProgramLaunchEntry launch,
                  int32_t kernel_type) noexcept
        : host_(host) {
        register_program_kernel(host, name, params, launch, kernel_type);
    }
    ProgramSymbol(const void* host, size_t bytes, const char* name) noexcept : host_(host) {
        register_program_global(host, bytes, name);
    }
    ~ProgramSymbol() { unregister_program_symbol(host_); }
    ProgramSymbol(const ProgramSymbol&) = delete;
    ProgramSymbol& operator=(const ProgramSymbol&) = delete;

private:
    const void* host_;
};

}  // namespace aclemu::ascendc::detail

#define ACLEMU_PROGRAM_SYMBOL_NAME2(a, b) a##b
#define ACLEMU_PROGRAM_SYMBOL_NAME(a, b)  ACLEMU_PROGRAM_SYMBOL_NAME2(a, b)

/// Registers kernel `kernel` (a qualified name) of aclrtKernelType `type`.
#define ACLEMU_PROGRAM_KERNEL(kernel, type)                                                 \
    static const ::aclemu::ascendc::detail::ProgramSymbol ACLEMU_PROGRAM_SYMBOL_NAME(       \
        aclemu_program_symbol_, __COUNTER__)(                                               \
        reinterpret_cast<const void*>(&kernel),                                             \
        #kernel,                                                                            \
        [](const uint32_t** sizes, const uint32_t** offsets, uint32_t* total) -> uint32_t { \
            return ::aclemu::ascendc::fatbin::params(&kernel, sizes, offsets, total);       \
        },                                                                                  \
        [](const void* args, uint32_t blocks, uint64_t dyn_ub, void* stream) -> uint32_t {  \
            return ::aclemu::ascendc::fatbin::launch<&kernel>(                              \
                &kernel, #kernel, args, blocks, dyn_ub, stream);                            \
        },                                                                                  \
        type);

/// Registers the namespace-scope __gm__ variable `variable` (a qualified name).
#define ACLEMU_PROGRAM_GLOBAL(variable)                                               \
    static const ::aclemu::ascendc::detail::ProgramSymbol ACLEMU_PROGRAM_SYMBOL_NAME( \
        aclemu_program_symbol_, __COUNTER__)(                                         \
        static_cast<const void*>(&(variable)), sizeof(variable), #variable);
