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

/* Exception dump: tensors a program saves itself (for example from its exception callback) under
 * <dump path>/extra-info/data-dump/<device>/, once a dump configuration names an exception scene
 * ("dump_scene": "aic_err_brief_dump", "aic_err_norm_dump" or "aic_err_detail_dump"). */
#define ACL_DUMP_MAX_SHAPE_NUM 25

typedef enum acldumpTensorType {
    ACL_DUMP_TENSOR_INPUT = 0,
    ACL_DUMP_TENSOR_OUTPUT,
    ACL_DUMP_TENSOR_WORKSPACE
} acldumpTensorType;

typedef enum acldumpTensorAddressType {
    ACL_DUMP_ADDR_PTR = 0, /* the address holds the data's address */
    ACL_DUMP_ADDR_PTR_PTR, /* the address holds the address of the data's address */
    ACL_DUMP_ADDR_RAW      /* the address is the data's */
} acldumpTensorAddressType;

typedef enum acldumpTensorPlacement {
    ACL_DUMP_PLACEMENT_DEVICE = 0,
    ACL_DUMP_PLACEMENT_HOST,
    ACL_DUMP_PLACEMENT_END /* bound of the enumeration, not a placement */
} acldumpTensorPlacement;

typedef struct acldumpTensorInfo {
    acldumpTensorType type;
    size_t tensorSize; /* bytes */
    int32_t format;    /* an aclFormat */
    int32_t dataType;  /* an aclDataType */
    int64_t* tensorAddr;
    acldumpTensorAddressType addrType;
    acldumpTensorPlacement placement;
    uint32_t argsOffset;     /* where the tensor's address sits in the operator's arguments */
    uint32_t shapeNum;       /* dims used in shape, at most ACL_DUMP_MAX_SHAPE_NUM */
    uint32_t originShapeNum; /* dims used in originShape, at most ACL_DUMP_MAX_SHAPE_NUM */
    uint64_t shape[ACL_DUMP_MAX_SHAPE_NUM];
    uint64_t originShape[ACL_DUMP_MAX_SHAPE_NUM];
} acldumpTensorInfo;

/* Writes `tensors` (raw device addresses) with `userTag` to <exception dump root>/<fileName>
 * .custom.<YYYYMMDDhhmmssSSS> (docs/dump.md gives the layout). */
ACL_FUNC_VISIBILITY aclError acldumpSaveExceptionInfo(const char* fileName,
                                                      const char* userTag,
                                                      const acldumpTensorInfo* tensors,
                                                      size_t tensorCount);
/* The exception dump root, <dump path>/extra-info/data-dump/<current device>/, into `path`. */
ACL_FUNC_VISIBILITY aclError acldumpGetExceptionInfoPath(char* path, size_t maxLen);

#ifdef __cplusplus
}
#endif

#endif /* ACLEMU_ACL_ACL_DUMP_H */
