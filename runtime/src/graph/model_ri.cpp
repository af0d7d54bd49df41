// The registries of model runtime instances and task groups (model_ri.h).
#include "graph/model_ri.h"

#include "core/status.h"
#include "runtime_state.h"

#include <atomic>

namespace aclemu::rt::graph {

HandleRegistry<ModelRI>& models() {
    static auto* registry = new HandleRegistry<ModelRI>;  // never destroyed: used at exit
    return *registry;
}

HandleRegistry<TaskGroup>& task_groups() {
    static auto* registry = new HandleRegistry<TaskGroup>;
    return *registry;
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

aclError find_model(aclmdlRI handle, const char* param, std::shared_ptr<ModelRI>* out) {
    if (handle == nullptr) {
        return fail(ACL_ERROR_INVALID_PARAM, msg_null(param));
    }
    *out = models().find(handle);
    if (!*out) {
        return fail(ACL_ERROR_INVALID_PARAM,
                    msg_invalid(param,
                                pointer_text(handle),
                                "not a live model runtime instance (destroyed, or from before "
                                "aclFinalize)"));
    }
    return ACL_SUCCESS;
}

void forget_model(ModelRI& model, aclmdlRI handle) {
    std::vector<TaskGroup*> groups;
    {
        std::lock_guard<std::mutex> lock(model.mu);
        groups.swap(model.groups);
    }
    for (TaskGroup* group : groups) {
        task_groups().remove(group);
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
