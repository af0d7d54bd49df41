// One fuzz case from a source of choices, and the runtime the cases run in. Shared by the seeded
// driver (fuzz_main.cpp) and the libFuzzer entry point (libfuzzer_main.cpp).
//
//   Options options{"cpu"};
//   std::string why;
//   if (!start_runtime(options, &why)) ...;
//   SeededSource source(case_seed(seed, i));
//   Choices choices(source);
//   Report report = run_case(choices, options);   // restarts the runtime after aclFinalize
#pragma once

#include "fuzz/fuzz_random.h"
#include "fuzz/fuzz_report.h"

#include <string>

namespace aclemu::fuzz {

struct Options {
    std::string backend = "cpu";  // ACLEMU_BACKEND for aclInit: cpu, gpusim (or gpu)
    bool verbose = false;
};

/// aclInit with options.backend, aclrtSetDevice(0) on the calling thread. False with the reason.
bool start_runtime(const Options& options, std::string* why);
void stop_runtime();

/// Runs one case (an operator case, a runtime-misuse case or a tensor-creation case) and
/// returns what it did and what went wrong. A case that finalized the runtime leaves it started
/// again. Never throws.
Report run_case(Choices& choices, const Options& options);

}  // namespace aclemu::fuzz
