#include "stream/stream_sync.h"

#include "core/status.h"
#include "runtime_state.h"

namespace aclemu::rt {

aclError wait_for_stream(
    Stream& stream, Backend* backend, int32_t timeout_ms, const char* failed, const char* late) {
    WaitResult result = WaitResult::Done;
    ACLEMU_TRY_BACKEND(
        backend->streams().synchronize_stream(stream.impl.get(), timeout_ms, &result),
        backend,
        failed);
    if (result == WaitResult::TimedOut) {
        return fail(ACL_ERROR_RT_STREAM_SYNC_TIMEOUT, msg_timed_out(late, timeout_ms));
    }
    return ACL_SUCCESS;
}

}  // namespace aclemu::rt
