// The exception callback (aclrtSetExceptionInfoCallback): a task that fails on a stream
// (fail_stream_task) is reported to it at once, on the thread that ran the task, before the
// stream's next synchronize returns the failure.
#pragma once

#include "acl/acl_base.h"

#include <cstdint>

// The aclrtExceptionInfo of acl_rt.h (an opaque type there).
struct rtExceptionInfo {
    uint32_t task_id = 0;
    uint32_t stream_id = 0;
    uint32_t thread_id = 0;  // the kernel's id of the thread that put the task on the stream
    uint32_t device_id = 0;  // logical
    uint32_t error_code = 0;
    const void* function = nullptr;  // the aclrtFuncHandle of a kernel launched by binary
};

namespace aclemu::rt {

struct Stream;

/// True while an exception callback is registered (tasks then carry their id to the report).
bool exception_callback_set();

/// Calls the registered exception callback, if any, for a task of `stream` that failed with
/// `code`; the task is the one running on this thread (task_ids.h running_task).
void report_task_exception(const Stream& stream, aclError code);

}  // namespace aclemu::rt
