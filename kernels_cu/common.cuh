// What every launcher in kernels_cu shares: the grid-size rule, the launch-status protocol and
// the dtype switch. Included by the .cu files only (device code: nvcc, hipcc).
#pragma once

#include "kernels_cu/kernel_args.h"
#include "kernels_cu/math/dtype.h"
#include "kernels_cu/portability.h"

#include <atomic>
#include <cstdint>

namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE {

/// Resident blocks per SM a grid asks for: enough to hide memory latency on every current GPU;
/// the kernels are grid-stride loops, so a smaller grid than the work covers all of it.
constexpr int kBlocksPerSm = 8;

/// Largest gridDim.y and gridDim.z a launch may use (the hardware limit).
constexpr int64_t kMaxGridYZ = 65535;

/// Multiprocessors of the current device, queried once per device (the attribute call is cheap
/// but not free on every launch); 1 when the query fails.
inline int sm_count() {
    constexpr int kMaxDevices = 64;
    static std::atomic<int> cache[kMaxDevices] = {};
    int device = 0;
    if (gpuGetDevice(&device) != gpuSuccess || device < 0 || device >= kMaxDevices) {
        return 1;
    }
    int sms = cache[device].load(std::memory_order_relaxed);
    if (sms == 0) {
        if (gpuDeviceGetAttribute(&sms, gpuDevAttrMultiProcessorCount, device) != gpuSuccess
            || sms <= 0) {
            sms = 1;
        }
        cache[device].store(sms, std::memory_order_relaxed);
    }
    return sms;
}

/// The one grid-size rule: blocks enough for `work_items` when a block covers `items_per_block`
/// of them per grid-stride step, at least 1, at most kBlocksPerSm per SM.
inline unsigned grid_for(int64_t work_items, int64_t items_per_block) {
    const int64_t wanted = (work_items + items_per_block - 1) / items_per_block;
    const int64_t cap = static_cast<int64_t>(sm_count()) * kBlocksPerSm;
    return static_cast<unsigned>(wanted < 1 ? 1 : (wanted < cap ? wanted : cap));
}

/// Launch-status protocol of every launcher: clear_stale_error() before its first runtime call,
/// launch_status() after its launches. A failed runtime call of someone else (a pointer query,
/// say) leaves a non-sticky error behind that the first launch_status() would otherwise report.
inline void clear_stale_error() {
    static_cast<void>(gpuGetLastError());
}
/// The error of the launches since clear_stale_error() (0 = all launched), and clears it.
inline int launch_status() {
    return static_cast<int>(gpuGetLastError());
}

/// Calls f(T{}) with T the storage type of `dtype` (float, Half, BFloat16) and returns its
/// status; an unknown dtype is gpuErrorInvalidValue, never a silent success.
template <typename F>
int switch_dtype(DType dtype, F&& f) {
    switch (dtype) {
        case DType::Float32:
            return f(float{});
        case DType::Float16:
            return f(Half{});
        case DType::BFloat16:
            return f(BFloat16{});
    }
    return static_cast<int>(gpuErrorInvalidValue);
}

}  // namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE
