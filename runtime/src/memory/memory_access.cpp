#include "memory/memory_access.h"

#include "core/arg_checks.h"
#include "core/status.h"
#include "runtime_state.h"

#include <string>

namespace aclemu::rt {

aclError check_access(aclError code, const char* param, const void* ptr, uint8_t needed) {
    const std::optional<Allocation> block = runtime().allocations().find(ptr);
    if (!block || (block->access & needed) == needed) {
        return ACL_SUCCESS;
    }
    const char* does = needed == (kRead | kWrite) ? "reads and writes"
                       : needed == kWrite         ? "writes"
                                                  : "reads";
    return reject_arg(code,
                      param,
                      ptr,
                      std::string("the mapping it lies in has ")
                          + (block->access == 0 ? "no access" : "read-only access")
                          + " (aclrtMemSetAccess); this call " + does + " it");
}

}  // namespace aclemu::rt
