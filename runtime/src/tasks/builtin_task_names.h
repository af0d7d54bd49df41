// What the ACLEMU_TRACE timeline calls the built-in tasks on their stream's track: the API, then
// what the task does, e.g. "aclrtReduceAsync SUM fp32", "aclrtRandomNumAsync normal bf16".
#pragma once

#include "kernels_cu/builtin/builtin_args.h"

#include <string>

namespace aclemu::rt {

/// "fp32", "fp16", "bf16", "int8", ... "uint64".
const char* elem_type_name(kernels::builtin::ElemType type);
/// "SUM", "MAX", "MIN".
const char* reduce_op_name(kernels::builtin::ReduceOp op);
/// "GEQ", "EQ", "AND", "NOR" (ACL_STREAM_WAIT_VALUE_*).
const char* wait_mode_name(kernels::builtin::WaitMode mode);

/// A built-in task's name from its arguments: "aclrtReduceAsync SUM fp32", ...
std::string builtin_task_name(const kernels::builtin::ReduceArgs& args);
std::string builtin_task_name(const kernels::builtin::RandomArgs& args);

}  // namespace aclemu::rt
