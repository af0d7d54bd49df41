// Logging in CANN's line format, honouring ASCEND_GLOBAL_LOG_LEVEL, ASCEND_MODULE_LOG_LEVEL,
// ASCEND_LOG_PRINT_TO_STDOUT (and ASCEND_SLOG_PRINT_TO_STDOUT) and ASCEND_PROCESS_LOG_PATH.
// Implemented in libascendcl.so; not installed.
#pragma once

#include "aclemu/export.h"

namespace aclemu::log {

enum class Level { Debug = 0, Info = 1, Warning = 2, Error = 3 };
// Module names as CANN spells them in ASCEND_MODULE_LOG_LEVEL.
enum class Module { AscendCL, Runtime, Op };

ACLEMU_EXPORT bool enabled(Module module, Level level);
ACLEMU_EXPORT void write(
    Module module, Level level, const char* file, int line, const char* func, const char* fmt, ...)
    __attribute__((format(printf, 6, 7)));

}  // namespace aclemu::log

#define ACLEMU_LOG(module, level, ...)                                                          \
    do {                                                                                        \
        if (::aclemu::log::enabled(::aclemu::log::Module::module, ::aclemu::log::Level::level)) \
            ::aclemu::log::write(::aclemu::log::Module::module,                                 \
                                 ::aclemu::log::Level::level,                                   \
                                 __FILE__,                                                      \
                                 __LINE__,                                                      \
                                 __func__,                                                      \
                                 __VA_ARGS__);                                                  \
    } while (0)
