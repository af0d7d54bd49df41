// Entry points: building a model runtime instance from bound streams (aclmdlRIBuildBegin ..
// BuildEnd). A bound stream records its tasks until aclmdlRIEndTask; each becomes a body of the
// instance. Executions replay the bodies of ACL_MODEL_STREAM_FLAG_HEAD streams in bind order on
// the executing stream (docs/backends.md, "ACL graphs": what differs from an NPU).
#include "acl/acl.h"

#include "core/arg_checks.h"
#include "core/status.h"
#include "graph/capture_registry.h"
#include "graph/model_ri.h"
#include "runtime_state.h"

#include <algorithm>
#include <string>

using namespace aclemu::rt;
using namespace aclemu::rt::graph;

namespace {

aclError require_building(aclmdlRI handle, ModelRI& model) {
    if (model.state != ModelRI::State::Building) {
        return reject_arg(ACL_ERROR_INVALID_PARAM,
                          "modelRI",
                          handle,
                          std::string("the instance is ") + state_name(model.state)
                              + ", not being built (aclmdlRIBuildBegin)");
    }
    return ACL_SUCCESS;
}

aclError user_stream(aclrtStream handle, std::shared_ptr<Stream>* stream, Backend** backend) {
    if (handle == nullptr) {
        return fail(ACL_ERROR_INVALID_PARAM, msg_null("stream"));
    }
    return runtime().stream_and_backend(handle, stream, backend);
}

aclError build_begin(aclmdlRI* handle, uint32_t flag) {
    if (handle == nullptr) {
        return fail(ACL_ERROR_INVALID_PARAM, msg_null("modelRI"));
    }
    ACLEMU_TRY(reject_if(flag != 0, "flag", flag, "must be 0"));
    std::shared_ptr<Context> context;
    ACLEMU_TRY(runtime().current_context(&context));
    std::shared_ptr<ModelRI> model;
    ACLEMU_TRY(create_model(context->device, ModelRI::State::Building, &model));
    *handle = model.get();
    return ACL_SUCCESS;
}

aclError bind_stream(aclmdlRI handle, aclrtStream stream_handle, uint32_t flag) {
    ACLEMU_FIND(ModelRI, model, live, handle, "modelRI");
    ACLEMU_RESOLVE_STREAM_BY(stream, backend, user_stream, stream_handle);
    ACLEMU_TRY(
        reject_if(flag != ACL_MODEL_STREAM_FLAG_HEAD && flag != ACL_MODEL_STREAM_FLAG_DEFAULT,
                  "flag",
                  flag,
                  "must be ACL_MODEL_STREAM_FLAG_HEAD (0) or "
                  "ACL_MODEL_STREAM_FLAG_DEFAULT (0x7FFFFFFF)"));
    {
        std::lock_guard<std::mutex> lock(model->mu);
        ACLEMU_TRY(require_building(handle, *model));
    }
    Recording recording;
    recording.kind = Recording::Kind::Build;
    recording.model = model;
    recording.head = flag == ACL_MODEL_STREAM_FLAG_HEAD;
    ACLEMU_TRY(start_recording(*stream, *backend, std::move(recording)));
    std::lock_guard<std::mutex> lock(model->mu);
    model->bound.push_back(stream);
    return ACL_SUCCESS;
}

// Stops `stream`'s recording into `model`, keeping what it recorded as a body.
aclError finish_stream(aclmdlRI handle, ModelRI& model, Stream& stream, Backend& backend) {
    bool ours = false;
    ACLEMU_TRY(with_recording(stream, [&](Recording* r) {
        ours = r != nullptr && r->kind == Recording::Kind::Build && r->model.get() == &model;
        return ACL_SUCCESS;
    }));
    if (!ours) {
        return reject_arg(ACL_ERROR_INVALID_PARAM,
                          "stream",
                          "id " + std::to_string(stream.id),
                          "not bound to modelRI " + pointer_text(handle)
                              + " (aclmdlRIBindStream), or its tasks already ended");
    }
    Recording recording;
    std::vector<ModelRI::Segment> segments;
    ACLEMU_TRY(stop_recording(stream, backend, &recording, &segments));
    std::lock_guard<std::mutex> lock(model.mu);
    model.bodies.push_back(ModelRI::Body{stream.id, recording.head, std::move(segments)});
    return ACL_SUCCESS;
}

aclError end_task(aclmdlRI handle, aclrtStream stream_handle) {
    ACLEMU_FIND(ModelRI, model, live, handle, "modelRI");
    ACLEMU_RESOLVE_STREAM_BY(stream, backend, user_stream, stream_handle);
    return finish_stream(handle, *model, *stream, *backend);
}

aclError build_end(aclmdlRI handle, void* reserve) {
    (void)reserve;  // reserved by CANN
    ACLEMU_FIND(ModelRI, model, live, handle, "modelRI");
    std::vector<std::shared_ptr<Stream>> bound;
    {
        std::lock_guard<std::mutex> lock(model->mu);
        ACLEMU_TRY(require_building(handle, *model));
        bound = model->bound;
    }
    ACLEMU_BACKEND(backend, backend);
    // A bound stream without aclmdlRIEndTask ends here.
    for (const std::shared_ptr<Stream>& stream : bound) {
        if (recording(*stream)) {
            ACLEMU_TRY(finish_stream(handle, *model, *stream, *backend));
        }
    }
    std::lock_guard<std::mutex> lock(model->mu);
    model->state = ModelRI::State::Ready;
    return ACL_SUCCESS;
}

aclError unbind_stream(aclmdlRI handle, aclrtStream stream_handle) {
    ACLEMU_FIND(ModelRI, model, live, handle, "modelRI");
    ACLEMU_RESOLVE_STREAM_BY(stream, backend, user_stream, stream_handle);
    {
        std::lock_guard<std::mutex> lock(model->mu);
        auto found = std::find(model->bound.begin(), model->bound.end(), stream);
        if (found == model->bound.end()) {
            return reject_arg(ACL_ERROR_INVALID_PARAM,
                              "stream",
                              stream_handle,
                              "not bound to modelRI " + pointer_text(handle));
        }
        model->bound.erase(found);
    }
    forget_streams(backend, {stream});  // still recording: its tasks are dropped
    return ACL_SUCCESS;
}

}  // namespace

extern "C" {

aclError aclmdlRIBuildBegin(aclmdlRI* modelRI, uint32_t flag) {
    return api_call_init("aclmdlRIBuildBegin", [&] { return build_begin(modelRI, flag); });
}

aclError aclmdlRIBindStream(aclmdlRI modelRI, aclrtStream stream, uint32_t flag) {
    return api_call_init("aclmdlRIBindStream", [&] { return bind_stream(modelRI, stream, flag); });
}

aclError aclmdlRIEndTask(aclmdlRI modelRI, aclrtStream stream) {
    return api_call_init("aclmdlRIEndTask", [&] { return end_task(modelRI, stream); });
}

aclError aclmdlRIBuildEnd(aclmdlRI modelRI, void* reserve) {
    return api_call_init("aclmdlRIBuildEnd", [&] { return build_end(modelRI, reserve); });
}

aclError aclmdlRIUnbindStream(aclmdlRI modelRI, aclrtStream stream) {
    return api_call_init("aclmdlRIUnbindStream", [&] { return unbind_stream(modelRI, stream); });
}

}  // extern "C"
