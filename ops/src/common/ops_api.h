// ACLEMU_OPS_API marks the shared operator helpers of ops/src/common. They are internal to
// libopapi.so; they are exported only so that tests/nnopbase can call them directly.
#pragma once

#include "aclemu/export.h"

#define ACLEMU_OPS_API ACLEMU_EXPORT
