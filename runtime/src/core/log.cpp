// CANN-format logging:
//   [ERROR] ASCENDCL(12345,prog):2026-11-21-10:01:02.123.456 [api_memory.cpp:88]12346 func: text
// Levels per module (0 debug .. 3 error = default, 4 off); lines go to stdout, or to
// <log root>/debug/plog/plog-<pid>_<time>.log, created on the first line (files/private_file.h:
// directories 0700 of this user, no symbolic links), or to stderr when there is no log root (no
// HOME) or the file cannot be opened safely. Control characters in a line's values are escaped,
// so no value can start a line of its own. The settings come from the environment through
// config.cpp (log::Settings).
#include "aclemu/log.h"

#include "core/config.h"
#include "core/local_time.h"
#include "core/log_internal.h"
#include "files/private_file.h"
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
#include <vector>

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
    bool file_failed = false;                  // do not retry opening on every line: stderr instead
    std::vector<std::string> problems_logged;  // the settings' problems, logged once
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

// A line of `level` for `module` is written.
bool passes(int module, Level level) {
    const int threshold = level_of(module);
    return threshold != kLevelOff && static_cast<int>(level) >= threshold;
}

}  // namespace

std::string escape_control(const std::string& text) {
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (c == '\n') {
            out += "\\n";
        } else if (c == '\r') {
            out += "\\r";
        } else if (c == '\t') {
            out += "\\t";
        } else if (byte < 0x20 || byte == 0x7f) {
            char hex[8];
            std::snprintf(hex, sizeof(hex), "\\x%02x", byte);
            out += hex;
        } else {
            out += c;
        }
    }
    return out;
}

namespace {

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
        return comm.empty() ? std::string("unknown") : escape_control(comm);
    }();
    return name.c_str();
}

// A line's prefix in CANN's format: level, module, pid and program, local time with milliseconds
// and microseconds, file and line, thread.
void format_prefix(char* out, size_t size, int module, Level level, const char* file, int line) {
    const auto now = std::chrono::system_clock::now();
    const std::string when = local_time_text(now, "%Y-%m-%d-%H:%M:%S");
    const int64_t micros = below_second<std::chrono::microseconds>(now);
    std::snprintf(out,
                  size,
                  "[%s] %s(%d,%s):%s.%03d.%03d [%s:%d]%ld ",
                  kLevelNames[static_cast<int>(level)],
                  kModuleNames[module],
                  static_cast<int>(::getpid()),
                  program_name(),
                  when.c_str(),
                  static_cast<int>(micros / 1000),
                  static_cast<int>(micros % 1000),
                  escape_control(base_name(file)).c_str(),
                  line,
                  static_cast<long>(::syscall(SYS_gettid)));
}

// Opens the plog file, or says once on stderr (a WARNING line naming ASCEND_PROCESS_LOG_PATH) why
// it cannot and answers stderr; called with the sink lock held. No log root (no HOME): stderr.
std::FILE* open_file(Sink& s, int module) {
    if (s.dir.empty()) {
        return stderr;
    }
    if (s.file != nullptr || s.file_failed) {
        return s.file != nullptr ? s.file : stderr;
    }
    const std::string stamp = local_time_text(std::chrono::system_clock::now(), "%Y%m%d%H%M%S");
    const std::string name = "plog-" + std::to_string(::getpid()) + "_" + stamp + ".log";
    std::string error;
    const int dir = files::open_private_directory(s.dir, {"debug", "plog"}, &error);
    if (dir >= 0) {
        s.file = files::open_private_file(dir, name, true, &error);
        ::close(dir);
    }
    if (s.file == nullptr) {
        s.file_failed = true;
        char prefix[256];
        format_prefix(prefix, sizeof(prefix), module, Level::Warning, __FILE__, __LINE__);
        std::fprintf(stderr,
                     "%saclemu: ASCEND_PROCESS_LOG_PATH=%s: log file refused (%s); logging to "
                     "stderr\n",
                     prefix,
                     escape_control(s.dir).c_str(),
                     escape_control(error).c_str());
        return stderr;
    }
    return s.file;
}

// Where a line comes from: the caller's file, line and function.
struct Site {
    const char* file;
    int line;
    const char* func;
};

void emit(int module, Level level, const Site& site, const char* fmt, va_list args) {
    char text[2048];
    std::vsnprintf(text, sizeof(text), fmt, args);
    char prefix[256];
    format_prefix(prefix, sizeof(prefix), module, level, site.file, site.line);

    Sink& s = sink();
    std::lock_guard<std::mutex> lock(s.mu);
    std::FILE* out = s.to_stdout ? stdout : open_file(s, module);
    if (out == nullptr) {
        return;
    }
    std::fprintf(out,
                 "%s%s: %s\n",
                 prefix,
                 escape_control(site.func != nullptr ? site.func : "").c_str(),
                 escape_control(text).c_str());
    std::fflush(out);
}

}  // namespace

bool enabled(Module module, Level level) {
    return passes(static_cast<int>(module), level);
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
    emit(static_cast<int>(module), level, {file, line, func}, fmt, args);
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
    // Each unusable value once (the settings are applied at aclInit and on a line before it).
    {
        std::lock_guard<std::mutex> lock(s.mu);
        if (settings.problems == s.problems_logged) {
            return;
        }
        s.problems_logged = settings.problems;
    }
    for (const std::string& problem : settings.problems) {
        ACLEMU_LOG(Runtime, Warning, "%s", problem.c_str());
    }
}

bool app_enabled(Level level) {
    return passes(kAppModule, level);
}

void write_app(
    Level level, const char* file, int line, const char* func, const char* fmt, va_list args) {
    emit(kAppModule, level, {file, line, func}, fmt, args);
}

}  // namespace aclemu::log
