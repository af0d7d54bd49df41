// aclnnInit / aclnnFinalize. aclemu's operators need nothing beyond the runtime (aclInit, then
// aclrtSetDevice), so these only record the call; both are idempotent and may be mixed freely
// with aclInit / aclFinalize.
#include "aclnn/aclnn_base.h"

#include "aclemu/log.h"

#include <atomic>

namespace {
std::atomic<bool> g_aclnn_initialized{false};
}  // namespace

extern "C" {

ACL_FUNC_VISIBILITY aclnnStatus aclnnInit(const char* configPath) {
    if (!g_aclnn_initialized.exchange(true)) {
        ACLEMU_LOG(
            Op, Info, "aclnnInit(%s): aclnn ready", configPath != nullptr ? configPath : "null");
    }
    return ACLNN_SUCCESS;
}

ACL_FUNC_VISIBILITY aclnnStatus aclnnFinalize() {
    if (g_aclnn_initialized.exchange(false)) {
        ACLEMU_LOG(Op, Info, "aclnnFinalize");
    }
    return ACLNN_SUCCESS;
}

}  // extern "C"
