// CANN-format logging:
//   [ERROR] ASCENDCL(12345,prog):2026-11-21-10:01:02.123.456 [api_memory.cpp:88]12346 func: text
// Levels from ASCEND_GLOBAL_LOG_LEVEL (0 debug .. 3 error = default, 4 off) and per module from
// ASCEND_MODULE_LOG_LEVEL ("ASCENDCL=0:RUNTIME=1"). Lines go to stdout when
// ASCEND_LOG_PRINT_TO_STDOUT=1 (or the older ASCEND_SLOG_PRINT_TO_STDOUT; the new one wins),
// else to <ASCEND_PROCESS_LOG_PATH or $HOME/ascend/log>/debug/plog/plog-<pid>_<time>.log,
// created on the first line.
#include "aclemu/log.h"

#include "log_internal.h"

#include <atomic>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <mutex>
#include <string>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace aclemu::log {
namespace {

constexpr int kLevelOff = 4;
constexpr int kDefaultLevel = 3;
constexpr int kModuleCount = 4;  // AscendCL, Runtime, Op, App
constexpr int kAppModule = 3;
const char* const kModuleNames[kModuleCount] = {"ASCENDCL", "RUNTIME", "OP", "APP"};
const char* const kLevelNames[] = {"DEBUG", "INFO", "WARNING", "ERROR"};

// Effective level per module; -1 until the environment has been read.
std::atomic<int> g_levels[kModuleCount] = {-1, -1, -1, -1};

struct Sink {
    std::mutex mu;
    bool to_stdout = false;
    std::string dir;  // log root; lines go under dir/debug/plog
    std::FILE* file = nullptr;
    bool file_failed = false;  // do not retry opening on every line
};

Sink& sink() {
    static Sink* s = new Sink;  // never destroyed: logging may run during static destruction
    return *s;
}

// 0..4, or -1 when `text` is not a single digit in range.
int parse_level(const char* text) {
    if (text == nullptr || text[0] < '0' || text[0] > '4' || text[1] != '\0') {
        return -1;
    }
    return text[0] - '0';
}

bool env_flag(const char* name, bool* value) {
    const char* text = std::getenv(name);
    if (text == nullptr || text[0] == '\0') {
        return false;
    }
    *value = std::strcmp(text, "1") == 0;
    return true;
}

bool equals_ignore_case(const std::string& a, const char* b) {
    if (a.size() != std::strlen(b)) {
        return false;
    }
    for (size_t i = 0; i < a.size(); ++i) {
        if (std::toupper(static_cast<unsigned char>(a[i])) != b[i]) {
            return false;
        }
    }
    return true;
}

void read_settings() {
    int global = parse_level(std::getenv("ASCEND_GLOBAL_LOG_LEVEL"));
    if (global < 0) {
        global = kDefaultLevel;
    }
    int levels[kModuleCount] = {global, global, global, global};
    if (const char* modules = std::getenv("ASCEND_MODULE_LOG_LEVEL")) {
        std::string spec(modules);
        size_t start = 0;
        while (start <= spec.size()) {
            size_t end = spec.find(':', start);
            if (end == std::string::npos) {
                end = spec.size();
            }
            std::string item = spec.substr(start, end - start);
            size_t eq = item.find('=');
            if (eq != std::string::npos) {
                std::string name = item.substr(0, eq);
                int level = parse_level(item.substr(eq + 1).c_str());
                for (int m = 0; m < kModuleCount && level >= 0; ++m) {
                    if (equals_ignore_case(name, kModuleNames[m])) {
                        levels[m] = level;
                    }
                }
            }
            start = end + 1;
        }
    }

    bool to_stdout = false;
    if (!env_flag("ASCEND_LOG_PRINT_TO_STDOUT", &to_stdout)) {
        env_flag("ASCEND_SLOG_PRINT_TO_STDOUT", &to_stdout);
    }
    std::string dir;
    if (const char* path = std::getenv("ASCEND_PROCESS_LOG_PATH"); path != nullptr && *path) {
        dir = path;
    } else if (const char* home = std::getenv("HOME"); home != nullptr && *home) {
        dir = std::string(home) + "/ascend/log";
    } else {
        dir = "/tmp/ascend/log";
    }

    Sink& s = sink();
    {
        std::lock_guard<std::mutex> lock(s.mu);
        if (dir != s.dir || to_stdout != s.to_stdout) {
            if (s.file != nullptr) {
                std::fclose(s.file);
                s.file = nullptr;
            }
            s.file_failed = false;
        }
        s.to_stdout = to_stdout;
        s.dir = dir;
    }
    for (int m = 0; m < kModuleCount; ++m) {
        g_levels[m].store(levels[m], std::memory_order_relaxed);
    }
}

int level_of(int module) {
    int level = g_levels[module].load(std::memory_order_relaxed);
    if (level < 0) {
        static std::once_flag once;
        std::call_once(once, [] {
            if (g_levels[0].load() < 0) {
                read_settings();
            }
        });
        level = g_levels[module].load(std::memory_order_relaxed);
    }
    return level;
}

bool make_dirs(const std::string& path) {
    std::string partial;
    for (size_t i = 0; i <= path.size(); ++i) {
        if (i == path.size() || path[i] == '/') {
            if (!partial.empty() && ::mkdir(partial.c_str(), 0750) != 0 && errno != EEXIST) {
                return false;
            }
        }
        if (i < path.size()) {
            partial += path[i];
        }
    }
    return true;
}

// Opens the plog file; called with the sink lock held.
std::FILE* open_file(Sink& s) {
    if (s.file != nullptr || s.file_failed) {
        return s.file;
    }
    std::string dir = s.dir + "/debug/plog";
    if (!make_dirs(dir)) {
        s.file_failed = true;
        return nullptr;
    }
    std::time_t now = std::time(nullptr);
    std::tm tm{};
    localtime_r(&now, &tm);
    char stamp[32];
    std::strftime(stamp, sizeof(stamp), "%Y%m%d%H%M%S", &tm);
    std::string path = dir + "/plog-" + std::to_string(::getpid()) + "_" + stamp + ".log";
    s.file = std::fopen(path.c_str(), "a");
    if (s.file == nullptr) {
        s.file_failed = true;
    }
    return s.file;
}

const char* base_name(const char* path) {
    if (path == nullptr) {
        return "";
    }
    const char* slash = std::strrchr(path, '/');
    return slash != nullptr ? slash + 1 : path;
}

const char* program_name() {
    static const std::string name = [] {
        std::string comm;
        if (std::FILE* f = std::fopen("/proc/self/comm", "r")) {
            char buf[64] = {};
            if (std::fgets(buf, sizeof(buf), f) != nullptr) {
                comm = buf;
            }
            std::fclose(f);
        }
        while (!comm.empty() && (comm.back() == '\n' || comm.back() == '\r')) {
            comm.pop_back();
        }
        return comm.empty() ? std::string("unknown") : comm;
    }();
    return name.c_str();
}

void emit(int module,
          Level level,
          const char* file,
          int line,
          const char* func,
          const char* fmt,
          va_list args) {
    char text[2048];
    std::vsnprintf(text, sizeof(text), fmt, args);

    auto now = std::chrono::system_clock::now();
    std::time_t secs = std::chrono::system_clock::to_time_t(now);
    auto micros =
        std::chrono::duration_cast<std::chrono::microseconds>(now.time_since_epoch()).count()
        % 1000000;
    std::tm tm{};
    localtime_r(&secs, &tm);
    char when[32];
    std::strftime(when, sizeof(when), "%Y-%m-%d-%H:%M:%S", &tm);

    char prefix[256];
    std::snprintf(prefix,
                  sizeof(prefix),
                  "[%s] %s(%d,%s):%s.%03d.%03d [%s:%d]%ld ",
                  kLevelNames[static_cast<int>(level)],
                  kModuleNames[module],
                  static_cast<int>(::getpid()),
                  program_name(),
                  when,
                  static_cast<int>(micros / 1000),
                  static_cast<int>(micros % 1000),
                  base_name(file),
                  line,
                  static_cast<long>(::syscall(SYS_gettid)));

    Sink& s = sink();
    std::lock_guard<std::mutex> lock(s.mu);
    std::FILE* out = s.to_stdout ? stdout : open_file(s);
    if (out == nullptr) {
        return;
    }
    std::fprintf(out, "%s%s: %s\n", prefix, func != nullptr ? func : "", text);
    std::fflush(out);
}

}  // namespace

bool enabled(Module module, Level level) {
    int threshold = level_of(static_cast<int>(module));
    return threshold != kLevelOff && static_cast<int>(level) >= threshold;
}

void write(Module module,
           Level level,
           const char* file,
           int line,
           const char* func,
           const char* fmt,
           ...) {
    va_list args;
    va_start(args, fmt);
    emit(static_cast<int>(module), level, file, line, func, fmt, args);
    va_end(args);
}

void reload_settings() {
    read_settings();
}

bool app_enabled(Level level) {
    int threshold = level_of(kAppModule);
    return threshold != kLevelOff && static_cast<int>(level) >= threshold;
}

void write_app(
    Level level, const char* file, int line, const char* func, const char* fmt, va_list args) {
    emit(kAppModule, level, file, line, func, fmt, args);
}

}  // namespace aclemu::log
