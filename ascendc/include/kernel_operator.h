// Ascend C's kernel API on aclemu (docs/ascendc.md): what a kernel source includes. Written for
// aclemu from the public descriptions of the API; each block runs the kernel as ordinary C++ on
// the backend of the stream it was launched on.
#pragma once

#include "aclemu/ascendc/kernel_cmpmask.h"
#include "aclemu/ascendc/kernel_compare.h"
#include "aclemu/ascendc/kernel_compare_repeat.h"
#include "aclemu/ascendc/kernel_copy.h"
#include "aclemu/ascendc/kernel_debug.h"
#include "aclemu/ascendc/kernel_defs.h"
#include "aclemu/ascendc/kernel_dump_shape.h"
#include "aclemu/ascendc/kernel_gather.h"
#include "aclemu/ascendc/kernel_logic_scalar.h"
#include "aclemu/ascendc/kernel_pipe.h"
#include "aclemu/ascendc/kernel_reduce_repeat.h"
#include "aclemu/ascendc/kernel_sync.h"
#include "aclemu/ascendc/kernel_tensor.h"
#include "aclemu/ascendc/kernel_tier3.h"
#include "aclemu/ascendc/kernel_unsupported.h"
#include "aclemu/ascendc/kernel_vector.h"
#include "aclemu_ascendc_launch.h"
