// The entry points that read one value of a stream (aclrtStreamGetPriority, aclrtStreamGetFlags,
// aclrtStreamGetId, aclrtGetStreamOverflowSwitch): behind the init gate, `out` checked, the
// stream resolved, then `read` of it stored in *out.
#pragma once

#include "core/status.h"
#include "runtime_state.h"

#include <memory>

namespace aclemu::rt {

/// `param` names `out` in the NULL message; the call's DEBUG line and error log name the entry
/// point's file and line.
template <class T, class Read>
aclError read_stream(const char* api,
                     aclrtStream stream,
                     const char* param,
                     T* out,
                     Read read,
                     const char* file = __builtin_FILE(),
                     int line = __builtin_LINE()) {
    return api_call_init(
        api,
        [&] {
            if (out == nullptr) {
                return fail(ACL_ERROR_INVALID_PARAM, msg_null(param), file, line);
            }
            std::shared_ptr<Stream> target;
            ACLEMU_TRY(runtime().stream(stream, &target));
            *out = read(target);
            return ACL_SUCCESS;
        },
        file,
        line);
}

}  // namespace aclemu::rt
