// Logger internals shared inside libascendcl.so: re-reading the environment at aclInit and the
// free-form module writer behind aclAppLog (module APP).
#pragma once

#include "aclemu/log.h"

#include <cstdarg>

namespace aclemu::log {

/// Re-reads ASCEND_GLOBAL_LOG_LEVEL, ASCEND_MODULE_LOG_LEVEL, ASCEND_LOG_PRINT_TO_STDOUT /
/// ASCEND_SLOG_PRINT_TO_STDOUT and ASCEND_PROCESS_LOG_PATH. A changed destination takes effect
/// with the next line (the log file is opened lazily).
void reload_settings();

/// Application lines (aclAppLog): module "APP", level filtered by the global/APP level.
bool app_enabled(Level level);
void write_app(
    Level level, const char* file, int line, const char* func, const char* fmt, va_list args);

}  // namespace aclemu::log
