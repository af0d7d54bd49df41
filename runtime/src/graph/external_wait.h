// Captured waits on external events. CANN's task-update pattern captures aclrtStreamWaitEvent on
// an ACL_EVENT_EXTERNAL event that nothing has recorded yet; each execution then stops at that
// wait until the host records the event (typically after aclmdlRICaptureTaskUpdateEnd), so the
// tasks after it run as updated. Here such a wait is a control point (Note [Control points],
// control.h) that does not hold the host thread: the execution puts a gate on its stream (a wait
// on the instance's gate word) and returns; a helper thread waits for the host's next record of
// the event, then runs the rest of the execution on a private stream, after the point where the
// executing stream stopped and after the record, and finally opens the gate. Work enqueued on the
// executing stream later waits behind the gate, so stream order is kept.
#pragma once

#include "acl/acl.h"

#include "backend/backend.h"
#include "event/event_registry.h"

#include <functional>
#include <memory>

namespace aclemu::rt {
struct Stream;
}

namespace aclemu::rt::graph {

/// aclrtStreamWaitEvent on a recording stream with an ACL_EVENT_EXTERNAL event: cuts the
/// recording at an external wait. ACL_ERROR_RT_FEATURE_NOT_SUPPORT inside a task group's update.
aclError capture_external_wait(Stream& stream,
                               Backend& backend,
                               aclrtEvent event,
                               const std::shared_ptr<HostRecords>& records);

/// Runs `rest` on a helper thread once `records` reached `target` (its argument: true) or closed
/// (false: the event was destroyed, or aclFinalize).
void start_after_record(std::shared_ptr<HostRecords> records,
                        uint64_t target,
                        std::function<void(bool)> rest);

/// aclFinalize, before the backend goes: ends every wait for a record and joins the helpers.
void finish_external_waits();

}  // namespace aclemu::rt::graph
