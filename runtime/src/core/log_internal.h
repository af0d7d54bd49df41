// Logger internals shared inside libascendcl.so: its settings (read by config.cpp at aclInit,
// and on the first line logged before it) and the free-form module writer behind aclAppLog
// (module APP).
#pragma once

#include "aclemu/log.h"

#include <cstdarg>
#include <string>
#include <vector>

namespace aclemu::log {

constexpr int kModuleCount = 4;  // AscendCL, Runtime, Op, App
/// Module names as CANN spells them in ASCEND_MODULE_LOG_LEVEL and in log lines.
constexpr const char* kModuleNames[kModuleCount] = {"ASCENDCL", "RUNTIME", "OP", "APP"};
constexpr int kDefaultLevel = 3;  // error
constexpr int kLevelOff = 4;

struct Settings {
    int levels[kModuleCount] = {kDefaultLevel, kDefaultLevel, kDefaultLevel, kDefaultLevel};
    bool to_stdout = false;
    std::string dir;  // log root; lines go under dir/debug/plog
    /// Values the settings could not use ("ASCEND_GLOBAL_LOG_LEVEL=x is not ..."): configure()
    /// logs each at WARNING (module RUNTIME) once it has applied the rest.
    std::vector<std::string> problems;
};

/// Applies `settings` (aclInit does, with what config.cpp read). A changed destination takes
/// effect with the next line (the log file is opened lazily).
void configure(const Settings& settings);

/// `text` with every control character written as an escape (\\n, \\r, \\t, \\xHH), so a
/// logged value cannot start a line of its own.
std::string escape_control(const std::string& text);

/// Application lines (aclAppLog): module "APP", level filtered by the global/APP level.
bool app_enabled(Level level);
void write_app(
    Level level, const char* file, int line, const char* func, const char* fmt, va_list args);

}  // namespace aclemu::log
