// The event domain's state: every live aclrtEvent. A handle is the address of an Event and is
// used only after it has been found here. Its own mutex, never held while waiting on an event.
#pragma once

#include "acl/acl.h"

#include "backend/backend.h"
#include "core/arg_checks.h"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace aclemu::rt {

/// The host's records of an ACL_EVENT_EXTERNAL event (aclrtRecordEvent on a stream that is not
/// being captured), counted: a captured wait on such an event releases each execution at the next
/// one (graph/external_wait.h). Shared with those waits, which may outlive the event.
struct HostRecords {
    std::mutex mu;
    std::condition_variable cv;
    uint64_t count = 0;
    bool closed = false;  // the event was destroyed, or aclFinalize: every wait ends

    uint64_t recorded();
    void add();
    void close();
    /// Blocks until `count` reaches `target`; false when the records closed first.
    bool wait_for(uint64_t target);
};

/// The events one device holds at most (CANN's figure for Atlas A2/A3): aclrtGetEventAvailNum.
constexpr uint32_t kMaxEventsPerDevice = 65536;

struct Event {
    std::unique_ptr<BackendEvent> impl;
    uint32_t flags = 0;
    bool timing = true;
    bool sync_capable = true;  // may be waited on / reset
    int32_t device = 0;
    uint32_t id = 0;  // aclrtGetEventId: the lowest id no other live event of the device has
    std::atomic<bool> recorded{false};
    /// ACL_EVENT_IPC, or opened from another process: the backend tracks its records (in memory
    /// the processes share), so `recorded` stays true.
    bool ipc = false;
    bool imported = false;             // opened with aclrtIpcOpenEventHandle
    std::shared_ptr<void> ipc_export;  // its export record, once exported (sharing/api_ipc.cpp)
    std::shared_ptr<HostRecords> host_records;  // ACL_EVENT_EXTERNAL events only
};

/// ACL_SUCCESS when `event` may be waited on and reset (`sync_capable`); else
/// ACL_ERROR_RT_PARAM_INVALID naming the argument `handle`: it "cannot be <use>".
aclError require_sync_capable(const Event& event, aclrtEvent handle, const char* use);

/// ACL_SUCCESS when the event `handle` (the argument `param`) has a timestamp to read: `event`
/// was created with ACL_EVENT_TIME_LINE and recorded (else ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID),
/// and `query_complete(bool*)` finds its record complete (else ACL_ERROR_RT_EVENT_NOT_COMPLETE).
template <class Query>
aclError require_timestamp(const Event& event,
                           const char* param,
                           aclrtEvent handle,
                           Query query_complete) {
    ACLEMU_TRY(reject_if(!event.timing,
                         param,
                         handle,
                         "the event was created without ACL_EVENT_TIME_LINE and has no timestamp",
                         ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID));
    ACLEMU_TRY(reject_if(!event.recorded.load(),
                         param,
                         handle,
                         "the event has not been recorded",
                         ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID));
    bool complete = false;
    ACLEMU_TRY(query_complete(&complete));
    return reject_if(!complete,
                     param,
                     handle,
                     "the recorded work has not completed; synchronize first",
                     ACL_ERROR_RT_EVENT_NOT_COMPLETE);
}

class EventRegistry {
public:
    static EventRegistry& instance();

    /// An event in the current context (flags already checked).
    aclError create(uint32_t flags, bool timing, aclrtEvent* out);
    /// Registers an event another process shared (aclrtIpcOpenEventHandle) in the current
    /// context.
    aclError adopt_ipc(std::unique_ptr<BackendEvent> impl, aclrtEvent* out);
    aclError destroy(aclrtEvent handle);
    /// A live event.
    aclError find(aclrtEvent handle, std::shared_ptr<Event>* out);
    /// How many live events logical device `device` holds.
    uint32_t live_on_device(int32_t device);
    /// Teardown (teardown.h): unregisters every event and destroys what the backend made for it
    /// (`backend` null: none was ever created).
    void release(Backend* backend);

private:
    EventRegistry() = default;
    aclError add(std::shared_ptr<Event> event, aclrtEvent* out);

    std::mutex mu_;
    std::unordered_map<Event*, std::shared_ptr<Event>> events_;
};

inline EventRegistry& events() {
    return EventRegistry::instance();
}

}  // namespace aclemu::rt
