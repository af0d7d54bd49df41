// Entry points: events. The front end tracks whether an event has a pending record (`recorded`,
// cleared by aclrtResetEvent), so never-recorded events behave the same on every backend:
// nothing to wait for, no timestamp; aclrtQueryEvent reads them complete, while
// aclrtQueryEventStatus reads them not ready (CANN documents ACL_EVENT_RECORDED_STATUS_NOT_READY
// for an event not recorded to a stream, and the event samples rely on it).
#include "acl/acl.h"

#include "core/arg_checks.h"
#include "core/status.h"
#include "event/event_registry.h"
#include "graph/capture_registry.h"
#include "observe/traced_task.h"
#include "runtime_state.h"

#include <string>

using namespace aclemu::rt;

namespace {

constexpr uint32_t kKnownEventFlags = ACL_EVENT_SYNC | ACL_EVENT_CAPTURE_STREAM_PROGRESS
                                      | ACL_EVENT_TIME_LINE | ACL_EVENT_DEVICE_USE_ONLY
                                      | ACL_EVENT_EXTERNAL | ACL_EVENT_IPC;

aclError create_with_flag(aclrtEvent* event, uint32_t flag) {
    ACLEMU_CHECK_NOT_NULL(event);
    ACLEMU_TRY(reject_if(
        (flag & ~kKnownEventFlags) != 0, "flag", flag, "contains unknown ACL_EVENT_* bits"));
    // CANN: ACL_EVENT_EXTERNAL (a capture's task-update event) takes no other flag.
    ACLEMU_TRY(reject_if((flag & ACL_EVENT_EXTERNAL) != 0 && flag != ACL_EVENT_EXTERNAL,
                         "flag",
                         flag,
                         "ACL_EVENT_EXTERNAL cannot be combined with other flags"));
    aclrtEvent created = nullptr;
    bool timing = (flag & ACL_EVENT_TIME_LINE) != 0;
    ACLEMU_TRY(events().create(flag, timing, &created));
    *event = created;
    return ACL_SUCCESS;
}

struct EventAndBackend {
    std::shared_ptr<Event> event;
    Backend* backend = nullptr;
};

aclError lookup(aclrtEvent handle, EventAndBackend* out) {
    ACLEMU_CHECK_NOT_NULL(handle);
    ACLEMU_TRY(events().find(handle, &out->event));
    return runtime().backend(&out->backend);
}

aclError synchronize(aclrtEvent handle, int32_t timeout) {
    EventAndBackend target;
    ACLEMU_TRY(lookup(handle, &target));
    if (!target.event->recorded.load()) {
        return ACL_SUCCESS;
    }
    WaitResult result = WaitResult::Done;
    ACLEMU_TRY_BACKEND(
        target.backend->streams().synchronize_event(target.event->impl.get(), timeout, &result),
        target.backend,
        "event synchronization failed");
    if (result == WaitResult::TimedOut) {
        return fail(ACL_ERROR_RT_EVENT_SYNC_TIMEOUT,
                    msg_timed_out("the event did not complete", timeout));
    }
    aclemu::observe::completion_observed();
    return ACL_SUCCESS;
}

/// `recorded` (optional): whether the event has a record to complete.
aclError query(aclrtEvent handle, bool* complete, bool* recorded = nullptr) {
    EventAndBackend target;
    ACLEMU_TRY(lookup(handle, &target));
    const bool has_record = target.event->recorded.load();
    if (recorded != nullptr) {
        *recorded = has_record;
    }
    if (!has_record) {
        *complete = true;
        return ACL_SUCCESS;
    }
    ACLEMU_TRY_BACKEND(target.backend->streams().query_event(target.event->impl.get(), complete),
                       target.backend,
                       "event query failed");
    if (*complete) {
        aclemu::observe::completion_observed();
    }
    return ACL_SUCCESS;
}

}  // namespace

extern "C" {

aclError aclrtCreateEvent(aclrtEvent* event) {
    return api_call_init("aclrtCreateEvent", [&] {
        return create_with_flag(event, ACL_EVENT_SYNC | ACL_EVENT_TIME_LINE);
    });
}

aclError aclrtCreateEventWithFlag(aclrtEvent* event, uint32_t flag) {
    return api_call_init("aclrtCreateEventWithFlag", [&] { return create_with_flag(event, flag); });
}

aclError aclrtCreateEventExWithFlag(aclrtEvent* event, uint32_t flag) {
    return api_call_init("aclrtCreateEventExWithFlag",
                         [&] { return create_with_flag(event, flag); });
}

aclError aclrtDestroyEvent(aclrtEvent event) {
    return api_call_init("aclrtDestroyEvent", [&] {
        ACLEMU_CHECK_NOT_NULL(event);
        return events().destroy(event);
    });
}

aclError aclrtRecordEvent(aclrtEvent event, aclrtStream stream) {
    return api_call_init("aclrtRecordEvent", [&] {
        EventAndBackend target;
        ACLEMU_TRY(lookup(event, &target));
        std::shared_ptr<Stream> on;
        ACLEMU_TRY(runtime().stream(stream, &on));
        ACLEMU_TRY_BACKEND(traced_enqueue(
                               on,
                               TaskKind::EventRecord,
                               "record event",
                               [&](TaskTrace& task) { describe_event(task, event, *target.event); },
                               [&] {
                                   return target.backend->streams().record_event(
                                       target.event->impl.get(), on->impl.get());
                               }),
                           target.backend,
                           "cannot record the event");
        target.event->recorded.store(true);
        if (target.event->host_records && !graph::recording(*on)) {
            target.event->host_records->add();  // releases a captured wait (external_wait.h)
        }
        graph::note_event_record(event, *on);  // a wait on it may join a capture
        return runtime().after_enqueue(*on);
    });
}

aclError aclrtResetEvent(aclrtEvent event, aclrtStream stream) {
    return api_call_init("aclrtResetEvent", [&] {
        EventAndBackend target;
        ACLEMU_TRY(lookup(event, &target));
        ACLEMU_TRY(require_sync_capable(*target.event, event, "reset"));
        std::shared_ptr<Stream> on;
        ACLEMU_TRY(runtime().stream(stream, &on));
        target.event->recorded.store(false);
        return ACL_SUCCESS;
    });
}

aclError aclrtSynchronizeEvent(aclrtEvent event) {
    return api_call_init("aclrtSynchronizeEvent", [&] { return synchronize(event, -1); });
}

aclError aclrtSynchronizeEventWithTimeout(aclrtEvent event, int32_t timeout) {
    return api_call_init("aclrtSynchronizeEventWithTimeout", [&] {
        ACLEMU_TRY(check_wait_timeout(timeout));
        return synchronize(event, timeout);
    });
}

aclError aclrtQueryEvent(aclrtEvent event, aclrtEventStatus* status) {
    return api_call_init("aclrtQueryEvent", [&] {
        ACLEMU_CHECK_NOT_NULL(status);
        bool complete = false;
        ACLEMU_TRY(query(event, &complete));
        *status = complete ? ACL_EVENT_STATUS_COMPLETE : ACL_EVENT_STATUS_NOT_READY;
        return ACL_SUCCESS;
    });
}

aclError aclrtQueryEventStatus(aclrtEvent event, aclrtEventRecordedStatus* status) {
    return api_call_init("aclrtQueryEventStatus", [&] {
        ACLEMU_CHECK_NOT_NULL(status);
        bool complete = false;
        bool recorded = false;
        ACLEMU_TRY(query(event, &complete, &recorded));
        *status = recorded && complete ? ACL_EVENT_RECORDED_STATUS_COMPLETE
                                       : ACL_EVENT_RECORDED_STATUS_NOT_READY;
        return ACL_SUCCESS;
    });
}

aclError aclrtEventElapsedTime(float* ms, aclrtEvent startEvent, aclrtEvent endEvent) {
    return api_call_init("aclrtEventElapsedTime", [&] {
        ACLEMU_CHECK_NOT_NULL(ms);
        ACLEMU_CHECK_NOT_NULL(startEvent);
        ACLEMU_CHECK_NOT_NULL(endEvent);
        EventAndBackend start;
        EventAndBackend end;
        ACLEMU_TRY(lookup(startEvent, &start));
        ACLEMU_TRY(lookup(endEvent, &end));
        for (auto [name, handle, target] : {std::tuple{"startEvent", startEvent, &start},
                                            std::tuple{"endEvent", endEvent, &end}}) {
            // Copied into the lambda: a C++17 lambda cannot capture a structured binding.
            ACLEMU_TRY(
                require_timestamp(*target->event, name, handle, [event = handle](bool* complete) {
                    return query(event, complete);
                }));
        }
        ACLEMU_TRY_BACKEND(
            start.backend->streams().elapsed_ms(ms, start.event->impl.get(), end.event->impl.get()),
            start.backend,
            "cannot compute the elapsed time");
        return ACL_SUCCESS;
    });
}

}  // extern "C"
