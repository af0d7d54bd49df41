// The GPU backend's virtual memory calls (Backend::reserve_address ... import_physical): CUDA's
// cuMem* driver API, obtained at run time through cudaGetDriverEntryPoint(ByVersion) so the
// library loads, and everything else works, on machines without a driver; HIP's hipMem* and the
// simulator's gpusimMem* directly. Failures leave their text in last_error_text() (gpu_error.h).
#pragma once

#include "acl/acl_base.h"

#include "backend/backend.h"
#include "gpu/gpu_runtime.h"

#include <cstddef>
#include <cstdint>
#include <memory>

namespace aclemu::rt::ACLEMU_GPU_NAMESPACE::vmm {

aclError granularity(int32_t device, bool recommended, size_t* bytes);
aclError reserve(size_t bytes, void* wanted, void** ptr);
aclError release(void* ptr, size_t bytes);
aclError create(int32_t device, size_t bytes, std::unique_ptr<BackendPhysical>* physical);
/// Maps `physical` and grants `device` read-write access.
aclError map(void* ptr, size_t bytes, BackendPhysical& physical, int32_t device);
aclError unmap(void* ptr, size_t bytes);
aclError set_access(void* ptr, size_t bytes, const DeviceAccess* access, size_t count);
/// The blob names a POSIX descriptor of this process, kept open while `physical` lives.
aclError export_handle(BackendPhysical& physical, ExportBlob* blob);
/// Takes the exporter's descriptor (pidfd_getfd, else /proc/<pid>/fd) and imports it.
aclError import_handle(int32_t exporter,
                       const ExportBlob& blob,
                       std::unique_ptr<BackendPhysical>* physical);

}  // namespace aclemu::rt::ACLEMU_GPU_NAMESPACE::vmm
