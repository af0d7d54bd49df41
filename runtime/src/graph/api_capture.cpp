// Entry points: stream capture into a model runtime instance (aclmdlRICaptureBegin .. End), the
// capture info and thread modes, task groups and their updates. The backend records
// (capture_registry.h); these check the calls' order and arguments.
#include "acl/acl.h"

#include "aclemu/c_enum.h"
#include "core/arg_checks.h"
#include "core/status.h"
#include "graph/capture_registry.h"
#include "graph/model_ri.h"
#include "runtime_state.h"

#include <string>
#include <thread>

using namespace aclemu::rt;
using namespace aclemu::rt::graph;

namespace {

aclError check_mode(int64_t mode, const char* param) {
    return reject_if(
        mode < ACL_MODEL_RI_CAPTURE_MODE_GLOBAL || mode > ACL_MODEL_RI_CAPTURE_MODE_RELAXED,
        param,
        mode,
        "not an aclmdlRICaptureMode (0 GLOBAL, 1 THREAD_LOCAL, 2 RELAXED)");
}

// The stream a capture call names: a user stream (captures refuse the default stream).
aclError capturable_stream(aclrtStream handle, std::shared_ptr<Stream>* stream, Backend** backend) {
    if (handle == nullptr) {
        return reject_arg(ACL_ERROR_RT_STREAM_CAPTURE_IMPLICIT,
                          "stream",
                          std::string("NULL"),
                          "the default stream cannot be captured; create a stream");
    }
    ACLEMU_TRY(runtime().stream_and_backend(handle, stream, backend));
    return reject_if((*stream)->is_default,
                     "stream",
                     handle,
                     "a default stream cannot be captured; create a stream",
                     ACL_ERROR_RT_STREAM_CAPTURE_IMPLICIT);
}

aclError not_a_capture(const Stream& stream) {
    return reject_arg(ACL_ERROR_RT_STREAM_NOT_CAPTURED,
                      "stream",
                      "id " + std::to_string(stream.id),
                      "the stream is not capturing (no aclmdlRICaptureBegin on it)");
}

/// The recording of a capture into `model`.
Recording capture_into(std::shared_ptr<ModelRI> model, int64_t mode) {
    Recording recording;
    recording.kind = Recording::Kind::Capture;
    recording.model = std::move(model);
    recording.mode = static_cast<aclmdlRICaptureMode>(mode);
    return recording;
}

aclError capture_begin(aclrtStream handle, int64_t mode) {
    ACLEMU_TRY(check_mode(mode, "mode"));
    ACLEMU_RESOLVE_STREAM_BY(stream, backend, capturable_stream, handle);
    std::shared_ptr<ModelRI> model;
    ACLEMU_TRY(create_model(stream->device, ModelRI::State::Capturing, &model));
    if (aclError err = start_recording(*stream, *backend, capture_into(model, mode));
        err != ACL_SUCCESS) {
        forget_model(*model, model.get());
        return err;
    }
    return ACL_SUCCESS;
}

// aclmdlRICaptureToModelRIBegin: a capture into a branch of a conditional task, not yet captured.
aclError capture_to_model_begin(aclrtStream handle, aclmdlRI model_handle, int64_t mode) {
    ACLEMU_FIND(ModelRI, model, live, model_handle, "modelRI");
    ACLEMU_TRY(check_mode(mode, "mode"));
    ACLEMU_RESOLVE_STREAM_BY(stream, backend, capturable_stream, handle);
    {
        std::lock_guard<std::mutex> lock(model->mu);
        ACLEMU_TRY(reject_if(!model->branch,
                             "modelRI",
                             model_handle,
                             "not a branch of a conditional task (aclmdlRIAddCondTask); "
                             "capture a new instance with aclmdlRICaptureBegin"));
        if (model->state != ModelRI::State::Ready || !model->bodies.empty()) {
            return reject_arg(ACL_ERROR_INVALID_PARAM,
                              "modelRI",
                              model_handle,
                              std::string("the branch is ") + state_name(model->state)
                                  + (model->bodies.empty() ? "" : " and already captured")
                                  + "; a branch is captured once");
        }
        model->state = ModelRI::State::Capturing;
    }
    if (aclError err = start_recording(*stream, *backend, capture_into(model, mode));
        err != ACL_SUCCESS) {
        std::lock_guard<std::mutex> lock(model->mu);
        model->state = ModelRI::State::Ready;
        return err;
    }
    return ACL_SUCCESS;
}

aclError capture_end(aclrtStream handle, aclmdlRI* model_ri) {
    if (model_ri == nullptr) {
        return fail(ACL_ERROR_INVALID_PARAM, msg_null("modelRI"));
    }
    ACLEMU_RESOLVE_STREAM_BY(stream, backend, capturable_stream, handle);
    ACLEMU_TRY(with_recording(*stream, [&](Recording* r) -> aclError {
        if (r == nullptr || r->kind != Recording::Kind::Capture) {
            return not_a_capture(*stream);
        }
        if (r->origin != nullptr) {
            return reject_arg(ACL_ERROR_RT_STREAM_CAPTURE_UNMATCHED,
                              "stream",
                              "id " + std::to_string(stream->id),
                              "the stream joined the capture of stream id "
                                  + std::to_string(r->origin->id)
                                  + " through an event; end the capture there");
        }
        if (r->mode != ACL_MODEL_RI_CAPTURE_MODE_RELAXED
            && r->thread != std::this_thread::get_id()) {
            return reject_arg(ACL_ERROR_RT_STREAM_CAPTURE_WRONG_THREAD,
                              "stream",
                              "id " + std::to_string(stream->id),
                              "a capture begun in GLOBAL or THREAD_LOCAL mode must end on "
                              "the thread that began it");
        }
        if (r->group_open) {
            return reject_arg(ACL_ERROR_STREAM_TASK_GROUP_STATUS,
                              "stream",
                              "id " + std::to_string(stream->id),
                              "a task group is open (aclmdlRICaptureTaskGrpBegin without "
                              "aclmdlRICaptureTaskGrpEnd)");
        }
        return ACL_SUCCESS;
    }));
    ACLEMU_TRY(end_joined(*stream, *backend));
    Recording recording;
    std::vector<ModelRI::Segment> segments;
    ACLEMU_TRY(stop_recording(*stream, *backend, &recording, &segments));
    ModelRI& model = *recording.model;
    {
        std::lock_guard<std::mutex> lock(model.mu);
        model.bodies.push_back(ModelRI::Body{stream->id, true, std::move(segments)});
        model.state = ModelRI::State::Ready;
    }
    *model_ri = &model;
    return ACL_SUCCESS;
}

aclError capture_info(aclrtStream handle, aclmdlRICaptureStatus* status, aclmdlRI* model_ri) {
    ACLEMU_CHECK_NOT_NULL(status);
    if (model_ri == nullptr) {
        return fail(ACL_ERROR_INVALID_PARAM, msg_null("modelRI"));
    }
    ACLEMU_RESOLVE_STREAM(handle, stream, backend);
    (void)backend;
    return with_recording(*stream, [&](Recording* r) {
        const bool capturing = r != nullptr && r->kind == Recording::Kind::Capture;
        *status = capturing ? ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE : ACL_MODEL_RI_CAPTURE_STATUS_NONE;
        *model_ri = capturing ? r->model.get() : nullptr;
        return ACL_SUCCESS;
    });
}

aclError exchange_mode(aclmdlRICaptureMode* mode) {
    ACLEMU_CHECK_NOT_NULL(mode);
    ACLEMU_TRY(check_mode(aclemu::enum_value(*mode), "mode"));
    *mode = exchange_thread_mode(*mode);
    return ACL_SUCCESS;
}

aclError group_status(const Stream& stream, const std::string& reason) {
    return reject_arg(
        ACL_ERROR_STREAM_TASK_GROUP_STATUS, "stream", "id " + std::to_string(stream.id), reason);
}

// Note [Task groups as segments]: a backend that cannot replace tasks inside a recorded graph
// (no task_groups() facet: CUDA, HIP, the GPU simulator, whose captures are CUDA graphs) gets
// each task group as a segment of its own, cut at aclmdlRICaptureTaskGrpBegin and End; an update
// then replaces the whole segment's graph.
bool groups_are_segments(const Backend* backend) {
    return backend->task_groups() == nullptr;
}

// A capture of `stream` with no task group open; else the error the group calls give.
aclError capture_without_group(const Stream& stream) {
    return with_recording(stream, [&](Recording* r) -> aclError {
        if (r == nullptr || r->kind != Recording::Kind::Capture) {
            return not_a_capture(stream);
        }
        if (r->group_open) {
            return group_status(stream, "a task group is already open on the stream");
        }
        return ACL_SUCCESS;
    });
}

aclError group_begin(aclrtStream handle) {
    ACLEMU_RESOLVE_STREAM_BY(stream, backend, capturable_stream, handle);
    if (groups_are_segments(backend)) {
        ACLEMU_TRY(capture_without_group(*stream));
        size_t next = 0;
        ACLEMU_TRY(cut_segment(*stream, *backend, nullptr, &next));  // the group starts one
    }
    return with_recording(*stream, [&](Recording* r) -> aclError {
        if (r == nullptr || r->kind != Recording::Kind::Capture) {
            return not_a_capture(*stream);
        }
        if (r->group_open) {
            return group_status(*stream, "a task group is already open on the stream");
        }
        r->group_first = 0;
        if (!groups_are_segments(backend)) {
            ACLEMU_TRY_BACKEND(
                backend->task_groups()->captured_count(stream->impl.get(), &r->group_first),
                backend,
                "cannot count the captured tasks");
        }
        r->group_open = true;  // no control point until it ends: one segment holds it
        return ACL_SUCCESS;
    });
}

aclError group_end(aclrtStream handle, aclrtTaskGrp* group_handle) {
    if (group_handle == nullptr) {
        return fail(ACL_ERROR_INVALID_PARAM, msg_null("handle"));
    }
    ACLEMU_RESOLVE_STREAM_BY(stream, backend, capturable_stream, handle);
    const bool whole = groups_are_segments(backend);
    TaskGroup* group = nullptr;
    ACLEMU_TRY(with_recording(*stream, [&](Recording* r) -> aclError {
        if (r == nullptr || r->kind != Recording::Kind::Capture) {
            return not_a_capture(*stream);
        }
        if (!r->group_open) {
            return group_status(*stream, "no task group is open (aclmdlRICaptureTaskGrpBegin)");
        }
        size_t now = 0;
        if (!whole) {
            ACLEMU_TRY_BACKEND(backend->task_groups()->captured_count(stream->impl.get(), &now),
                               backend,
                               "cannot count the captured tasks");
        }
        ACLEMU_TRY(create_live(&group, "a task group", ACL_ERROR_RT_MEMORY_ALLOCATION));
        ModelRI& model = *r->model;
        {
            std::lock_guard<std::mutex> lock(model.mu);
            group->model = r->model;
            group->body = model.bodies.size();   // the body this capture becomes
            r->pending_groups.push_back(group);  // its segment's index comes with the cut
            group->first = r->group_first;
            group->count = now - r->group_first;
            group->whole_segment = whole;
            model.groups.push_back(group);
        }
        r->group_open = false;
        return ACL_SUCCESS;
    }));
    if (whole) {
        size_t next = 0;
        ACLEMU_TRY(cut_segment(*stream, *backend, nullptr, &next));  // the group's segment ends
        ACLEMU_TRY(with_recording(*stream, [&](Recording* r) -> aclError {
            std::lock_guard<std::mutex> lock(r->model->mu);
            group->count = r->done->back().tasks->task_count();
            return ACL_SUCCESS;
        }));
    }
    *group_handle = group;
    return ACL_SUCCESS;
}

aclError update_begin(aclrtStream handle, aclrtTaskGrp group_handle) {
    ACLEMU_RESOLVE_STREAM_BY(stream, backend, capturable_stream, handle);
    if (group_handle == nullptr) {
        return fail(ACL_ERROR_INVALID_PARAM, msg_null("handle"));
    }
    std::shared_ptr<TaskGroup> group = task_groups().find(group_handle);
    std::shared_ptr<ModelRI> model = group ? group->model.lock() : nullptr;
    ACLEMU_TRY(reject_if(!model,
                         "handle",
                         group_handle,
                         "not a live task group (from aclmdlRICaptureTaskGrpEnd, of an "
                         "instance not destroyed)"));
    if (recording(*stream)) {
        return group_status(*stream,
                            "the stream already records (a capture or another update): a stream "
                            "cannot record and update at once");
    }
    {
        std::lock_guard<std::mutex> lock(model->mu);
        if (model->state != ModelRI::State::Ready) {
            return reject_arg(ACL_ERROR_RT_MODEL_CAPTURED,
                              "handle",
                              group_handle,
                              std::string("its instance is ") + state_name(model->state)
                                  + ", not ready (end its capture first)");
        }
        if (group->updating) {
            return group_status(*stream, "the task group is being updated already");
        }
        group->updating = true;
    }
    Recording recording;
    recording.kind = Recording::Kind::Update;
    recording.group = group;
    if (aclError err = start_recording(*stream, *backend, std::move(recording));
        err != ACL_SUCCESS) {
        std::lock_guard<std::mutex> lock(model->mu);
        group->updating = false;
        return err;
    }
    return ACL_SUCCESS;
}

aclError update_end(aclrtStream handle) {
    ACLEMU_RESOLVE_STREAM_BY(stream, backend, capturable_stream, handle);
    ACLEMU_TRY(with_recording(*stream, [&](Recording* r) -> aclError {
        if (r == nullptr || r->kind != Recording::Kind::Update) {
            return group_status(*stream,
                                "the stream is not updating a task group "
                                "(aclmdlRICaptureTaskUpdateBegin)");
        }
        return ACL_SUCCESS;
    }));
    Recording recording;
    std::vector<ModelRI::Segment> segments;
    ACLEMU_TRY(stop_recording(*stream, *backend, &recording, &segments));
    std::unique_ptr<BackendGraph> tasks = std::move(segments.back().tasks);  // an update: one
    TaskGroup& group = *recording.group;
    std::shared_ptr<ModelRI> model = group.model.lock();
    if (!model) {
        return reject_arg(ACL_ERROR_INVALID_PARAM,
                          "handle",
                          std::string("(task group)"),
                          "its instance was destroyed meanwhile");
    }
    std::lock_guard<std::mutex> lock(model->mu);
    group.updating = false;
    if (tasks->task_count() != group.count || group.body >= model->bodies.size()
        || group.segment >= model->bodies[group.body].segments.size()) {
        return reject_arg(ACL_ERROR_RT_MODEL_UPDATE_FAILED,
                          "stream",
                          "id " + std::to_string(stream->id),
                          "the update enqueued " + std::to_string(tasks->task_count())
                              + " tasks, but the task group holds " + std::to_string(group.count)
                              + "; an update replaces each task by one of its kind");
    }
    std::unique_ptr<BackendGraph>& segment =
        model->bodies[group.body].segments[group.segment].tasks;
    if (group.whole_segment) {
        // A launch of the old graph may still be queued: it goes with the instance.
        model->retired.push_back(std::move(segment));
        segment = std::move(tasks);
        return ACL_SUCCESS;
    }
    ACLEMU_TRY(require_task_groups(backend));
    ACLEMU_TRY_BACKEND(
        backend->task_groups()->replace_tasks(*segment, group.first, group.count, std::move(tasks)),
        backend,
        "cannot update the task group");
    return ACL_SUCCESS;
}

}  // namespace

extern "C" {

aclError aclmdlRICaptureBegin(aclrtStream stream, aclmdlRICaptureMode mode) {
    const int64_t mode_value = aclemu::enum_value(mode);
    return api_call_init("aclmdlRICaptureBegin", [&] { return capture_begin(stream, mode_value); });
}

aclError aclmdlRICaptureToModelRIBegin(aclrtStream stream,
                                       aclmdlRI modelRI,
                                       aclmdlRICaptureMode mode) {
    const int64_t mode_value = aclemu::enum_value(mode);
    return api_call_init("aclmdlRICaptureToModelRIBegin",
                         [&] { return capture_to_model_begin(stream, modelRI, mode_value); });
}

aclError aclmdlRICaptureEnd(aclrtStream stream, aclmdlRI* modelRI) {
    return api_call_init("aclmdlRICaptureEnd", [&] { return capture_end(stream, modelRI); });
}

aclError aclmdlRICaptureGetInfo(aclrtStream stream,
                                aclmdlRICaptureStatus* status,
                                aclmdlRI* modelRI) {
    return api_call_init("aclmdlRICaptureGetInfo",
                         [&] { return capture_info(stream, status, modelRI); });
}

aclError aclmdlRICaptureThreadExchangeMode(aclmdlRICaptureMode* mode) {
    return api_call_init("aclmdlRICaptureThreadExchangeMode", [&] { return exchange_mode(mode); });
}

aclError aclmdlRICaptureTaskGrpBegin(aclrtStream stream) {
    return api_call_init("aclmdlRICaptureTaskGrpBegin", [&] { return group_begin(stream); });
}

aclError aclmdlRICaptureTaskGrpEnd(aclrtStream stream, aclrtTaskGrp* handle) {
    return api_call_init("aclmdlRICaptureTaskGrpEnd", [&] { return group_end(stream, handle); });
}

aclError aclmdlRICaptureTaskUpdateBegin(aclrtStream stream, aclrtTaskGrp handle) {
    return api_call_init("aclmdlRICaptureTaskUpdateBegin",
                         [&] { return update_begin(stream, handle); });
}

aclError aclmdlRICaptureTaskUpdateEnd(aclrtStream stream) {
    return api_call_init("aclmdlRICaptureTaskUpdateEnd", [&] { return update_end(stream); });
}

}  // extern "C"
