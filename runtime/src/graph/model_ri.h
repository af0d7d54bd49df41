// Model runtime instances (aclmdlRI) and task groups (aclrtTaskGrp): what the graph domain owns.
// An instance holds bodies, each the tasks one stream recorded (a capture, or a bound stream of
// a build), replayed in order by aclmdlRIExecute(Async). A body is a list of segments, cut at
// its control points (Note [Control points], control.h). Every handle kind lives in the handle
// arena (handles/), so a destroyed or stale handle is refused.
#pragma once

#include "acl/acl.h"

#include "backend/backend.h"
#include "graph/control.h"
#include "handles/handle_registry.h"
#include "handles/live_handle.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

namespace aclemu::rt {
struct Stream;
}

namespace aclemu::rt::graph {

struct TaskGroup;
struct KernelTaskRecord;

struct ModelRI {
    static constexpr HandleText kHandleText{"model runtime instance",
                                            "destroyed, or from before aclFinalize"};
    enum class State { Capturing, Building, Ready, Invalidated };
    /// Recorded tasks, then the control point that ended them (none at a body's end).
    struct Segment {
        std::unique_ptr<BackendGraph> tasks;
        std::shared_ptr<const Control> then;
        /// A kernel launch recorded as a segment of its own (Note [Kernel launches as segments],
        /// capture_registry.h): the launch, and whether executions skip it.
        std::shared_ptr<const KernelTaskRecord> kernel;
        bool disabled = false;
    };
    /// One stream's recorded tasks.
    struct Body {
        int32_t stream_id = 0;
        bool head = true;  // runs at the start of an execution (ACL_MODEL_STREAM_FLAG_HEAD)
        std::vector<Segment> segments;
        size_t task_count() const;
        size_t control_count() const;
    };

    ModelRI(uint64_t model_id, int32_t model_device, State initial)
        : id(model_id), device(model_device), state(initial) {}

    const uint64_t id;  // aclmdlRIDebugPrint's model id
    const int32_t device;

    /// Guards the fields below; held while the bodies are launched or updated.
    std::mutex mu;
    State state;
    std::vector<Body> bodies;
    std::vector<std::shared_ptr<Stream>> bound;      // a build's bound streams, in bind order
    std::vector<TaskGroup*> groups;                  // handles, released with the instance
    std::vector<std::shared_ptr<CondHandle>> conds;  // aclmdlRICondHandleCreate on it
    std::vector<std::shared_ptr<ModelRI>> branches;  // of its conditional tasks
    bool branch = false;  // made by aclmdlRIAddCondTask: released with the instance above it
    /// aclmdlRIGetStreams' handles, one per body (made at the first query), and the task handles
    /// aclmdlRIGetTasksByStream made: released with the instance.
    std::vector<void*> stream_handles;
    std::vector<void*> task_handles;
    /// Where the executing stream waits for the rest of an execution that stopped at an external
    /// wait (graph/external_wait.h): a zeroed device word, made at the first such stop, and the
    /// last value handed out.
    uint64_t* gate_word = nullptr;
    uint64_t gate_ticket = 0;
    /// Task groups' graphs replaced by updates (Note [Task groups as segments], api_capture.cpp).
    std::vector<std::unique_ptr<BackendGraph>> retired;
};

/// Body `body` of an instance, which both handles below name.
struct ModelBodyRef {
    std::weak_ptr<ModelRI> model;
    size_t body = 0;
};

/// What aclmdlRIGetStreams names a body of an instance by: aclemu's instances replay each body on
/// the stream they are executed on, so a body is the instance's stream.
struct ModelStream : ModelBodyRef {
    static constexpr HandleText kHandleText{"stream of a model runtime instance",
                                            "not from aclmdlRIGetStreams, or its instance was "
                                            "destroyed"};
    std::vector<void*> tasks;  // aclmdlRIGetTasksByStream's handles, in the body's order
};

/// Task `index` of a body of an instance (aclmdlRIGetTasksByStream).
struct ModelTask : ModelBodyRef {
    static constexpr HandleText kHandleText{"task of a model runtime instance",
                                            "not from aclmdlRIGetTasksByStream, or its instance "
                                            "was destroyed"};
    size_t index = 0;
    /// Changes staged for aclmdlRIUpdate (under the instance's mu): aclmdlRITaskSetParams' new
    /// launch, already recorded (one task), and aclmdlRITaskDisable.
    std::unique_ptr<BackendGraph> staged_launch;
    std::shared_ptr<const KernelTaskRecord> staged_record;  // the launch staged_launch records
    bool staged_disable = false;
    bool disabled = false;  // by an update: executions skip it
};

/// Tasks [first, first + count) of segment `segment` of body `body` of `model`.
struct TaskGroup {
    std::weak_ptr<ModelRI> model;
    size_t body = 0;
    size_t segment = 0;
    size_t first = 0;
    size_t count = 0;
    bool updating = false;  // between aclmdlRICaptureTaskUpdateBegin and End (under model->mu)
    /// The group is its segment (Note [Task groups as segments], api_capture.cpp).
    bool whole_segment = false;
};

// The registries of the graph handles (each a registry_of<T>, named for its callers).
inline constexpr auto& models = registry_of<ModelRI>;
inline constexpr auto& task_groups = registry_of<TaskGroup>;
inline constexpr auto& cond_handles = registry_of<CondHandle>;
inline constexpr auto& labels = registry_of<Label>;
inline constexpr auto& label_lists = registry_of<LabelList>;
inline constexpr auto& model_streams = registry_of<ModelStream>;
inline constexpr auto& model_tasks = registry_of<ModelTask>;
/// Labels alive now (a process holds at most 65535).
std::atomic<size_t>& live_labels();

/// A new instance (in the handle arena) with a process-unique id.
aclError create_model(int32_t device, ModelRI::State state, std::shared_ptr<ModelRI>* out);
/// Unregisters the instance, its task groups, conditions and branches (whose devices words go
/// back to `backend` when it is not null); the caller releases it.
void forget_model(ModelRI& model, aclmdlRI handle, Backend* backend = nullptr);
/// Whether a body of `model` has a control point (executions then decide as they go).
bool has_control(const ModelRI& model);
/// ACL_ERROR_RT_PARAM_INVALID naming `handle` while `model` is still being captured or built
/// (its tasks are not final yet); the caller holds `model.mu`.
aclError require_finished_locked(const ModelRI& model, aclmdlRI handle);

const char* state_name(ModelRI::State state);

}  // namespace aclemu::rt::graph
