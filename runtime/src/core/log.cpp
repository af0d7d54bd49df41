// CANN-format logging:
//   [ERROR] ASCENDCL(12345,prog):2026-11-21-10:01:02.123.456 [api_memory.cpp:88]12346 func: text
// Levels per module (0 debug .. 3 error = default, 4 off); lines go to stdout or to
// <log root>/debug/plog/plog-<pid>_<time>.log, created on the first line. The settings come from
// the environment through config.cpp (log::Settings).
#include "aclemu/log.h"

#include "core/config.h"
#include "core/log_internal.h"
#include "observe/watchers.h"

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <mutex>
#include <string>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace aclemu::log {
namespace {

constexpr int kAppModule = 3;
const char* const kLevelNames[] = {"DEBUG", "INFO", "WARNING", "ERROR"};

// Effective level per module; -1 until the settings have been applied.
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

int level_of(int module) {
    int level = g_levels[module].load(std::memory_order_relaxed);
    if (level < 0) {
        static std::once_flag once;
        std::call_once(once, [] {
            if (g_levels[0].load() < 0) {
                configure(rt::read_log_settings());
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

void configure(const Settings& settings) {
    Sink& s = sink();
    {
        std::lock_guard<std::mutex> lock(s.mu);
        if (settings.dir != s.dir || settings.to_stdout != s.to_stdout) {
            if (s.file != nullptr) {
                std::fclose(s.file);
                s.file = nullptr;
            }
            s.file_failed = false;
        }
        s.to_stdout = settings.to_stdout;
        s.dir = settings.dir;
    }
    bool debug = false;
    for (int m = 0; m < kModuleCount; ++m) {
        g_levels[m].store(settings.levels[m], std::memory_order_relaxed);
        debug = debug || (m != kAppModule && settings.levels[m] == 0);
    }
    // The calls' DEBUG lines (observe/call_scope.cpp) are written only while this is on.
    observe::set_watching(observe::kDebugLog, debug);
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
