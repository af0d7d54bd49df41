// The simulator's two environment settings, parsed in one place: the device count (state.cpp,
// at each device query) and the block runners (grid.cpp, at the first launch) use the values;
// gpusimSettingsProblems (runtime.h) describes the ones they ignore, for the runtime to log (the
// simulator has no logger of its own: it sits below libascendcl's).
#pragma once

#include <optional>

namespace gpusim::detail {

constexpr const char* kDeviceCountVariable = "ACLEMU_GPUSIM_DEVICE_COUNT";
constexpr const char* kThreadsVariable = "ACLEMU_GPUSIM_THREADS";
constexpr int kMaxRunners = 256;

/// A decimal integer in [lo, hi] filling the whole of `text`, or nullopt.
std::optional<int> parse_setting(const char* text, int lo, int hi);

/// The block runners when ACLEMU_GPUSIM_THREADS is unset or unusable: the cores, 2..8.
unsigned default_runner_count();

}  // namespace gpusim::detail
