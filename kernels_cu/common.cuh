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

/// gridDim.y and gridDim.z of every current GPU: the fall-back when the device is not asked.
constexpr int64_t kMaxGridYZ = 65535;

/// A positive integer attribute of the current device, queried once per device and attribute
/// slot (the call is cheap but not free on every launch); `fallback` when the query fails.
template <int Slot>
int cached_device_attribute(gpuDeviceAttr_t attribute, int fallback) {
    constexpr int kMaxDevices = 64;
    static std::atomic<int> cache[kMaxDevices] = {};
    int device = 0;
    if (gpuGetDevice(&device) != gpuSuccess || device < 0 || device >= kMaxDevices) {
        static_cast<void>(gpuGetLastError());
        return fallback;
    }
    int value = cache[device].load(std::memory_order_relaxed);
    if (value == 0) {
        if (gpuDeviceGetAttribute(&value, attribute, device) != gpuSuccess || value <= 0) {
            static_cast<void>(gpuGetLastError());
            value = fallback;
        }
        cache[device].store(value, std::memory_order_relaxed);
    }
    return value;
}

/// Multiprocessors of the current device; 1 when the query fails.
inline int sm_count() {
    return cached_device_attribute<0>(gpuDevAttrMultiProcessorCount, 1);
}

/// Largest gridDim.y (and gridDim.z) a launch on the current device may use: the device's
/// limit, so a kernel's loop over grid.y also runs where it is small (the GPU simulator's tiny
/// profile).
inline int64_t max_grid_y() {
    return cached_device_attribute<1>(gpuDevAttrMaxGridDimY, static_cast<int>(kMaxGridYZ));
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
