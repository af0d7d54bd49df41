// Control flow inside a model runtime instance: conditions (aclmdlRICondHandle*) and conditional
// tasks (aclmdlRIAddCondTask), labels and label switches (aclrtSetLabel, aclrtSwitchLabelByIndex),
// stream switches and activations (aclrtSwitchStream, aclrtActiveStream), and captured waits on
// external events (graph/external_wait.h).
//
// Note [Control points]: a control call on a recording stream cuts the stream's recording into
// segments (capture_registry.h, cut_segment): the tasks before it become a segment whose `then`
// is the control, and the recording goes on in a new segment. An execution (graph/model_executor.h)
// launches a segment's tasks, and at its control waits for the executing stream, reads the
// device words the control names, and decides what runs next: so each decision sees every
// earlier task's writes, in stream order, on every backend.
#pragma once

#include "acl/acl.h"

#include "handles/handle_text.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

namespace aclemu::rt {
struct HostRecords;
}

namespace aclemu::rt::graph {

struct ModelRI;

/// aclmdlRICondHandle: a device word of an instance.
struct CondHandle {
    static constexpr HandleText kHandleText{"condition",
                                            "aclmdlRICondHandleCreate; released with its instance"};
    std::weak_ptr<ModelRI> model;  // the instance it was made on
    uint64_t* word = nullptr;      // 8 bytes of internal device memory
    uint32_t default_value = 0;
    bool assign_default = false;  // ACL_MODEL_RI_COND_HANDLE_ASSIGN_DEFAULT
    bool used = false;            // by a conditional task (each condition drives one)
};

/// aclrtLabel: where aclrtSetLabel placed it, once it was (the fields under `mu`).
struct Label {
    static constexpr HandleText kHandleText{
        "label", "aclrtCreateLabel; destroyed, or from before aclFinalize"};
    std::mutex mu;
    bool set = false;
    std::weak_ptr<ModelRI> model;
    int32_t stream_id = 0;  // the body of the instance
    size_t segment = 0;     // it starts that body's segment
};

/// aclrtLabelList.
struct LabelList {
    static constexpr HandleText kHandleText{"label list", "aclrtCreateLabelList"};
    std::vector<std::shared_ptr<Label>> labels;
};

/// A captured aclrtStreamWaitEvent on an ACL_EVENT_EXTERNAL event (graph/external_wait.h):
/// the k-th execution that reaches it waits for the host's record number base + k.
struct ExternalWait {
    aclrtEvent event = nullptr;
    std::shared_ptr<HostRecords> records;
    uint64_t base = 0;                 // the host's records when it was captured
    std::atomic<uint64_t> reached{0};  // executions that reached it
};

struct Control {
    enum class Kind { Conditional, SwitchLabel, SwitchStream, ActivateStream, ExternalWait };
    Kind kind = Kind::Conditional;

    // Conditional.
    std::shared_ptr<CondHandle> cond;
    aclmdlRICondTaskType type = ACL_MODEL_RI_COND_TYPE_IF;
    std::vector<std::shared_ptr<ModelRI>> branches;

    // SwitchLabel: the uint32 index at `index`, clamped to labels.size() - 1.
    const void* index = nullptr;
    std::vector<std::shared_ptr<Label>> labels;

    // SwitchStream: `*left compare *right` (int32 or int64) jumps to the body of target_stream.
    const void* left = nullptr;
    const void* right = nullptr;
    aclrtCondition compare = ACL_RT_EQUAL;
    bool wide = false;  // ACL_RT_SWITCH_INT64

    // SwitchStream, ActivateStream: the stream whose body runs.
    int32_t target_stream = 0;

    // ExternalWait.
    std::shared_ptr<ExternalWait> external;
};

/// Whether `left compare right` holds.
bool compare_holds(aclrtCondition compare, int64_t left, int64_t right);

}  // namespace aclemu::rt::graph
