/* libascendalog.so: records of a program's own modules (ids 0xff00..0xffff) in the process log,
 * and callbacks that receive them. In aclemu the library is a name of libascendcl.so, whose log
 * the records join (module APP: ASCEND_GLOBAL_LOG_LEVEL and ASCEND_MODULE_LOG_LEVEL=APP:n). */
#ifndef ACLEMU_BASE_ACL_LOG_H_
#define ACLEMU_BASE_ACL_LOG_H_

#include "log_types.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef uintptr_t acllogCallbackHandle;

/* Which records a callback receives. */
typedef enum {
    OUTPUT_TYPE_DEBUG = 0,
    OUTPUT_TYPE_RUN = 1,
    OUTPUT_TYPE_BOTH = 2,
    OUTPUT_TYPE_MAX
} acllogOutputLogType;

/** Receives one record's text (`length` bytes, not NUL-counted) and its type (OUTPUT_TYPE_DEBUG or
 *  OUTPUT_TYPE_RUN). */
typedef int32_t (*acllogRecordCallback)(void* userData,
                                        uint32_t outputLogType,
                                        const char* logContent,
                                        size_t length);

/** 0 and a handle for acllogUnregisterCallback, or -1 (NULL function or handle, unknown type). */
LOG_FUNC_VISIBILITY int32_t acllogRegisterCallback(acllogRecordCallback callbackFunc,
                                                   void* userData,
                                                   uint32_t outputLogType,
                                                   acllogCallbackHandle* callbackHandle);
/** 0, or -1 for a handle that is not registered. */
LOG_FUNC_VISIBILITY int32_t acllogUnregisterCallback(acllogCallbackHandle callback);

/* Weak, as CANN declares them: a program may test them against NULL before calling. */
/** Records `fmt` at `level` for module `moduleId` (| RUN_LOG_MASK: a run record). */
LOG_FUNC_VISIBILITY void acllogRecord(int32_t moduleId, int32_t level, const char* fmt, ...)
    __attribute__((weak, format(printf, 3, 4)));
LOG_FUNC_VISIBILITY void acllogVaList(int32_t moduleId,
                                      int32_t level,
                                      const char* fmt,
                                      va_list list) __attribute__((weak));
/** 1 when a debug record of `moduleId` at `level` would be written, else 0. */
LOG_FUNC_VISIBILITY int32_t acllogCheckDebugLevel(int32_t moduleId, int32_t level)
    __attribute__((weak));

#ifdef __cplusplus
}
#endif

#endif /* ACLEMU_BASE_ACL_LOG_H_ */
