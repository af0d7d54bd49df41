// Entry points: what an event answers about itself and its device (aclrtGetEventId,
// aclrtGetEventAvailNum, aclrtQueryEventWaitStatus), and the stream wait with a deadline
// (aclrtStreamWaitEventWithTimeout), whose wait is aclrtStreamWaitEvent's.
#include "acl/acl.h"

#include "core/arg_checks.h"
#include "core/status.h"
#include "event/event_registry.h"
#include "runtime_state.h"

#include <memory>

using namespace aclemu::rt;

namespace {

// A live event that may be asked `use` (not one shared with another process: CANN refuses
// those in aclrtGetEventId and aclrtQueryEventWaitStatus).
aclError find_local_event(aclrtEvent event, const char* use, std::shared_ptr<Event>* out) {
    ACLEMU_CHECK_NOT_NULL(event);
    ACLEMU_TRY(events().find(event, out));
    return reject_if((*out)->ipc, "event", event, use, ACL_ERROR_RT_PARAM_INVALID);
}

}  // namespace

extern "C" {

aclError aclrtGetEventId(aclrtEvent event, uint32_t* eventId) {
    return api_call_init("aclrtGetEventId", [&] {
        std::shared_ptr<Event> target;
        ACLEMU_TRY(find_local_event(event, "an IPC event has no id", &target));
        return store_out("eventId", eventId, target->id);
    });
}

aclError aclrtGetEventAvailNum(uint32_t* eventCount) {
    return api_call_init("aclrtGetEventAvailNum", [&] {
        ACLEMU_CHECK_NOT_NULL(eventCount);
        std::shared_ptr<Context> context;
        ACLEMU_TRY(runtime().unbound_context(&context));
        const uint32_t live = events().live_on_device(context->device);
        *eventCount = live < kMaxEventsPerDevice ? kMaxEventsPerDevice - live : 0;
        return ACL_SUCCESS;
    });
}

aclError aclrtQueryEventWaitStatus(aclrtEvent event, aclrtEventWaitStatus* status) {
    return api_call_init("aclrtQueryEventWaitStatus", [&] {
        ACLEMU_CHECK_NOT_NULL(status);
        std::shared_ptr<Event> target;
        ACLEMU_TRY(find_local_event(event, "the wait status of an IPC event is not kept", &target));
        ACLEMU_TRY(require_sync_capable(*target, event, "waited on"));
        // A wait on the event ends when the record it waits for completes: the waits are done
        // once that record is. Never recorded (or reset): nothing the waits could end on yet.
        bool complete = false;
        if (target->recorded.load()) {
            ACLEMU_BACKEND(backend, backend);
            ACLEMU_TRY_BACKEND(backend->streams().query_event(target->impl.get(), &complete),
                               backend,
                               "event query failed");
        }
        *status = complete ? ACL_EVENT_WAIT_STATUS_COMPLETE : ACL_EVENT_WAIT_STATUS_NOT_READY;
        return ACL_SUCCESS;
    });
}

aclError aclrtStreamWaitEventWithTimeout(aclrtStream stream, aclrtEvent event, int32_t timeout) {
    const aclError checked = api_call_init("aclrtStreamWaitEventWithTimeout", [&] {
        return reject_if(timeout < 0,
                         "timeout",
                         timeout,
                         "must be 0 (no deadline) or a number of seconds above 0");
    });
    // The deadline is accepted and not enforced, as aclrtStreamWaitEventWithFlag's.
    return checked != ACL_SUCCESS ? checked : aclrtStreamWaitEvent(stream, event);
}

}  // extern "C"
