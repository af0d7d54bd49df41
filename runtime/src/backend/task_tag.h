// What the front end attaches to the tasks a capture records: the parameters of a kernel launch,
// read back by aclmdlRITaskGetType / GetParams (graph/api_model_ri_task_params.cpp). A backend
// that records tasks one by one (the CPU backend) stores the calling thread's tag with each task
// it records while the tag is set.
#pragma once

#include <memory>

namespace aclemu::rt {

/// The calling thread's tag: empty unless a TaskTagScope is open.
std::shared_ptr<const void>& current_task_tag();

/// Sets the calling thread's tag for its lifetime, unless one is set already (the outer wins:
/// an instance's update relaunches a kernel under the tag it made).
class TaskTagScope {
public:
    explicit TaskTagScope(std::shared_ptr<const void> tag) {
        if (!current_task_tag()) {
            current_task_tag() = std::move(tag);
            owner_ = true;
        }
    }
    ~TaskTagScope() {
        if (owner_) {
            current_task_tag().reset();
        }
    }
    TaskTagScope(const TaskTagScope&) = delete;
    TaskTagScope& operator=(const TaskTagScope&) = delete;

private:
    bool owner_ = false;
};

}  // namespace aclemu::rt
