/* CANN's log vocabulary (acl_log.h): the levels a record carries and the bits a module id may
 * carry on top of the module. aclemu writes the records to its one log (docs/errors.md,
 * "Logging"), so the directory bits only tell a run record from a debug one. */
#ifndef ACLEMU_BASE_LOG_TYPES_H_
#define ACLEMU_BASE_LOG_TYPES_H_

#if defined(_MSC_VER)
#    define LOG_FUNC_VISIBILITY _declspec(dllexport)
#else
#    define LOG_FUNC_VISIBILITY __attribute__((visibility("default")))
#endif

/* Levels, least severe first; DLOG_NULL turns a module off. */
#define DLOG_DEBUG 0x0
#define DLOG_INFO  0x1
#define DLOG_WARN  0x2
#define DLOG_ERROR 0x3
#define DLOG_NULL  0x4
#define DLOG_EVENT 0x10

/* Bits or-ed into a module id: which log directory a record belongs to. */
#define DEBUG_LOG_MASK    (0x00010000U)
#define SECURITY_LOG_MASK (0x00100000U)
#define RUN_LOG_MASK      (0x01000000U)
#define STDOUT_LOG_MASK   (0x10000000U)

enum { DLOG_TYPE_DEBUG = 0, DLOG_TYPE_RUN = 1, DLOG_TYPE_MAX };

/* The longest record text, in bytes; longer ones are cut. */
#define MSG_LENGTH 1024

#endif /* ACLEMU_BASE_LOG_TYPES_H_ */
