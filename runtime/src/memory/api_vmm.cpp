// Entry points: virtual and physical memory (aclrtReserveMemAddress, aclrtMallocPhysical,
// aclrtMapMem, ...) and their shareable handles. The front end keeps the handles, reservations
// and mappings here and checks every argument against them; the backend reserves, creates, maps
// and shares (backend.h; docs/backends.md: mmap and memfds on the CPU, CUDA's cuMem* driver calls,
// HIP's hipMem*, the simulator's). A mapping is device memory in the allocation table (origin
// Mapped, with its access), so copies, fills and operators accept it; adjacent mappings of one
// reservation form one table entry, so a copy may cross from one into the next.
//
// Lifetimes: an aclrtDrvMemHandle counts its user references (aclrtMallocPhysical / import /
// aclrtMemRetainAllocationHandle add one, aclrtFreePhysical drops one); the memory goes once no
// reference and no mapping is left. Freeing the last reference withdraws its shareable handle.
#include "acl/acl.h"

#include "aclemu/c_enum.h"
#include "aclemu/checked_math.h"
#include "core/arg_checks.h"
#include "core/status.h"
#include "handles/handle_arena.h"
#include "memory/vmm_registry.h"
#include "runtime_state.h"
#include "sharing/shared_export.h"

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

using namespace aclemu::rt;
using aclemu::checked_add;
using aclemu::checked_round_up;
using aclemu::enum_value;

namespace {

std::string size_text(size_t bytes) {
    return std::to_string(bytes);
}

// The properties aclemu supports: pinned device memory of a visible device. The caller's struct
// may hold any int in its enum fields: each is read as an integer (aclemu/c_enum.h).
aclError check_prop(const aclrtPhysicalMemProp& prop, int32_t* physical_device) {
    const int64_t handle_type = enum_value(prop.handleType);
    ACLEMU_TRY(reject_if(
        handle_type != ACL_MEM_HANDLE_TYPE_NONE && handle_type != ACL_MEM_HANDLE_TYPE_POSIX,
        "prop->handleType",
        handle_type,
        "must be ACL_MEM_HANDLE_TYPE_NONE or ACL_MEM_HANDLE_TYPE_POSIX"));
    const int64_t allocation_type = enum_value(prop.allocationType);
    ACLEMU_TRY(reject_if(allocation_type != ACL_MEM_ALLOCATION_TYPE_PINNED,
                         "prop->allocationType",
                         allocation_type,
                         "must be ACL_MEM_ALLOCATION_TYPE_PINNED"));
    const int64_t mem_attr = enum_value(prop.memAttr);
    ACLEMU_TRY(reject_if(mem_attr < ACL_DDR_MEM || mem_attr > ACL_MEM_P2P_HUGE1G,
                         "prop->memAttr",
                         mem_attr,
                         "must be an aclrtMemAttr in [0, 17]"));
    const int64_t location_type = enum_value(prop.location.type);
    if (location_type == ACL_MEM_LOCATION_TYPE_HOST
        || location_type == ACL_MEM_LOCATION_TYPE_HOST_NUMA) {
        return fail(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                    msg_unsupported("physical host memory",
                                    "aclemu's virtual memory calls allocate device memory only; "
                                    "use ACL_MEM_LOCATION_TYPE_DEVICE (or aclrtMallocHost)"));
    }
    ACLEMU_TRY(reject_if(location_type != ACL_MEM_LOCATION_TYPE_DEVICE,
                         "prop->location.type",
                         location_type,
                         "must be ACL_MEM_LOCATION_TYPE_DEVICE"));
    ACLEMU_TRY(reject_if(prop.location.id > static_cast<uint32_t>(INT32_MAX),
                         "prop->location.id",
                         prop.location.id,
                         "is not a device id",
                         ACL_ERROR_RT_INVALID_DEVICEID));
    return runtime().check_device(
        static_cast<int32_t>(prop.location.id), "prop->location.id", physical_device);
}

aclError granularity_of(Backend& backend,
                        int32_t physical_device,
                        size_t* bytes,
                        bool recommended = false) {
    ACLEMU_TRY_BACKEND(backend.sharing()->vmm_granularity(physical_device, recommended, bytes),
                       &backend,
                       "cannot read the allocation granularity");
    return ACL_SUCCESS;
}

// The runtime's backend, when it can share memory and reserve addresses.
aclError sharing_backend(Backend** backend) {
    ACLEMU_TRY(runtime().backend(backend));
    return require_sharing(*backend);
}

// The live physical allocation behind `handle` (VmmRegistry locked), or the failure.
aclError live_handle(VmmRegistry& vmm,
                     aclrtDrvMemHandle handle,
                     std::shared_ptr<Physical>* physical) {
    auto found = vmm.handles.find(handle);
    ACLEMU_TRY(reject_if(found == vmm.handles.end(),
                         "handle",
                         handle,
                         "not a live handle of aclrtMallocPhysical, "
                         "aclrtMemImportFromShareableHandle or aclrtMemRetainAllocationHandle"));
    *physical = found->second;
    return ACL_SUCCESS;
}

// The reservation that holds [ptr, ptr + bytes), or nullptr.
std::pair<const uintptr_t, Reservation>* reservation_of(VmmRegistry& vmm,
                                                        uintptr_t ptr,
                                                        size_t bytes) {
    auto after = vmm.reservations.upper_bound(ptr);
    if (after == vmm.reservations.begin()) {
        return nullptr;
    }
    auto& entry = *std::prev(after);
    const uintptr_t offset = ptr - entry.first;
    if (offset >= entry.second.bytes || bytes > entry.second.bytes - offset) {
        return nullptr;
    }
    return &entry;
}

// The mapping that starts at `virPtr`, and its reservation (VmmRegistry locked), or the failure.
aclError mapping_at(VmmRegistry& vmm,
                    void* virPtr,
                    Mapping** mapping,
                    Reservation** reservation = nullptr) {
    const auto ptr = reinterpret_cast<uintptr_t>(virPtr);
    auto* holder = reservation_of(vmm, ptr, 1);
    Mapping* found = nullptr;
    if (holder != nullptr) {
        auto at = holder->second.mappings.find(ptr);
        found = at != holder->second.mappings.end() ? &at->second : nullptr;
    }
    ACLEMU_TRY(reject_if(
        found == nullptr, "virPtr", virPtr, "no mapping made by aclrtMapMem starts there"));
    if (reservation != nullptr) {
        *reservation = &holder->second;
    }
    *mapping = found;
    return ACL_SUCCESS;
}

// The access copies and fills get to a mapping (AllocTable: 1 read, 2 write): the widest any
// device was granted.
uint8_t table_access(const Mapping& mapping) {
    int flags = 0;
    for (const auto& [device, granted] : mapping.access) {
        flags |= granted;
    }
    return static_cast<uint8_t>((flags & ACL_RT_MEM_ACCESS_FLAGS_READ ? 1 : 0)
                                | (flags == ACL_RT_MEM_ACCESS_FLAGS_READWRITE ? 2 : 0));
}

// Rewrites the reservation's allocation-table entries: one per run of adjacent mappings with
// the same access.
void sync_table(Reservation& reservation) {
    AllocTable& table = runtime().allocations();
    for (uintptr_t run : reservation.table_runs) {
        table.erase(reinterpret_cast<void*>(run), AllocKind::Device, AllocOrigin::Mapped);
    }
    reservation.table_runs.clear();
    Allocation run{0, 0, AllocKind::Device, 0, AllocOrigin::Mapped};
    auto flush = [&] {
        if (run.bytes != 0) {
            table.insert(run);
            reservation.table_runs.push_back(run.base);
        }
        run.bytes = 0;
    };
    for (const auto& [address, mapping] : reservation.mappings) {
        const uint8_t access = table_access(mapping);
        if (run.bytes == 0 || run.base + run.bytes != address || run.access != access) {
            flush();
            run.base = address;
            run.device = mapping.physical->device;
            run.access = access;
        }
        run.bytes += mapping.bytes;
    }
    flush();
}

// ---- physical memory -------------------------------------------------------------------------

// `option` is the integer the caller passed.
aclError get_granularity(aclrtPhysicalMemProp* prop, int64_t option, size_t* granularity) {
    ACLEMU_CHECK_NOT_NULL(prop);
    ACLEMU_CHECK_NOT_NULL(granularity);
    ACLEMU_TRY(reject_if(option != ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM
                             && option != ACL_RT_MEM_ALLOC_GRANULARITY_RECOMMENDED,
                         "option",
                         option,
                         "must be ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM or "
                         "ACL_RT_MEM_ALLOC_GRANULARITY_RECOMMENDED"));
    int32_t physical_device = 0;
    ACLEMU_TRY(check_prop(*prop, &physical_device));
    ACLEMU_BACKEND_BY(backend, sharing_backend);
    const bool recommended = option == ACL_RT_MEM_ALLOC_GRANULARITY_RECOMMENDED;
    return granularity_of(*backend, physical_device, granularity, recommended);
}

// Registers a new physical allocation and gives the caller its handle.
aclError hand_out(const std::shared_ptr<Physical>& physical, aclrtDrvMemHandle* handle) {
    VmmRegistry& vmm = vmm_registry();
    std::lock_guard<std::mutex> lock(vmm.mutex);
    vmm.handles[physical.get()] = physical;
    *handle = physical.get();
    return ACL_SUCCESS;
}

aclError malloc_physical(aclrtDrvMemHandle* handle,
                         size_t size,
                         const aclrtPhysicalMemProp* prop,
                         uint64_t flags) {
    ACLEMU_CHECK_NOT_NULL(handle);
    ACLEMU_CHECK_NOT_NULL(prop);
    ACLEMU_TRY(check_positive("size", size));
    ACLEMU_TRY(check_reserved_zero("flags", flags));
    int32_t physical_device = 0;
    ACLEMU_TRY(check_prop(*prop, &physical_device));
    ACLEMU_BACKEND_BY(backend, sharing_backend);
    size_t unit = 0;
    ACLEMU_TRY(granularity_of(*backend, physical_device, &unit));
    size_t bytes = 0;
    ACLEMU_TRY(reject_if(!checked_round_up(size, unit, &bytes),
                         "size",
                         size_text(size),
                         "is larger than any allocation",
                         ACL_ERROR_RT_MEMORY_ALLOCATION));
    auto physical = make_handle_object<Physical>();
    if (aclError err = backend->sharing()->create_physical(physical_device, bytes, &physical->impl);
        err != ACL_SUCCESS) {
        return backend_failed(err,
                              backend,
                              "cannot allocate " + size_text(bytes)
                                  + " bytes of physical memory on device "
                                  + std::to_string(prop->location.id));
    }
    physical->bytes = bytes;
    physical->prop = *prop;
    physical->device = static_cast<int32_t>(prop->location.id);
    physical->physical_device = physical_device;
    return hand_out(physical, handle);
}

// Drops one user reference (VmmRegistry locked).
void drop_reference(VmmRegistry& vmm, const std::shared_ptr<Physical>& physical) {
    if (--physical->user_refs > 0) {
        return;
    }
    vmm.handles.erase(physical.get());
    if (physical->record) {
        vmm.exported.erase(physical->shareable);
        physical->record.reset();  // later imports fail
    }
}

aclError free_physical(aclrtDrvMemHandle handle) {
    ACLEMU_CHECK_NOT_NULL(handle);
    VmmRegistry& vmm = vmm_registry();
    std::shared_ptr<Physical> physical;  // released after the lock, when it is the last owner
    std::lock_guard<std::mutex> lock(vmm.mutex);
    ACLEMU_TRY(live_handle(vmm, handle, &physical));
    drop_reference(vmm, physical);
    return ACL_SUCCESS;
}

// ---- reservations and mappings ----------------------------------------------------------------

aclError reserve(void** virPtr, size_t size, size_t alignment, void* expectPtr, uint64_t flags) {
    ACLEMU_CHECK_NOT_NULL(virPtr);
    (void)flags;  // reserved: CANN asks for 0 and defines no value
    ACLEMU_TRY(check_positive("size", size));
    std::shared_ptr<Context> context;
    Backend* backend = nullptr;
    ACLEMU_TRY(current_sharing_context(&context, &backend));
    size_t unit = 0;
    ACLEMU_TRY(granularity_of(*backend, context->physical, &unit));
    if (alignment != 0 && ((alignment & (alignment - 1)) != 0 || alignment > unit)) {
        return reject_arg(ACL_ERROR_INVALID_PARAM,
                          "alignment",
                          size_text(alignment),
                          "must be 0 (reservations start at a multiple of the granularity, "
                              + size_text(unit) + " bytes)");
    }
    if (reinterpret_cast<uintptr_t>(expectPtr) % unit != 0) {
        return reject_arg(ACL_ERROR_RT_PARAM_INVALID,
                          "expectPtr",
                          expectPtr,
                          "must be a multiple of the granularity (" + size_text(unit) + " bytes)");
    }
    size_t bytes = 0;
    ACLEMU_TRY(reject_if(!checked_round_up(size, unit, &bytes),
                         "size",
                         size_text(size),
                         "is larger than any reservation",
                         ACL_ERROR_RT_MEMORY_ALLOCATION));
    void* range = nullptr;
    if (aclError err = backend->sharing()->reserve_address(bytes, expectPtr, &range);
        err != ACL_SUCCESS) {
        return backend_failed(
            err,
            backend,
            "cannot reserve " + size_text(bytes) + " bytes of addresses"
                + (expectPtr != nullptr ? " at " + pointer_text(expectPtr) : std::string()));
    }
    VmmRegistry& vmm = vmm_registry();
    std::lock_guard<std::mutex> lock(vmm.mutex);
    vmm.reservations[reinterpret_cast<uintptr_t>(range)].bytes = bytes;
    *virPtr = range;
    return ACL_SUCCESS;
}

aclError release(void* virPtr) {
    ACLEMU_CHECK_NOT_NULL(virPtr);
    ACLEMU_BACKEND_BY(backend, sharing_backend);
    VmmRegistry& vmm = vmm_registry();
    std::lock_guard<std::mutex> lock(vmm.mutex);
    auto found = vmm.reservations.find(reinterpret_cast<uintptr_t>(virPtr));
    ACLEMU_TRY(reject_if(found == vmm.reservations.end(),
                         "virPtr",
                         virPtr,
                         "not the start of a reservation made by aclrtReserveMemAddress"));
    if (!found->second.mappings.empty()) {
        const uintptr_t first = found->second.mappings.begin()->first;
        return reject_arg(ACL_ERROR_RT_PARAM_INVALID,
                          "virPtr",
                          virPtr,
                          std::to_string(found->second.mappings.size())
                              + " mapping(s) remain in the reservation, the first at "
                              + pointer_text(reinterpret_cast<void*>(first))
                              + "; unmap them with aclrtUnmapMem first");
    }
    ACLEMU_TRY_BACKEND(backend->sharing()->release_address(virPtr, found->second.bytes),
                       backend,
                       "cannot release the reservation");
    vmm.reservations.erase(found);
    return ACL_SUCCESS;
}

aclError map(void* virPtr, size_t size, size_t offset, aclrtDrvMemHandle handle, uint64_t flags) {
    ACLEMU_CHECK_NOT_NULL(virPtr);
    ACLEMU_CHECK_NOT_NULL(handle);
    ACLEMU_TRY(reject_if(offset != 0, "offset", size_text(offset), "must be 0 (as in CANN)"));
    ACLEMU_TRY(check_reserved_zero("flags", flags));
    ACLEMU_TRY(check_positive("size", size));
    ACLEMU_BACKEND_BY(backend, sharing_backend);
    VmmRegistry& vmm = vmm_registry();
    std::lock_guard<std::mutex> lock(vmm.mutex);
    std::shared_ptr<Physical> physical;
    ACLEMU_TRY(live_handle(vmm, handle, &physical));
    size_t unit = 0;
    ACLEMU_TRY(granularity_of(*backend, physical->physical_device, &unit));
    size_t rounded = 0;
    if (!checked_round_up(size, unit, &rounded) || rounded != physical->bytes) {
        return reject_arg(ACL_ERROR_RT_PARAM_INVALID,
                          "size",
                          size_text(size),
                          "must be the size of the physical allocation ("
                              + size_text(physical->bytes) + " bytes)");
    }
    const auto address = reinterpret_cast<uintptr_t>(virPtr);
    auto* reservation = reservation_of(vmm, address, physical->bytes);
    if (reservation == nullptr) {
        return reject_arg(ACL_ERROR_RT_PARAM_INVALID,
                          "virPtr",
                          virPtr,
                          "[virPtr, virPtr + " + size_text(physical->bytes)
                              + ") is not inside one reservation (aclrtReserveMemAddress)");
    }
    if ((address - reservation->first) % unit != 0) {
        return reject_arg(ACL_ERROR_RT_PARAM_INVALID,
                          "virPtr",
                          virPtr,
                          "must lie a multiple of the granularity (" + size_text(unit)
                              + " bytes) into its reservation");
    }
    auto& mappings = reservation->second.mappings;
    auto next = mappings.lower_bound(address);
    const bool overlaps_next = next != mappings.end() && next->first < address + physical->bytes;
    const bool overlaps_previous =
        next != mappings.begin()
        && std::prev(next)->first + std::prev(next)->second.bytes > address;
    if (overlaps_next || overlaps_previous) {
        const uintptr_t other = overlaps_next ? next->first : std::prev(next)->first;
        return reject_arg(
            ACL_ERROR_RT_PARAM_INVALID,
            "virPtr",
            virPtr,
            "the range overlaps the mapping at " + pointer_text(reinterpret_cast<void*>(other)));
    }
    ACLEMU_TRY_BACKEND(backend->sharing()->map_physical(
                           virPtr, physical->bytes, *physical->impl, physical->physical_device),
                       backend,
                       "cannot map the physical memory");
    Mapping mapping;
    mapping.bytes = physical->bytes;
    mapping.physical = physical;
    mapping.access[physical->device] = ACL_RT_MEM_ACCESS_FLAGS_READWRITE;
    mappings.emplace(address, std::move(mapping));
    sync_table(reservation->second);
    return ACL_SUCCESS;
}

aclError unmap(void* virPtr) {
    ACLEMU_CHECK_NOT_NULL(virPtr);
    ACLEMU_BACKEND_BY(backend, sharing_backend);
    VmmRegistry& vmm = vmm_registry();
    std::shared_ptr<Physical> physical;  // released after the lock, when it is the last owner
    std::lock_guard<std::mutex> lock(vmm.mutex);
    Reservation* reservation = nullptr;
    Mapping* mapping = nullptr;
    ACLEMU_TRY(mapping_at(vmm, virPtr, &mapping, &reservation));
    ACLEMU_TRY_BACKEND(backend->sharing()->unmap_physical(virPtr, mapping->bytes),
                       backend,
                       "cannot unmap the physical memory");
    physical = mapping->physical;
    reservation->mappings.erase(reinterpret_cast<uintptr_t>(virPtr));
    sync_table(*reservation);
    return ACL_SUCCESS;
}

aclError set_access(void* virPtr, size_t size, aclrtMemAccessDesc* desc, size_t count) {
    ACLEMU_CHECK_NOT_NULL(virPtr);
    ACLEMU_CHECK_NOT_NULL(desc);
    ACLEMU_TRY(check_positive("count", count));
    ACLEMU_BACKEND_BY(backend, sharing_backend);
    // One entry per device; each entry's enum fields are read as the integers the caller set.
    std::vector<DeviceAccess> access;
    for (size_t i = 0; i < count; ++i) {
        const aclrtMemAccessDesc& entry = desc[i];
        const int64_t flags = enum_value(entry.flags);
        ACLEMU_TRY(reject_if(flags != ACL_RT_MEM_ACCESS_FLAGS_NONE
                                 && flags != ACL_RT_MEM_ACCESS_FLAGS_READ
                                 && flags != ACL_RT_MEM_ACCESS_FLAGS_READWRITE,
                             "desc[].flags",
                             flags,
                             "must be an aclrtMemAccessFlags (0, 1 or 3)"));
        const int64_t location_type = enum_value(entry.location.type);
        ACLEMU_TRY(reject_if(location_type != ACL_MEM_LOCATION_TYPE_DEVICE
                                 || entry.location.id > static_cast<uint32_t>(INT32_MAX),
                             "desc[].location.type",
                             location_type,
                             "must be ACL_MEM_LOCATION_TYPE_DEVICE with a device id"));
        DeviceAccess device_access;
        ACLEMU_TRY(runtime().check_device(static_cast<int32_t>(entry.location.id),
                                          "desc[].location.id",
                                          &device_access.physical_device));
        device_access.flags = static_cast<int>(flags);
        access.push_back(device_access);
    }
    VmmRegistry& vmm = vmm_registry();
    std::lock_guard<std::mutex> lock(vmm.mutex);
    const auto address = reinterpret_cast<uintptr_t>(virPtr);
    uintptr_t end = 0;
    const bool fits = checked_add(address, size, &end);
    auto* reservation = fits ? reservation_of(vmm, address, size == 0 ? 1 : size) : nullptr;
    // The range must be whole mappings, back to back.
    std::vector<Mapping*> covered;
    uintptr_t at = address;
    if (reservation != nullptr) {
        auto& mappings = reservation->second.mappings;
        for (auto it = mappings.find(address); it != mappings.end() && it->first == at && at < end;
             ++it) {
            covered.push_back(&it->second);
            at += it->second.bytes;
        }
    }
    if (size == 0 || covered.empty() || at != end) {
        return reject_arg(ACL_ERROR_RT_PARAM_INVALID,
                          "virPtr",
                          virPtr,
                          "[virPtr, virPtr + " + size_text(size)
                              + ") must be one or more whole mappings made by aclrtMapMem");
    }
    ACLEMU_TRY_BACKEND(backend->sharing()->set_access(virPtr, size, access.data(), access.size()),
                       backend,
                       "cannot set the access");
    for (Mapping* mapping : covered) {
        for (size_t i = 0; i < count; ++i) {
            mapping->access[static_cast<int32_t>(desc[i].location.id)] = access[i].flags;
        }
    }
    sync_table(reservation->second);
    return ACL_SUCCESS;
}

aclError get_access(void* virPtr, aclrtMemLocation* location, uint64_t* flag) {
    ACLEMU_CHECK_NOT_NULL(virPtr);
    ACLEMU_CHECK_NOT_NULL(location);
    ACLEMU_CHECK_NOT_NULL(flag);
    const int64_t location_type = enum_value(location->type);  // any int the caller set
    ACLEMU_TRY(reject_if(location_type != ACL_MEM_LOCATION_TYPE_DEVICE
                             && location_type != ACL_MEM_LOCATION_TYPE_HOST,
                         "location->type",
                         location_type,
                         "must be ACL_MEM_LOCATION_TYPE_DEVICE or ACL_MEM_LOCATION_TYPE_HOST"));
    ACLEMU_BACKEND_BY(backend, sharing_backend);
    VmmRegistry& vmm = vmm_registry();
    std::lock_guard<std::mutex> lock(vmm.mutex);
    Mapping* mapping = nullptr;
    ACLEMU_TRY(mapping_at(vmm, virPtr, &mapping));
    // On the CPU backend every device, and the host, sees the same pages: the widest access
    // granted applies to all. On a GPU the host has no access to device memory.
    int flags = 0;
    if (backend->kind() == BackendKind::Cpu) {
        for (const auto& [device, granted] : mapping->access) {
            flags |= granted;
        }
    } else if (location_type == ACL_MEM_LOCATION_TYPE_DEVICE) {
        auto found = mapping->access.find(static_cast<int32_t>(location->id));
        flags = found != mapping->access.end() ? found->second : 0;
    }
    *flag = static_cast<uint64_t>(flags);
    return ACL_SUCCESS;
}

aclError retain(void* virPtr, aclrtDrvMemHandle* handle) {
    ACLEMU_CHECK_NOT_NULL(virPtr);
    ACLEMU_CHECK_NOT_NULL(handle);
    VmmRegistry& vmm = vmm_registry();
    std::lock_guard<std::mutex> lock(vmm.mutex);
    Mapping* mapping = nullptr;
    ACLEMU_TRY(mapping_at(vmm, virPtr, &mapping));
    const std::shared_ptr<Physical>& physical = mapping->physical;
    if (vmm.handles.emplace(physical.get(), physical).second) {
        physical->user_refs = 1;  // its handles had all been freed; this is a new one
    } else {
        ++physical->user_refs;
    }
    *handle = physical.get();
    return ACL_SUCCESS;
}

aclError properties(aclrtDrvMemHandle handle, aclrtPhysicalMemProp* prop) {
    ACLEMU_CHECK_NOT_NULL(handle);
    ACLEMU_CHECK_NOT_NULL(prop);
    VmmRegistry& vmm = vmm_registry();
    std::lock_guard<std::mutex> lock(vmm.mutex);
    std::shared_ptr<Physical> physical;
    ACLEMU_TRY(live_handle(vmm, handle, &physical));
    *prop = physical->prop;
    return ACL_SUCCESS;
}

aclError address_range(void* ptr, void** pbase, size_t* psize) {
    ACLEMU_CHECK_NOT_NULL(ptr);
    if (pbase == nullptr && psize == nullptr) {
        return fail(ACL_ERROR_INVALID_PARAM, msg_null("pbase and psize"));
    }
    std::optional<Allocation> block = runtime().allocations().find(ptr);
    ACLEMU_TRY(reject_if(
        !block, "ptr", ptr, "not inside memory allocated, mapped or imported through aclemu"));
    if (pbase != nullptr) {
        *pbase = reinterpret_cast<void*>(block->base);
    }
    if (psize != nullptr) {
        *psize = block->bytes;
    }
    return ACL_SUCCESS;
}

// ---- shareable handles -----------------------------------------------------------------------

// `handleType` is the integer the caller passed.
aclError export_handle(aclrtDrvMemHandle handle,
                       int64_t handleType,
                       uint64_t flags,
                       uint64_t* shareableHandle) {
    ACLEMU_CHECK_NOT_NULL(handle);
    ACLEMU_CHECK_NOT_NULL(shareableHandle);
    ACLEMU_TRY(
        reject_if(handleType != ACL_MEM_HANDLE_TYPE_NONE && handleType != ACL_MEM_HANDLE_TYPE_POSIX,
                  "handleType",
                  handleType,
                  "must be ACL_MEM_HANDLE_TYPE_NONE"));
    ACLEMU_TRY(reject_if((flags & ~uint64_t{ACL_RT_VMM_EXPORT_FLAG_DISABLE_PID_VALIDATION}) != 0,
                         "flags",
                         flags,
                         "must be ACL_RT_VMM_EXPORT_FLAG_DEFAULT or "
                         "ACL_RT_VMM_EXPORT_FLAG_DISABLE_PID_VALIDATION"));
    ACLEMU_BACKEND_BY(backend, sharing_backend);
    VmmRegistry& vmm = vmm_registry();
    std::lock_guard<std::mutex> lock(vmm.mutex);
    std::shared_ptr<Physical> physical;
    ACLEMU_TRY(live_handle(vmm, handle, &physical));
    ACLEMU_TRY(reject_if(physical->imported,
                         "handle",
                         handle,
                         "it was imported from another process; only the process that "
                         "allocated physical memory exports it"));
    ACLEMU_TRY(reject_if(physical->record != nullptr,
                         "handle",
                         handle,
                         "it has been exported already (one shareable handle per "
                         "physical allocation)",
                         ACL_ERROR_RT_PARAM_INVALID));
    ExportBlob blob;
    ACLEMU_TRY_BACKEND(backend->sharing()->export_physical(*physical->impl, &blob),
                       backend,
                       "cannot share the physical memory");
    const bool check_pid = (flags & ACL_RT_VMM_EXPORT_FLAG_DISABLE_PID_VALIDATION) == 0;
    std::unique_ptr<ExportRecord> record;
    ACLEMU_TRY(ExportRecord::create(
        ExportKind::Physical, backend->kind(), physical->bytes, check_pid, blob, &record));
    if (!packable(record->ref())) {
        return fail(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL,
                    msg_runtime("the export's pid and port (" + std::to_string(record->ref().pid)
                                + ", " + std::to_string(record->ref().port)
                                + ") do not fit a 64-bit shareable handle"));
    }
    physical->shareable = pack_handle(record->ref());
    physical->record = std::move(record);
    vmm.exported[physical->shareable] = physical;
    *shareableHandle = physical->shareable;
    return ACL_SUCCESS;
}

aclError set_pids(uint64_t shareable, int32_t* pid, size_t count) {
    ACLEMU_CHECK_NOT_NULL(pid);
    ACLEMU_TRY(check_positive("pidNum", count));
    VmmRegistry& vmm = vmm_registry();
    std::lock_guard<std::mutex> lock(vmm.mutex);
    auto found = vmm.exported.find(shareable);
    ACLEMU_TRY(reject_if(found == vmm.exported.end(),
                         "shareableHandle",
                         shareable,
                         "not a handle this process exported "
                         "(aclrtMemExportToShareableHandle), or its memory was freed"));
    return found->second->record->allow_pids(pid, count, "pid");
}

aclError import_handle(uint64_t shareable, int32_t device, aclrtDrvMemHandle* handle) {
    ACLEMU_CHECK_NOT_NULL(handle);
    int32_t physical_device = 0;
    ACLEMU_TRY(runtime().check_device(device, "deviceId", &physical_device));
    ACLEMU_BACKEND_BY(backend, sharing_backend);
    ImportedRecord record;
    ACLEMU_TRY(open_record(unpack_handle(shareable),
                           ExportKind::Physical,
                           backend->kind(),
                           "shareableHandle",
                           std::to_string(shareable),
                           &record));
    auto physical = make_handle_object<Physical>();
    if (aclError err = backend->sharing()->import_physical(record.exporter,
                                                           record.blob,
                                                           static_cast<size_t>(record.bytes),
                                                           physical_device,
                                                           &physical->impl);
        err != ACL_SUCCESS) {
        return backend_failed(err,
                              backend,
                              "cannot import the physical memory process "
                                  + std::to_string(record.exporter) + " shared");
    }
    physical->bytes = static_cast<size_t>(record.bytes);
    physical->prop.handleType = ACL_MEM_HANDLE_TYPE_NONE;
    physical->prop.allocationType = ACL_MEM_ALLOCATION_TYPE_PINNED;
    physical->prop.memAttr = ACL_HBM_MEM_NORMAL;
    physical->prop.location.type = ACL_MEM_LOCATION_TYPE_DEVICE;
    physical->prop.location.id = static_cast<uint32_t>(device);
    physical->device = device;
    physical->physical_device = physical_device;
    physical->imported = true;
    return hand_out(physical, handle);
}

// The V2 forms: a uint64_t behind `shareable` for the default type; fabric handles need Ascend.
// `type` is the integer the caller passed.
aclError v2_handle(void* shareableHandle, int64_t type, uint64_t** value) {
    ACLEMU_CHECK_NOT_NULL(shareableHandle);
    if (type == ACL_MEM_SHARE_HANDLE_TYPE_FABRIC) {
        return fail(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                    msg_unsupported("ACL_MEM_SHARE_HANDLE_TYPE_FABRIC",
                                    "sharing physical memory across servers needs an Atlas A3 "
                                    "super pod; use ACL_MEM_SHARE_HANDLE_TYPE_DEFAULT"));
    }
    ACLEMU_TRY(reject_if(type != ACL_MEM_SHARE_HANDLE_TYPE_DEFAULT,
                         "shareType",
                         type,
                         "must be ACL_MEM_SHARE_HANDLE_TYPE_DEFAULT or "
                         "ACL_MEM_SHARE_HANDLE_TYPE_FABRIC"));
    *value = static_cast<uint64_t*>(shareableHandle);
    return ACL_SUCCESS;
}

/// The entry point `api` of a V2 form: `shareableHandle` and `shareType` read by v2_handle, then
/// `body` of the uint64_t behind it. Its DEBUG line and error log name the entry point's file
/// and line.
/// `shareType` is the caller's own argument, read by reference as the int it holds (a copy of the
/// enum type would load an out-of-range value as that type).
template <class Body>
aclError v2_call(const char* api,
                 void* shareableHandle,
                 const aclrtMemSharedHandleType& shareType,
                 Body body,
                 const char* file = __builtin_FILE(),
                 int line = __builtin_LINE()) {
    const int64_t type = enum_value(shareType);  // any int a C caller passed
    return api_call_init(
        api,
        [&] {
            uint64_t* value = nullptr;
            ACLEMU_TRY(v2_handle(shareableHandle, type, &value));
            return body(value);
        },
        file,
        line);
}

}  // namespace

extern "C" {

aclError aclrtMemGetAllocationGranularity(aclrtPhysicalMemProp* prop,
                                          aclrtMemGranularityOptions option,
                                          size_t* granularity) {
    const int64_t option_value = enum_value(option);  // any int a C caller passed
    return api_call_init("aclrtMemGetAllocationGranularity",
                         [&] { return get_granularity(prop, option_value, granularity); });
}

aclError aclrtMallocPhysical(aclrtDrvMemHandle* handle,
                             size_t size,
                             const aclrtPhysicalMemProp* prop,
                             uint64_t flags) {
    return api_call_init("aclrtMallocPhysical",
                         [&] { return malloc_physical(handle, size, prop, flags); });
}

aclError aclrtFreePhysical(aclrtDrvMemHandle handle) {
    return api_call_init("aclrtFreePhysical", [&] { return free_physical(handle); });
}

aclError aclrtReserveMemAddress(
    void** virPtr, size_t size, size_t alignment, void* expectPtr, uint64_t flags) {
    return api_call_init("aclrtReserveMemAddress",
                         [&] { return reserve(virPtr, size, alignment, expectPtr, flags); });
}

aclError aclrtReleaseMemAddress(void* virPtr) {
    return api_call_init("aclrtReleaseMemAddress", [&] { return release(virPtr); });
}

aclError aclrtMapMem(
    void* virPtr, size_t size, size_t offset, aclrtDrvMemHandle handle, uint64_t flags) {
    return api_call_init("aclrtMapMem", [&] { return map(virPtr, size, offset, handle, flags); });
}

aclError aclrtUnmapMem(void* virPtr) {
    return api_call_init("aclrtUnmapMem", [&] { return unmap(virPtr); });
}

aclError aclrtMemSetAccess(void* virPtr, size_t size, aclrtMemAccessDesc* desc, size_t count) {
    return api_call_init("aclrtMemSetAccess",
                         [&] { return set_access(virPtr, size, desc, count); });
}

aclError aclrtMemGetAccess(void* virPtr, aclrtMemLocation* location, uint64_t* flag) {
    return api_call_init("aclrtMemGetAccess", [&] { return get_access(virPtr, location, flag); });
}

aclError aclrtMemRetainAllocationHandle(void* virPtr, aclrtDrvMemHandle* handle) {
    return api_call_init("aclrtMemRetainAllocationHandle", [&] { return retain(virPtr, handle); });
}

aclError aclrtMemGetAllocationPropertiesFromHandle(aclrtDrvMemHandle handle,
                                                   aclrtPhysicalMemProp* prop) {
    return api_call_init("aclrtMemGetAllocationPropertiesFromHandle",
                         [&] { return properties(handle, prop); });
}

aclError aclrtMemGetAddressRange(void* ptr, void** pbase, size_t* psize) {
    return api_call_init("aclrtMemGetAddressRange",
                         [&] { return address_range(ptr, pbase, psize); });
}

aclError aclrtMemExportToShareableHandle(aclrtDrvMemHandle handle,
                                         aclrtMemHandleType handleType,
                                         uint64_t flags,
                                         uint64_t* shareableHandle) {
    const int64_t type = enum_value(handleType);  // any int a C caller passed
    return api_call_init("aclrtMemExportToShareableHandle",
                         [&] { return export_handle(handle, type, flags, shareableHandle); });
}

aclError aclrtMemSetPidToShareableHandle(uint64_t shareableHandle, int32_t* pid, size_t pidNum) {
    return api_call_init("aclrtMemSetPidToShareableHandle",
                         [&] { return set_pids(shareableHandle, pid, pidNum); });
}

aclError aclrtMemImportFromShareableHandle(uint64_t shareableHandle,
                                           int32_t deviceId,
                                           aclrtDrvMemHandle* handle) {
    return api_call_init("aclrtMemImportFromShareableHandle",
                         [&] { return import_handle(shareableHandle, deviceId, handle); });
}

aclError aclrtMemExportToShareableHandleV2(aclrtDrvMemHandle handle,
                                           uint64_t flags,
                                           aclrtMemSharedHandleType shareType,
                                           void* shareableHandle) {
    return v2_call(
        "aclrtMemExportToShareableHandleV2", shareableHandle, shareType, [&](uint64_t* value) {
            return export_handle(handle, ACL_MEM_HANDLE_TYPE_NONE, flags, value);
        });
}

aclError aclrtMemSetPidToShareableHandleV2(void* shareableHandle,
                                           aclrtMemSharedHandleType shareType,
                                           int32_t* pid,
                                           size_t pidNum) {
    return v2_call(
        "aclrtMemSetPidToShareableHandleV2", shareableHandle, shareType, [&](uint64_t* value) {
            return set_pids(*value, pid, pidNum);
        });
}

aclError aclrtMemImportFromShareableHandleV2(void* shareableHandle,
                                             aclrtMemSharedHandleType shareType,
                                             uint64_t flags,
                                             aclrtDrvMemHandle* handle) {
    return v2_call(
        "aclrtMemImportFromShareableHandleV2", shareableHandle, shareType, [&](uint64_t* value) {
            ACLEMU_TRY(check_reserved_zero("flags", flags));
            int32_t device = 0;
            ACLEMU_TRY(runtime().get_device(&device));
            return import_handle(*value, device, handle);
        });
}

}  // extern "C"
