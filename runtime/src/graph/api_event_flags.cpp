// Entry points: event records and waits with a flag (aclrtRecordEventWithFlag,
// aclrtStreamWaitEventWithFlag). The EXTERNAL flags belong to ACL graphs: they are accepted only
// on a capturing stream, where a record or wait is captured and redone by every execution, as
// any captured record or wait is here (docs/backends.md, "ACL graphs"). The work itself is
// aclrtRecordEvent's and aclrtStreamWaitEvent's.
#include "acl/acl.h"

#include "core/arg_checks.h"
#include "core/status.h"
#include "graph/capture_registry.h"
#include "runtime_state.h"

#include <string>

using namespace aclemu::rt;

namespace {

// `flag` is 0 (DEFAULT) or 1 (EXTERNAL); EXTERNAL needs a capturing stream.
aclError check_flag(aclrtStream handle, uint32_t flag, uint32_t external, const char* names) {
    if (flag != 0 && flag != external) {
        return reject_arg(ACL_ERROR_INVALID_PARAM, "flag", flag, names);
    }
    if (flag == external) {
        std::shared_ptr<Stream> stream;
        ACLEMU_TRY(runtime().stream(handle, &stream));
        ACLEMU_TRY(reject_if(!graph::recording(*stream),
                             "flag",
                             flag,
                             "the EXTERNAL flag is for a stream being captured "
                             "(aclmdlRICaptureBegin), and this stream is not"));
    }
    return ACL_SUCCESS;
}

}  // namespace

extern "C" {

aclError aclrtRecordEventWithFlag(aclrtEvent event, aclrtStream stream, uint32_t flag) {
    const aclError checked = api_call_init("aclrtRecordEventWithFlag", [&] {
        return check_flag(stream,
                          flag,
                          ACL_EVENT_RECORD_EXTERNAL,
                          "must be ACL_EVENT_RECORD_DEFAULT (0) or ACL_EVENT_RECORD_EXTERNAL (1)");
    });
    return checked != ACL_SUCCESS ? checked : aclrtRecordEvent(event, stream);
}

aclError aclrtStreamWaitEventWithFlag(aclrtStream stream,
                                      aclrtEvent event,
                                      uint32_t timeout,
                                      uint32_t flag) {
    const aclError checked = api_call_init("aclrtStreamWaitEventWithFlag", [&] {
        ACLEMU_TRY(check_flag(stream,
                              flag,
                              ACL_EVENT_WAIT_EXTERNAL,
                              "must be ACL_EVENT_WAIT_DEFAULT (0) or ACL_EVENT_WAIT_EXTERNAL (1)"));
        return reject_if(flag == ACL_EVENT_WAIT_EXTERNAL && timeout != 0,
                         "timeout",
                         timeout,
                         "must be 0 (no deadline) with ACL_EVENT_WAIT_EXTERNAL");
    });
    return checked != ACL_SUCCESS ? checked : aclrtStreamWaitEvent(stream, event);
}

}  // extern "C"
