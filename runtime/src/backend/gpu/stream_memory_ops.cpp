#include "backend/gpu/stream_memory_ops.h"

#include "aclemu/log.h"
#include "backend/gpu/driver_entry.h"
#include "backend/gpu/gpu_error.h"
#include "kernels_cu/builtin/launch.h"

#include <atomic>
#include <string>

namespace aclemu::rt::ACLEMU_GPU_NAMESPACE {
namespace {

using kernels::builtin::WaitMode;

// The kernel versions (kernels_cu/builtin/stream_value.cu).
aclError kernel_status(int code, const char* what) {
    return gpu_check(static_cast<gpuError_t>(code), what);
}

aclError write_by_kernel(gpuStream_t stream, uint64_t* addr, uint64_t value) {
    return kernel_status(
        kernels::builtin::ACLEMU_GPU_NAMESPACE::launchers().write_value(addr, value, stream),
        "stream write kernel launch");
}

aclError wait_by_kernel(gpuStream_t stream, const uint64_t* addr, uint64_t value, WaitMode mode) {
    return kernel_status(
        kernels::builtin::ACLEMU_GPU_NAMESPACE::launchers().wait_value(addr, value, mode, stream),
        "stream wait kernel launch");
}

#if defined(ACLEMU_CUDA_DRIVER_ENTRY_POINTS)

// The driver's stream memory operations, resolved once; null where the driver lacks them.
struct DriverMemOps {
    decltype(&::cuStreamWriteValue64) write = nullptr;
    decltype(&::cuStreamWaitValue64) wait = nullptr;
};

const DriverMemOps& driver_mem_ops() {
    static const DriverMemOps ops = [] {
        DriverMemOps found;
        found.write = driver_entry_point<decltype(found.write)>("cuStreamWriteValue64");
        found.wait = driver_entry_point<decltype(found.wait)>("cuStreamWaitValue64");
        if (found.write == nullptr || found.wait == nullptr) {
            ACLEMU_LOG(Runtime,
                       Info,
                       "the CUDA driver offers no 64-bit stream memory operations; "
                       "aclrtValueWrite/aclrtValueWait and notifies use a one-thread kernel");
        }
        return found;
    }();
    return ops;
}

// Set once a driver call said "not supported" (a device without 64-bit stream memory
// operations, or NOR waits): the kernels take over for the rest of the process.
std::atomic<bool> driver_write_refused{false};
std::atomic<bool> driver_wait_refused{false};

// A driver stream memory operation's status: ACL_SUCCESS when it ran, `*refused` (and
// ACL_SUCCESS) when the device does not support it, so the kernel takes over; anything else is
// recorded as `api`'s failure.
aclError driver_status(CUresult status, const char* api, bool* refused) {
    *refused = status == CUDA_ERROR_NOT_SUPPORTED;
    if (status == CUDA_SUCCESS || *refused) {
        return ACL_SUCCESS;
    }
    set_last_error_text(std::string(api) + ": CUDA driver error "
                        + std::to_string(static_cast<int>(status)));
    return ACL_ERROR_RT_INTERNAL_ERROR;
}

#endif

}  // namespace

aclError stream_write_value(gpuStream_t stream, uint64_t* addr, uint64_t value) {
#if defined(ACLEMU_USE_HIP) || defined(ACLEMU_GPU_SIM)
    const gpuError_t status = gpuStreamWriteValue64(stream, addr, value, 0);
    if (status == gpuErrorNotSupported) {
        static_cast<void>(gpuGetLastError());
        return write_by_kernel(stream, addr, value);
    }
    return gpu_check(status, GPU_NAME_OF(gpuStreamWriteValue64));
#else
    const DriverMemOps& ops = driver_mem_ops();
    if (ops.write != nullptr && !driver_write_refused.load(std::memory_order_relaxed)) {
        bool refused = false;
        const aclError status = driver_status(
            ops.write(
                reinterpret_cast<CUstream>(stream), reinterpret_cast<CUdeviceptr>(addr), value, 0),
            "cuStreamWriteValue64",
            &refused);
        if (!refused) {
            return status;
        }
        driver_write_refused.store(true, std::memory_order_relaxed);
    }
    return write_by_kernel(stream, addr, value);
#endif
}

aclError stream_wait_value(gpuStream_t stream,
                           const uint64_t* addr,
                           uint64_t value,
                           WaitMode mode) {
    const unsigned flags = static_cast<unsigned>(mode);
#if defined(ACLEMU_USE_HIP)
    if (mode == WaitMode::Geq) {
        return wait_by_kernel(stream, addr, value, mode);
    }
#endif
#if defined(ACLEMU_USE_HIP) || defined(ACLEMU_GPU_SIM)
    const gpuError_t status =
        gpuStreamWaitValue64(stream, const_cast<uint64_t*>(addr), value, flags);
    if (status == gpuErrorNotSupported) {
        static_cast<void>(gpuGetLastError());
        return wait_by_kernel(stream, addr, value, mode);
    }
    return gpu_check(status, GPU_NAME_OF(gpuStreamWaitValue64));
#else
    const DriverMemOps& ops = driver_mem_ops();
    if (ops.wait != nullptr && !driver_wait_refused.load(std::memory_order_relaxed)) {
        bool refused = false;
        const aclError status = driver_status(ops.wait(reinterpret_cast<CUstream>(stream),
                                                       reinterpret_cast<CUdeviceptr>(addr),
                                                       value,
                                                       flags),
                                              "cuStreamWaitValue64",
                                              &refused);
        if (!refused) {
            return status;
        }
        if (mode != WaitMode::Nor) {  // NOR alone may be what the device lacks
            driver_wait_refused.store(true, std::memory_order_relaxed);
        }
    }
    return wait_by_kernel(stream, addr, value, mode);
#endif
}

}  // namespace aclemu::rt::ACLEMU_GPU_NAMESPACE
