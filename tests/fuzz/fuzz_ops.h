// The operator cases of the fuzzer: one of the aclnn operators with random ranks, shapes,
// layouts (negative, zero and overlapping strides, storage offsets, spare storage), dtypes and
// formats, valid or broken in one way whose CANN code is known (a null, an unsupported or
// invalid dtype or format, a view outside its storage, hostile offsets, strides and storage
// dims, a shape or rank the operator rejects), run through both phases with the executor used
// as a user may misuse it (run twice, destroyed, another operator's, repeatable and re-pointed)
// and phase 2 broken in one way (workspace missing, too small or host memory, storage that is
// not device memory, a dead or garbage stream, a thread without a device, after aclFinalize).
#pragma once

#include "fuzz/fuzz_random.h"
#include "fuzz/fuzz_report.h"

namespace aclemu::fuzz {

/// One operator case; the report says what it did and what went wrong.
void run_op_case(Choices& c, Report& report);

}  // namespace aclemu::fuzz
