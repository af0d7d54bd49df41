// CANN's CPU-debug launch header, on aclemu: nothing more is needed, since `<<<>>>` launches are
// rewritten at build time and run on aclemu's backends (docs/ascendc.md). Kept so that sources
// including it under ASCENDC_CPU_DEBUG compile unchanged.
#pragma once

#include "tikicpulib.h"
