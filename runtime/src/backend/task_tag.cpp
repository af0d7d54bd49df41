#include "backend/task_tag.h"

namespace aclemu::rt {

std::shared_ptr<const void>& current_task_tag() {
    thread_local std::shared_ptr<const void> tag;
    return tag;
}

}  // namespace aclemu::rt
