// ACLEMU_NNOPBASE_API marks the C++ functions libnnopbase.so exports for libopapi.so: failure
// messages, tensor helpers, the executor registry. Internal to aclemu; not installed.
#pragma once

#include "aclemu/export.h"

#define ACLEMU_NNOPBASE_API ACLEMU_EXPORT
