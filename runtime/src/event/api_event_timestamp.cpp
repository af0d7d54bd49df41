// Entry point: aclrtEventGetTimestamp, the completion time of an event's latest record in
// microseconds of the host's monotonic clock (CLOCK_MONOTONIC, time since boot, as CANN counts
// from the device's start). The CPU backend stamps the record when it runs; a GPU backend
// maps the event onto the host clock through an anchor event (backend/gpu/gpu_clock.h).
#include "acl/acl.h"

#include "core/arg_checks.h"
#include "core/status.h"
#include "event/event_registry.h"
#include "runtime_state.h"

using namespace aclemu::rt;

extern "C" {

aclError aclrtEventGetTimestamp(aclrtEvent event, uint64_t* timestamp) {
    return api_call_init("aclrtEventGetTimestamp", [&] {
        ACLEMU_CHECK_NOT_NULL(event);
        ACLEMU_CHECK_NOT_NULL(timestamp);
        std::shared_ptr<Event> found;
        Backend* backend = nullptr;
        ACLEMU_TRY(events().find(event, &found));
        ACLEMU_TRY(runtime().backend(&backend));
        ACLEMU_TRY(reject_if(!found->timing,
                             "event",
                             event,
                             "the event was created without ACL_EVENT_TIME_LINE and has "
                             "no timestamp",
                             ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID));
        ACLEMU_TRY(reject_if(!found->recorded.load(),
                             "event",
                             event,
                             "the event has not been recorded",
                             ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID));
        bool complete = false;
        ACLEMU_TRY_BACKEND(backend->streams().query_event(found->impl.get(), &complete),
                           backend,
                           "event query failed");
        ACLEMU_TRY(reject_if(!complete,
                             "event",
                             event,
                             "the recorded work has not completed; synchronize first",
                             ACL_ERROR_RT_EVENT_NOT_COMPLETE));
        ACLEMU_TRY_BACKEND(backend->tasks().event_timestamp_us(found->impl.get(), timestamp),
                           backend,
                           "cannot read the event's timestamp");
        return ACL_SUCCESS;
    });
}

}  // extern "C"
