// Device utilization on NVIDIA GPUs, from NVML (libnvidia-ml.so.1, loaded when first needed: the
// driver installs it, aclemu does not link it). Only the CUDA build has it.
#pragma once

#include "acl/acl_base.h"

#include "backend/backend.h"
#include "gpu/gpu_runtime.h"

#include <cstdint>

namespace aclemu::rt::ACLEMU_GPU_NAMESPACE {

#if !defined(ACLEMU_GPU_SIM) && !defined(ACLEMU_USE_HIP)
/// NVML's busy percentages (GPU, memory) of the CUDA device `physical_device`, matched by PCI bus
/// id. ACL_ERROR_RT_FEATURE_NOT_SUPPORT when NVML cannot be loaded or does not know the device.
aclError nvml_utilization(int32_t physical_device, DeviceUtilization* out);
#endif

}  // namespace aclemu::rt::ACLEMU_GPU_NAMESPACE
