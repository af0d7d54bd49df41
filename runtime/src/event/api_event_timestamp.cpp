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
        ACLEMU_TRY(require_timestamp(*found, "event", event, [&](bool* complete) {
            ACLEMU_TRY_BACKEND(backend->streams().query_event(found->impl.get(), complete),
                               backend,
                               "event query failed");
            return ACL_SUCCESS;
        }));
        ACLEMU_TRY_BACKEND(backend->tasks().event_timestamp_us(found->impl.get(), timestamp),
                           backend,
                           "cannot read the event's timestamp");
        return ACL_SUCCESS;
    });
}

}  // extern "C"
