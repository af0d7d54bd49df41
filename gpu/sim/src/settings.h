// The simulator's environment settings, parsed in one place: the device count (state.cpp, at
// each device query), the block runners (grid.cpp, at the first launch), the device profile
// (state.cpp) and the race checker switch (checker.cpp), both read once, use the values;
// gpusimSettingsProblems (runtime.h) describes the ones they ignore, for the runtime to log (the
// simulator has no logger of its own: it sits below libascendcl's).
#pragma once

#include <optional>

namespace gpusim::detail {

constexpr const char* kDeviceCountVariable = "ACLEMU_GPUSIM_DEVICE_COUNT";
constexpr const char* kThreadsVariable = "ACLEMU_GPUSIM_THREADS";
constexpr const char* kProfileVariable = "ACLEMU_GPUSIM_PROFILE";
constexpr const char* kCheckVariable = "ACLEMU_GPUSIM_CHECK";
constexpr int kMaxRunners = 256;

/// ACLEMU_GPUSIM_PROFILE=tiny. Unset, empty, "default" or an unusable value: the default device.
bool tiny_profile_requested();

/// ACLEMU_GPUSIM_CHECK: off only for "0"; unset, "1" or an unusable value: on.
bool checker_requested();

/// A decimal integer in [lo, hi] filling the whole of `text`, or nullopt.
std::optional<int> parse_setting(const char* text, int lo, int hi);

/// The block runners when ACLEMU_GPUSIM_THREADS is unset or unusable: the cores, 2..8.
unsigned default_runner_count();

}  // namespace gpusim::detail
