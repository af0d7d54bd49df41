// The simulator's environment settings (settings.h) and gpusimSettingsProblems (runtime.h).
#include "settings.h"

#include "gpu/sim/runtime.h"
#include "state.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
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

bool tiny_profile_requested() {
    const char* text = std::getenv(kProfileVariable);
    return text != nullptr && std::strcmp(text, "tiny") == 0;
}

bool checker_requested() {
    const char* text = std::getenv(kCheckVariable);
    return text == nullptr || std::strcmp(text, "0") != 0;
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

// "NAME=value is not one of a, b; using <fallback>" when the variable is set to another word.
void describe_unknown_word(std::string* out,
                           const char* name,
                           std::initializer_list<const char*> words,
                           const char* fallback) {
    const char* text = std::getenv(name);
    if (text == nullptr || *text == '\0') {
        return;
    }
    std::string known;
    for (const char* word : words) {
        if (std::strcmp(text, word) == 0) {
            return;
        }
        known += known.empty() ? word : std::string(", ") + word;
    }
    if (!out->empty()) {
        *out += '\n';
    }
    *out += std::string(name) + "=" + text + " is not one of " + known + "; using " + fallback;
}

}  // namespace
}  // namespace gpusim::detail

extern "C" const char* gpusimSettingsProblems(void) {
    using namespace gpusim::detail;
    thread_local std::string problems;
    problems.clear();
    describe_unusable(&problems, kDeviceCountVariable, 1, kMaxDevices, 1);
    describe_unusable(&problems, kThreadsVariable, 1, kMaxRunners, default_runner_count());
    describe_unknown_word(&problems, kProfileVariable, {"default", "tiny"}, "default");
    describe_unknown_word(&problems, kCheckVariable, {"0", "1"}, "1");
    return problems.c_str();
}
