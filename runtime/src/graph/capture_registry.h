// Which streams record their tasks instead of running them, and for what: a capture
// (aclmdlRICaptureBegin), a bound stream of a build (aclmdlRIBindStream), or a task group's
// update (aclmdlRICaptureTaskUpdateBegin). The backend does the recording (Note [Capture at the
// enqueue point], backend/cpu/work_queue.h; CUDA stream capture on the GPU); this registry keeps
// the front end's side: the instance being filled, the capture mode, the open task group.
//
// Also the rules other domains ask about: a synchronous wait on a recording stream is refused
// (ACL_ERROR_RT_STREAM_CAPTURED), and unsafe calls (synchronous copies and fills, copies from
// pageable host memory) are refused by the capture modes (ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT):
// while a GLOBAL capture is on, on every thread whose own mode is not RELAXED; on the thread
// that began a GLOBAL or THREAD_LOCAL capture, unless it switched to RELAXED
// (aclmdlRICaptureThreadExchangeMode). The queries cost one atomic load while nothing records.
#pragma once

#include "acl/acl.h"

#include "backend/backend.h"
#include "graph/model_ri.h"

#include <functional>
#include <memory>
#include <thread>
#include <vector>

namespace aclemu::rt {
struct Stream;
}

namespace aclemu::rt::graph {

struct Recording {
    enum class Kind { Capture, Build, Update };
    Kind kind = Kind::Capture;
    std::shared_ptr<ModelRI> model;    // Capture, Build: the instance the tasks go to
    std::shared_ptr<TaskGroup> group;  // Update: the group the tasks replace
    aclmdlRICaptureMode mode = ACL_MODEL_RI_CAPTURE_MODE_RELAXED;
    std::thread::id thread;   // who began it
    bool head = true;         // Build: the stream's flag
    bool group_open = false;  // Capture: between aclmdlRICaptureTaskGrpBegin and End
    size_t group_first = 0;   // the task the open group starts at
    /// Groups ended on the stream whose segment is not cut yet: they learn its index then.
    std::vector<TaskGroup*> pending_groups;
    /// Segments cut so far, in the order they run (Note [Control points]); shared by the
    /// streams a capture joined (Note [Captures joined through events]).
    std::shared_ptr<std::vector<ModelRI::Segment>> done;
    /// A stream joined to another's capture: that capture's stream (null for the origin).
    const Stream* origin = nullptr;
};

/// Starts the backend's capture of `stream` and registers `recording`;
/// ACL_ERROR_RT_STREAM_CAPTURED (with a message) when the stream already records.
aclError start_recording(Stream& stream, Backend& backend, Recording recording);
/// Ends it: *recording is what was registered, *segments what the backend recorded (the
/// segments cut at control points, then the last).
/// ACL_ERROR_RT_STREAM_NOT_CAPTURED (with a message) when the stream does not record.
aclError stop_recording(Stream& stream,
                        Backend& backend,
                        Recording* recording,
                        std::vector<ModelRI::Segment>* segments);
/// Note [Control points]: the stream's tasks so far become a segment ending with `then` (may be
/// null: a label's place), and recording goes on in a new one, whose index is *next.
/// ACL_ERROR_STREAM_TASK_GROUP_STATUS while a task group is open (a group lies in one segment).
aclError cut_segment(Stream& stream,
                     Backend& backend,
                     std::shared_ptr<const Control> then,
                     size_t* next);
// Note [Kernel launches as segments]: a backend without the task facet (the GPU simulator,
// whose captures are graphs of nodes aclemu cannot match to the launches that made them) records
// a captured aclrtLaunchKernel* as a segment of its own, which keeps the launch: the instance's
// task calls (api_model_ri_task_params.cpp) read it there, replace the segment's graph with a
// new launch's, and skip the segment when the task is disabled. Not inside a task group (a group
// lies in one segment): such a launch is an ordinary task.

/// Whether `backend` records kernel launches as segments: the GPU simulator (CUDA and HIP do
/// not, so that a captured instance stays one CUDA graph there).
bool kernels_as_segments(const Backend& backend);
/// Runs `launch`, a kernel launch on `stream`; while the stream is captured (outside a task
/// group), its tasks become a segment of their own that keeps `record`.
aclError record_kernel_segment(Stream& stream,
                               Backend& backend,
                               std::shared_ptr<const KernelTaskRecord> record,
                               const std::function<aclError()>& launch);
/// Runs `fn` under the registry's lock with the stream's recording, or nullptr.
aclError with_recording(const Stream& stream, const std::function<aclError(Recording*)>& fn);

/// The stream `handle` names, bound to an instance being built (aclmdlRIBindStream), and that
/// instance; ACL_ERROR_INVALID_PARAM naming `param` otherwise.
aclError bound_stream(aclrtStream handle,
                      const char* param,
                      std::shared_ptr<ModelRI>* model,
                      std::shared_ptr<Stream>* stream,
                      Backend** backend);

// Note [Captures joined through events]: as in CUDA, a stream that waits for an event recorded
// by a capturing stream joins that capture: its later tasks are recorded into the same instance,
// until the capture ends on the stream that began it. Each wait between streams of one capture
// cuts both streams' recordings, so the instance's segments hold every stream's tasks in an
// order that keeps each such dependency (the recorder's tasks before the waiter's); an
// execution replays them one after another on its stream, where the waits are already met.

/// aclrtRecordEvent: `event`'s latest record is on `stream` (captured or not).
void note_event_record(const void* event, const Stream& stream);
/// aclrtStreamWaitEvent, before the wait is enqueued: joins `waiter` to the capture that
/// recorded `event`, if one did. *skip_wait: the wait is met by the instance's order and must
/// not reach the backend.
aclError join_on_wait(Stream& waiter, Backend& backend, const void* event, bool* skip_wait);
/// aclmdlRICaptureEnd on `origin`: ends the captures of the streams joined to it (tasks the
/// origin never waited for are kept, before the origin's last ones).
aclError end_joined(const Stream& origin, Backend& backend);

/// Whether any stream records its tasks now (one atomic load).
bool any_recording();
/// Whether `stream` records its tasks now.
bool recording(const Stream& stream);
/// ACL_ERROR_RT_STREAM_CAPTURED, naming `api`, when `stream` records; else ACL_SUCCESS.
aclError refuse_while_capturing(const Stream& stream, const char* api);
/// ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT, naming `api`, when the capture modes forbid the
/// calling thread an unsafe call now; else ACL_SUCCESS.
aclError check_unsafe_call(const char* api);
/// aclmdlRICaptureThreadExchangeMode: the calling thread's mode becomes `mode`; returns the old.
aclmdlRICaptureMode exchange_thread_mode(aclmdlRICaptureMode mode);

/// Streams being destroyed: their recordings end (a capture's instance is invalidated).
void forget_streams(Backend* backend, const std::vector<std::shared_ptr<Stream>>& streams);
/// aclFinalize: every recording ends, every instance and task group is released.
void release_all(Backend* backend);

}  // namespace aclemu::rt::graph
