// The simulator's environment settings (settings.h) and gpusimSettingsProblems (runtime.h).
#include "settings.h"

#include "gpu/sim/runtime.h"
#include "state.h"

#include <algorithm>
#include <cstdlib>
#include <string>
#include <thread>

namespace gpusim::detail {

std::optional<int> parse_setting(const char* text, int lo, int hi) {
    if (text == nullptr || *text == '\0') {
        return std::nullopt;
    }
    char* end = nullptr;
    const long value = std::strtol(text, &end, 10);
    if (*end != '\0' || value < lo || value > hi) {
        return std::nullopt;
    }
    return static_cast<int>(value);
}

unsigned default_runner_count() {
    // At least two, so blocks of one grid run concurrently even on one core.
    return std::clamp(std::thread::hardware_concurrency(), 2u, 8u);
}

namespace {

// "NAME=value is not in [lo, hi]; using <fallback>" when the variable is set and unusable.
void describe_unusable(std::string* out, const char* name, int lo, int hi, unsigned fallback) {
    const char* text = std::getenv(name);
    if (text == nullptr || parse_setting(text, lo, hi)) {
        return;
    }
    if (!out->empty()) {
        *out += '\n';
    }
    *out += std::string(name) + "=" + text + " is not a whole number in [" + std::to_string(lo)
            + ", " + std::to_string(hi) + "]; using " + std::to_string(fallback);
}

}  // namespace
}  // namespace gpusim::detail

extern "C" const char* gpusimSettingsProblems(void) {
    using namespace gpusim::detail;
    thread_local std::string problems;
    problems.clear();
    describe_unusable(&problems, kDeviceCountVariable, 1, kMaxDevices, 1);
    describe_unusable(&problems, kThreadsVariable, 1, kMaxRunners, default_runner_count());
    return problems.c_str();
}
