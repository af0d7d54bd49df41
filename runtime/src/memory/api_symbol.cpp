// Entry points: device variables (aclrtGetSymbolAddress, aclrtGetSymbolSize,
// aclrtMemcpyToSymbol[Async], aclrtMemcpyFromSymbol[Async]). A symbol is a namespace-scope
// `__gm__` variable of the program's own Ascend C sources, registered by the source rewrite
// (kernel/program_symbols.h). Its device address is the backend's (the variable itself on the CPU
// backend and the GPU simulator, the __device__ variable on CUDA/HIP); it enters the allocation
// table as device memory of the current device, so aclrtMemcpy and kernels' arguments accept it,
// until aclFinalize. Copies are aclrtMemcpy[Async] of a range inside the variable.
#include "acl/acl_rt.h"

#include "aclemu/c_enum.h"
#include "core/arg_checks.h"
#include "core/status.h"
#include "kernel/program_symbols.h"
#include "memory/memory_copy.h"
#include "runtime_state.h"

#include <cstdint>
#include <string>

using namespace aclemu::rt;

namespace {

struct DeviceSymbol {
    void* device = nullptr;
    size_t bytes = 0;
};

/// The registered variable `symbol` names, and its device address on the current device.
aclError resolve_symbol(const void* symbol, DeviceSymbol* out) {
    if (symbol == nullptr) {
        return fail(ACL_ERROR_INVALID_PARAM, msg_null("symbol"));
    }
    std::optional<kernel::ProgramGlobal> global = kernel::find_program_global(symbol);
    if (!global) {
        return reject_arg(ACL_ERROR_RT_SYMBOL_NOT_FOUND,
                          "symbol",
                          symbol,
                          "not a __gm__ variable of the program's Ascend C sources (the address "
                          "of a namespace-scope variable of a source built by ascendc.cmake or "
                          "the ASC language)");
    }
    ACLEMU_BACKEND(backend, current_backend);
    void* device = nullptr;
    ACLEMU_TRY_BACKEND(backend->memory().symbol_address(symbol, global->bytes, &device),
                       backend,
                       "cannot find the device address of " + global->name);
    AllocTable& table = runtime().allocations();
    if (!table.find(device)) {
        Allocation block{reinterpret_cast<uintptr_t>(device),
                         global->bytes,
                         AllocKind::Device,
                         runtime().current_device_or_none(),
                         AllocOrigin::Symbol};
        block.reserved = global->bytes;
        table.insert(block);
    }
    out->device = device;
    out->bytes = global->bytes;
    return ACL_SUCCESS;
}

/// The host end of a symbol copy: `src` for a copy to the variable, `dst` with `dst_max` bytes
/// for one from it.
struct HostEnd {
    aclrtMemcpyKind direction;
    void* dst = nullptr;
    size_t dst_max = 0;
    const void* src = nullptr;
};

HostEnd from_host(const void* src) {
    return {ACL_MEMCPY_HOST_TO_DEVICE, nullptr, 0, src};
}

HostEnd to_host(void* dst, size_t dst_max) {
    return {ACL_MEMCPY_DEVICE_TO_HOST, dst, dst_max, nullptr};
}

/// A copy between `host` and the variable `symbol` names: `kind` must be the host end's
/// direction or ACL_MEMCPY_DEFAULT, and `offset` + `count` bytes must lie in the variable. The
/// copy is aclrtMemcpy[Async] of that range, bounded by the variable's bytes from `offset`.
aclError copy_symbol_range(const HostEnd& host,
                           const void* symbol,
                           size_t count,
                           size_t offset,
                           int64_t kind,
                           bool async,
                           aclrtStream stream) {
    const bool to_symbol = host.direction == ACL_MEMCPY_HOST_TO_DEVICE;
    ACLEMU_TRY(reject_if(kind != host.direction && kind != ACL_MEMCPY_DEFAULT,
                         "kind",
                         kind,
                         to_symbol ? "must be ACL_MEMCPY_HOST_TO_DEVICE or ACL_MEMCPY_DEFAULT"
                                   : "must be ACL_MEMCPY_DEVICE_TO_HOST or ACL_MEMCPY_DEFAULT"));
    DeviceSymbol found;
    ACLEMU_TRY(resolve_symbol(symbol, &found));
    if (offset > found.bytes || count > found.bytes - offset) {
        return reject_arg(ACL_ERROR_RT_PARAM_INVALID,
                          "offset + count",
                          std::to_string(offset) + " + " + std::to_string(count),
                          "exceeds the variable's " + std::to_string(found.bytes) + " bytes");
    }
    char* at = static_cast<char*>(found.device) + offset;
    const size_t room = found.bytes - offset;
    return to_symbol ? copy_memory(at, room, host.src, count, kind, async, stream)
                     : copy_memory(host.dst, host.dst_max, at, count, kind, async, stream);
}

/// The entry point `api` (behind the init gate) of copy_symbol_range: its DEBUG line and error log
/// name the entry point's file and line. `kind` is the caller's own argument, read by reference
/// as the int it holds (a copy of the enum type would load an out-of-range value as that type).
aclError copy_symbol(const char* api,
                     const HostEnd& host,
                     const void* symbol,
                     size_t count,
                     size_t offset,
                     const aclrtMemcpyKind& kind,
                     bool async,
                     aclrtStream stream,
                     const char* file = __builtin_FILE(),
                     int line = __builtin_LINE()) {
    const int64_t kind_value = aclemu::enum_value(kind);
    return api_call_init(
        api,
        [&] { return copy_symbol_range(host, symbol, count, offset, kind_value, async, stream); },
        file,
        line);
}

}  // namespace

extern "C" {

aclError aclrtGetSymbolAddress(const void* symbol, void** devPtr) {
    return api_call_init(__func__, [&] {
        ACLEMU_CHECK_NOT_NULL(devPtr);
        DeviceSymbol found;
        ACLEMU_TRY(resolve_symbol(symbol, &found));
        *devPtr = found.device;
        return ACL_SUCCESS;
    });
}

aclError aclrtGetSymbolSize(const void* symbol, size_t* size) {
    return api_call_init(__func__, [&] {
        ACLEMU_CHECK_NOT_NULL(size);
        DeviceSymbol found;
        ACLEMU_TRY(resolve_symbol(symbol, &found));
        *size = found.bytes;
        return ACL_SUCCESS;
    });
}

aclError aclrtMemcpyToSymbol(
    const void* symbol, const void* src, size_t count, size_t offset, aclrtMemcpyKind kind) {
    return copy_symbol(
        "aclrtMemcpyToSymbol", from_host(src), symbol, count, offset, kind, false, nullptr);
}

aclError aclrtMemcpyToSymbolAsync(const void* symbol,
                                  const void* src,
                                  size_t count,
                                  size_t offset,
                                  aclrtMemcpyKind kind,
                                  aclrtStream stream) {
    return copy_symbol(
        "aclrtMemcpyToSymbolAsync", from_host(src), symbol, count, offset, kind, true, stream);
}

aclError aclrtMemcpyFromSymbol(void* dst,
                               size_t dstMax,
                               const void* symbol,
                               size_t count,
                               size_t offset,
                               aclrtMemcpyKind kind) {
    return copy_symbol(
        "aclrtMemcpyFromSymbol", to_host(dst, dstMax), symbol, count, offset, kind, false, nullptr);
}

aclError aclrtMemcpyFromSymbolAsync(void* dst,
                                    size_t dstMax,
                                    const void* symbol,
                                    size_t count,
                                    size_t offset,
                                    aclrtMemcpyKind kind,
                                    aclrtStream stream) {
    return copy_symbol("aclrtMemcpyFromSymbolAsync",
                       to_host(dst, dstMax),
                       symbol,
                       count,
                       offset,
                       kind,
                       true,
                       stream);
}

}  // extern "C"
