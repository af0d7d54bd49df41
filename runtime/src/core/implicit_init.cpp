// The implicit initialisation CANN performs when a program opens a device without aclInit
// (CANN's current .asc examples start with aclrtSetDevice): the runtime initialises as
// aclInit(nullptr) would; a later aclInit takes that over and succeeds, and aclFinalize (or
// process exit) releases it as usual.
#include "aclemu/log.h"
#include "core/status.h"
#include "runtime_state.h"

#include <mutex>

namespace aclemu::rt {

aclError Runtime::init_implicitly() {
    if (initialized()) {
        return ACL_SUCCESS;
    }
    std::lock_guard<std::mutex> lifecycle(lifecycle_mu_);
    if (initialized()) {  // another thread initialised meanwhile
        return ACL_SUCCESS;
    }
    ACLEMU_TRY(init_locked(nullptr, true));
    ACLEMU_LOG(AscendCL, Info, "aclrtSetDevice before aclInit: initialised implicitly");
    return ACL_SUCCESS;
}

}  // namespace aclemu::rt
