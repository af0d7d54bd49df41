// Entry points: what an instance holds (aclmdlRIGetStreams, aclmdlRIGetTasksByStream). An
// instance's streams are its bodies (model_ri.h: ModelStream), each task one recorded task of a
// body (ModelTask); the handles are made at the first query and live as long as the instance.
#include "acl/acl_rt.h"

#include "core/arg_checks.h"
#include "core/status.h"
#include "graph/model_ri.h"
#include "handles/live_handle.h"

#include <cstdint>
#include <string>

using namespace aclemu::rt;
using namespace aclemu::rt::graph;

namespace {

/// The list query's contract: NULL `array`, the count; else `*capacity` entries (at least the
/// count) get `handles`.
aclError list_handles(const std::vector<void*>& handles,
                      void** array,
                      uint32_t* capacity,
                      const char* capacity_name) {
    const auto count = static_cast<uint32_t>(handles.size());
    if (array != nullptr) {
        if (*capacity < count) {
            return reject_arg(ACL_ERROR_INVALID_PARAM,
                              capacity_name,
                              *capacity,
                              "the array must hold all " + std::to_string(count) + " entries");
        }
        for (uint32_t i = 0; i < count; ++i) {
            array[i] = handles[i];
        }
    }
    *capacity = count;
    return ACL_SUCCESS;
}

/// The instance's stream handles, one per body, made once (under model.mu).
aclError stream_handles_locked(const std::shared_ptr<ModelRI>& model) {
    while (model->stream_handles.size() < model->bodies.size()) {
        ModelStream* stream = nullptr;
        ACLEMU_TRY(create_live(&stream, "a model stream handle"));
        stream->model = model;
        stream->body = model->stream_handles.size();
        model->stream_handles.push_back(stream);
    }
    return ACL_SUCCESS;
}

/// The body's task handles, one per recorded task, made once (under model.mu).
aclError task_handles_locked(const std::shared_ptr<ModelRI>& model, ModelStream& stream) {
    const size_t count = model->bodies[stream.body].task_count();
    while (stream.tasks.size() < count) {
        ModelTask* task = nullptr;
        ACLEMU_TRY(create_live(&task, "a model task handle"));
        task->model = model;
        task->body = stream.body;
        task->index = stream.tasks.size();
        stream.tasks.push_back(task);
        model->task_handles.push_back(task);
    }
    return ACL_SUCCESS;
}

}  // namespace

extern "C" {

aclError aclmdlRIGetStreams(aclmdlRI modelRI, aclrtStream* streams, uint32_t* numStreams) {
    return api_call_init(__func__, [&] {
        ACLEMU_FIND(ModelRI, model, live, modelRI, "modelRI");
        ACLEMU_CHECK_NOT_NULL(numStreams);
        std::lock_guard<std::mutex> lock(model->mu);
        ACLEMU_TRY(require_finished_locked(*model, modelRI));
        ACLEMU_TRY(stream_handles_locked(model));
        return list_handles(model->stream_handles, streams, numStreams, "numStreams");
    });
}

aclError aclmdlRIGetTasksByStream(aclrtStream stream, aclmdlRITask* tasks, uint32_t* numTasks) {
    return api_call_init(__func__, [&] {
        ACLEMU_FIND(ModelStream, body, live, stream, "stream");
        ACLEMU_CHECK_NOT_NULL(numTasks);
        std::shared_ptr<ModelRI> model = body->model.lock();
        if (!model) {
            return reject_arg(
                ACL_ERROR_INVALID_PARAM, "stream", stream, "its model runtime instance is gone");
        }
        std::lock_guard<std::mutex> lock(model->mu);
        ACLEMU_TRY(task_handles_locked(model, *body));
        return list_handles(body->tasks, tasks, numTasks, "numTasks");
    });
}

}  // extern "C"
