// Entry points that ask about a device: attributes (aclrtGetDeviceInfo, aclGetDeviceCapability),
// features (aclrtGetDeviceCapability), health (aclrtQueryDeviceStatus, aclrtGetErrorVerbose,
// aclrtRepairError) and utilization. The answers come from the backend's DeviceFacts;
// docs/backends.md has the table per backend.
#include "acl/acl.h"

#include "aclemu/c_enum.h"
#include "aclemu/checked_math.h"
#include "backend/host_facts.h"
#include "core/arg_checks.h"
#include "core/status.h"
#include "device/virtual_cores.h"
#include "runtime_state.h"

#include <cstring>
#include <limits>
#include <string>

using namespace aclemu::rt;

namespace {

aclError unsupported_attribute(const char* api, int64_t attr, const std::string& why) {
    return fail(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                msg_unsupported(api, "attribute " + std::to_string(attr) + ": " + why));
}

// The product of two device limits, or int64's maximum when it does not fit.
int64_t saturating_product(int64_t a, int64_t b) {
    int64_t product = 0;
    return aclemu::checked_mul(a, b, &product) ? product : std::numeric_limits<int64_t>::max();
}

// `attr` is the integer the caller passed (aclemu/c_enum.h): any value, named or not.
aclError device_info(int32_t device, int32_t physical, int64_t attr, int64_t* value) {
    DeviceFacts facts;
    ACLEMU_TRY(runtime().device_facts(device, &facts));
    constexpr const char* kApi = "aclrtGetDeviceInfo";
    if (attr >= ACL_DEV_ATTR_WARP_SIZE && attr <= ACL_DEV_ATTR_MAX_BLOCK_DIM_Z
        && attr != ACL_DEV_ATTR_UBUF_PER_VECTOR_CORE && !facts.simt) {
        return unsupported_attribute(kApi, attr, "the CPU backend runs no SIMT kernels");
    }
    switch (attr) {
        case ACL_DEV_ATTR_AICPU_CORE_NUM:  // AI CPU work (host functions) runs on the host
            *value = host_facts().logical_cores;
            return ACL_SUCCESS;
        case ACL_DEV_ATTR_AICORE_CORE_NUM:  // the emulated SoC's (device/virtual_cores.h)
        case ACL_DEV_ATTR_CUBE_CORE_NUM:
            *value = kVirtualCubeCores;
            return ACL_SUCCESS;
        case ACL_DEV_ATTR_VECTOR_CORE_NUM:
            *value = kVirtualVectorCores;
            return ACL_SUCCESS;
        case ACL_DEV_ATTR_WARP_SIZE:
            *value = facts.warp_size;
            return ACL_SUCCESS;
        case ACL_DEV_ATTR_MAX_THREAD_PER_VECTOR_CORE:
            *value = facts.max_threads_per_unit;
            return ACL_SUCCESS;
        case ACL_DEV_ATTR_UBUF_PER_VECTOR_CORE:
            *value = facts.local_memory_per_unit;
            return ACL_SUCCESS;
        case ACL_DEV_ATTR_MAX_GRID_DIM_X:
        case ACL_DEV_ATTR_MAX_GRID_DIM_Y:
        case ACL_DEV_ATTR_MAX_GRID_DIM_Z:
            *value = facts.max_grid_dim[attr - ACL_DEV_ATTR_MAX_GRID_DIM_X];
            return ACL_SUCCESS;
        case ACL_DEV_ATTR_MAX_BLOCK_PER_GRID:
            *value =
                saturating_product(saturating_product(facts.max_grid_dim[0], facts.max_grid_dim[1]),
                                   facts.max_grid_dim[2]);
            return ACL_SUCCESS;
        case ACL_DEV_ATTR_MAX_THREADS_PER_BLOCK:
            *value = facts.max_threads_per_block;
            return ACL_SUCCESS;
        case ACL_DEV_ATTR_MAX_BLOCK_DIM_X:
        case ACL_DEV_ATTR_MAX_BLOCK_DIM_Y:
        case ACL_DEV_ATTR_MAX_BLOCK_DIM_Z:
            *value = facts.max_block_dim[attr - ACL_DEV_ATTR_MAX_BLOCK_DIM_X];
            return ACL_SUCCESS;
        case ACL_DEV_ATTR_TOTAL_GLOBAL_MEM_SIZE:
            *value = facts.global_memory;
            return ACL_SUCCESS;
        case ACL_DEV_ATTR_L2_CACHE_SIZE:
            *value = facts.l2_cache;
            return ACL_SUCCESS;
        case ACL_DEV_ATTR_PHY_CHIP_ID:
            *value = physical;
            return ACL_SUCCESS;
        case ACL_DEV_ATTR_IS_VIRTUAL:
            *value = 0;
            return ACL_SUCCESS;
        case ACL_DEV_ATTR_SMP_ID:
        case ACL_DEV_ATTR_SUPER_POD_DEVICE_ID:
        case ACL_DEV_ATTR_SUPER_POD_SERVER_ID:
        case ACL_DEV_ATTR_SUPER_POD_ID:
        case ACL_DEV_ATTR_CUST_OP_PRIVILEGE:
        case ACL_DEV_ATTR_MAINBOARD_ID:
        case ACL_DEV_ATTR_HD_CONNECT_TYPE:
        case ACL_DEV_ATTR_DEVICE_FORM_FACTOR:
        case ACL_DEV_ATTR_SUPER_POD_CHASSIS_ID:
            return unsupported_attribute(
                kApi, attr, "Ascend server and super pod topology does not exist off Ascend");
        case ACL_DEV_ATTR_NPU_ARCH:
            return unsupported_attribute(
                kApi, attr, "aclemu runs no NPU binaries, so it has no NPU architecture");
        default:
            return reject_arg(ACL_ERROR_INVALID_PARAM, "attr", attr, "not an aclrtDevAttr");
    }
}

// The fault a device's later calls would fail with, as aclrtErrorInfo says it.
aclError error_verbose(int32_t device, aclrtErrorInfo* info) {
    int32_t physical = 0;
    ACLEMU_TRY(runtime().check_device(device, "deviceId", &physical));
    ACLEMU_BACKEND(backend, backend);
    aclError fault = ACL_SUCCESS;
    std::string what;
    if (aclError err = backend->device_fault(physical, &fault, &what); err != ACL_SUCCESS) {
        return fail(err, msg_runtime("cannot query device " + std::to_string(device)));
    }
    std::memset(info, 0, sizeof *info);
    switch (fault) {
        case ACL_SUCCESS:
            info->errorType = ACL_RT_NO_ERROR;
            break;
        case ACL_ERROR_RT_AICORE_EXCEPTION:
        case ACL_ERROR_RT_AICORE_TIMEOUT:
        case ACL_ERROR_RT_AICORE_TRAP_EXCEPTION:
            // A kernel fault (illegal address, assert, launch failure): a software error.
            info->errorType = ACL_RT_ERROR_AICORE;
            info->hasDetail = 1;
            info->detail.aicoreErrType = ACL_RT_AICORE_ERROR_SW;
            break;
        case ACL_ERROR_RT_HBM_MULTI_BIT_ECC_ERROR:
            info->errorType = ACL_RT_ERROR_MEMORY;
            break;
        default:
            info->errorType = ACL_RT_ERROR_OTHERS;
            break;
    }
    return ACL_SUCCESS;
}

}  // namespace

extern "C" {

aclError aclrtGetDeviceInfo(uint32_t deviceId, aclrtDevAttr attr, int64_t* value) {
    const int64_t attr_value = aclemu::enum_value(attr);  // any int a C caller passed
    return api_call_init("aclrtGetDeviceInfo", [&] {
        ACLEMU_CHECK_NOT_NULL(value);
        const auto device = static_cast<int32_t>(deviceId);
        int32_t physical = 0;
        ACLEMU_TRY(runtime().check_device(device, "deviceId", &physical));
        return device_info(device, physical, attr_value, value);
    });
}

aclError aclGetDeviceCapability(uint32_t deviceId, aclDeviceInfo deviceInfo, int64_t* value) {
    const int64_t info = aclemu::enum_value(deviceInfo);  // any int a C caller passed
    return api_call_init("aclGetDeviceCapability", [&] {
        ACLEMU_CHECK_NOT_NULL(value);
        uint32_t count = 0;
        ACLEMU_TRY(runtime().device_count(&count));
        if (deviceId >= count) {  // checked by the acl layer in CANN, hence not 107001
            return reject_arg(ACL_ERROR_INVALID_PARAM,
                              "deviceId",
                              deviceId,
                              "must be below the device count " + std::to_string(count));
        }
        DeviceFacts facts;
        ACLEMU_TRY(runtime().device_facts(static_cast<int32_t>(deviceId), &facts));
        switch (info) {
            case ACL_DEVICE_INFO_AI_CORE_NUM:  // the emulated SoC's (device/virtual_cores.h)
                *value = kVirtualCubeCores;
                return ACL_SUCCESS;
            case ACL_DEVICE_INFO_VECTOR_CORE_NUM:
                *value = kVirtualVectorCores;
                return ACL_SUCCESS;
            case ACL_DEVICE_INFO_L2_SIZE:
                *value = facts.l2_cache;
                return ACL_SUCCESS;
            default:
                return reject_arg(ACL_ERROR_INVALID_PARAM,
                                  "deviceInfo",
                                  info,
                                  "not an aclDeviceInfo (AI core, vector core, L2 size)");
        }
    });
}

aclError aclrtGetDeviceCapability(int32_t deviceId,
                                  aclrtDevFeatureType devFeatureType,
                                  int32_t* value) {
    const int64_t feature = aclemu::enum_value(devFeatureType);
    return api_call_init("aclrtGetDeviceCapability", [&] {
        ACLEMU_CHECK_NOT_NULL(value);
        ACLEMU_TRY(runtime().check_device(deviceId, "deviceId", nullptr));
        switch (feature) {
            // Updating a launched task and cross-device memory-queue events are task-scheduler
            // features of Ascend hardware; aclemu has neither.
            case ACL_FEATURE_TSCPU_TASK_UPDATE_SUPPORT_AIC_AIV:
            case ACL_FEATURE_SYSTEM_MEMQ_EVENT_CROSS_DEV:
                *value = ACL_DEV_FEATURE_NOT_SUPPORT;
                return ACL_SUCCESS;
            default:
                return reject_arg(ACL_ERROR_INVALID_PARAM,
                                  "devFeatureType",
                                  feature,
                                  "not an aclrtDevFeatureType");
        }
    });
}

aclError aclrtQueryDeviceStatus(int32_t deviceId, aclrtDeviceStatus* deviceStatus) {
    return api_call_init("aclrtQueryDeviceStatus", [&] {
        ACLEMU_CHECK_NOT_NULL(deviceStatus);
        aclrtErrorInfo info;
        ACLEMU_TRY(error_verbose(deviceId, &info));
        *deviceStatus = info.errorType == ACL_RT_NO_ERROR ? ACL_RT_DEVICE_STATUS_NORMAL
                                                          : ACL_RT_DEVICE_STATUS_ABNORMAL;
        return ACL_SUCCESS;
    });
}

aclError aclrtGetErrorVerbose(int32_t deviceId, aclrtErrorInfo* errorInfo) {
    return api_call_init("aclrtGetErrorVerbose", [&] {
        ACLEMU_CHECK_NOT_NULL(errorInfo);
        return error_verbose(deviceId, errorInfo);
    });
}

aclError aclrtRepairError(int32_t deviceId, const aclrtErrorInfo* errorInfo) {
    return api_call_init("aclrtRepairError", [&] {
        ACLEMU_CHECK_NOT_NULL(errorInfo);
        ACLEMU_TRY(runtime().check_device(deviceId, "deviceId", nullptr));
        // The caller's struct may hold any int in its enum field: read it as one.
        const int64_t type = aclemu::enum_value(errorInfo->errorType);
        if (type == ACL_RT_NO_ERROR) {
            return ACL_SUCCESS;  // nothing to repair
        }
        ACLEMU_TRY(reject_if((type < ACL_RT_ERROR_MEMORY || type > ACL_RT_ERROR_L3_PORT)
                                 && type != ACL_RT_ERROR_OTHERS,
                             "errorInfo->errorType",
                             type,
                             "not an aclrtErrorType (0..5, 0xFFFF)"));
        return fail(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                    msg_unsupported("aclrtRepairError",
                                    "a device fault (a GPU kernel fault) lasts for the rest of "
                                    "the process; restart it"));
    });
}

aclError aclrtGetDeviceUtilizationRate(int32_t deviceId, aclrtUtilizationInfo* utilizationInfo) {
    return api_call_init("aclrtGetDeviceUtilizationRate", [&] {
        ACLEMU_CHECK_NOT_NULL(utilizationInfo);
        int32_t physical = 0;
        ACLEMU_TRY(runtime().check_device(deviceId, "deviceId", &physical));
        ACLEMU_BACKEND(backend, backend);
        DeviceUtilization busy;
        if (aclError err = backend->utilization(physical, &busy); err != ACL_SUCCESS) {
            return backend_failed(
                err,
                backend,
                "cannot measure the utilization of device " + std::to_string(deviceId));
        }
        utilizationInfo->cubeUtilization = busy.compute;
        utilizationInfo->vectorUtilization = busy.compute;
        utilizationInfo->aicpuUtilization = host_busy_percent();  // host functions' cores
        utilizationInfo->memoryUtilization = busy.memory;
        return ACL_SUCCESS;
    });
}

}  // extern "C"
