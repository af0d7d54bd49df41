// The AI cores a device shows: those of the emulated SoC, an A2-class Ascend910B (24 AI cores,
// each one cube core and two vector cores), whatever the backend runs on. Kernels and tiling
// code hard-code such counts (8 or 24 blocks, one per core), so aclrtGetDeviceInfo,
// aclGetDeviceCapability and the core budgets (aclrtSetDeviceResLimit) answer with them, not
// with the host's threads or a GPU's SMs. platform_ascendc (ascendc/include/tiling/platform)
// reports the same counts to Ascend C tiling code.
#pragma once

#include "acl/acl_rt.h"

#include <cstdint>

namespace aclemu::rt {

/// AI cores, counted as cube cores (ACL_DEV_ATTR_AICORE_CORE_NUM, ACL_DEV_ATTR_CUBE_CORE_NUM).
constexpr int64_t kVirtualCubeCores = 24;
/// Vector cores (ACL_DEV_ATTR_VECTOR_CORE_NUM).
constexpr int64_t kVirtualVectorCores = 48;

/// The virtual core count of an aclrtDevResLimitType value (already checked: cube or vector).
constexpr int64_t virtual_cores(int64_t res_type) {
    return res_type == ACL_RT_DEV_RES_VECTOR_CORE ? kVirtualVectorCores : kVirtualCubeCores;
}

}  // namespace aclemu::rt
