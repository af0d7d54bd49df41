// The simulated device's state: errors (the calling thread's last error, the device's sticky
// fault), the tables that tell device memory from host memory, and the checks every entry point
// starts with.
#pragma once

#include "gpu/sim/runtime.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>

namespace gpusim::detail {

/// Records `error` as the calling thread's last error (unless success) and returns it.
gpusimError_t record(gpusimError_t error);

/// The calling thread's last error, and its reset.
gpusimError_t last_error();
void clear_last_error();

/// Makes `error` the device's sticky error: every later call returns it, as after a kernel fault.
void set_sticky(gpusimError_t error);
gpusimError_t sticky();
void clear_sticky();

/// The check at the top of every entry point `api` (its name): not inside a host function (CUDA
/// forbids runtime calls there), no sticky fault, no fault injected for it (fault.h).
/// gpusimSuccess, or the recorded error.
gpusimError_t enter(const char* api);

/// Marks the calling thread as running host functions (for enter()).
void set_in_host_function(bool inside);

/// Allocations of one kind (device or pinned host), by base address.
class AllocationTable {
public:
    void add(const void* base, size_t bytes);
    /// Removes the allocation starting at `base`; false when there is none.
    bool remove(const void* base, size_t* bytes);
    /// True when [ptr, ptr + bytes) lies inside one allocation (bytes 0: ptr inside one).
    bool contains(const void* ptr, size_t bytes) const;
    /// The allocation `ptr` lies in: its base and size; false when none.
    bool find(const void* ptr, uintptr_t* base, size_t* bytes) const;
    size_t total_bytes() const;

private:
    mutable std::mutex mutex_;
    std::map<uintptr_t, size_t> blocks_;
    size_t total_ = 0;
};

AllocationTable& device_memory();
AllocationTable& pinned_memory();
/// Device memory the process did not allocate with gpusimMalloc: virtual memory mappings with
/// access (vmm.cpp) and other processes' memory opened here (ipc.cpp). Not counted as used.
AllocationTable& mapped_memory();

/// True when [ptr, ptr + bytes) lies inside one device allocation or mapping (bytes 0: ptr
/// inside one).
bool is_device_memory(const void* ptr, size_t bytes);

/// Physical memory of the host: the simulated device's "global memory".
size_t physical_memory_bytes();

/// ACLEMU_GPUSIM_DEVICE_COUNT (1..kMaxDevices; default, or anything else, 1), read each time.
constexpr int kMaxDevices = 8;
int device_count();

/// The calling thread's current device (gpusimSetDevice), 0 until it sets one.
int current_device();
void set_current_device(int device);

/// The properties a device profile sets (ACLEMU_GPUSIM_PROFILE, read once per process):
///   default  4 SMs (small, so grid-stride loops run more than once), CUDA's grid limits;
///   tiny     1 SM and grid.y / grid.z of at most 4, so the kernels' second grid-stride rounds
///            and their loops over grid.y run at sizes a test can afford.
struct DeviceProfile {
    const char* name;
    int multi_processors;
    unsigned max_grid_dim[3];
};
const DeviceProfile& device_profile();

/// Fixed properties of the simulated device.
constexpr int kWarpSize = 32;
constexpr unsigned kMaxThreadsPerBlock = 1024;
constexpr unsigned kMaxBlockDim[3] = {1024, 1024, 64};
constexpr size_t kMaxSharedBytesPerBlock = 48 * 1024;
constexpr size_t kSharedBytesPerMultiProcessor = 228 * 1024;
constexpr int kMaxThreadsPerMultiProcessor = 2048;
constexpr int kL2CacheBytes = 50 * 1024 * 1024;
constexpr int kLeastStreamPriority = 0;
constexpr int kGreatestStreamPriority = -5;

}  // namespace gpusim::detail
