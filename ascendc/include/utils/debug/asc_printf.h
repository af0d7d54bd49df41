// The kernel printf header CANN's newer examples include on its own ("utils/debug/asc_printf.h",
// or "debug/asc_printf.h" from the utils folder) instead of kernel_operator.h: it brings the
// qualifiers (__global__, __vector__, ...) and AscendC::printf. A kernel's unqualified
// printf("text") is the C library's, printed at once from the block (docs/ascendc.md, "What to
// watch when porting").
#pragma once

#include "kernel_operator.h"
