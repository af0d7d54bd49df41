// The fuzzer's runtime and tensor-creation cases.
//   - run_runtime_case: the runtime misused as a hostile or careless caller would (double and
//     foreign frees, copies of the wrong kind, counts over destMax, ranges past a block, 2-D
//     spans that overflow, sizes no allocation has, enum values the C++ types cannot hold, dead
//     streams and events, calls after aclFinalize), each with the code docs/errors.md documents
//     and a message;
//   - run_tensor_case: aclCreateTensor / aclInitTensor with random ranks, huge and negative dims,
//     hostile strides, offsets and storage, and dtype and format values of every kind, checked
//     against the creation rules written here: a valid description round-trips through the
//     getters, any other is rejected with a message.
#pragma once

#include "fuzz/fuzz_random.h"
#include "fuzz/fuzz_report.h"

namespace aclemu::fuzz {

void run_runtime_case(Choices& c, Report& report);
void run_tensor_case(Choices& c, Report& report);

}  // namespace aclemu::fuzz
