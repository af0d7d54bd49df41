// NVML through dlopen: the three entry points aclrtGetDeviceUtilizationRate needs, declared here
// with NVML's documented C signatures so no NVML header is required at build time.
#include "backend/gpu/nvml_utilization.h"

#include "aclemu/acl_try.h"

#if !defined(ACLEMU_GPU_SIM) && !defined(ACLEMU_USE_HIP)

#    include "backend/gpu/gpu_error.h"

#    include <dlfcn.h>
#    include <mutex>
#    include <string>

namespace aclemu::rt::ACLEMU_GPU_NAMESPACE {
namespace {

struct NvmlUtilization {
    unsigned int gpu;
    unsigned int memory;
};
using NvmlDevice = struct NvmlDeviceOpaque*;
using InitFn = int (*)();
using HandleByBusIdFn = int (*)(const char*, NvmlDevice*);
using UtilizationFn = int (*)(NvmlDevice, NvmlUtilization*);

struct Nvml {
    HandleByBusIdFn handle_by_bus_id = nullptr;
    UtilizationFn utilization = nullptr;
    std::string why_not;  // empty when loaded
};

const Nvml& nvml() {
    static const Nvml loaded = [] {
        Nvml api;
        void* library = ::dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
        if (library == nullptr) {
            api.why_not = "NVML (libnvidia-ml.so.1) cannot be loaded";
            return api;
        }
        auto init = reinterpret_cast<InitFn>(::dlsym(library, "nvmlInit_v2"));
        api.handle_by_bus_id =
            reinterpret_cast<HandleByBusIdFn>(::dlsym(library, "nvmlDeviceGetHandleByPciBusId_v2"));
        api.utilization =
            reinterpret_cast<UtilizationFn>(::dlsym(library, "nvmlDeviceGetUtilizationRates"));
        if (init == nullptr || api.handle_by_bus_id == nullptr || api.utilization == nullptr) {
            api.why_not = "libnvidia-ml.so.1 lacks the NVML utilization functions";
        } else if (const int status = init(); status != 0) {
            api.why_not = "nvmlInit_v2 failed with NVML status " + std::to_string(status);
        }
        return api;
    }();
    return loaded;
}

}  // namespace

aclError nvml_utilization(int32_t physical_device, DeviceUtilization* out) {
    const Nvml& api = nvml();
    if (!api.why_not.empty()) {
        set_last_error_text(api.why_not);
        return ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
    }
    char bus_id[32] = {};
    ACLEMU_TRY(GPU_CALL(cudaDeviceGetPCIBusId, bus_id, sizeof bus_id, physical_device));
    NvmlDevice device = nullptr;
    NvmlUtilization rates{};
    if (api.handle_by_bus_id(bus_id, &device) != 0 || api.utilization(device, &rates) != 0) {
        set_last_error_text(std::string("NVML has no utilization for the device at PCI bus ")
                            + bus_id);
        return ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
    }
    out->compute = static_cast<int32_t>(rates.gpu);
    out->memory = static_cast<int32_t>(rates.memory);
    return ACL_SUCCESS;
}

}  // namespace aclemu::rt::ACLEMU_GPU_NAMESPACE

#endif
