// The GPU backend's virtual memory calls (gpu_vmm.h). One body per call, over a thin layer that
// is CUDA's driver entry points (resolved once, on first use) or HIP's / the simulator's gpuMem*
// names (gpu/gpu_runtime.h). A physical allocation always asks for a POSIX descriptor handle type,
// so it can be exported later.
#include "backend/gpu/gpu_vmm.h"

#include "backend/gpu/driver_entry.h"
#include "backend/gpu/gpu_error.h"

#include <cstring>
#include <fcntl.h>
#include <string>
#include <sys/syscall.h>
#include <unistd.h>
#include <vector>

#if defined(ACLEMU_CUDA_DRIVER_ENTRY_POINTS)
#    define ACLEMU_VMM_CUDA_DRIVER 1
#endif

namespace aclemu::rt::ACLEMU_GPU_NAMESPACE::vmm {
namespace {

// The blob of a shareable handle: the exporter's descriptor number, for messages; the
// descriptor itself travels as the blob's (sharing/export_server.h passes it with SCM_RIGHTS).
struct PhysicalBlob {
    int32_t fd;
};

#if defined(ACLEMU_VMM_CUDA_DRIVER)

using Handle = CUmemGenericAllocationHandle;

// The driver's entry points; `missing` names the first one it lacks.
struct Driver {
    decltype(&cuMemGetAllocationGranularity) granularity = nullptr;
    decltype(&cuMemCreate) create = nullptr;
    decltype(&cuMemRelease) release = nullptr;
    decltype(&cuMemAddressReserve) reserve = nullptr;
    decltype(&cuMemAddressFree) free_address = nullptr;
    decltype(&cuMemMap) map = nullptr;
    decltype(&cuMemUnmap) unmap = nullptr;
    decltype(&cuMemSetAccess) set_access = nullptr;
    decltype(&cuMemExportToShareableHandle) export_handle = nullptr;
    decltype(&cuMemImportFromShareableHandle) import_handle = nullptr;
    decltype(&cuGetErrorName) error_name = nullptr;
    std::string missing;
};

template <class F>
void resolve(const char* symbol, F* fn, std::string* missing) {
    *fn = driver_entry_point<F>(symbol);
    if (*fn == nullptr && missing->empty()) {
        *missing = symbol;
    }
}

const Driver& driver() {
    static const Driver loaded = [] {
        Driver d;
        resolve("cuMemGetAllocationGranularity", &d.granularity, &d.missing);
        resolve("cuMemCreate", &d.create, &d.missing);
        resolve("cuMemRelease", &d.release, &d.missing);
        resolve("cuMemAddressReserve", &d.reserve, &d.missing);
        resolve("cuMemAddressFree", &d.free_address, &d.missing);
        resolve("cuMemMap", &d.map, &d.missing);
        resolve("cuMemUnmap", &d.unmap, &d.missing);
        resolve("cuMemSetAccess", &d.set_access, &d.missing);
        resolve("cuMemExportToShareableHandle", &d.export_handle, &d.missing);
        resolve("cuMemImportFromShareableHandle", &d.import_handle, &d.missing);
        resolve("cuGetErrorName", &d.error_name, &d.missing);
        return d;
    }();
    return loaded;
}

// "gpuMemCreate" -> "cuMemCreate": the driver's spelling, for messages.
std::string driver_name(const char* mapped) {
    return std::string("cu") + (mapped + 3);
}

aclError driver_check(CUresult result, const std::string& api) {
    if (result == CUDA_SUCCESS) {
        return ACL_SUCCESS;
    }
    const char* name = nullptr;
    if (driver().error_name != nullptr) {
        driver().error_name(result, &name);
    }
    set_last_error_text(api + ": "
                        + (name != nullptr ? name : "CUresult " + std::to_string(result)));
    switch (result) {
        case CUDA_ERROR_OUT_OF_MEMORY:
            return ACL_ERROR_RT_MEMORY_ALLOCATION;
        case CUDA_ERROR_NOT_SUPPORTED:
            return ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
        case CUDA_ERROR_INVALID_VALUE:
            return ACL_ERROR_RT_PARAM_INVALID;
        case CUDA_ERROR_INVALID_DEVICE:
            return ACL_ERROR_RT_INVALID_DEVICEID;
        default:
            return ACL_ERROR_RT_INTERNAL_ERROR;
    }
}

// ACL_SUCCESS when the driver has every entry point, else why not.
aclError driver_ready() {
    if (driver().missing.empty()) {
        return ACL_SUCCESS;
    }
    set_last_error_text("the CUDA driver does not provide " + driver().missing
                        + " (virtual memory management needs a CUDA 10.2 or newer driver)");
    return ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
}

#    define VMM_CALL(entry, name, ...) driver_check(driver().entry(__VA_ARGS__), driver_name(#    name))

using AllocationProp = CUmemAllocationProp;
using AccessDesc = CUmemAccessDesc;
constexpr auto kPinned = CU_MEM_ALLOCATION_TYPE_PINNED;
constexpr auto kOnDevice = CU_MEM_LOCATION_TYPE_DEVICE;
constexpr auto kRequestedHandle = &CUmemAllocationProp::requestedHandleTypes;  // CUDA: plural

CUdeviceptr address_of(void* ptr) {
    return static_cast<CUdeviceptr>(reinterpret_cast<uintptr_t>(ptr));
}

constexpr auto kPosixFd = CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR;
constexpr auto kMinimum = CU_MEM_ALLOC_GRANULARITY_MINIMUM;
constexpr auto kRecommended = CU_MEM_ALLOC_GRANULARITY_RECOMMENDED;

#else  // HIP, the simulator

using Handle = gpuMemGenericAllocationHandle_t;

aclError driver_ready() {
    return ACL_SUCCESS;
}

#    define VMM_CALL(entry, name, ...) GPU_CALL(name, __VA_ARGS__)

using AllocationProp = gpuMemAllocationProp;
using AccessDesc = gpuMemAccessDesc;
constexpr auto kPinned = gpuMemAllocationTypePinned;
constexpr auto kOnDevice = gpuMemLocationTypeDevice;
constexpr auto kRequestedHandle = &gpuMemAllocationProp::requestedHandleType;

void* address_of(void* ptr) {
    return ptr;
}

constexpr auto kPosixFd = gpuMemHandleTypePosixFileDescriptor;
constexpr auto kMinimum = gpuMemAllocationGranularityMinimum;
constexpr auto kRecommended = gpuMemAllocationGranularityRecommended;

#endif

AllocationProp allocation_prop(int32_t device) {
    AllocationProp prop{};
    prop.type = kPinned;
    prop.location.type = kOnDevice;
    prop.location.id = device;
    prop.*kRequestedHandle = kPosixFd;
    return prop;
}

// `flags`: DeviceAccess's 0 none, 1 read, 3 read-write, the values of CUDA's, HIP's and the
// simulator's access flags alike.
AccessDesc access_desc(int32_t device, int flags) {
    AccessDesc desc{};
    desc.location.type = kOnDevice;
    desc.location.id = device;
    desc.flags = static_cast<decltype(desc.flags)>(flags);
    return desc;
}

// A physical allocation, and the descriptor it was exported as (closed with it).
class GpuPhysical final : public BackendPhysical {
public:
    explicit GpuPhysical(Handle handle) : handle_(handle) {}
    ~GpuPhysical() override {
        if (exported_fd >= 0) {
            ::close(exported_fd);
        }
        static_cast<void>(VMM_CALL(release, gpuMemRelease, handle_));
    }
    Handle handle() const { return handle_; }
    int exported_fd = -1;

private:
    Handle handle_;
};

}  // namespace

aclError granularity(int32_t device, bool recommended, size_t* bytes) {
    ACLEMU_TRY(driver_ready());
    const auto prop = allocation_prop(device);
    return VMM_CALL(granularity,
                    gpuMemGetAllocationGranularity,
                    bytes,
                    &prop,
                    recommended ? kRecommended : kMinimum);
}

aclError reserve(size_t bytes, void* wanted, void** ptr) {
    ACLEMU_TRY(driver_ready());
#if defined(ACLEMU_VMM_CUDA_DRIVER)
    CUdeviceptr range = 0;
    aclError err = VMM_CALL(reserve, gpuMemAddressReserve, &range, bytes, 0, address_of(wanted), 0);
    void* got = reinterpret_cast<void*>(static_cast<uintptr_t>(range));
#else
    void* got = nullptr;
    aclError err = VMM_CALL(reserve, gpuMemAddressReserve, &got, bytes, 0, wanted, 0);
#endif
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (wanted != nullptr && got != wanted) {  // the address is a hint to the driver
        static_cast<void>(release(got, bytes));
        set_last_error_text("the wanted addresses are in use");
        return ACL_ERROR_RT_PARAM_INVALID;
    }
    *ptr = got;
    return ACL_SUCCESS;
}

aclError release(void* ptr, size_t bytes) {
    ACLEMU_TRY(driver_ready());
    return VMM_CALL(free_address, gpuMemAddressFree, address_of(ptr), bytes);
}

aclError create(int32_t device, size_t bytes, std::unique_ptr<BackendPhysical>* physical) {
    ACLEMU_TRY(driver_ready());
    const auto prop = allocation_prop(device);
    Handle handle{};
    ACLEMU_TRY(VMM_CALL(create, gpuMemCreate, &handle, bytes, &prop, 0));
    *physical = std::make_unique<GpuPhysical>(handle);
    return ACL_SUCCESS;
}

aclError map(void* ptr, size_t bytes, BackendPhysical& physical, int32_t device) {
    const Handle handle = static_cast<GpuPhysical&>(physical).handle();
    ACLEMU_TRY(VMM_CALL(map, gpuMemMap, address_of(ptr), bytes, 0, handle, 0));
    const auto desc = access_desc(device, 3);
    if (aclError err = VMM_CALL(set_access, gpuMemSetAccess, address_of(ptr), bytes, &desc, 1);
        err != ACL_SUCCESS) {
        static_cast<void>(VMM_CALL(unmap, gpuMemUnmap, address_of(ptr), bytes));
        return err;
    }
    return ACL_SUCCESS;
}

aclError unmap(void* ptr, size_t bytes) {
    // No queued work may still use the range.
    ACLEMU_TRY(gpu_check(gpuDeviceSynchronize(), GPU_NAME_OF(gpuDeviceSynchronize)));
    return VMM_CALL(unmap, gpuMemUnmap, address_of(ptr), bytes);
}

aclError set_access(void* ptr, size_t bytes, const DeviceAccess* access, size_t count) {
    std::vector<AccessDesc> descs;
    for (size_t i = 0; i < count; ++i) {
        descs.push_back(access_desc(access[i].physical_device, access[i].flags));
    }
    return VMM_CALL(
        set_access, gpuMemSetAccess, address_of(ptr), bytes, descs.data(), descs.size());
}

aclError export_handle(BackendPhysical& physical, ExportBlob* blob) {
    auto& gpu_physical = static_cast<GpuPhysical&>(physical);
    if (gpu_physical.exported_fd < 0) {
        int fd = -1;
        ACLEMU_TRY(VMM_CALL(
            export_handle, gpuMemExportToShareableHandle, &fd, gpu_physical.handle(), kPosixFd, 0));
        gpu_physical.exported_fd = fd;
    }
    const PhysicalBlob where{gpu_physical.exported_fd};
    blob->size = sizeof where;
    std::memcpy(blob->bytes, &where, sizeof where);
    blob->fd = gpu_physical.exported_fd;
    return ACL_SUCCESS;
}

aclError import_handle(int32_t exporter,
                       const ExportBlob& blob,
                       std::unique_ptr<BackendPhysical>* physical) {
    ACLEMU_TRY(driver_ready());
    PhysicalBlob where{};
    if (blob.size != sizeof where) {
        set_last_error_text("the export was made by another backend (ACLEMU_BACKEND differs)");
        return ACL_ERROR_RT_PARAM_INVALID;
    }
    std::memcpy(&where, blob.bytes, sizeof where);
    if (blob.fd < 0) {
        set_last_error_text("process " + std::to_string(exporter) + " passed no descriptor for its "
                            + "descriptor " + std::to_string(where.fd));
        return ACL_ERROR_RT_PARAM_INVALID;
    }
    Handle handle{};  // the driver copies what it needs: the descriptor stays the front end's
    const aclError err = VMM_CALL(import_handle,
                                  gpuMemImportFromShareableHandle,
                                  &handle,
                                  reinterpret_cast<void*>(static_cast<intptr_t>(blob.fd)),
                                  kPosixFd);
    if (err != ACL_SUCCESS) {
        return err;
    }
    *physical = std::make_unique<GpuPhysical>(handle);
    return ACL_SUCCESS;
}

}  // namespace aclemu::rt::ACLEMU_GPU_NAMESPACE::vmm
