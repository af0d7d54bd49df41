// Entry points: conditions and conditional tasks (aclmdlRICondHandleCreate, ..GetCondPtr,
// aclmdlRIAddCondTask). A conditional task cuts the capturing stream's recording (Note [Control
// points], control.h); its branches are new instances, each captured later by
// aclmdlRICaptureToModelRIBegin .. aclmdlRICaptureEnd and released with the instance above.
#include "acl/acl.h"

#include "aclemu/c_enum.h"
#include "core/arg_checks.h"
#include "core/status.h"
#include "graph/capture_registry.h"
#include "graph/control.h"
#include "graph/model_ri.h"
#include "handles/live_handle.h"
#include "memory/internal_device_memory.h"
#include "runtime_state.h"

#include <string>

using namespace aclemu::rt;
using namespace aclemu::rt::graph;

namespace {

aclError cond_create(aclmdlRI model_handle,
                     uint32_t default_value,
                     int64_t flag,
                     aclmdlRICondHandle* handle) {
    ACLEMU_FIND(ModelRI, model, live, model_handle, "modelRI");
    ACLEMU_CHECK_NOT_NULL(handle);
    ACLEMU_TRY(reject_if(flag != 0 && flag != ACL_MODEL_RI_COND_HANDLE_ASSIGN_DEFAULT,
                         "flag",
                         flag,
                         "must be 0 or ACL_MODEL_RI_COND_HANDLE_ASSIGN_DEFAULT (1)"));
    {
        std::lock_guard<std::mutex> lock(model->mu);
        if (model->state != ModelRI::State::Capturing) {
            return reject_arg(ACL_ERROR_INVALID_PARAM,
                              "modelRI",
                              model_handle,
                              std::string("the instance is ") + state_name(model->state)
                                  + "; conditions are made while it is captured");
        }
    }
    ACLEMU_BACKEND(backend, backend);
    void* word = nullptr;
    ACLEMU_TRY(allocate_internal_block(backend, model->device, sizeof(uint64_t), &word));
    // The word starts at the default value; ASSIGN_DEFAULT sets it again at each execution.
    const uint64_t initial = default_value;
    if (aclError err = backend->memory().memcpy_sync(
            word, &initial, sizeof(initial), CopyDirection::HostToDevice);
        err != ACL_SUCCESS) {
        free_internal_block(backend, word);
        return backend_failed(err, backend, "cannot set the condition", __FILE__, __LINE__);
    }
    CondHandle* cond = cond_handles().create();
    if (cond == nullptr) {
        free_internal_block(backend, word);
        return fail(ACL_ERROR_RT_MEMORY_ALLOCATION, msg_runtime("out of memory for a condition"));
    }
    cond->model = model;
    cond->word = static_cast<uint64_t*>(word);
    cond->default_value = default_value;
    cond->assign_default = flag == ACL_MODEL_RI_COND_HANDLE_ASSIGN_DEFAULT;
    std::lock_guard<std::mutex> lock(model->mu);
    model->conds.push_back(cond_handles().find(cond));
    *handle = cond;
    return ACL_SUCCESS;
}

aclError cond_ptr(aclmdlRICondHandle handle, uint64_t** ptr) {
    ACLEMU_FIND(CondHandle, cond, live, handle, "handle");
    ACLEMU_CHECK_NOT_NULL(ptr);
    *ptr = cond->word;
    return ACL_SUCCESS;
}

// The branch count `size` a conditional task of `type` may have.
aclError check_branches(int64_t type, uint32_t size) {
    const bool fits = (type == ACL_MODEL_RI_COND_TYPE_IF && (size == 1 || size == 2))
                      || (type == ACL_MODEL_RI_COND_TYPE_WHILE && size == 1)
                      || (type == ACL_MODEL_RI_COND_TYPE_SWITCH && size > 0);
    ACLEMU_TRY(reject_if(type < ACL_MODEL_RI_COND_TYPE_IF || type > ACL_MODEL_RI_COND_TYPE_SWITCH,
                         "params.type",
                         type,
                         "not an aclmdlRICondTaskType (0 IF, 1 WHILE, 2 SWITCH)"));
    return reject_if(
        !fits, "params.size", size, "IF takes 1 or 2 branches, WHILE 1, SWITCH at least 1");
}

aclError add_cond_task(const aclmdlRICondTaskParams& params,
                       int64_t type,
                       aclrtStream stream_handle,
                       uint32_t flags) {
    ACLEMU_FIND(CondHandle, cond, live, params.handle, "params.handle");
    ACLEMU_TRY(check_branches(type, params.size));
    if (params.modelRIArray == nullptr) {
        return fail(ACL_ERROR_INVALID_PARAM, msg_null("params.modelRIArray"));
    }
    ACLEMU_TRY(reject_if(flags != 0, "flags", flags, "must be 0"));
    if (stream_handle == nullptr) {
        return fail(ACL_ERROR_INVALID_PARAM, msg_null("stream"));
    }
    ACLEMU_RESOLVE_STREAM(stream_handle, stream, backend);
    std::shared_ptr<ModelRI> model;
    ACLEMU_TRY(with_recording(*stream, [&](Recording* r) -> aclError {
        if (r == nullptr || r->kind != Recording::Kind::Capture) {
            return reject_arg(ACL_ERROR_RT_STREAM_NOT_CAPTURED,
                              "stream",
                              "id " + std::to_string(stream->id),
                              "the stream is not capturing (aclmdlRICaptureBegin)");
        }
        model = r->model;
        return ACL_SUCCESS;
    }));
    ACLEMU_TRY(reject_if(cond->model.lock() != model,
                         "params.handle",
                         params.handle,
                         "the condition belongs to another instance than the one the "
                         "stream captures into"));
    ACLEMU_TRY(reject_if(cond->used,
                         "params.handle",
                         params.handle,
                         "the condition already drives a conditional task"));
    auto control = std::make_shared<Control>();
    control->kind = Control::Kind::Conditional;
    control->cond = cond;
    control->type = static_cast<aclmdlRICondTaskType>(type);
    for (uint32_t i = 0; i < params.size; ++i) {
        std::shared_ptr<ModelRI> branch;
        if (aclError err = create_model(model->device, ModelRI::State::Ready, &branch);
            err != ACL_SUCCESS) {
            for (const std::shared_ptr<ModelRI>& made : control->branches) {
                forget_model(*made, made.get());
            }
            return err;
        }
        branch->branch = true;
        control->branches.push_back(branch);
    }
    size_t next = 0;
    if (aclError err = cut_segment(*stream, *backend, control, &next); err != ACL_SUCCESS) {
        for (const std::shared_ptr<ModelRI>& made : control->branches) {
            forget_model(*made, made.get());
        }
        return err;
    }
    cond->used = true;
    std::lock_guard<std::mutex> lock(model->mu);
    for (uint32_t i = 0; i < params.size; ++i) {
        model->branches.push_back(control->branches[i]);
        params.modelRIArray[i] = control->branches[i].get();
    }
    return ACL_SUCCESS;
}

}  // namespace

extern "C" {

aclError aclmdlRICondHandleCreate(aclmdlRI modelRI,
                                  uint32_t defaultLaunchValue,
                                  aclmdlRICondHandleFlag flag,
                                  aclmdlRICondHandle* handle) {
    const int64_t flag_value = aclemu::enum_value(flag);
    return api_call_init("aclmdlRICondHandleCreate", [&] {
        return cond_create(modelRI, defaultLaunchValue, flag_value, handle);
    });
}

aclError aclmdlRICondHandleGetCondPtr(aclmdlRICondHandle handle, uint64_t** ptr) {
    return api_call_init("aclmdlRICondHandleGetCondPtr", [&] { return cond_ptr(handle, ptr); });
}

aclError aclmdlRIAddCondTask(aclmdlRICondTaskParams params, aclrtStream stream, uint32_t flags) {
    const int64_t type = aclemu::enum_value(params.type);
    return api_call_init("aclmdlRIAddCondTask",
                         [&] { return add_cond_task(params, type, stream, flags); });
}

}  // extern "C"
