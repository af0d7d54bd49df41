// The one mapping from CUDA/HIP errors to ACL runtime codes, and the per-thread last error text.
// Kernel faults (illegal address, assert, launch failure) become the AICORE exception codes an
// Ascend program already handles; anything without a closer match is ACL_ERROR_RT_INTERNAL_ERROR.
#include "backend/gpu/gpu_error.h"

#include <utility>

namespace aclemu::rt::ACLEMU_GPU_NAMESPACE {
namespace {

std::string& thread_last_error() {
    thread_local std::string text;
    return text;
}

}  // namespace

aclError to_acl_error(gpuError_t error) {
    switch (error) {
        case gpuSuccess:
            return ACL_SUCCESS;
        case gpuErrorInvalidValue:
        case gpuErrorInvalidDevicePointer:
            return ACL_ERROR_RT_PARAM_INVALID;
        case gpuErrorInvalidDevice:
            return ACL_ERROR_RT_INVALID_DEVICEID;
        case gpuErrorInvalidResourceHandle:
            return ACL_ERROR_RT_INVALID_HANDLE;
        case gpuErrorMemoryAllocation:
            return ACL_ERROR_RT_MEMORY_ALLOCATION;
        case gpuErrorNoDevice:
        case gpuErrorInsufficientDriver:
            return ACL_ERROR_RT_NO_DEVICE;
        case gpuErrorNotSupported:
            return ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
        case gpuErrorNotReady:
            return ACL_ERROR_RT_STREAM_NOT_COMPLETE;
        case gpuErrorLaunchTimeout:
            return ACL_ERROR_RT_AICORE_TIMEOUT;
        case gpuErrorIllegalAddress:
        case gpuErrorLaunchFailure:
        case gpuErrorAssert:
            return ACL_ERROR_RT_AICORE_EXCEPTION;
        case gpuErrorECCUncorrectable:
            return ACL_ERROR_RT_HBM_MULTI_BIT_ECC_ERROR;
        case gpuErrorInitializationError:
            return ACL_ERROR_RT_DRV_INTERNAL_ERROR;
        case gpuErrorStreamCaptureInvalidated:
            return ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED;
        default:
            return ACL_ERROR_RT_INTERNAL_ERROR;
    }
}

// Some HIP versions return the name as the string: then it is said once.
std::string describe(const char* api, gpuError_t error) {
    const std::string name = gpuGetErrorName(error);
    const std::string meaning = gpuGetErrorString(error);
    std::string text = std::string(api) + ": " + meaning;
    if (meaning != name) {
        text += " (" + name + ")";
    }
    return text;
}

aclError gpu_check(gpuError_t error, const char* api) {
    if (error == gpuSuccess) {
        return ACL_SUCCESS;
    }
    thread_last_error() = describe(api, error);
    // Resets only non-sticky errors; a sticky one (a kernel fault) keeps failing every call.
    static_cast<void>(gpuGetLastError());
    return to_acl_error(error);
}

void set_last_error_text(std::string text) {
    thread_last_error() = std::move(text);
}

const std::string& last_error_text() {
    return thread_last_error();
}

}  // namespace aclemu::rt::ACLEMU_GPU_NAMESPACE
