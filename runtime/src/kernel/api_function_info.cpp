// What acl_rt.h tells about a loaded binary's kernels and globals: aclrtFunctionGetParamCount,
// aclrtFunctionGetParamInfo, aclrtFunctionGetAvailDynUbufPerBlock, aclrtGetFunctionSize,
// aclrtBinaryGetDevAddress (the image's loadable segments), aclrtBinaryGetGlobal, and
// aclrtBinaryGetFunctionByEntry (reserved by CANN). The parameter layout is the one the kernel's
// entry point reports (fatbin_entry.h). A global is the binary's own variable, found with dlsym
// in the binary alone (not in the libraries it links) and sized by its ELF symbol.
#include "acl/acl_rt.h"

#include "core/arg_checks.h"
#include "core/status.h"
#include "inject/api_injection.h"
#include "kernel/kernel_objects.h"
#include "runtime_state.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <string>

using namespace aclemu::rt;
using namespace aclemu::rt::kernel;

namespace {

/// The `__gm__` variable `name` through the accessor the rewrite exports for it
/// (aclemu/ascendc/fatbin_entry.h): a __device__ variable's host copy, which dlsym cannot see
/// under its own name in a binary compiled by nvcc or hipcc.
bool find_exported_global(const LoadedBinary& binary,
                          const std::string& name,
                          void** at,
                          size_t* bytes) {
    using Accessor = void* (*)(size_t*);
    const std::string entry = "aclemu_fatbin_global_" + name;
    auto accessor = reinterpret_cast<Accessor>(::dlsym(binary.library, entry.c_str()));
    if (accessor == nullptr) {
        return false;
    }
    *at = accessor(bytes);
    return *at != nullptr;
}

/// The data object `name` defined in `binary` itself: its address and size, or false.
bool find_global(const LoadedBinary& binary, const std::string& name, void** at, size_t* bytes) {
    void* address = ::dlsym(binary.library, name.c_str());
    if (address == nullptr) {
        return find_exported_global(binary, name, at, bytes);
    }
    Dl_info info{};
    void* entry = nullptr;
    if (::dladdr1(address, &info, &entry, RTLD_DL_SYMENT) == 0 || entry == nullptr) {
        return false;
    }
    const auto* symbol = static_cast<const ElfW(Sym)*>(entry);
    if (ELF64_ST_TYPE(symbol->st_info) != STT_OBJECT) {
        return false;
    }
    link_map* map = nullptr;
    if (::dlinfo(binary.library, RTLD_DI_LINKMAP, &map) != 0 || map == nullptr
        || info.dli_fname == nullptr || std::strcmp(info.dli_fname, map->l_name) != 0) {
        return false;  // a symbol of a library the binary links, not of the binary
    }
    *at = address;
    *bytes = static_cast<size_t>(symbol->st_size);
    return true;
}

/// Enters the global in the allocation table as device memory of the current device (once), so
/// that aclrtMemcpy and kernels' arguments accept it; it leaves the table at aclrtBinaryUnLoad.
void enter_global(LoadedBinary& binary, void* address, size_t bytes) {
    std::lock_guard<std::mutex> lock(binary.mu);
    if (bytes == 0 || runtime().allocations().find(address)) {
        return;
    }
    Allocation block{reinterpret_cast<uintptr_t>(address),
                     bytes,
                     AllocKind::Device,
                     runtime().current_device_or_none(),
                     AllocOrigin::BinaryGlobal};
    block.reserved = bytes;
    runtime().allocations().insert(block);
    binary.globals.push_back(address);
}

/// The span of `binary`'s loadable segments in memory: false when the loader does not list it.
bool image_span(const LoadedBinary& binary, uintptr_t* begin, uintptr_t* end) {
    link_map* map = nullptr;
    if (::dlinfo(binary.library, RTLD_DI_LINKMAP, &map) != 0 || map == nullptr) {
        return false;
    }
    struct Search {
        ElfW(Addr) base;
        uintptr_t begin = UINTPTR_MAX;
        uintptr_t end = 0;
    } search{map->l_addr};
    ::dl_iterate_phdr(
        [](dl_phdr_info* info, size_t, void* data) {
            auto* s = static_cast<Search*>(data);
            if (info->dlpi_addr != s->base) {
                return 0;
            }
            for (ElfW(Half) i = 0; i < info->dlpi_phnum; ++i) {
                const ElfW(Phdr)& segment = info->dlpi_phdr[i];
                if (segment.p_type == PT_LOAD) {
                    const uintptr_t from = info->dlpi_addr + segment.p_vaddr;
                    s->begin = std::min(s->begin, from);
                    s->end = std::max(s->end, static_cast<uintptr_t>(from + segment.p_memsz));
                }
            }
            return 1;
        },
        &search);
    if (search.end <= search.begin) {
        return false;
    }
    *begin = search.begin;
    *end = search.end;
    return true;
}

}  // namespace

extern "C" {

aclError aclrtFunctionGetParamCount(const void* func, size_t* paramCount) {
    return api_call_init(__func__, [&] {
        ACLEMU_FIND(KernelFunction, function, live, func, "func");
        ACLEMU_CHECK_NOT_NULL(paramCount);
        *paramCount = function->param_count;
        return ACL_SUCCESS;
    });
}

aclError aclrtFunctionGetParamInfo(const void* func,
                                   size_t paramIndex,
                                   size_t* paramOffset,
                                   size_t* paramSize) {
    return api_call_init(__func__, [&] {
        ACLEMU_FIND(KernelFunction, function, live, func, "func");
        ACLEMU_CHECK_NOT_NULL(paramOffset);
        ACLEMU_CHECK_NOT_NULL(paramSize);
        if (paramIndex >= function->param_count) {
            return reject_arg(ACL_ERROR_INVALID_PARAM,
                              "paramIndex",
                              paramIndex,
                              "kernel " + function->name + " takes "
                                  + std::to_string(function->param_count) + " parameters");
        }
        *paramOffset = function->param_offsets[paramIndex];
        *paramSize = function->param_sizes[paramIndex];
        return ACL_SUCCESS;
    });
}

aclError aclrtFunctionGetAvailDynUbufPerBlock(void* func, uint32_t flags, size_t* dynamicUbufSize) {
    return api_call_init(__func__, [&] {
        ACLEMU_TRY(live<KernelFunction>(func, "func", nullptr));
        ACLEMU_CHECK_NOT_NULL(dynamicUbufSize);
        if (flags != 0) {
            return reject_arg(ACL_ERROR_INVALID_PARAM, "flags", flags, "reserved, must be 0");
        }
        *dynamicUbufSize = 0;  // CANN: 0 for every kernel that is not a SIMT kernel
        return ACL_SUCCESS;
    });
}

aclError aclrtGetFunctionSize(aclrtFuncHandle funcHandle, size_t* aicSize, size_t* aivSize) {
    return api_call_init(__func__, [&] {
        ACLEMU_FIND(KernelFunction, function, live, funcHandle, "funcHandle");
        ACLEMU_CHECK_NOT_NULL(aicSize);
        ACLEMU_CHECK_NOT_NULL(aivSize);
        Dl_info info{};
        void* entry = nullptr;
        if (::dladdr1(reinterpret_cast<void*>(function->launch), &info, &entry, RTLD_DL_SYMENT) == 0
            || entry == nullptr) {
            return fail(ACL_ERROR_RT_PARAM_INVALID,
                        msg_runtime("the symbol table of " + function->binary->origin
                                    + " does not size kernel " + function->name));
        }
        *aicSize = 0;  // no Cube code: aclemu's kernels are vector kernels
        *aivSize = static_cast<size_t>(static_cast<const ElfW(Sym)*>(entry)->st_size);
        return ACL_SUCCESS;
    });
}

aclError aclrtBinaryGetDevAddress(aclrtBinHandle binHandle, void** devAddr, size_t* devSize) {
    return api_call_init(__func__, [&] {
        ACLEMU_FIND(LoadedBinary, binary, live, binHandle, "binHandle");
        ACLEMU_CHECK_NOT_NULL(devAddr);
        ACLEMU_CHECK_NOT_NULL(devSize);
        uintptr_t begin = 0;
        uintptr_t end = 0;
        if (!image_span(*binary, &begin, &end)) {
            return fail(ACL_ERROR_RT_PARAM_INVALID,
                        msg_runtime("the loader lists no image for " + binary->origin));
        }
        *devAddr = reinterpret_cast<void*>(begin);
        *devSize = end - begin;
        return ACL_SUCCESS;
    });
}

aclError ACLEMU_IMPL(aclrtBinaryGetFunctionByEntry)(aclrtBinHandle binHandle,
                                                    uint64_t funcEntry,
                                                    aclrtFuncHandle* funcHandle) {
    return api_call_init(__func__, [&] {
        (void)funcEntry;
        ACLEMU_TRY(live<LoadedBinary>(binHandle, "binHandle", nullptr));
        ACLEMU_CHECK_NOT_NULL(funcHandle);
        return fail(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                    msg_unsupported("aclrtBinaryGetFunctionByEntry",
                                    "CANN reserves it; find kernels by name with "
                                    "aclrtBinaryGetFunction"));
    });
}

aclError aclrtBinaryGetGlobal(aclrtBinHandle binHandle,
                              const char* name,
                              void** dptr,
                              size_t* size) {
    return api_call_init(__func__, [&] {
        ACLEMU_FIND(LoadedBinary, binary, live, binHandle, "binHandle");
        ACLEMU_CHECK_NOT_NULL(name);
        if (dptr == nullptr && size == nullptr) {
            return reject_arg(ACL_ERROR_INVALID_PARAM,
                              "dptr and size",
                              std::string("NULL"),
                              "at least one must be given");
        }
        ACLEMU_BACKEND(backend, backend);
        if (backend->kind() == BackendKind::Cuda || backend->kind() == BackendKind::Hip) {
            return fail(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                        msg_unsupported("aclrtBinaryGetGlobal",
                                        std::string("a binary's globals live in host memory, "
                                                    "which the GPU's copies and kernels do not "
                                                    "reach (backend ")
                                            + backend->name() + ")"));
        }
        void* address = nullptr;
        size_t bytes = 0;
        if (!find_global(*binary, name, &address, &bytes)) {
            return reject_arg(ACL_ERROR_RT_SYMBOL_NOT_FOUND,
                              "name",
                              std::string(name),
                              "no global variable of that name in the binary " + binary->origin);
        }
        // The CPU backend's kernels read the global where it is; the simulator's kernels run in
        // this process too, once the variable is registered as its device memory.
        ACLEMU_TRY_BACKEND(backend->memory().symbol_address(address, bytes, &address),
                           backend,
                           std::string("cannot map the global ") + name + " as device memory");
        enter_global(*binary, address, bytes);
        if (dptr != nullptr) {
            *dptr = address;
        }
        if (size != nullptr) {
            *size = bytes;
        }
        return ACL_SUCCESS;
    });
}

}  // extern "C"
