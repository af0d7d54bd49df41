/* Dump (libascend_dump.so): the inputs and outputs of each aclnn operator, written as NumPy .npy
 * files under the dump_path of the configuration aclmdlSetDump reads (acl/acl_mdl.h), or handed
 * to a registered callback instead; aclopStartDumpArgs writes a line per operator launch
 * describing its arguments. Format and layout: docs/dump.md. */
#ifndef ACLEMU_ACL_ACL_DUMP_H
#define ACLEMU_ACL_ACL_DUMP_H

#include "acl/acl_base.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ACL_DUMP_MAX_FILE_PATH_LENGTH 4096

/* One piece of a dump file handed to the callback of acldumpRegCallback (dataBuf: a flexible
 * array written the GNU way, as CANN's ABI has it). */
#if defined(__GNUC__)
#    pragma GCC diagnostic push
#    pragma GCC diagnostic ignored "-Wpedantic"
#endif
typedef struct acldumpChunk {
    char fileName[ACL_DUMP_MAX_FILE_PATH_LENGTH]; /* the file it belongs to, absolute path */
    uint32_t bufLen;                              /* bytes in dataBuf */
    uint32_t isLastChunk;                         /* 1: the file's last piece */
    int64_t offset;                               /* where it goes in the file; -1: append */
    int32_t flag;                                 /* reserved: 0 */
    uint8_t dataBuf[0];
} acldumpChunk;
#if defined(__GNUC__)
#    pragma GCC diagnostic pop
#endif

/* Dump data goes to `messageCallback` instead of files; `flag` is reserved. */
ACL_FUNC_VISIBILITY aclError
acldumpRegCallback(int32_t (*const messageCallback)(const acldumpChunk*, int32_t), int32_t flag);
ACL_FUNC_VISIBILITY void acldumpUnregCallback(void);

#define ACL_OP_DUMP_OP_AICORE_ARGS 0x00000001U

/* Operator argument dump into `path` (a directory) until aclopStopDumpArgs. */
ACL_FUNC_VISIBILITY aclError aclopStartDumpArgs(uint32_t dumpType, const char* path);
ACL_FUNC_VISIBILITY aclError aclopStopDumpArgs(uint32_t dumpType);

typedef enum acldumpType {
    AIC_ERR_BRIEF_DUMP = 1,
    AIC_ERR_NORM_DUMP = 2,
    AIC_ERR_DETAIL_DUMP = 3,
    DATA_DUMP = 4,
    OVERFLOW_DUMP = 5
} acldumpType;

/* The directory dumps of `dumpType` go to; NULL when none is configured. */
ACL_FUNC_VISIBILITY const char* acldumpGetPath(acldumpType dumpType);

#ifdef __cplusplus
}
#endif

#endif /* ACLEMU_ACL_ACL_DUMP_H */
