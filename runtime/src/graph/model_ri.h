// Model runtime instances (aclmdlRI) and task groups (aclrtTaskGrp): what the graph domain owns.
// An instance holds bodies, each the tasks one stream recorded (a capture, or a bound stream of
// a build), replayed in order by aclmdlRIExecute(Async). Both handle kinds live in the handle
// arena (handles/), so a destroyed or stale handle is refused.
#pragma once

#include "acl/acl.h"

#include "backend/backend.h"
#include "handles/handle_registry.h"

#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

namespace aclemu::rt {
struct Stream;
}

namespace aclemu::rt::graph {

struct TaskGroup;

struct ModelRI {
    enum class State { Capturing, Building, Ready, Invalidated };
    /// One stream's recorded tasks.
    struct Body {
        int32_t stream_id = 0;
        bool head = true;  // runs at the start of an execution (ACL_MODEL_STREAM_FLAG_HEAD)
        std::unique_ptr<BackendGraph> tasks;
    };

    ModelRI(uint64_t model_id, int32_t model_device, State initial)
        : id(model_id), device(model_device), state(initial) {}

    const uint64_t id;  // aclmdlRIDebugPrint's model id
    const int32_t device;

    /// Guards the fields below; held while the bodies are launched or updated.
    std::mutex mu;
    State state;
    std::vector<Body> bodies;
    std::vector<std::shared_ptr<Stream>> bound;  // a build's bound streams, in bind order
    std::vector<TaskGroup*> groups;              // handles, released with the instance
};

/// Tasks [first, first + count) of body `body` of `model`.
struct TaskGroup {
    std::weak_ptr<ModelRI> model;
    size_t body = 0;
    size_t first = 0;
    size_t count = 0;
    bool updating = false;  // between aclmdlRICaptureTaskUpdateBegin and End (under model->mu)
};

HandleRegistry<ModelRI>& models();
HandleRegistry<TaskGroup>& task_groups();

/// A new instance (in the handle arena) with a process-unique id.
aclError create_model(int32_t device, ModelRI::State state, std::shared_ptr<ModelRI>* out);
/// The live instance `handle` names: ACL_ERROR_INVALID_PARAM naming `param` otherwise.
aclError find_model(aclmdlRI handle, const char* param, std::shared_ptr<ModelRI>* out);
/// Unregisters the instance and its task groups; the caller releases it.
void forget_model(ModelRI& model, aclmdlRI handle);

const char* state_name(ModelRI::State state);

}  // namespace aclemu::rt::graph
