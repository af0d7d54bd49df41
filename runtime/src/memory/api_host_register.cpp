// Entry points: host memory registered for the device (aclrtHostRegisterV2,
// aclrtHostGetDevicePointer, aclrtHostUnregister) and managed memory (aclrtMemAllocManaged).
// A registration of the caller's own memory enters the allocation table as a Host block of
// origin Registered, so copies from and to it are host copies and aclrtFree/aclrtFreeHost refuse
// it; memory aclrtMallocHost allocated is already there and stays as it is. The backend pins
// and maps (cudaHostRegister / hipHostRegister; on the CPU and the GPU simulator the device
// reads host memory directly and the device address is the host address). Managed memory is a
// Device block of the table like aclrtMalloc's, released by aclrtFree (cudaMallocManaged /
// hipMallocManaged; device memory, which the host can address, on the CPU and the simulator).
#include "acl/acl.h"

#include "core/arg_checks.h"
#include "core/status.h"
#include "runtime_state.h"

#include <cstdint>
#include <map>
#include <mutex>
#include <string>

using namespace aclemu::rt;

namespace {

constexpr uint32_t kSupportedRegisterFlags = ACL_HOST_REG_MAPPED | ACL_HOST_REG_PINNED;
constexpr uint32_t kKnownRegisterFlags =
    kSupportedRegisterFlags | ACL_HOST_REG_IOMEMORY | ACL_HOST_REG_READONLY;
// No allocation is larger (the allocation table's sizes stay far from overflow).
constexpr uint64_t kMaxManagedBytes = uint64_t{1} << 62;

struct Registration {
    size_t bytes = 0;
    uint32_t flags = 0;
    void* device = nullptr;
    bool in_table = false;  // entered by this registration (not aclrtMallocHost memory)
};

class Registrations {
public:
    std::mutex mutex;
    std::map<uintptr_t, Registration> by_base;

    /// The registration holding `addr`, or end().
    std::map<uintptr_t, Registration>::iterator holding(uintptr_t addr) {
        auto it = by_base.upper_bound(addr);
        if (it == by_base.begin()) {
            return by_base.end();
        }
        --it;
        return addr - it->first < it->second.bytes ? it : by_base.end();
    }
    bool overlaps(uintptr_t base, size_t bytes) {
        auto it = by_base.lower_bound(base);
        if (it != by_base.end() && it->first - base < bytes) {
            return true;
        }
        return holding(base) != by_base.end();
    }
};

Registrations& registrations() {
    static auto* table = new Registrations;
    return *table;
}

aclError register_host(void* ptr, uint64_t size, uint32_t flag) {
    ACLEMU_CHECK_NOT_NULL(ptr);
    ACLEMU_TRY(check_positive("size", size));
    const uintptr_t base = reinterpret_cast<uintptr_t>(ptr);
    ACLEMU_TRY(reject_if(size > UINTPTR_MAX - base, "size", size, "runs past the address space"));
    ACLEMU_TRY(reject_if(flag == 0 || (flag & ~kKnownRegisterFlags) != 0,
                         "flag",
                         flag,
                         "must be ACL_HOST_REG_MAPPED, ACL_HOST_REG_PINNED or both"));
    if ((flag & ~kSupportedRegisterFlags) != 0) {
        return fail(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                    msg_unsupported("ACL_HOST_REG_IOMEMORY / ACL_HOST_REG_READONLY",
                                    "aclemu registers ordinary host memory only"));
    }
    ACLEMU_BACKEND(backend, current_backend);
    Registrations& table = registrations();
    std::lock_guard<std::mutex> lock(table.mutex);
    ACLEMU_TRY(reject_if(table.overlaps(base, size),
                         "ptr",
                         ptr,
                         "part of the range is already registered (aclrtHostUnregister "
                         "it first)",
                         ACL_ERROR_HOST_MEMORY_ALREADY_REGISTERED));
    std::optional<Allocation> block = runtime().allocations().find(ptr);
    const bool host_block =
        block && block->kind == AllocKind::Host && block->remaining(base) >= size;
    if (block && !host_block) {
        return reject_arg(ACL_ERROR_INVALID_PARAM,
                          "ptr",
                          ptr,
                          block->kind == AllocKind::Device
                              ? "it is device memory, not host memory"
                              : "the range runs past the end of its aclrtMallocHost block");
    }
    ACLEMU_TRY(reject_if(
        !host_block && runtime().allocations().find(reinterpret_cast<void*>(base + size - 1)),
        "size",
        size,
        "the range runs into memory the runtime allocated"));
    Registration entry;
    entry.bytes = static_cast<size_t>(size);
    entry.flags = flag;
    if (aclError err = backend->memory().register_host(
            ptr, entry.bytes, (flag & ACL_HOST_REG_MAPPED) != 0, &entry.device);
        err != ACL_SUCCESS) {
        return backend_failed(
            err,
            backend,
            "cannot register " + std::to_string(size) + " bytes at " + pointer_text(ptr));
    }
    if (!host_block) {
        Allocation allocation{base, entry.bytes, AllocKind::Host, 0, AllocOrigin::Registered};
        allocation.reserved = entry.bytes;
        runtime().allocations().insert(allocation);
        entry.in_table = true;
    }
    table.by_base[base] = entry;
    return ACL_SUCCESS;
}

aclError device_pointer(void* host, void** device, uint32_t flag) {
    if (host == nullptr) {
        return fail(ACL_ERROR_INVALID_PARAM, msg_null("pHost"));
    }
    if (device == nullptr) {
        return fail(ACL_ERROR_INVALID_PARAM, msg_null("pDevice"));
    }
    ACLEMU_TRY(reject_if(flag != 0, "flag", flag, "must be 0"));
    ACLEMU_TRY(require_init());
    Registrations& table = registrations();
    std::lock_guard<std::mutex> lock(table.mutex);
    const uintptr_t addr = reinterpret_cast<uintptr_t>(host);
    auto it = table.holding(addr);
    ACLEMU_TRY(reject_if(it == table.by_base.end(),
                         "pHost",
                         host,
                         "not in memory registered by aclrtHostRegisterV2"));
    ACLEMU_TRY(reject_if((it->second.flags & ACL_HOST_REG_MAPPED) == 0,
                         "pHost",
                         host,
                         "its registration has no ACL_HOST_REG_MAPPED, so no device "
                         "address"));
    *device = static_cast<char*>(it->second.device) + (addr - it->first);
    return ACL_SUCCESS;
}

aclError unregister_host(void* ptr) {
    ACLEMU_CHECK_NOT_NULL(ptr);
    ACLEMU_BACKEND(backend, backend);
    Registrations& table = registrations();
    std::lock_guard<std::mutex> lock(table.mutex);
    auto it = table.by_base.find(reinterpret_cast<uintptr_t>(ptr));
    ACLEMU_TRY(reject_if(it == table.by_base.end(),
                         "ptr",
                         ptr,
                         "not the start of memory registered by aclrtHostRegisterV2 (or "
                         "already unregistered)"));
    if (it->second.in_table) {
        runtime().allocations().erase(ptr, AllocKind::Host, AllocOrigin::Registered);
    }
    table.by_base.erase(it);
    if (aclError err = backend->memory().unregister_host(ptr); err != ACL_SUCCESS) {
        return backend_failed(err, backend, "cannot unregister " + pointer_text(ptr));
    }
    return ACL_SUCCESS;
}

aclError alloc_managed(void** ptr, uint64_t size, uint32_t flag) {
    ACLEMU_CHECK_NOT_NULL(ptr);
    ACLEMU_TRY(check_positive("size", size));
    ACLEMU_TRY(reject_if(
        flag != ACL_RT_MEM_ATTACH_GLOBAL, "flag", flag, "must be ACL_RT_MEM_ATTACH_GLOBAL"));
    ACLEMU_TRY(reject_if(size > kMaxManagedBytes,
                         "size",
                         size,
                         "is larger than any allocation",
                         ACL_ERROR_RT_MEMORY_ALLOCATION));
    std::shared_ptr<Context> context;
    Backend* backend = nullptr;
    ACLEMU_TRY(runtime().current_context_and_backend(&context, &backend));
    void* block = nullptr;
    if (aclError err = backend->memory().malloc_managed(&block, static_cast<size_t>(size));
        err != ACL_SUCCESS || block == nullptr) {
        return backend_failed(
            ACL_ERROR_RT_MEMORY_ALLOCATION,
            backend,
            "cannot allocate " + std::to_string(size) + " bytes of managed memory");
    }
    Allocation allocation{reinterpret_cast<uintptr_t>(block),
                          static_cast<size_t>(size),
                          AllocKind::Device,
                          context->device};
    allocation.reserved = static_cast<size_t>(size);
    runtime().allocations().insert(allocation);
    *ptr = block;
    return ACL_SUCCESS;
}

}  // namespace

extern "C" {

aclError aclrtHostRegisterV2(void* ptr, uint64_t size, uint32_t flag) {
    return api_call_init("aclrtHostRegisterV2", [&] { return register_host(ptr, size, flag); });
}

aclError aclrtHostGetDevicePointer(void* pHost, void** pDevice, uint32_t flag) {
    return api_call_init("aclrtHostGetDevicePointer",
                         [&] { return device_pointer(pHost, pDevice, flag); });
}

aclError aclrtHostUnregister(void* ptr) {
    return api_call_init("aclrtHostUnregister", [&] { return unregister_host(ptr); });
}

aclError aclrtMemAllocManaged(void** ptr, uint64_t size, uint32_t flag) {
    return api_call_init("aclrtMemAllocManaged", [&] { return alloc_managed(ptr, size, flag); });
}

}  // extern "C"
