// Phase 2's side of the dump (aclemu/dump.h): the executor's tensor snapshots described to the
// runtime before and after the operator runs. Costs one relaxed load when no dump is configured.
#pragma once

#include "nnopbase/executor.h"

namespace aclemu::nn {

void dump_before(const aclOpExecutor& executor, const char* api, const rt::StreamTarget& stream);
void dump_after(const aclOpExecutor& executor, const char* api, const rt::StreamTarget& stream);

}  // namespace aclemu::nn
