// The one place libascendcl reads the environment (config.h); the GPU simulator reads its own
// (gpu/sim/src/settings.h), and read_config logs what it cannot use. Variables and what each
// value means: README.md and docs/errors.md.
#include "core/config.h"

#include "aclemu/log.h"
#include "core/arg_checks.h"
#include "core/enum_names.h"
#include "core/status.h"
#if defined(ACLEMU_HAVE_GPUSIM)
#    include "gpu/sim/runtime.h"
#endif

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <thread>

namespace aclemu::rt {
namespace {

constexpr int kMaxCpuDevices = 64;
constexpr long kMaxCpuThreads = 4096;

// The variable's value, or null when it is unset or empty.
const char* env(const char* name) {
    const char* text = std::getenv(name);
    return text != nullptr && *text != '\0' ? text : nullptr;
}

std::string lower(std::string text) {
    for (char& c : text) {
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return text;
}

bool equals_ignore_case(const std::string& a, const char* b) {
    return lower(a) == lower(b);
}

// A decimal integer in [lo, hi], or nullopt.
std::optional<long> parse_int(const char* text, long lo, long hi) {
    char* end = nullptr;
    const long value = std::strtol(text, &end, 10);
    if (end == text || *end != '\0' || value < lo || value > hi) {
        return std::nullopt;
    }
    return value;
}

// 0..4, or -1 when `text` is not a single digit in range.
int parse_level(const char* text) {
    if (text == nullptr || text[0] < '0' || text[0] > '4' || text[1] != '\0') {
        return -1;
    }
    return text[0] - '0';
}

// A `0` / `1` switch; anything else logs a warning and keeps `fallback`.
bool read_switch(const char* name, bool fallback) {
    const char* text = env(name);
    if (text == nullptr) {
        return fallback;
    }
    if (std::strcmp(text, "0") == 0 || std::strcmp(text, "1") == 0) {
        return text[0] == '1';
    }
    ACLEMU_LOG(
        Runtime, Warning, "%s=%s is neither 0 nor 1; using %d", name, text, fallback ? 1 : 0);
    return fallback;
}

int read_cpu_threads() {
    if (const char* text = env("ACLEMU_CPU_THREADS")) {
        if (auto value = parse_int(text, 1, kMaxCpuThreads)) {
            return static_cast<int>(*value);
        }
        ACLEMU_LOG(
            Runtime, Warning, "ACLEMU_CPU_THREADS=%s is not a positive count; ignored", text);
    }
    return default_cpu_threads();
}

int read_cpu_device_count() {
    const char* text = env("ACLEMU_CPU_DEVICE_COUNT");
    if (text == nullptr) {
        return 1;
    }
    if (auto value = parse_int(text, 1, kMaxCpuDevices)) {
        return static_cast<int>(*value);
    }
    ACLEMU_LOG(Runtime,
               Warning,
               "ACLEMU_CPU_DEVICE_COUNT=%s is not in [1, %d]; using 1",
               text,
               kMaxCpuDevices);
    return 1;
}

// Bytes, optionally with a K, M, G or T suffix (powers of 1024); unset: 0 (physical memory).
size_t read_cpu_device_memory() {
    const char* text = env("ACLEMU_CPU_DEVICE_MEMORY");
    if (text == nullptr) {
        return 0;
    }
    char* end = nullptr;
    errno = 0;
    const unsigned long long value = std::strtoull(text, &end, 10);
    unsigned shift = 0;
    if (end != text && *end != '\0' && end[1] == '\0') {
        const char* units = "KMGT";
        if (const char* unit = std::strchr(units, std::toupper(static_cast<unsigned char>(*end)))) {
            shift = 10 * static_cast<unsigned>(unit - units + 1);
            ++end;
        }
    }
    // Only digits first: strtoull would take " -1" (after its blanks) as 2^64 - 1.
    if (!std::isdigit(static_cast<unsigned char>(text[0])) || end == text || *end != '\0'
        || errno == ERANGE || value == 0 || value > (~0ull >> shift)) {
        ACLEMU_LOG(Runtime,
                   Warning,
                   "ACLEMU_CPU_DEVICE_MEMORY=%s is not a positive byte count (e.g. 8G); using the "
                   "physical memory",
                   text);
        return 0;
    }
    return static_cast<size_t>(value << shift);
}

// Unset or "auto": Note [Streaming stores] decides per call; "0" never, "1" always.
StreamingStores read_streaming_stores() {
    const char* text = env("ACLEMU_CPU_STREAMING_STORES");
    if (text == nullptr || std::strcmp(text, "auto") == 0) {
        return StreamingStores::Auto;
    }
    if (std::strcmp(text, "0") == 0 || std::strcmp(text, "1") == 0) {
        return text[0] == '1' ? StreamingStores::On : StreamingStores::Off;
    }
    ACLEMU_LOG(
        Runtime, Warning, "ACLEMU_CPU_STREAMING_STORES=%s is none of auto, 0, 1; using auto", text);
    return StreamingStores::Auto;
}

// "scatter" asks for the atomic-scatter alternative (kept for comparisons); unset or "gather":
// the gather.
bool read_upsample_scatter() {
    const char* text = env("ACLEMU_UPSAMPLE_ALGORITHM");
    if (text == nullptr || std::strcmp(text, "gather") == 0) {
        return false;
    }
    if (std::strcmp(text, "scatter") == 0) {
        return true;
    }
    ACLEMU_LOG(Runtime,
               Warning,
               "ACLEMU_UPSAMPLE_ALGORITHM=%s is neither gather nor scatter; using gather",
               text);
    return false;
}

// The GPU simulator reads its own variables (it is below the logger); what it cannot use is
// reported here, at aclInit, whichever backend runs.
void warn_unusable_gpusim_settings() {
#if defined(ACLEMU_HAVE_GPUSIM)
    const std::string problems = gpusimSettingsProblems();
    size_t start = 0;
    while (start < problems.size()) {
        const size_t end = std::min(problems.find('\n', start), problems.size());
        ACLEMU_LOG(Runtime, Warning, "%s", problems.substr(start, end - start).c_str());
        start = end + 1;
    }
#endif
}

bool parse_backend(const std::string& text, BackendChoice* out) {
    for (BackendChoice choice : {BackendChoice::Auto,
                                 BackendChoice::Cpu,
                                 BackendChoice::Cuda,
                                 BackendChoice::Hip,
                                 BackendChoice::Gpu,
                                 BackendChoice::GpuSim}) {
        if (equals_ignore_case(text, backend_choice_name(choice))) {
            *out = choice;
            return true;
        }
    }
    return false;
}

// A `1` switch of the logger: true when set; *value says whether it is "1". A value other than
// 0 and 1 means "not 1", as in CANN, and is noted in `problems`.
bool log_flag(const char* name, bool* value, std::vector<std::string>* problems) {
    const char* text = env(name);
    if (text == nullptr) {
        return false;
    }
    *value = std::strcmp(text, "1") == 0;
    if (!*value && std::strcmp(text, "0") != 0) {
        problems->push_back(std::string(name) + "=" + text
                            + " is neither 0 nor 1; log lines go to the log file");
    }
    return true;
}

}  // namespace

constexpr EnumName<BackendChoice> kBackendChoiceNames[] = {{BackendChoice::Cpu, "cpu"},
                                                           {BackendChoice::Cuda, "cuda"},
                                                           {BackendChoice::Hip, "hip"},
                                                           {BackendChoice::Gpu, "gpu"},
                                                           {BackendChoice::GpuSim, "gpusim"},
                                                           {BackendChoice::Auto, "auto"}};

const char* backend_choice_name(BackendChoice choice) {
    return name_in(kBackendChoiceNames, choice, "auto");
}

int default_cpu_threads() {
    const unsigned hw = std::thread::hardware_concurrency();
    return hw == 0 ? 1 : static_cast<int>(hw);
}

aclError read_config(Config* out) {
    Config config;
    if (const char* choice = env("ACLEMU_BACKEND")) {
        ACLEMU_TRY(reject_if(!parse_backend(choice, &config.backend),
                             "ACLEMU_BACKEND",
                             lower(choice),
                             "must be one of auto, cpu, cuda, hip, gpu, gpusim"));
    }
    config.launch_blocking = read_switch("ASCEND_LAUNCH_BLOCKING", false);
    config.kernel_launch_blocking = read_switch("ASCEND_RT_LAUNCH_BLOCKING", false);
    if (const char* list = std::getenv("ASCEND_RT_VISIBLE_DEVICES")) {
        config.visible_devices = std::string(list);
    }
    config.cpu_backend.device_count = read_cpu_device_count();
    config.cpu_backend.inline_short_tasks = read_switch("ACLEMU_CPU_INLINE", true);
    config.cpu_backend.memory_limit = read_cpu_device_memory();
    config.ops.cpu_threads = read_cpu_threads();
    config.cpu_backend.compute_units = config.ops.cpu_threads;
    config.ops.streaming_stores = read_streaming_stores();
    config.ops.upsample_scatter = read_upsample_scatter();
    if (const char* path = env("ACLEMU_TRACE")) {
        config.trace_path = path;
    }
    warn_unusable_gpusim_settings();
    *out = std::move(config);
    return ACL_SUCCESS;
}

bool read_backend_choice(BackendChoice* out) {
    *out = BackendChoice::Auto;
    const char* choice = env("ACLEMU_BACKEND");
    return choice == nullptr || parse_backend(choice, out);
}

std::optional<std::string> read_soc_name_override() {
    const char* name = env("ACLEMU_SOC_NAME");
    return name != nullptr ? std::optional<std::string>(name) : std::nullopt;
}

log::Settings read_log_settings() {
    log::Settings settings;
    const char* global_text = env("ASCEND_GLOBAL_LOG_LEVEL");
    int global = parse_level(global_text);
    if (global < 0) {
        global = log::kDefaultLevel;
        if (global_text != nullptr) {
            settings.problems.push_back(std::string("ASCEND_GLOBAL_LOG_LEVEL=") + global_text
                                        + " is not a level 0..4; using " + std::to_string(global));
        }
    }
    std::fill(std::begin(settings.levels), std::end(settings.levels), global);
    if (const char* modules = std::getenv("ASCEND_MODULE_LOG_LEVEL")) {
        // "ASCENDCL=0:RUNTIME=1": invalid entries are ignored (and noted).
        const std::string spec(modules);
        size_t start = 0;
        while (start <= spec.size()) {
            size_t end = spec.find(':', start);
            if (end == std::string::npos) {
                end = spec.size();
            }
            const std::string item = spec.substr(start, end - start);
            const size_t eq = item.find('=');
            bool used = item.empty();
            if (eq != std::string::npos) {
                const std::string name = item.substr(0, eq);
                const int level = parse_level(item.substr(eq + 1).c_str());
                for (int m = 0; m < log::kModuleCount && level >= 0; ++m) {
                    if (equals_ignore_case(name, log::kModuleNames[m])) {
                        settings.levels[m] = level;
                        used = true;
                    }
                }
            }
            if (!used) {
                settings.problems.push_back(
                    "ASCEND_MODULE_LOG_LEVEL=" + spec + ": entry '" + item
                    + "' is not <module>=<level> with a module of ASCENDCL, RUNTIME, OP, APP and "
                      "a level 0..4; ignored");
            }
            start = end + 1;
        }
    }
    if (!log_flag("ASCEND_LOG_PRINT_TO_STDOUT", &settings.to_stdout, &settings.problems)) {
        log_flag("ASCEND_SLOG_PRINT_TO_STDOUT", &settings.to_stdout, &settings.problems);
    }
    if (const char* path = env("ASCEND_PROCESS_LOG_PATH")) {
        settings.dir = path;
    } else if (const char* home = env("HOME")) {
        settings.dir = std::string(home) + "/ascend/log";
    }  // else no log root: stderr, never a folder in the shared temporary directory
    return settings;
}

std::vector<int32_t> visible_devices(const std::optional<std::string>& list, int physical_count) {
    std::vector<int32_t> visible;
    if (!list) {
        for (int i = 0; i < physical_count; ++i) {
            visible.push_back(i);
        }
        return visible;
    }
    const std::string& text = *list;
    size_t start = 0;
    while (start < text.size()) {
        size_t end = text.find(',', start);
        if (end == std::string::npos) {
            end = text.size();
        }
        std::string item = text.substr(start, end - start);
        item.erase(0, item.find_first_not_of(" \t"));
        item.erase(item.find_last_not_of(" \t") + 1);
        const std::optional<long> id =
            item.empty() ? std::nullopt : parse_int(item.c_str(), 0, physical_count - 1);
        if (!id || std::find(visible.begin(), visible.end(), *id) != visible.end()) {
            ACLEMU_LOG(Runtime,
                       Warning,
                       "ASCEND_RT_VISIBLE_DEVICES=%s: entry '%s' is not a free device id in "
                       "[0, %d); the list ends before it",
                       text.c_str(),
                       item.c_str(),
                       physical_count);
            break;
        }
        visible.push_back(static_cast<int32_t>(*id));
        start = end + 1;
    }
    return visible;
}

}  // namespace aclemu::rt
