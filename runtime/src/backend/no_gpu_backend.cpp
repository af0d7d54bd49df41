// make_gpu_backend for builds without a GPU language: always unavailable, with the reason the
// runtime puts into its messages. backend/gpu defines it instead when CUDA or HIP is enabled.
#include "backend/backend.h"

#if !defined(ACLEMU_HAVE_CUDA) && !defined(ACLEMU_HAVE_HIP)

namespace aclemu::rt {

std::unique_ptr<Backend> make_gpu_backend(std::string* why) {
    if (why != nullptr) {
        *why = "aclemu was built without a GPU backend";
    }
    return nullptr;
}

}  // namespace aclemu::rt

#endif
