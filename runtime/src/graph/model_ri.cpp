// The registries of model runtime instances and task groups (model_ri.h).
#include "graph/model_ri.h"

#include "core/arg_checks.h"
#include "core/status.h"
#include "handles/live_handle.h"
#include "memory/internal_device_memory.h"
#include "runtime_state.h"

#include <atomic>

namespace aclemu::rt::graph {

std::atomic<size_t>& live_labels() {
    static std::atomic<size_t> count{0};
    return count;
}

size_t ModelRI::Body::task_count() const {
    size_t count = 0;
    for (const Segment& segment : segments) {
        count += segment.tasks ? segment.tasks->task_count() : 0;
    }
    return count;
}

size_t ModelRI::Body::control_count() const {
    size_t count = 0;
    for (const Segment& segment : segments) {
        count += segment.then ? 1 : 0;
    }
    return count;
}

aclError require_finished_locked(const ModelRI& model, aclmdlRI handle) {
    return reject_if(
        model.state == ModelRI::State::Capturing || model.state == ModelRI::State::Building,
        "modelRI",
        handle,
        "it is still being captured or built",
        ACL_ERROR_RT_PARAM_INVALID);
}

bool has_control(const ModelRI& model) {
    for (const ModelRI::Body& body : model.bodies) {
        if (body.control_count() > 0) {
            return true;
        }
    }
    return false;
}

aclError create_model(int32_t device, ModelRI::State state, std::shared_ptr<ModelRI>* out) {
    static std::atomic<uint64_t> next_id{1};
    ModelRI* handle = models().create(next_id.fetch_add(1), device, state);
    if (handle == nullptr) {
        return fail(ACL_ERROR_RT_MEMORY_ALLOCATION,
                    msg_runtime("out of memory for a model runtime instance"));
    }
    *out = models().find(handle);
    return ACL_SUCCESS;
}

void forget_model(ModelRI& model, aclmdlRI handle, Backend* backend) {
    std::vector<TaskGroup*> groups;
    std::vector<std::shared_ptr<CondHandle>> conds;
    std::vector<std::shared_ptr<ModelRI>> branches;
    std::vector<void*> listed;
    {
        std::lock_guard<std::mutex> lock(model.mu);
        groups.swap(model.groups);
        conds.swap(model.conds);
        branches.swap(model.branches);
        listed.swap(model.stream_handles);
        for (void* task : model.task_handles) {
            model_tasks().remove(task);
        }
        model.task_handles.clear();
    }
    for (void* stream : listed) {
        model_streams().remove(stream);
    }
    for (TaskGroup* group : groups) {
        task_groups().remove(group);
    }
    for (const std::shared_ptr<CondHandle>& cond : conds) {
        cond_handles().remove(cond.get());
        if (backend != nullptr) {
            free_internal_block(backend, cond->word);
        }
    }
    uint64_t* gate_word = nullptr;
    {
        std::lock_guard<std::mutex> lock(model.mu);
        std::swap(gate_word, model.gate_word);
    }
    if (gate_word != nullptr && backend != nullptr) {
        free_internal_block(backend, gate_word);
    }
    for (const std::shared_ptr<ModelRI>& branch : branches) {
        forget_model(*branch, branch.get(), backend);
    }
    models().remove(handle);
}

const char* state_name(ModelRI::State state) {
    switch (state) {
        case ModelRI::State::Capturing:
            return "capturing";
        case ModelRI::State::Building:
            return "building";
        case ModelRI::State::Ready:
            return "ready";
        case ModelRI::State::Invalidated:
            return "invalidated";
    }
    return "unknown";
}

}  // namespace aclemu::rt::graph
