// The GPU backends' factories for builds without them: always unavailable, with the reason the
// runtime puts into its messages (and their kind: the CPU backend stands in). backend/gpu defines
// them instead when CUDA or HIP, or the GPU simulator, is enabled.
#include "backend/backend.h"

namespace aclemu::rt {

#if !defined(ACLEMU_HAVE_CUDA) && !defined(ACLEMU_HAVE_HIP)
std::unique_ptr<Backend> gpu::make_backend(std::string* why) {
    if (why != nullptr) {
        *why = "aclemu was built without a GPU backend";
    }
    return nullptr;
}

BackendKind gpu::built_kind() {
    return BackendKind::Cpu;
}
#endif

#if !defined(ACLEMU_HAVE_GPUSIM)
std::unique_ptr<Backend> gpusim::make_backend(std::string* why) {
    if (why != nullptr) {
        *why = "aclemu was built without the GPU simulator (-DACLEMU_ENABLE_GPUSIM=OFF)";
    }
    return nullptr;
}
#endif

}  // namespace aclemu::rt
