// Entry points: reading and changing the tasks of an instance (aclmdlRITaskGetType, GetSeqId,
// GetParams, SetParams, Disable) and aclmdlRIUpdate, which applies the staged changes to the
// next executions. A kernel task is one the kernel domain tagged when a capture recorded it
// (graph/kernel_task.h); a new launch is recorded at once on a scratch stream, so that a bad
// one fails at aclmdlRITaskSetParams, and replaces the task at the update. Reading tags and
// replacing one task need the backend's task_groups() facet (the CPU backend): on CUDA, HIP and
// the GPU simulator an instance is a CUDA graph, and those calls are refused.
#include "acl/acl_rt.h"

#include "backend/task_tag.h"
#include "core/arg_checks.h"
#include "core/status.h"
#include "graph/capture_registry.h"
#include "graph/kernel_task.h"
#include "graph/model_ri.h"
#include "handles/live_handle.h"
#include "runtime_state.h"

#include <cstring>
#include <string>
#include <vector>

using namespace aclemu::rt;
using namespace aclemu::rt::graph;

namespace {

/// A task handle's task and its instance.
struct FoundTask {
    std::shared_ptr<ModelTask> task;
    std::shared_ptr<ModelRI> model;
};

aclError find_task(aclmdlRITask handle, FoundTask* found) {
    ACLEMU_TRY(live(handle, "task", &found->task));
    found->model = found->task->model.lock();
    return reject_if(!found->model,
                     "task",
                     handle,
                     "its model runtime instance is gone",
                     ACL_ERROR_INVALID_PARAM);
}

/// The backend's task facet (null on the GPU simulator, whose kernel tasks are segments: Note
/// [Kernel launches as segments], capture_registry.h), or ACL_ERROR_RT_FEATURE_NOT_SUPPORT naming
/// `api` where tasks cannot be told apart.
aclError task_facet(const char* api, BackendTaskGroups** facet) {
    ACLEMU_BACKEND(backend, backend);
    *facet = backend->task_groups();
    if (*facet != nullptr || kernels_as_segments(*backend)) {
        return ACL_SUCCESS;
    }
    return fail(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                msg_unsupported(api,
                                std::string("on the ") + backend->name()
                                    + " backend an instance is a CUDA graph, whose tasks aclemu "
                                      "cannot tell apart (docs/backends.md)"));
}

/// Where a task lies: its segment's graph, the segment's index and the task's place there.
struct TaskPlace {
    BackendGraph* graph = nullptr;
    size_t segment = 0;
    size_t position = 0;
    ModelRI::Segment* holder = nullptr;
};

/// (under model.mu)
aclError place_of(ModelRI& model, const ModelTask& task, TaskPlace* place) {
    if (task.body < model.bodies.size()) {
        size_t index = task.index;
        auto& segments = model.bodies[task.body].segments;
        for (size_t s = 0; s < segments.size(); ++s) {
            const size_t count = segments[s].tasks ? segments[s].tasks->task_count() : 0;
            if (index < count) {
                *place = TaskPlace{segments[s].tasks.get(), s, index, &segments[s]};
                return ACL_SUCCESS;
            }
            index -= count;
        }
    }
    return reject_arg(ACL_ERROR_INVALID_PARAM,
                      "task",
                      "seq id " + std::to_string(task.index),
                      "its instance no longer holds it");
}

/// The launch a kernel task runs (its staged one first), or null for a task of another kind
/// (under model.mu).
std::shared_ptr<const KernelTaskRecord> kernel_of(BackendTaskGroups* facet,
                                                  const ModelTask& task,
                                                  const TaskPlace& place) {
    if (task.staged_record) {
        return task.staged_record;
    }
    if (facet != nullptr) {
        return std::static_pointer_cast<const KernelTaskRecord>(
            facet->task_tag(*place.graph, place.position));
    }
    // A kernel segment's first task is the kernel (on the simulator the host function that
    // checks its blocks follows it).
    return place.position == 0 ? place.holder->kernel : nullptr;
}

/// The opening of a call that tells tasks apart: the task, the backend's task facet (refused
/// naming `api`), the instance locked, and the task's place in it.
struct OpenTask {
    FoundTask found;
    BackendTaskGroups* facet = nullptr;
    std::unique_lock<std::mutex> lock;
    TaskPlace place;
};

aclError open_task(aclmdlRITask handle, const char* api, OpenTask* open) {
    ACLEMU_TRY(find_task(handle, &open->found));
    ACLEMU_TRY(task_facet(api, &open->facet));
    open->lock = std::unique_lock<std::mutex>(open->found.model->mu);
    return place_of(*open->found.model, *open->found.task, &open->place);
}

/// The task group of `model` that holds the task at `place` of body `body`, or NULL.
aclrtTaskGrp group_of(const ModelRI& model, size_t body, const TaskPlace& place) {
    for (TaskGroup* group : model.groups) {
        if (group->body == body && group->segment == place.segment && place.position >= group->first
            && place.position < group->first + group->count) {
            return group;
        }
    }
    return nullptr;
}

/// The parameters aclmdlRITaskSetParams names: `bytes` of the kernel's parameters from `args`
/// (host memory, the task's own copy that aclmdlRITaskGetParams reported, or device memory).
aclError read_args(const aclmdlRIKernelTaskParams& in,
                   const KernelTaskRecord& current,
                   std::vector<uint8_t>* bytes) {
    bytes->resize(in.argsSize);
    if (in.argsSize == 0) {
        return ACL_SUCCESS;
    }
    ACLEMU_TRY(reject_if(in.args == nullptr,
                         "params->kernelTaskParams.args",
                         std::string("NULL"),
                         "argsSize is not 0"));
    if (in.isHostArgs != 0 || in.args == current.args.data()) {
        std::memcpy(bytes->data(), in.args, in.argsSize);
        return ACL_SUCCESS;
    }
    return aclrtMemcpy(
        bytes->data(), bytes->size(), in.args, in.argsSize, ACL_MEMCPY_DEVICE_TO_HOST);
}

/// Records `record`'s launch, tagged with it, on a scratch stream: *graph holds its tasks (one
/// where `one_task`: it replaces one task).
aclError record_launch(std::shared_ptr<const KernelTaskRecord> record,
                       bool one_task,
                       std::unique_ptr<BackendGraph>* graph) {
    aclrtStream scratch = nullptr;
    ACLEMU_TRY(aclrtCreateStream(&scratch));
    std::shared_ptr<Stream> stream;
    Backend* backend = nullptr;
    aclError err = runtime().stream_and_backend(scratch, &stream, &backend);
    if (err == ACL_SUCCESS) {
        err = backend->streams().begin_capture(stream->impl.get());
    }
    if (err == ACL_SUCCESS) {
        std::vector<aclrtLaunchKernelAttr> attrs = record->attrs;
        aclrtLaunchKernelCfg cfg{attrs.data(), attrs.size()};
        {
            const TaskTagScope tagged(record);
            err = aclrtLaunchKernelV2(record->function,
                                      record->blocks,
                                      record->args.data(),
                                      record->args.size(),
                                      record->cfg != nullptr ? &cfg : nullptr,
                                      scratch);
        }
        const aclError ended = backend->streams().end_capture(stream->impl.get(), graph);
        err = err != ACL_SUCCESS ? err : ended;
    }
    stream.reset();
    (void)aclrtDestroyStream(scratch);
    if (err == ACL_SUCCESS && one_task && (*graph)->task_count() != 1) {
        return fail(ACL_ERROR_RT_MODEL_UPDATE_FAILED,
                    msg_runtime("the new launch did not record exactly one task"));
    }
    return err;
}

aclError get_params(aclmdlRITask handle, aclmdlRITaskParams* params) {
    ACLEMU_CHECK_NOT_NULL(params);
    OpenTask open;
    ACLEMU_TRY(open_task(handle, "aclmdlRITaskGetParams", &open));
    std::memset(params, 0, sizeof(*params));
    params->taskGrp = group_of(*open.found.model, open.found.task->body, open.place);
    const auto kernel = kernel_of(open.facet, *open.found.task, open.place);
    if (!kernel) {
        params->type = ACL_MODEL_RI_TASK_DEFAULT;
        return ACL_SUCCESS;
    }
    params->type = ACL_MODEL_RI_TASK_KERNEL;
    aclmdlRIKernelTaskParams& out = params->kernelTaskParams;
    out.funcHandle = kernel->function;
    out.cfg = kernel->cfg;
    // The task's own copy of its parameters: readable from the host, as device memory is on the
    // backends that answer here.
    out.args = const_cast<uint8_t*>(kernel->args.data());
    out.isHostArgs = 0;
    out.argsSize = kernel->args.size();
    out.numBlocks = kernel->blocks;
    return ACL_SUCCESS;
}

aclError set_params(aclmdlRITask handle, const aclmdlRITaskParams* params) {
    ACLEMU_CHECK_NOT_NULL(params);
    OpenTask open;
    ACLEMU_TRY(open_task(handle, "aclmdlRITaskSetParams", &open));
    const std::shared_ptr<const KernelTaskRecord> current =
        kernel_of(open.facet, *open.found.task, open.place);
    open.lock.unlock();  // the new launch is recorded through the public calls
    ACLEMU_TRY(reject_if(!current,
                         "task",
                         handle,
                         "not a kernel task (aclmdlRITaskGetType): only a kernel task's "
                         "parameters can be set"));
    ACLEMU_TRY(reject_if(params->type != ACL_MODEL_RI_TASK_KERNEL,
                         "params->type",
                         static_cast<int64_t>(params->type),
                         "the task is a kernel task (ACL_MODEL_RI_TASK_KERNEL)"));
    const aclmdlRIKernelTaskParams& in = params->kernelTaskParams;
    if (in.funcHandle == nullptr) {
        return fail(ACL_ERROR_INVALID_PARAM, msg_null("params->kernelTaskParams.funcHandle"));
    }
    std::vector<uint8_t> bytes;
    ACLEMU_TRY(read_args(in, *current, &bytes));
    KernelTaskRecord record =
        in.cfg == current->cfg ? *current : kernel_task_record(nullptr, 0, nullptr, 0, in.cfg);
    record.function = in.funcHandle;
    record.blocks = in.numBlocks;
    record.args = std::move(bytes);
    auto staged = std::make_shared<const KernelTaskRecord>(std::move(record));
    std::unique_ptr<BackendGraph> launch;
    ACLEMU_TRY(record_launch(staged, open.facet != nullptr, &launch));
    open.lock.lock();
    open.found.task->staged_launch = std::move(launch);
    open.found.task->staged_record = std::move(staged);
    return ACL_SUCCESS;
}

/// A kernel segment's staged changes (Note [Kernel launches as segments]): the new launch's graph
/// replaces the segment's, and a disabled segment is skipped (under model.mu).
void apply_to_segment(ModelRI& model, ModelTask& task, ModelRI::Segment& segment) {
    if (task.staged_launch) {
        // A launch of the old graph may still be queued: it goes with the instance.
        model.retired.push_back(std::move(segment.tasks));
        segment.tasks = std::move(task.staged_launch);
        segment.kernel = std::move(task.staged_record);
    }
    segment.disabled = segment.disabled || task.staged_disable;
    task.staged_disable = false;
}

aclError update(aclmdlRI handle) {
    ACLEMU_FIND(ModelRI, model, live, handle, "modelRI");
    std::lock_guard<std::mutex> lock(model->mu);
    ACLEMU_TRY(require_finished_locked(*model, handle));
    for (void* entry : model->task_handles) {
        auto* task = static_cast<ModelTask*>(entry);
        if (!task->staged_launch && !task->staged_disable) {
            continue;
        }
        BackendTaskGroups* facet = nullptr;
        ACLEMU_TRY(task_facet("aclmdlRIUpdate", &facet));
        TaskPlace place;
        ACLEMU_TRY(place_of(*model, *task, &place));
        if (facet == nullptr) {
            apply_to_segment(*model, *task, *place.holder);
            continue;
        }
        if (task->staged_launch) {
            ACLEMU_TRY(facet->replace_tasks(
                *place.graph, place.position, 1, std::move(task->staged_launch)));
            task->staged_record.reset();
        }
        // A disabled task stays disabled when it gets a new launch.
        if (task->staged_disable || task->disabled) {
            ACLEMU_TRY(facet->set_task_enabled(*place.graph, place.position, false));
            task->staged_disable = false;
            task->disabled = true;
        }
    }
    return ACL_SUCCESS;
}

}  // namespace

extern "C" {

aclError aclmdlRITaskGetType(aclmdlRITask task, aclmdlRITaskType* type) {
    return api_call_init(__func__, [&] {
        ACLEMU_CHECK_NOT_NULL(type);
        OpenTask open;
        ACLEMU_TRY(open_task(task, "aclmdlRITaskGetType", &open));
        *type = kernel_of(open.facet, *open.found.task, open.place) ? ACL_MODEL_RI_TASK_KERNEL
                                                                    : ACL_MODEL_RI_TASK_DEFAULT;
        return ACL_SUCCESS;
    });
}

aclError aclmdlRITaskGetSeqId(aclmdlRITask task, uint32_t* id) {
    return api_call_init(__func__, [&] {
        FoundTask found;
        ACLEMU_TRY(find_task(task, &found));
        return store_out("id", id, static_cast<uint32_t>(found.task->index));
    });
}

aclError aclmdlRITaskGetParams(aclmdlRITask task, aclmdlRITaskParams* params) {
    return api_call_init(__func__, [&] { return get_params(task, params); });
}

aclError aclmdlRITaskSetParams(aclmdlRITask task, aclmdlRITaskParams* params) {
    return api_call_init(__func__, [&] { return set_params(task, params); });
}

aclError aclmdlRITaskDisable(aclmdlRITask task) {
    return api_call_init(__func__, [&] {
        OpenTask open;
        ACLEMU_TRY(open_task(task, "aclmdlRITaskDisable", &open));
        if (open.facet == nullptr && !kernel_of(nullptr, *open.found.task, open.place)) {
            return fail(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                        msg_unsupported("aclmdlRITaskDisable",
                                        "on the GPU simulator only a kernel task can be disabled"));
        }
        open.found.task->staged_disable = true;
        return ACL_SUCCESS;
    });
}

aclError aclmdlRIUpdate(aclmdlRI modelRI) {
    return api_call_init(__func__, [&] { return update(modelRI); });
}

}  // extern "C"
