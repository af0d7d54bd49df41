// aclrtRandomNumAsync's task description (aclrtRandomNumTaskInfo) checked and turned into the
// built-in kernel's arguments. Parameters given by address are checked to be device memory and
// read by the kernel when the task runs; values are checked here.
#pragma once

#include "acl/acl.h"

#include "kernels_cu/builtin/builtin_args.h"

namespace aclemu::rt {

/// ACL_SUCCESS with `args` filled and `*empty` true when the count is a value of 0 (nothing to
/// do); otherwise the failure code, with a message naming the field.
aclError parse_random_task(const aclrtRandomNumTaskInfo& info,
                           kernels::builtin::RandomArgs* args,
                           bool* empty);

}  // namespace aclemu::rt
