/* AscendCL runtime API: init/finalize, devices, contexts, streams, events, memory, host
 * callbacks and their enums and flag macros. Written for aclemu from the public facts of CANN's
 * API. Compiles as C99 and as C++. Every function returns ACL_SUCCESS (0) or an error code and
 * leaves a message for aclGetRecentErrMsg() on failure. */
#ifndef ACLEMU_ACL_ACL_RT_H_
#define ACLEMU_ACL_ACL_RT_H_

#include "acl_base.h"
#include "acl_rt_allocator.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ACL_MAJOR_VERSION 1
#define ACL_MINOR_VERSION 15
#define ACL_PATCH_VERSION 0

#define ACL_PKG_VERSION_MAX_SIZE       128
#define ACL_PKG_VERSION_PARTS_MAX_SIZE 64
#define ACL_IPC_HANDLE_SIZE            65

/* aclrtCreateEventWithFlag flags (may be OR-ed). */
#define ACL_EVENT_SYNC                    0x00000001U
#define ACL_EVENT_CAPTURE_STREAM_PROGRESS 0x00000002U
#define ACL_EVENT_TIME_LINE               0x00000008U
#define ACL_EVENT_DEVICE_USE_ONLY         0x00000010U
#define ACL_EVENT_EXTERNAL                0x00000020U
#define ACL_EVENT_IPC                     0x00000040U

#define ACL_EVENT_RECORD_DEFAULT  0x0U
#define ACL_EVENT_RECORD_EXTERNAL 0x01U
#define ACL_EVENT_WAIT_DEFAULT    0x0U
#define ACL_EVENT_WAIT_EXTERNAL   0x01U

/* aclrtCreateStreamWithConfig flags. */
#define ACL_STREAM_FAST_LAUNCH     0x1U
#define ACL_STREAM_FAST_SYNC       0x2U
#define ACL_STREAM_PERSISTENT      0x4U
#define ACL_STREAM_HUGE            0x8U
#define ACL_STREAM_CPU_SCHEDULE    0x10U
#define ACL_STREAM_DEVICE_USE_ONLY 0x20U

#define ACL_STREAM_WAIT_VALUE_GEQ 0
#define ACL_STREAM_WAIT_VALUE_EQ  1
#define ACL_STREAM_WAIT_VALUE_AND 2
#define ACL_STREAM_WAIT_VALUE_NOR 3

/* aclrtSetStreamFailureMode modes. */
#define ACL_CONTINUE_ON_FAILURE 0
#define ACL_STOP_ON_FAILURE     1

/* ACL_STREAM_LAUNCH_BLOCKING_MODE values: whether a kernel launch on the stream returns only
 * once the kernel ran (as ASCEND_RT_LAUNCH_BLOCKING says, never, or always). */
#define ACL_STREAM_LAUNCH_BLOCKING_MODE_CTRL_BY_ENV  0x0U
#define ACL_STREAM_LAUNCH_BLOCKING_MODE_NON_BLOCKING 0x1U
#define ACL_STREAM_LAUNCH_BLOCKING_MODE_BLOCKING     0x2U

typedef enum aclrtRunMode { ACL_DEVICE = 0, ACL_HOST = 1 } aclrtRunMode;

typedef enum aclrtTsId {
    ACL_TS_ID_AICORE = 0,
    ACL_TS_ID_AIVECTOR = 1,
    ACL_TS_ID_RESERVED = 2
} aclrtTsId;

typedef enum aclrtEventStatus {
    ACL_EVENT_STATUS_COMPLETE = 0,
    ACL_EVENT_STATUS_NOT_READY = 1,
    ACL_EVENT_STATUS_RESERVED = 2
} aclrtEventStatus;

/* Note the order: the opposite of aclrtEventStatus. */
typedef enum aclrtEventRecordedStatus {
    ACL_EVENT_RECORDED_STATUS_NOT_READY = 0,
    ACL_EVENT_RECORDED_STATUS_COMPLETE = 1
} aclrtEventRecordedStatus;

typedef enum aclrtEventWaitStatus {
    ACL_EVENT_WAIT_STATUS_COMPLETE = 0,
    ACL_EVENT_WAIT_STATUS_NOT_READY = 1,
    ACL_EVENT_WAIT_STATUS_RESERVED = 0xFFFF
} aclrtEventWaitStatus;

typedef enum aclrtStreamStatus {
    ACL_STREAM_STATUS_COMPLETE = 0,
    ACL_STREAM_STATUS_NOT_READY = 1,
    ACL_STREAM_STATUS_RESERVED = 0xFFFF
} aclrtStreamStatus;

typedef enum aclrtCallbackBlockType {
    ACL_CALLBACK_NO_BLOCK = 0,
    ACL_CALLBACK_BLOCK = 1
} aclrtCallbackBlockType;

typedef enum aclrtMemcpyKind {
    ACL_MEMCPY_HOST_TO_HOST = 0,
    ACL_MEMCPY_HOST_TO_DEVICE = 1,
    ACL_MEMCPY_DEVICE_TO_HOST = 2,
    ACL_MEMCPY_DEVICE_TO_DEVICE = 3,
    ACL_MEMCPY_DEFAULT = 4,
    ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE = 5,
    ACL_MEMCPY_INNER_DEVICE_TO_DEVICE = 6,
    ACL_MEMCPY_INTER_DEVICE_TO_DEVICE = 7
} aclrtMemcpyKind;

typedef enum aclrtMemMallocPolicy {
    ACL_MEM_MALLOC_HUGE_FIRST = 0,
    ACL_MEM_MALLOC_HUGE_ONLY = 1,
    ACL_MEM_MALLOC_NORMAL_ONLY = 2,
    ACL_MEM_MALLOC_HUGE_FIRST_P2P = 3,
    ACL_MEM_MALLOC_HUGE_ONLY_P2P = 4,
    ACL_MEM_MALLOC_NORMAL_ONLY_P2P = 5,
    ACL_MEM_MALLOC_HUGE1G_ONLY = 6,
    ACL_MEM_MALLOC_HUGE1G_ONLY_P2P = 7,
    ACL_MEM_TYPE_LOW_BAND_WIDTH = 0x0100,
    ACL_MEM_TYPE_HIGH_BAND_WIDTH = 0x1000,
    ACL_MEM_ACCESS_USER_SPACE_READONLY = 0x100000
} aclrtMemMallocPolicy;

typedef enum aclrtMemAttr {
    ACL_DDR_MEM = 0,
    ACL_HBM_MEM = 1,
    ACL_DDR_MEM_HUGE = 2,
    ACL_DDR_MEM_NORMAL = 3,
    ACL_HBM_MEM_HUGE = 4,
    ACL_HBM_MEM_NORMAL = 5,
    ACL_DDR_MEM_P2P_HUGE = 6,
    ACL_DDR_MEM_P2P_NORMAL = 7,
    ACL_HBM_MEM_P2P_HUGE = 8,
    ACL_HBM_MEM_P2P_NORMAL = 9,
    ACL_HBM_MEM_HUGE1G = 10,
    ACL_HBM_MEM_P2P_HUGE1G = 11,
    ACL_MEM_NORMAL = 12,
    ACL_MEM_HUGE = 13,
    ACL_MEM_HUGE1G = 14,
    ACL_MEM_P2P_NORMAL = 15,
    ACL_MEM_P2P_HUGE = 16,
    ACL_MEM_P2P_HUGE1G = 17
} aclrtMemAttr;

typedef enum aclrtLastErrLevel { ACL_RT_THREAD_LEVEL = 0 } aclrtLastErrLevel;

typedef enum aclrtFloatOverflowMode {
    ACL_RT_OVERFLOW_MODE_SATURATION = 0,
    ACL_RT_OVERFLOW_MODE_INFNAN = 1,
    ACL_RT_OVERFLOW_MODE_UNDEF = 2
} aclrtFloatOverflowMode;

typedef enum aclCANNPackageName {
    ACL_PKG_NAME_CANN = 0,
    ACL_PKG_NAME_RUNTIME = 1,
    ACL_PKG_NAME_COMPILER = 2,
    ACL_PKG_NAME_HCCL = 3,
    ACL_PKG_NAME_TOOLKIT = 4,
    ACL_PKG_NAME_OPP = 5,
    ACL_PKG_NAME_OPP_KERNEL = 6,
    ACL_PKG_NAME_DRIVER = 7
} aclCANNPackageName;

typedef struct aclCANNPackageVersion {
    char version[ACL_PKG_VERSION_MAX_SIZE];
    char majorVersion[ACL_PKG_VERSION_PARTS_MAX_SIZE];
    char minorVersion[ACL_PKG_VERSION_PARTS_MAX_SIZE];
    char releaseVersion[ACL_PKG_VERSION_PARTS_MAX_SIZE];
    char patchVersion[ACL_PKG_VERSION_PARTS_MAX_SIZE];
    char reserved[ACL_PKG_VERSION_MAX_SIZE];
} aclCANNPackageVersion;

/* aclrtGetDeviceCapability answers. */
#define ACL_DEV_FEATURE_SUPPORT     0x00000001
#define ACL_DEV_FEATURE_NOT_SUPPORT 0x00000000

/* ACL_DEV_ATTR_DEVICE_FORM_FACTOR and ACL_DEV_ATTR_HD_CONNECT_TYPE values. */
#define ACL_DEVICE_FORM_FACTOR_POD        0
#define ACL_DEVICE_FORM_FACTOR_A_K        1
#define ACL_DEVICE_FORM_FACTOR_A_X        2
#define ACL_DEVICE_FORM_FACTOR_PCIE_CARD  3
#define ACL_HOST_DEVICE_CONNECT_TYPE_PCIE 0
#define ACL_HOST_DEVICE_CONNECT_TYPE_HCCS 1
#define ACL_HOST_DEVICE_CONNECT_TYPE_UB   2

/* Device attributes for aclrtGetDeviceInfo. ACL_DEV_ATTR_LOCAL_MEM_PER_VECTOR_CORE (deprecated)
 * and ACL_DEV_ATTR_SUPER_POD_DEVIDE_ID (misspelt) are older names of 204 and 403. */
typedef enum {
    ACL_DEV_ATTR_AICPU_CORE_NUM = 1,
    ACL_DEV_ATTR_AICORE_CORE_NUM = 101,
    ACL_DEV_ATTR_CUBE_CORE_NUM = 102,
    ACL_DEV_ATTR_VECTOR_CORE_NUM = 201,
    ACL_DEV_ATTR_WARP_SIZE = 202,
    ACL_DEV_ATTR_MAX_THREAD_PER_VECTOR_CORE = 203,
    ACL_DEV_ATTR_LOCAL_MEM_PER_VECTOR_CORE = 204,
    ACL_DEV_ATTR_UBUF_PER_VECTOR_CORE = 204,
    ACL_DEV_ATTR_MAX_GRID_DIM_X = 205,
    ACL_DEV_ATTR_MAX_GRID_DIM_Y = 206,
    ACL_DEV_ATTR_MAX_GRID_DIM_Z = 207,
    ACL_DEV_ATTR_MAX_BLOCK_PER_GRID = 208,
    ACL_DEV_ATTR_MAX_THREADS_PER_BLOCK = 209,
    ACL_DEV_ATTR_MAX_BLOCK_DIM_X = 210,
    ACL_DEV_ATTR_MAX_BLOCK_DIM_Y = 211,
    ACL_DEV_ATTR_MAX_BLOCK_DIM_Z = 212,
    ACL_DEV_ATTR_TOTAL_GLOBAL_MEM_SIZE = 301,
    ACL_DEV_ATTR_L2_CACHE_SIZE = 302,
    ACL_DEV_ATTR_SMP_ID = 401,
    ACL_DEV_ATTR_PHY_CHIP_ID = 402,
    ACL_DEV_ATTR_SUPER_POD_DEVIDE_ID = 403,
    ACL_DEV_ATTR_SUPER_POD_DEVICE_ID = 403,
    ACL_DEV_ATTR_SUPER_POD_SERVER_ID = 404,
    ACL_DEV_ATTR_SUPER_POD_ID = 405,
    ACL_DEV_ATTR_CUST_OP_PRIVILEGE = 406,
    ACL_DEV_ATTR_MAINBOARD_ID = 407,
    ACL_DEV_ATTR_HD_CONNECT_TYPE = 408,
    ACL_DEV_ATTR_DEVICE_FORM_FACTOR = 409,
    ACL_DEV_ATTR_SUPER_POD_CHASSIS_ID = 410,
    ACL_DEV_ATTR_IS_VIRTUAL = 501,
    ACL_DEV_ATTR_NPU_ARCH = 601
} aclrtDevAttr;

/* Features for aclrtGetDeviceCapability. */
typedef enum {
    ACL_FEATURE_TSCPU_TASK_UPDATE_SUPPORT_AIC_AIV = 1,
    ACL_FEATURE_SYSTEM_MEMQ_EVENT_CROSS_DEV = 21
} aclrtDevFeatureType;

/* Core budgets for aclrt{Get,Set,Reset}{Device,Stream}ResLimit and aclrtGetResInCurrentThread. */
typedef enum { ACL_RT_DEV_RES_CUBE_CORE = 0, ACL_RT_DEV_RES_VECTOR_CORE = 1 } aclrtDevResLimitType;

/* Process-wide device limits for aclrtDeviceSetLimit / aclrtDeviceGetLimit, in bytes. */
typedef enum {
    ACL_RT_DEV_LIMIT_SIMT_STACK_SIZE = 0,
    ACL_RT_DEV_LIMIT_SIMT_DVG_WARP_STACK_SIZE = 1,
    ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE = 2,
    ACL_RT_DEV_LIMIT_SIMD_PRINTF_FIFO_SIZE_PER_CORE = 3,
    ACL_RT_DEV_LIMIT_SIMT_PRINTF_FIFO_SIZE = 4
} aclrtDeviceLimit;

typedef enum aclrtDeviceStatus {
    ACL_RT_DEVICE_STATUS_NORMAL = 0,
    ACL_RT_DEVICE_STATUS_ABNORMAL = 1,
    ACL_RT_DEVICE_STATUS_END = 0xFFFF
} aclrtDeviceStatus;

/* Busy percentages of a device (aclrtGetDeviceUtilizationRate); -1: not measurable.
 * `utilizationExtend` is reserved and must be NULL. */
typedef struct aclrtUtilizationExtendInfo aclrtUtilizationExtendInfo;
typedef struct aclrtUtilizationInfo {
    int32_t cubeUtilization;
    int32_t vectorUtilization;
    int32_t aicpuUtilization;
    int32_t memoryUtilization;
    aclrtUtilizationExtendInfo* utilizationExtend;
} aclrtUtilizationInfo;

/* Stream configuration objects for aclrtCreateStreamV2. */
typedef enum {
    ACL_RT_STREAM_WORK_ADDR_PTR = 0,
    ACL_RT_STREAM_WORK_SIZE = 1,
    ACL_RT_STREAM_FLAG = 2,
    ACL_RT_STREAM_PRIORITY = 3
} aclrtStreamConfigAttr;

typedef struct aclrtStreamConfigHandle {
    void* workptr;
    size_t workSize;
    size_t flag;
    uint32_t priority;
} aclrtStreamConfigHandle;

/* aclrtRegStreamStateCallback: called after a stream is created and before it is destroyed. */
typedef enum {
    ACL_RT_STREAM_STATE_CREATE_POST = 1,
    ACL_RT_STREAM_STATE_DESTROY_PRE = 2
} aclrtStreamState;

typedef void (*aclrtStreamStateCallback)(aclrtStream stm, aclrtStreamState state, void* args);

/* Device fault reports (aclrtGetErrorVerbose / aclrtRepairError). */
typedef enum {
    ACL_RT_NO_ERROR = 0,
    ACL_RT_ERROR_MEMORY = 1,
    ACL_RT_ERROR_L2 = 2,
    ACL_RT_ERROR_AICORE = 3,
    ACL_RT_ERROR_LINK = 4,
    ACL_RT_ERROR_L3_PORT = 5,
    ACL_RT_ERROR_OTHERS = 0xFFFF
} aclrtErrorType;

typedef enum aclrtAicoreErrorType {
    ACL_RT_AICORE_ERROR_UNKNOWN = 0,
    ACL_RT_AICORE_ERROR_SW = 1,
    ACL_RT_AICORE_ERROR_HW_LOCAL = 2
} aclrtAicoreErrorType;

#define MAX_MEM_UCE_INFO_ARRAY_SIZE 128
#define UCE_INFO_RESERVED_SIZE      14
#define ACL_RT_MEM_UCE_INFO_MAX_NUM 20

typedef struct aclrtMemUceInfo {
    void* addr;
    size_t len;
    size_t reserved[UCE_INFO_RESERVED_SIZE];
} aclrtMemUceInfo;

typedef struct {
    size_t arraySize;
    aclrtMemUceInfo memUceInfoArray[ACL_RT_MEM_UCE_INFO_MAX_NUM];
} aclrtMemUceInfoArray;

typedef union aclrtErrorInfoDetail {
    aclrtMemUceInfoArray uceInfo;
    aclrtAicoreErrorType aicoreErrType;
} aclrtErrorInfoDetail;

typedef struct aclrtErrorInfo {
    uint8_t tryRepair; /* 1: aclrtRepairError may recover the device */
    uint8_t hasDetail; /* 1: `detail` is filled */
    uint8_t reserved[2];
    aclrtErrorType errorType;
    aclrtErrorInfoDetail detail;
} aclrtErrorInfo;

typedef struct rtExceptionInfo aclrtExceptionInfo;

typedef void (*aclrtCallback)(void* userData);
typedef void (*aclrtHostFunc)(void* args);
typedef void (*aclrtExceptionInfoCallback)(aclrtExceptionInfo* exceptionInfo);

/* ---- Init, version, errors ------------------------------------------------------------- */

/** Initializes the runtime. `configPath` may be NULL or ""; a named file must exist (its content
 *  is not interpreted). A second call returns ACL_ERROR_REPEAT_INITIALIZE and adds a reference. */
ACL_FUNC_VISIBILITY aclError aclInit(const char* configPath);
/** Releases everything (all references). Without aclInit: ACL_ERROR_REPEAT_FINALIZE. */
ACL_FUNC_VISIBILITY aclError aclFinalize(void);
/** Drops one aclInit reference; finalizes at zero. `refCount` (may be NULL) gets the remainder. */
ACL_FUNC_VISIBILITY aclError aclFinalizeReference(uint64_t* refCount);
ACL_FUNC_VISIBILITY aclError aclrtGetVersion(int32_t* majorVersion,
                                             int32_t* minorVersion,
                                             int32_t* patchVersion);
/** The calling thread's error messages since the last call, newest first, or NULL. The text
 *  stays valid until the thread's next call of this function. */
ACL_FUNC_VISIBILITY const char* aclGetRecentErrMsg(void);
/** The version of an installed package. aclemu installs "runtime" (ACL_PKG_NAME_CANN and
 *  ACL_PKG_NAME_RUNTIME): its version is the AscendCL interface level aclemu implements,
 *  ACL_MAJOR_VERSION.ACL_MINOR_VERSION.ACL_PATCH_VERSION. Any other package is not installed:
 *  ACL_ERROR_INVALID_FILE. Needs no aclInit. */
ACL_FUNC_VISIBILITY aclError aclsysGetCANNVersion(aclCANNPackageName name,
                                                  aclCANNPackageVersion* version);
/** `pkgName` "runtime" (see aclsysGetCANNVersion) or "aclemu" (aclemu's own release); the text
 *  fits ACL_PKG_VERSION_MAX_SIZE bytes. Other names: ACL_ERROR_INVALID_FILE. */
ACL_FUNC_VISIBILITY aclError aclsysGetVersionStr(char* pkgName, char* versionStr);
/** As aclsysGetVersionStr, as major * 10000000 + minor * 100000 + patch * 1000. */
ACL_FUNC_VISIBILITY aclError aclsysGetVersionNum(char* pkgName, int32_t* versionNum);
/** The code of the calling thread's last failed call (then cleared); ACL_SUCCESS if none. */
ACL_FUNC_VISIBILITY aclError aclrtGetLastError(aclrtLastErrLevel level);
/** As aclrtGetLastError, without clearing. */
ACL_FUNC_VISIBILITY aclError aclrtPeekAtLastError(aclrtLastErrLevel level);
/** The device's fault, if any: ACL_RT_NO_ERROR while it works; a GPU kernel fault (which fails
 *  every later call) is ACL_RT_ERROR_AICORE with detail ACL_RT_AICORE_ERROR_SW. */
ACL_FUNC_VISIBILITY aclError aclrtGetErrorVerbose(int32_t deviceId, aclrtErrorInfo* errorInfo);
/** Nothing to repair (ACL_RT_NO_ERROR) succeeds; a device fault cannot be repaired in-process:
 *  ACL_ERROR_RT_FEATURE_NOT_SUPPORT. */
ACL_FUNC_VISIBILITY aclError aclrtRepairError(int32_t deviceId, const aclrtErrorInfo* errorInfo);
/** The CANN features aclemu supports (an array owned by the library) and their number. */
ACL_FUNC_VISIBILITY aclError aclGetCannAttributeList(const aclCannAttr** cannAttrList, size_t* num);
/** 1 when the feature is supported, else 0. Unknown attribute: ACL_ERROR_INVALID_PARAM. */
ACL_FUNC_VISIBILITY aclError aclGetCannAttribute(aclCannAttr cannAttr, int32_t* value);

/* ---- Devices and contexts --------------------------------------------------------------- */

/** Binds the calling thread to device `deviceId` (a logical id after ASCEND_RT_VISIBLE_DEVICES)
 *  and its default context; reference counted per device. */
ACL_FUNC_VISIBILITY aclError aclrtSetDevice(int32_t deviceId);
ACL_FUNC_VISIBILITY aclError aclrtResetDevice(int32_t deviceId);
ACL_FUNC_VISIBILITY aclError aclrtResetDeviceForce(int32_t deviceId);
/** ACL_ERROR_RT_CONTEXT_NULL when the thread has no device. */
ACL_FUNC_VISIBILITY aclError aclrtGetDevice(int32_t* deviceId);
ACL_FUNC_VISIBILITY aclError aclrtGetDeviceCount(uint32_t* count);

/** Device ids: the physical one (the backend's device) and the user's (what aclrtSetDevice
 *  takes, numbered by ASCEND_RT_VISIBLE_DEVICES). The "logical" ids of these calls are user ids,
 *  as in CANN's runtime. */
ACL_FUNC_VISIBILITY aclError aclrtGetPhyDevIdByLogicDevId(const int32_t logicDevId,
                                                          int32_t* const phyDevId);
ACL_FUNC_VISIBILITY aclError aclrtGetLogicDevIdByPhyDevId(const int32_t phyDevId,
                                                          int32_t* const logicDevId);
ACL_FUNC_VISIBILITY aclError aclrtGetUserDevIdByLogicDevId(const int32_t logicDevId,
                                                           int32_t* const userDevid);
ACL_FUNC_VISIBILITY aclError aclrtGetLogicDevIdByUserDevId(const int32_t userDevid,
                                                           int32_t* const logicDevId);
ACL_FUNC_VISIBILITY aclError aclrtGetUserDevIdByPhyDevId(const int32_t phyDevId,
                                                         int32_t* const userDevId);
ACL_FUNC_VISIBILITY aclError aclrtGetPhyDevIdByUserDevId(const int32_t userDevId,
                                                         int32_t* const phyDevId);

/** What an atomic operation supports, one bit each. */
typedef enum aclrtAtomicOperationCapability {
    ACL_RT_ATOMIC_CAPABILITY_SIGNED = 1U << 0,
    ACL_RT_ATOMIC_CAPABILITY_UNSIGNED = 1U << 1,
    ACL_RT_ATOMIC_CAPABILITY_REDUCATION = 1U << 2, /* CANN's older spelling */
    ACL_RT_ATOMIC_CAPABILITY_REDUCTION = 1U << 2,
    ACL_RT_ATOMIC_CAPABILITY_SCALAR8 = 1U << 3,
    ACL_RT_ATOMIC_CAPABILITY_SCALAR16 = 1U << 4,
    ACL_RT_ATOMIC_CAPABILITY_SCALAR32 = 1U << 5,
    ACL_RT_ATOMIC_CAPABILITY_SCALAR64 = 1U << 6,
    ACL_RT_ATOMIC_CAPABILITY_SCALAR128 = 1U << 7,
    ACL_RT_ATOMIC_CAPABILITY_VECTOR32X4 = 1U << 8
} aclrtAtomicOperationCapability;

typedef enum aclrtAtomicOperation {
    ACL_RT_ATOMIC_OPERATION_INTEGER_ADD = 0,
    ACL_RT_ATOMIC_OPERATION_INTEGER_MIN = 1,
    ACL_RT_ATOMIC_OPERATION_INTEGER_MAX = 2,
    ACL_RT_ATOMIC_OPERATION_INTEGER_INCREMENT = 3,
    ACL_RT_ATOMIC_OPERATION_INTEGER_DECREMENT = 4,
    ACL_RT_ATOMIC_OPERATION_AND = 5,
    ACL_RT_ATOMIC_OPERATION_OR = 6,
    ACL_RT_ATOMIC_OPERATION_XOR = 7,
    ACL_RT_ATOMIC_OPERATION_EXCHANGE = 8,
    ACL_RT_ATOMIC_OPERATION_CAS = 9,
    ACL_RT_ATOMIC_OPERATION_FLOAT_ADD = 10,
    ACL_RT_ATOMIC_OPERATION_FLOAT_MIN = 11,
    ACL_RT_ATOMIC_OPERATION_FLOAT_MAX = 12,
    ACL_RT_ATOMIC_OPERATION_DMA_ADD = 30,
    ACL_RT_ATOMIC_OPERATION_DMA_MIN = 31,
    ACL_RT_ATOMIC_OPERATION_DMA_MAX = 32,
    ACL_RT_ATOMIC_OPERATION_SIMD_SCALAR_ADD = 40,
    ACL_RT_ATOMIC_OPERATION_SIMD_SCALAR_MIN = 41,
    ACL_RT_ATOMIC_OPERATION_SIMD_SCALAR_MAX = 42,
    ACL_RT_ATOMIC_OPERATION_SIMD_SCALAR_CAS = 43,
    ACL_RT_ATOMIC_OPERATION_SIMD_SCALAR_EXCH = 44
} aclrtAtomicOperation;

/** capabilities[i]: the aclrtAtomicOperationCapability bits of operations[i] between device
 *  `deviceId` and the host. aclemu: 0 for every operation (no atomicity is promised between a
 *  kernel and the host). */
ACL_FUNC_VISIBILITY aclError
aclrtDeviceGetHostAtomicCapabilities(uint32_t* capabilities,
                                     const aclrtAtomicOperation* operations,
                                     const uint32_t count,
                                     int32_t deviceId);
ACL_FUNC_VISIBILITY aclError aclrtSynchronizeDevice(void);
/** timeout in ms: -1 waits forever; 0 or < -1 -> ACL_ERROR_RT_PARAM_INVALID. */
ACL_FUNC_VISIBILITY aclError aclrtSynchronizeDeviceWithTimeout(int32_t timeout);
ACL_FUNC_VISIBILITY aclError aclrtGetRunMode(aclrtRunMode* runMode);
ACL_FUNC_VISIBILITY aclError aclrtCreateContext(aclrtContext* context, int32_t deviceId);
ACL_FUNC_VISIBILITY aclError aclrtDestroyContext(aclrtContext context);
ACL_FUNC_VISIBILITY aclError aclrtSetCurrentContext(aclrtContext context);
ACL_FUNC_VISIBILITY aclError aclrtGetCurrentContext(aclrtContext* context);
ACL_FUNC_VISIBILITY aclError aclrtCtxSetSysParamOpt(aclSysParamOpt opt, int64_t value);
ACL_FUNC_VISIBILITY aclError aclrtCtxGetSysParamOpt(aclSysParamOpt opt, int64_t* value);
ACL_FUNC_VISIBILITY aclError aclrtSetSysParamOpt(aclSysParamOpt opt, int64_t value);
ACL_FUNC_VISIBILITY aclError aclrtGetSysParamOpt(aclSysParamOpt opt, int64_t* value);
/** The calling thread's current context's default stream (a handle every stream API takes). */
ACL_FUNC_VISIBILITY aclError aclrtCtxGetCurrentDefaultStream(aclrtStream* stream);
/** Whether `deviceId`'s default context exists (1: aclrtSetDevice made it and no reset ended
 *  it, 0: not). `flags` is reserved: NULL, or it receives 0. */
ACL_FUNC_VISIBILITY aclError aclrtGetPrimaryCtxState(int32_t deviceId,
                                                     uint32_t* flags,
                                                     int32_t* active);

/* ---- Compute groups --------------------------------------------------------------------- */

/* What aclrtGetGroupInfoDetail reads of a group; every value is an int32. */
typedef enum aclrtGroupAttr {
    ACL_GROUP_AICORE_INT = 0,
    ACL_GROUP_AIV_INT = 1,
    ACL_GROUP_AIC_INT = 2,
    ACL_GROUP_SDMANUM_INT = 3,
    ACL_GROUP_ASQNUM_INT = 4,
    ACL_GROUP_GROUPID_INT = 5
} aclrtGroupAttr;

/** The groups of the current context's device, as aclrtGetAllGroupInfo fills them. */
typedef struct tagRtGroupInfo aclrtGroupInfo;

/** The number of groups of the current context's device: aclemu's device is one group that
 *  covers it (docs/compatibility.md), so 1. */
ACL_FUNC_VISIBILITY aclError aclrtGetGroupCount(uint32_t* count);
/** Room for every group's information (NULL when there is no group or no current context);
 *  released with aclrtDestroyGroupInfo. */
ACL_FUNC_VISIBILITY aclrtGroupInfo* aclrtCreateGroupInfo(void);
ACL_FUNC_VISIBILITY aclError aclrtDestroyGroupInfo(aclrtGroupInfo* groupInfo);
/** Fills `groupInfo` (from aclrtCreateGroupInfo) with every group of the current device. */
ACL_FUNC_VISIBILITY aclError aclrtGetAllGroupInfo(aclrtGroupInfo* groupInfo);
/** One attribute of group `groupIndex` ([0, count)) into attrValue (valueLen bytes, at least
 *  the value's size); *paramRetSize: the bytes written. */
ACL_FUNC_VISIBILITY aclError aclrtGetGroupInfoDetail(const aclrtGroupInfo* groupInfo,
                                                     int32_t groupIndex,
                                                     aclrtGroupAttr attr,
                                                     void* attrValue,
                                                     size_t valueLen,
                                                     size_t* paramRetSize);
/** Runs the current context's later work on group `groupId` (an ACL_GROUP_GROUPID_INT value). */
ACL_FUNC_VISIBILITY aclError aclrtSetGroup(int32_t groupId);
/* ---- Device identity -------------------------------------------------------------------- */

/** A device's universally unique identifier. */
typedef struct aclrtUuid {
    char bytes[16];
} aclrtUuid;

/** The UUID of device `deviceId`: a GPU's own; on the CPU backend and the GPU simulator a
 *  stable one aclemu derives from the backend and device index (docs/compatibility.md). */
ACL_FUNC_VISIBILITY aclError aclrtDeviceGetUuid(int32_t deviceId, aclrtUuid* uuid);
/** The PCI bus id of device `deviceId` as a NUL-terminated "dddd:bb:dd.f" (lower-case hex) in
 *  `pciBusId`, which holds `len` characters (at least 13). */
ACL_FUNC_VISIBILITY aclError aclrtDeviceGetPCIBusId(int32_t deviceId, char* pciBusId, int32_t len);
/** The device whose PCI bus id is `pciBusId` ("dddd:bb:dd.f", "dddd:bb:dd" or "bb:dd.f", hex,
 *  either case). */
ACL_FUNC_VISIBILITY aclError aclrtDeviceGetByPCIBusId(const char* pciBusId, int32_t* deviceId);

/** AI core / vector core counts and L2 size of a device (deviceId outside the visible devices:
 *  ACL_ERROR_INVALID_PARAM). */
ACL_FUNC_VISIBILITY aclError aclGetDeviceCapability(uint32_t deviceId,
                                                    aclDeviceInfo deviceInfo,
                                                    int64_t* value);
/** One attribute of a device; an attribute the backend has no counterpart for:
 *  ACL_ERROR_RT_FEATURE_NOT_SUPPORT. docs/backends.md lists the mapping. */
ACL_FUNC_VISIBILITY aclError aclrtGetDeviceInfo(uint32_t deviceId,
                                                aclrtDevAttr attr,
                                                int64_t* value);
/** ACL_DEV_FEATURE_SUPPORT or ACL_DEV_FEATURE_NOT_SUPPORT. */
ACL_FUNC_VISIBILITY aclError aclrtGetDeviceCapability(int32_t deviceId,
                                                      aclrtDevFeatureType devFeatureType,
                                                      int32_t* value);
/** 1 when a program built for `socVersion` runs here: only aclemu's own aclrtGetSocName(). */
ACL_FUNC_VISIBILITY aclError aclrtCheckArchCompatibility(const char* socVersion,
                                                         int32_t* canCompatible);
ACL_FUNC_VISIBILITY aclError aclrtQueryDeviceStatus(int32_t deviceId,
                                                    aclrtDeviceStatus* deviceStatus);
ACL_FUNC_VISIBILITY aclError aclrtGetDeviceUtilizationRate(int32_t deviceId,
                                                           aclrtUtilizationInfo* utilizationInfo);
/** Stream priorities: 7 (least) .. 0 (greatest, the default). */
ACL_FUNC_VISIBILITY aclError aclrtDeviceGetStreamPriorityRange(int32_t* leastPriority,
                                                               int32_t* greatestPriority);
/* Core budgets. A process-wide limit per device, a limit per stream, and the stream whose limit
 * the calling thread uses; the most specific one applies (stream, then device, then the device's
 * own count). The CPU backend runs the calling thread's kernels on at most the vector-core
 * budget of threads. */
ACL_FUNC_VISIBILITY aclError aclrtGetDeviceResLimit(int32_t deviceId,
                                                    aclrtDevResLimitType type,
                                                    uint32_t* value);
ACL_FUNC_VISIBILITY aclError aclrtSetDeviceResLimit(int32_t deviceId,
                                                    aclrtDevResLimitType type,
                                                    uint32_t value);
ACL_FUNC_VISIBILITY aclError aclrtResetDeviceResLimit(int32_t deviceId);
ACL_FUNC_VISIBILITY aclError aclrtGetStreamResLimit(aclrtStream stream,
                                                    aclrtDevResLimitType type,
                                                    uint32_t* value);
ACL_FUNC_VISIBILITY aclError aclrtSetStreamResLimit(aclrtStream stream,
                                                    aclrtDevResLimitType type,
                                                    uint32_t value);
ACL_FUNC_VISIBILITY aclError aclrtResetStreamResLimit(aclrtStream stream);
ACL_FUNC_VISIBILITY aclError aclrtUseStreamResInCurrentThread(aclrtStream stream);
ACL_FUNC_VISIBILITY aclError aclrtUnuseStreamResInCurrentThread(aclrtStream stream);
ACL_FUNC_VISIBILITY aclError aclrtGetResInCurrentThread(aclrtDevResLimitType type, uint32_t* value);
/** Device limits, as an Atlas A2 (910B) keeps them: the SIMD stack per core (default 32 KiB;
 *  a value up to 32 KiB means 32 KiB, above it rounds up to 16 KiB, at most 192 KiB) and the SIMD
 *  printf FIFO per core (default 32 KiB; 1 KiB .. 64 MiB, rounded up to 8 bytes). The SIMT
 *  limits: ACL_ERROR_RT_FEATURE_NOT_SUPPORT, as on A2. aclemu records them; its kernels' stacks
 *  are larger than 192 KiB on every backend, so no budget shrinks them. */
ACL_FUNC_VISIBILITY aclError aclrtDeviceSetLimit(aclrtDeviceLimit limit, size_t value);
ACL_FUNC_VISIBILITY aclError aclrtDeviceGetLimit(aclrtDeviceLimit limit, size_t* value);
/** canAccessPeer 1 when the current device's kernels can read the peer's memory directly. */
ACL_FUNC_VISIBILITY aclError aclrtDeviceCanAccessPeer(int32_t* canAccessPeer,
                                                      int32_t deviceId,
                                                      int32_t peerDeviceId);
/** From the current device to `peerDeviceId` (one direction); `flags` must be 0. */
ACL_FUNC_VISIBILITY aclError aclrtDeviceEnablePeerAccess(int32_t peerDeviceId, uint32_t flags);
ACL_FUNC_VISIBILITY aclError aclrtDeviceDisablePeerAccess(int32_t peerDeviceId);
/** status 1 when access from deviceId to peerDeviceId is enabled, else 0. */
ACL_FUNC_VISIBILITY aclError aclrtDevicePeerAccessStatus(int32_t deviceId,
                                                         int32_t peerDeviceId,
                                                         int32_t* status);
ACL_FUNC_VISIBILITY aclError aclrtSetOpWaitTimeout(uint32_t timeout);
/** The operator execution timeout: recorded and read back (aclemu's kernels run to completion),
 *  aligned up to a whole number (1..254) of aclrtGetOpTimeOutInterval's microseconds; 0 asks for
 *  the largest. aclrtSetOpExecuteTimeOut takes seconds, ...V2 microseconds (and reports what
 *  took effect), aclrtGetOpExecuteTimeout reads milliseconds. */
ACL_FUNC_VISIBILITY aclError aclrtSetOpExecuteTimeOut(uint32_t timeout);
ACL_FUNC_VISIBILITY aclError aclrtSetOpExecuteTimeOutV2(uint64_t timeout, uint64_t* actualTimeout);
ACL_FUNC_VISIBILITY aclError aclrtGetOpExecuteTimeout(uint32_t* const timeoutMs);
ACL_FUNC_VISIBILITY aclError aclrtGetOpTimeOutInterval(uint64_t* interval);

/* ---- Streams ---------------------------------------------------------------------------- */

ACL_FUNC_VISIBILITY aclError aclrtCreateStream(aclrtStream* stream);
/** `priority` 0 (greatest) .. 7 (least), else ACL_ERROR_RT_PARAM_INVALID; `flag` bits are kept
 *  (aclrtStreamGetFlags), unknown ones dropped. */
ACL_FUNC_VISIBILITY aclError aclrtCreateStreamWithConfig(aclrtStream* stream,
                                                         uint32_t priority,
                                                         uint32_t flag);
/** A zeroed configuration (priority 0, no flags); NULL when out of memory. */
ACL_FUNC_VISIBILITY aclrtStreamConfigHandle* aclrtCreateStreamConfigHandle(void);
ACL_FUNC_VISIBILITY aclError aclrtDestroyStreamConfigHandle(aclrtStreamConfigHandle* handle);
/** `valueSize` is the size of *attrValue: sizeof(void*) for ACL_RT_STREAM_WORK_ADDR_PTR,
 *  sizeof(size_t) for ACL_RT_STREAM_WORK_SIZE, 4 or 8 for ACL_RT_STREAM_FLAG, 4 for
 *  ACL_RT_STREAM_PRIORITY. */
ACL_FUNC_VISIBILITY aclError aclrtSetStreamConfigOpt(aclrtStreamConfigHandle* handle,
                                                     aclrtStreamConfigAttr attr,
                                                     const void* attrValue,
                                                     size_t valueSize);
/** aclrtCreateStreamWithConfig(stream, handle->priority, handle->flag). */
ACL_FUNC_VISIBILITY aclError aclrtCreateStreamV2(aclrtStream* stream,
                                                 const aclrtStreamConfigHandle* handle);
/** Waits for the stream's pending work, then destroys it. */
ACL_FUNC_VISIBILITY aclError aclrtDestroyStream(aclrtStream stream);
ACL_FUNC_VISIBILITY aclError aclrtDestroyStreamForce(aclrtStream stream);
/** NULL: the current context's default stream. */
ACL_FUNC_VISIBILITY aclError aclrtSynchronizeStream(aclrtStream stream);
/** timeout in ms: -1 forever, 0 or < -1 -> ACL_ERROR_RT_PARAM_INVALID, expiry ->
 *  ACL_ERROR_RT_STREAM_SYNC_TIMEOUT. */
ACL_FUNC_VISIBILITY aclError aclrtSynchronizeStreamWithTimeout(aclrtStream stream, int32_t timeout);
ACL_FUNC_VISIBILITY aclError aclrtStreamQuery(aclrtStream stream, aclrtStreamStatus* status);
ACL_FUNC_VISIBILITY aclError aclrtStreamWaitEvent(aclrtStream stream, aclrtEvent event);
/** ACL_CONTINUE_ON_FAILURE or ACL_STOP_ON_FAILURE. A failing Ascend C kernel (Trap, assert)
 *  makes the next synchronize return 507035; STOP also drops the stream's later tasks. */
ACL_FUNC_VISIBILITY aclError aclrtSetStreamFailureMode(aclrtStream stream, uint64_t mode);
/** NULL: the default stream. Priority as created; flags as kept at creation. */
ACL_FUNC_VISIBILITY aclError aclrtStreamGetPriority(aclrtStream stream, uint32_t* priority);
ACL_FUNC_VISIBILITY aclError aclrtStreamGetFlags(aclrtStream stream, uint32_t* flags);
/** A number unique among the process's live streams. */
ACL_FUNC_VISIBILITY aclError aclrtStreamGetId(aclrtStream stream, int32_t* streamId);

/** Stream attributes (aclrtSetStreamAttribute / aclrtGetStreamAttribute); each reads and writes
 *  its own member of aclrtStreamAttrValue. */
typedef enum {
    ACL_STREAM_ATTR_FAILURE_MODE = 1,         /* failureMode: as aclrtSetStreamFailureMode */
    ACL_STREAM_ATTR_FLOAT_OVERFLOW_CHECK = 2, /* overflowSwitch: as aclrtSetStreamOverflowSwitch */
    ACL_STREAM_ATTR_USER_CUSTOM_TAG = 3,      /* userCustomTag */
    ACL_STREAM_ATTR_CACHE_OP_INFO = 4,        /* cacheOpInfoSwitch: 0 or 1 */
    ACL_STREAM_ATTR_PRIORITY = 5,             /* streamPriority: 0 (highest) .. 7 */
    ACL_STREAM_LAUNCH_BLOCKING_MODE = 6 /* launchBlockingMode: ACL_STREAM_LAUNCH_BLOCKING_MODE_* */
} aclrtStreamAttr;

typedef union {
    uint64_t failureMode;
    uint32_t overflowSwitch;
    uint32_t userCustomTag;
    uint32_t cacheOpInfoSwitch;
    uint32_t streamPriority;
    uint32_t launchBlockingMode;
    uint32_t reserve[4];
} aclrtStreamAttrValue;

/** NULL stream: the current context's default stream. aclemu: the user tag and the op-info
 *  switch are recorded; a priority is fixed at creation (setting one is
 *  ACL_ERROR_RT_FEATURE_NOT_SUPPORT). */
ACL_FUNC_VISIBILITY aclError aclrtSetStreamAttribute(aclrtStream stream,
                                                     aclrtStreamAttr stmAttrType,
                                                     aclrtStreamAttrValue* value);
ACL_FUNC_VISIBILITY aclError aclrtGetStreamAttribute(aclrtStream stream,
                                                     aclrtStreamAttr stmAttrType,
                                                     aclrtStreamAttrValue* value);
/** A section, nested to any depth, in which kernel launches on the stream do not wait for the
 *  kernel whatever the launch-blocking mode; ending the outermost one waits for the stream when
 *  launches on it block. `flags` is reserved (0). */
ACL_FUNC_VISIBILITY aclError aclrtNonBlockingLaunchBegin(aclrtStream stream, uint32_t flags);
ACL_FUNC_VISIBILITY aclError aclrtNonBlockingLaunchEnd(aclrtStream stream, uint32_t flags);
/** Streams the current device can still create (aclemu allows 1984 per device, default streams
 *  included). */
ACL_FUNC_VISIBILITY aclError aclrtGetStreamAvailableNum(uint32_t* streamCount);
/** Drops the stream's tasks that have not started (a running task finishes); the next
 *  synchronize of the stream returns ACL_ERROR_RT_STREAM_ABORT. GPU backends cannot take back
 *  queued work: ACL_ERROR_RT_FEATURE_NOT_SUPPORT. */
ACL_FUNC_VISIBILITY aclError aclrtStreamAbort(aclrtStream stream);
/** Stopping a running task is impossible on CPU threads and GPUs:
 *  ACL_ERROR_RT_FEATURE_NOT_SUPPORT (NULL stream: ACL_ERROR_INVALID_PARAM). */
ACL_FUNC_VISIBILITY aclError aclrtStreamStop(aclrtStream stream);
/** Registers (callback != NULL) or removes (NULL) the callback named `regName`; a name already
 *  registered: ACL_ERROR_RT_PARAM_INVALID. Called for every stream, default ones included. */
ACL_FUNC_VISIBILITY aclError aclrtRegStreamStateCallback(const char* regName,
                                                         aclrtStreamStateCallback callback,
                                                         void* args);

/* ---- Memory ----------------------------------------------------------------------------- */

ACL_FUNC_VISIBILITY aclError aclrtMalloc(void** devPtr, size_t size, aclrtMemMallocPolicy policy);
ACL_FUNC_VISIBILITY aclError aclrtMallocAlign32(void** devPtr,
                                                size_t size,
                                                aclrtMemMallocPolicy policy);
ACL_FUNC_VISIBILITY aclError aclrtMallocCached(void** devPtr,
                                               size_t size,
                                               aclrtMemMallocPolicy policy);
ACL_FUNC_VISIBILITY aclError aclrtFree(void* devPtr);
ACL_FUNC_VISIBILITY aclError aclrtMallocHost(void** hostPtr, size_t size);
ACL_FUNC_VISIBILITY aclError aclrtFreeHost(void* hostPtr);
ACL_FUNC_VISIBILITY aclError
aclrtMemcpy(void* dst, size_t destMax, const void* src, size_t count, aclrtMemcpyKind kind);
ACL_FUNC_VISIBILITY aclError aclrtMemcpyAsync(void* dst,
                                              size_t destMax,
                                              const void* src,
                                              size_t count,
                                              aclrtMemcpyKind kind,
                                              aclrtStream stream);
ACL_FUNC_VISIBILITY aclError aclrtMemcpy2d(void* dst,
                                           size_t dpitch,
                                           const void* src,
                                           size_t spitch,
                                           size_t width,
                                           size_t height,
                                           aclrtMemcpyKind kind);
/* As aclrtMemcpy2d, in stream order; with pageable host memory it returns once the copy is done. */
ACL_FUNC_VISIBILITY aclError aclrtMemcpy2dAsync(void* dst,
                                                size_t dpitch,
                                                const void* src,
                                                size_t spitch,
                                                size_t width,
                                                size_t height,
                                                aclrtMemcpyKind kind,
                                                aclrtStream stream);
ACL_FUNC_VISIBILITY aclError aclrtMemset(void* devPtr,
                                         size_t maxCount,
                                         int32_t value,
                                         size_t count);
ACL_FUNC_VISIBILITY aclError
aclrtMemsetAsync(void* devPtr, size_t maxCount, int32_t value, size_t count, aclrtStream stream);
ACL_FUNC_VISIBILITY aclError aclrtGetMemInfo(aclrtMemAttr attr, size_t* free, size_t* total);

/* Copy descriptors: a copy's addresses and length recorded in device memory, then launched. */
ACL_FUNC_VISIBILITY aclError aclrtGetMemcpyDescSize(aclrtMemcpyKind kind, size_t* descSize);
ACL_FUNC_VISIBILITY aclError aclrtSetMemcpyDesc(
    void* desc, aclrtMemcpyKind kind, void* srcAddr, void* dstAddr, size_t count, void* config);
ACL_FUNC_VISIBILITY aclError aclrtMemcpyAsyncWithDesc(void* desc,
                                                      aclrtMemcpyKind kind,
                                                      aclrtStream stream);
/* Cache maintenance: operations on the device's cache lines over a range of device memory, queued
 * on a stream (aclemu has no device cache: each is an ordering point on its stream, see
 * docs/backends.md, "Cache maintenance"). */
typedef enum aclrtCmoType {
    ACL_RT_CMO_TYPE_PREFETCH = 0, /* load the range into the cache */
    ACL_RT_CMO_TYPE_WRITEBACK,    /* write dirty lines back, keep them cached */
    ACL_RT_CMO_TYPE_INVALID,      /* drop the lines */
    ACL_RT_CMO_TYPE_FLUSH,        /* write dirty lines back and drop them */
} aclrtCmoType;

typedef struct {
    aclrtCmoType cmoType;
    uint32_t barrierId;
} aclrtBarrierCmoInfo;

#define ACL_RT_CMO_MAX_BARRIER_NUM 6U

typedef struct {
    size_t barrierNum; /* entries of cmoInfo in use */
    aclrtBarrierCmoInfo cmoInfo[ACL_RT_CMO_MAX_BARRIER_NUM];
} aclrtBarrierTaskInfo;

ACL_FUNC_VISIBILITY aclError aclrtCmoAsync(void* src,
                                           size_t size,
                                           aclrtCmoType cmoType,
                                           aclrtStream stream);
/** The bytes a cache descriptor takes in device memory (aclrtCmoSetDesc fills one). */
ACL_FUNC_VISIBILITY aclError aclrtCmoGetDescSize(size_t* size);
ACL_FUNC_VISIBILITY aclError aclrtCmoSetDesc(void* cmoDesc, void* src, size_t size);
ACL_FUNC_VISIBILITY aclError aclrtCmoAsyncWithDesc(void* cmoDesc,
                                                   aclrtCmoType cmoType,
                                                   aclrtStream stream,
                                                   const void* reserve);
/** Atlas 200I/500 A2 only: ACL_ERROR_RT_FEATURE_NOT_SUPPORT on the Ascend 910B aclemu is. */
ACL_FUNC_VISIBILITY aclError aclrtCmoAsyncWithBarrier(
    void* src, size_t size, aclrtCmoType cmoType, uint32_t barrierId, aclrtStream stream);
ACL_FUNC_VISIBILITY aclError aclrtCmoWaitBarrier(aclrtBarrierTaskInfo* taskInfo,
                                                 aclrtStream stream,
                                                 uint32_t flag);
/** A copy between device memory whose base addresses are themselves stored in device memory
 *  (`dst` and `src` point at those slots), each shifted by its offset; `destMax` counts from the
 *  destination's base. ACL_MEMCPY_INNER_DEVICE_TO_DEVICE only. */
ACL_FUNC_VISIBILITY aclError aclrtMemcpyAsyncWithOffset(void** dst,
                                                        size_t destMax,
                                                        size_t dstDataOffset,
                                                        const void** src,
                                                        size_t count,
                                                        size_t srcDataOffset,
                                                        aclrtMemcpyKind kind,
                                                        aclrtStream stream);

/* 32-bit fills: N copies of `value` from `ptr` (aclrtMalloc or aclrtMallocHost memory,
 * memSize >= 4 * N). Host memory is filled at once, also by the asynchronous form. */
ACL_FUNC_VISIBILITY aclError aclrtMemsetD32(void* ptr, size_t memSize, uint32_t value, size_t N);
ACL_FUNC_VISIBILITY aclError
aclrtMemsetD32Async(void* ptr, size_t memSize, uint32_t value, size_t N, aclrtStream stream);

/* ---- Memory with a configuration -------------------------------------------------------- */

typedef enum {
    ACL_RT_MEM_ATTR_RSV = 0,
    ACL_RT_MEM_ATTR_MODULE_ID = 1,
    ACL_RT_MEM_ATTR_DEVICE_ID = 2,
    ACL_RT_MEM_ATTR_VA_FLAG = 3
} aclrtMallocAttrType;

typedef union {
    uint16_t moduleId;
    uint32_t deviceId;
    uint32_t vaFlag;
    uint8_t rsv[8];
} aclrtMallocAttrValue;

typedef struct {
    aclrtMallocAttrType attr;
    aclrtMallocAttrValue value;
} aclrtMallocAttribute;

typedef struct {
    aclrtMallocAttribute* attrs;
    size_t numAttrs;
} aclrtMallocConfig;

/** aclrtMalloc with attributes (`cfg` may be NULL): ACL_RT_MEM_ATTR_DEVICE_ID allocates on that
 *  device instead of the current one; the module id and VA flag are accepted and ignored.
 *  Released with aclrtFree. */
ACL_FUNC_VISIBILITY aclError aclrtMallocWithCfg(void** devPtr,
                                                size_t size,
                                                aclrtMemMallocPolicy policy,
                                                aclrtMallocConfig* cfg);
/** aclrtMallocHost with attributes (`cfg` may be NULL, checked as aclrtMallocWithCfg's; host
 *  memory is on no device, so every attribute is accepted and ignored). Released with
 *  aclrtFreeHost or aclrtFreeHostWithDevSync. */
ACL_FUNC_VISIBILITY aclError aclrtMallocHostWithCfg(void** ptr,
                                                    uint64_t size,
                                                    aclrtMallocConfig* cfg);
/** aclrtFree after waiting for the current device's work, which may still use the block. */
ACL_FUNC_VISIBILITY aclError aclrtFreeWithDevSync(void* devPtr);
/** aclrtFreeHost after waiting for the current device's work, which may still use the block. */
ACL_FUNC_VISIBILITY aclError aclrtFreeHostWithDevSync(void* hostPtr);

/* aclrtCheckMemType's memory types, OR-able. */
#define ACL_RT_MEM_TYPE_DEV  (0x2U)  /* aclrtMalloc and its variants */
#define ACL_RT_MEM_TYPE_DVPP (0x8U)  /* DVPP memory: none exists off Ascend */
#define ACL_RT_MEM_TYPE_RSVD (0x10U) /* addresses reserved by aclrtReserveMemAddress */

/** *checkResult = 1 when each of the `size` addresses of addrList is memory of a type in
 *  `memType`, else 0. `reserve` must be 0. */
ACL_FUNC_VISIBILITY aclError aclrtCheckMemType(
    void** addrList, uint32_t size, uint32_t memType, uint32_t* checkResult, uint32_t reserve);

/* ---- Memory shared between processes (IPC) ---------------------------------------------- */

#define ACL_RT_IPC_MEM_EXPORT_FLAG_DEFAULT                0x0UL
#define ACL_RT_IPC_MEM_EXPORT_FLAG_DISABLE_PID_VALIDATION 0x1UL
#define ACL_RT_IPC_MEM_IMPORT_FLAG_DEFAULT                0x0UL
#define ACL_RT_IPC_MEM_IMPORT_FLAG_ENABLE_PEER_ACCESS     0x1UL

/* aclrtIpcMemSetAttr(ACL_RT_IPC_MEM_ATTR_ACCESS_LINK) values. */
#define ACL_RT_IPC_MEM_ATTR_ACCESS_LINK_SIO                0
#define ACL_RT_IPC_MEM_ATTR_ACCESS_LINK_HCCS               1
#define ACL_RT_IPC_MEM_ATTR_ACCESS_LINK_UB_ONE_PORT_PATH   2
#define ACL_RT_IPC_MEM_ATTR_ACCESS_LINK_UB_MULTI_PORT_PATH 3

typedef enum { ACL_RT_IPC_MEM_ATTR_ACCESS_LINK = 0 } aclrtIpcMemAttrType;

/** A whitelist entry for aclrtIpcMemImportPidInterServer: pids of one server of a super pod. */
typedef struct {
    uint32_t sdid;
    int32_t* pid;
    size_t num;
} aclrtServerPid;

/** The calling process's id, as the whitelists (aclrtIpcMemSetImportPid,
 *  aclrtMemSetPidToShareableHandle) expect it. */
ACL_FUNC_VISIBILITY aclError aclrtDeviceGetBareTgid(int32_t* pid);

/** Exports [devPtr, devPtr + size) of one aclrtMalloc block under a key: a NUL-terminated string
 *  written to `key`, which holds `len` (at least ACL_IPC_HANDLE_SIZE) characters. With
 *  ACL_RT_IPC_MEM_EXPORT_FLAG_DEFAULT only processes named by aclrtIpcMemSetImportPid may
 *  import it. */
ACL_FUNC_VISIBILITY aclError
aclrtIpcMemGetExportKey(void* devPtr, size_t size, char* key, size_t len, uint64_t flags);
/** Adds `num` process ids to the whitelist of a key this process exported. */
ACL_FUNC_VISIBILITY aclError aclrtIpcMemSetImportPid(const char* key, int32_t* pid, size_t num);
/** Super-pod servers' whitelists: Ascend-only (ACL_ERROR_RT_FEATURE_NOT_SUPPORT). */
ACL_FUNC_VISIBILITY aclError aclrtIpcMemImportPidInterServer(const char* key,
                                                             aclrtServerPid* serverPids,
                                                             size_t num);
/** Maps memory another process exported; *devPtr is device memory of this process until
 *  aclrtIpcMemClose(key). */
ACL_FUNC_VISIBILITY aclError aclrtIpcMemImportByKey(void** devPtr, const char* key, uint64_t flags);
/** Access-link attributes: Ascend-only (ACL_ERROR_RT_FEATURE_NOT_SUPPORT). */
ACL_FUNC_VISIBILITY aclError aclrtIpcMemSetAttr(const char* key,
                                                aclrtIpcMemAttrType type,
                                                uint64_t attr);
/** Importer: unmaps the memory. Exporter: withdraws the key (importers keep their mappings). */
ACL_FUNC_VISIBILITY aclError aclrtIpcMemClose(const char* key);

/* ---- Virtual and physical memory -------------------------------------------------------- */

#define ACL_RT_VMM_EXPORT_FLAG_DEFAULT                0x0UL
#define ACL_RT_VMM_EXPORT_FLAG_DISABLE_PID_VALIDATION 0x1UL

typedef enum aclrtMemLocationType {
    ACL_MEM_LOCATION_TYPE_HOST = 0,
    ACL_MEM_LOCATION_TYPE_DEVICE = 1,
    ACL_MEM_LOCATION_TYPE_UNREGISTERED = 2,
    ACL_MEM_LOCATION_TYPE_MANAGED = 3,
    ACL_MEM_LOCATION_TYPE_HOST_NUMA = 4
} aclrtMemLocationType;

typedef struct aclrtMemLocation {
    uint32_t id;
    aclrtMemLocationType type;
} aclrtMemLocation;

/** Where a pointer's memory lies (aclrtPointerGetAttributes); `rsv` is reserved (zero). */
typedef struct aclrtPtrAttributes {
    aclrtMemLocation location;
    uint32_t pageSize;
    uint32_t rsv[4];
} aclrtPtrAttributes;

/** The location of `ptr`: ACL_MEM_LOCATION_TYPE_DEVICE (id: its logical device) for device
 *  memory, _HOST for aclrtMallocHost memory and registered host memory, _UNREGISTERED for memory
 *  aclemu did not allocate; `pageSize` is the size in bytes of the pages that back it. */
ACL_FUNC_VISIBILITY aclError aclrtPointerGetAttributes(const void* ptr,
                                                       aclrtPtrAttributes* attributes);

/* ---- Batch copies ------------------------------------------------------------------------ */

/** Where both ends of a batch's copies lie; `rsv` is reserved (zero). */
typedef struct {
    aclrtMemLocation dstLoc;
    aclrtMemLocation srcLoc;
    uint8_t rsv[16];
} aclrtMemcpyBatchAttr;

/** `numBatches` copies (dsts[i] <- srcs[i], sizes[i] bytes), all host to device or all device to
 *  host; attrs[k] describes the copies from attrsIndexes[k] (the first is 0, each larger than the
 *  last) to the next entry's start. `failIndex`: the copy a location check refused, else
 *  SIZE_MAX. The V2 forms have no failIndex; the Async forms queue the copies on `stream`. */
ACL_FUNC_VISIBILITY aclError aclrtMemcpyBatch(void** dsts,
                                              size_t* destMaxs,
                                              void** srcs,
                                              size_t* sizes,
                                              size_t numBatches,
                                              aclrtMemcpyBatchAttr* attrs,
                                              size_t* attrsIndexes,
                                              size_t numAttrs,
                                              size_t* failIndex);
ACL_FUNC_VISIBILITY aclError aclrtMemcpyBatchV2(void** dsts,
                                                size_t* destMaxs,
                                                void** srcs,
                                                size_t* sizes,
                                                size_t numBatches,
                                                aclrtMemcpyBatchAttr* attrs,
                                                size_t* attrsIndexes,
                                                size_t numAttrs);
ACL_FUNC_VISIBILITY aclError aclrtMemcpyBatchAsync(void** dsts,
                                                   size_t* destMaxs,
                                                   void** srcs,
                                                   size_t* sizes,
                                                   size_t numBatches,
                                                   aclrtMemcpyBatchAttr* attrs,
                                                   size_t* attrsIndexes,
                                                   size_t numAttrs,
                                                   size_t* failIndex,
                                                   aclrtStream stream);
ACL_FUNC_VISIBILITY aclError aclrtMemcpyBatchAsyncV2(void** dsts,
                                                     size_t* destMaxs,
                                                     void** srcs,
                                                     size_t* sizes,
                                                     size_t numBatches,
                                                     aclrtMemcpyBatchAttr* attrs,
                                                     size_t* attrsIndexes,
                                                     size_t numAttrs,
                                                     aclrtStream stream);

typedef enum aclrtMemAllocationType { ACL_MEM_ALLOCATION_TYPE_PINNED = 0 } aclrtMemAllocationType;

typedef enum aclrtMemHandleType {
    ACL_MEM_HANDLE_TYPE_NONE = 0,
    ACL_MEM_HANDLE_TYPE_POSIX = 2
} aclrtMemHandleType;

typedef enum aclrtMemSharedHandleType {
    ACL_MEM_SHARE_HANDLE_TYPE_DEFAULT = 0x1,
    ACL_MEM_SHARE_HANDLE_TYPE_FABRIC = 0x2
} aclrtMemSharedHandleType;

typedef struct aclrtMemFabricHandle {
    uint8_t data[128];
} aclrtMemFabricHandle;

typedef struct aclrtPhysicalMemProp {
    aclrtMemHandleType handleType;
    aclrtMemAllocationType allocationType;
    aclrtMemAttr memAttr;
    aclrtMemLocation location;
    uint64_t reserve;
} aclrtPhysicalMemProp;

typedef enum aclrtMemGranularityOptions {
    ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM = 0,
    ACL_RT_MEM_ALLOC_GRANULARITY_RECOMMENDED = 1,
    ACL_RT_MEM_ALLOC_GRANULARITY_UNDEF = 0xFFFF
} aclrtMemGranularityOptions;

typedef enum {
    ACL_RT_MEM_ACCESS_FLAGS_NONE = 0x0,
    ACL_RT_MEM_ACCESS_FLAGS_READ = 0x1,
    ACL_RT_MEM_ACCESS_FLAGS_READWRITE = 0x3
} aclrtMemAccessFlags;

typedef struct {
    aclrtMemAccessFlags flags;
    aclrtMemLocation location;
    uint8_t rsv[12];
} aclrtMemAccessDesc;

/** A physical allocation (aclrtMallocPhysical, aclrtMemImportFromShareableHandle). */
typedef void* aclrtDrvMemHandle;

/** Sizes and mapped ranges are multiples of this (ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM). */
ACL_FUNC_VISIBILITY aclError aclrtMemGetAllocationGranularity(aclrtPhysicalMemProp* prop,
                                                              aclrtMemGranularityOptions option,
                                                              size_t* granularity);
/** Physical device memory of `size` bytes (a multiple of the granularity); `flags` must be 0. */
ACL_FUNC_VISIBILITY aclError aclrtMallocPhysical(aclrtDrvMemHandle* handle,
                                                 size_t size,
                                                 const aclrtPhysicalMemProp* prop,
                                                 uint64_t flags);
/** Releases the handle; the memory itself lives on while a mapping uses it. */
ACL_FUNC_VISIBILITY aclError aclrtFreePhysical(aclrtDrvMemHandle handle);
/** Reserves `size` bytes of addresses, mapped to nothing. `alignment` and `flags` must be 0;
 *  `expectPtr` is a hint (NULL: anywhere). */
ACL_FUNC_VISIBILITY aclError aclrtReserveMemAddress(
    void** virPtr, size_t size, size_t alignment, void* expectPtr, uint64_t flags);
/** Returns a reservation; its mappings must have been unmapped. */
ACL_FUNC_VISIBILITY aclError aclrtReleaseMemAddress(void* virPtr);
/** Maps all `size` bytes of `handle` (offset 0, flags 0) at `virPtr` inside a reservation; the
 *  range is then device memory of the calling process, readable and writable. */
ACL_FUNC_VISIBILITY aclError
aclrtMapMem(void* virPtr, size_t size, size_t offset, aclrtDrvMemHandle handle, uint64_t flags);
/** Removes the mapping that starts at `virPtr`; the addresses stay reserved. */
ACL_FUNC_VISIBILITY aclError aclrtUnmapMem(void* virPtr);
/** Access to a mapping made by aclrtMapMem: read-write for the devices named (one entry per
 *  device); `virPtr` and `size` are the mapping's. */
ACL_FUNC_VISIBILITY aclError aclrtMemSetAccess(void* virPtr,
                                               size_t size,
                                               aclrtMemAccessDesc* desc,
                                               size_t count);
ACL_FUNC_VISIBILITY aclError aclrtMemGetAccess(void* virPtr,
                                               aclrtMemLocation* location,
                                               uint64_t* flag);
/** The handle mapped at `virPtr` (release it with aclrtFreePhysical). */
ACL_FUNC_VISIBILITY aclError aclrtMemRetainAllocationHandle(void* virPtr,
                                                            aclrtDrvMemHandle* handle);
ACL_FUNC_VISIBILITY aclError aclrtMemGetAllocationPropertiesFromHandle(aclrtDrvMemHandle handle,
                                                                       aclrtPhysicalMemProp* prop);
/** The start and size of the allocation or mapping that contains `ptr`. */
ACL_FUNC_VISIBILITY aclError aclrtMemGetAddressRange(void* ptr, void** pbase, size_t* psize);

/** Exports a physical allocation for another process as a 64-bit handle. `handleType` must be
 *  ACL_MEM_HANDLE_TYPE_NONE; with ACL_RT_VMM_EXPORT_FLAG_DEFAULT only processes named by
 *  aclrtMemSetPidToShareableHandle may import it. */
ACL_FUNC_VISIBILITY aclError aclrtMemExportToShareableHandle(aclrtDrvMemHandle handle,
                                                             aclrtMemHandleType handleType,
                                                             uint64_t flags,
                                                             uint64_t* shareableHandle);
ACL_FUNC_VISIBILITY aclError aclrtMemSetPidToShareableHandle(uint64_t shareableHandle,
                                                             int32_t* pid,
                                                             size_t pidNum);
/** In another process: a handle to the same physical memory, to map with aclrtMapMem. */
ACL_FUNC_VISIBILITY aclError aclrtMemImportFromShareableHandle(uint64_t shareableHandle,
                                                               int32_t deviceId,
                                                               aclrtDrvMemHandle* handle);
/** The V2 forms take the handle by address: a uint64_t for ACL_MEM_SHARE_HANDLE_TYPE_DEFAULT;
 *  ACL_MEM_SHARE_HANDLE_TYPE_FABRIC (across servers) is Ascend-only. */
ACL_FUNC_VISIBILITY aclError aclrtMemExportToShareableHandleV2(aclrtDrvMemHandle handle,
                                                               uint64_t flags,
                                                               aclrtMemSharedHandleType shareType,
                                                               void* shareableHandle);
ACL_FUNC_VISIBILITY aclError aclrtMemSetPidToShareableHandleV2(void* shareableHandle,
                                                               aclrtMemSharedHandleType shareType,
                                                               int32_t* pid,
                                                               size_t pidNum);
ACL_FUNC_VISIBILITY aclError aclrtMemImportFromShareableHandleV2(void* shareableHandle,
                                                                 aclrtMemSharedHandleType shareType,
                                                                 uint64_t flags,
                                                                 aclrtDrvMemHandle* handle);

/* ---- Events ----------------------------------------------------------------------------- */

ACL_FUNC_VISIBILITY aclError aclrtCreateEvent(aclrtEvent* event);
ACL_FUNC_VISIBILITY aclError aclrtCreateEventWithFlag(aclrtEvent* event, uint32_t flag);
ACL_FUNC_VISIBILITY aclError aclrtCreateEventExWithFlag(aclrtEvent* event, uint32_t flag);
ACL_FUNC_VISIBILITY aclError aclrtDestroyEvent(aclrtEvent event);
ACL_FUNC_VISIBILITY aclError aclrtRecordEvent(aclrtEvent event, aclrtStream stream);
ACL_FUNC_VISIBILITY aclError aclrtResetEvent(aclrtEvent event, aclrtStream stream);
ACL_FUNC_VISIBILITY aclError aclrtSynchronizeEvent(aclrtEvent event);
ACL_FUNC_VISIBILITY aclError aclrtSynchronizeEventWithTimeout(aclrtEvent event, int32_t timeout);
ACL_FUNC_VISIBILITY aclError aclrtQueryEvent(aclrtEvent event, aclrtEventStatus* status);
ACL_FUNC_VISIBILITY aclError aclrtQueryEventStatus(aclrtEvent event,
                                                   aclrtEventRecordedStatus* status);
/** Milliseconds between two completed records of timing events. */
ACL_FUNC_VISIBILITY aclError aclrtEventElapsedTime(float* ms,
                                                   aclrtEvent startEvent,
                                                   aclrtEvent endEvent);
/** Whether the waits on the event (aclrtStreamWaitEvent) are done: COMPLETE once its record is. */
ACL_FUNC_VISIBILITY aclError aclrtQueryEventWaitStatus(aclrtEvent event,
                                                       aclrtEventWaitStatus* status);
/** `timeout` in seconds, 0: none. */
ACL_FUNC_VISIBILITY aclError aclrtStreamWaitEventWithTimeout(aclrtStream stream,
                                                             aclrtEvent event,
                                                             int32_t timeout);
ACL_FUNC_VISIBILITY aclError aclrtGetEventId(aclrtEvent event, uint32_t* eventId);
/** The events the current device may still create. */
ACL_FUNC_VISIBILITY aclError aclrtGetEventAvailNum(uint32_t* eventCount);

/* ---- Events shared between processes ---------------------------------------------------- */

#define ACL_IPC_EVENT_HANDLE_SIZE 64U

typedef struct aclrtIpcEventHandle {
    char reserved[ACL_IPC_EVENT_HANDLE_SIZE];
} aclrtIpcEventHandle;

/** The handle of an event made by aclrtCreateEventExWithFlag(ACL_EVENT_IPC), for another
 *  process. */
ACL_FUNC_VISIBILITY aclError aclrtIpcGetEventHandle(aclrtEvent event, aclrtIpcEventHandle* handle);
/** In another process: an event that completes with the exporter's records (wait on it with
 *  aclrtStreamWaitEvent / aclrtSynchronizeEvent; destroy it with aclrtDestroyEvent). */
ACL_FUNC_VISIBILITY aclError aclrtIpcOpenEventHandle(aclrtIpcEventHandle handle, aclrtEvent* event);

/** The completion time of the event's latest record, in microseconds of the host's monotonic
 *  clock (CLOCK_MONOTONIC: time since boot). Synchronize first. */
ACL_FUNC_VISIBILITY aclError aclrtEventGetTimestamp(aclrtEvent event, uint64_t* timestamp);

/* ---- Notifies and stream memory operations ---------------------------------------------- */

/* aclrtCreateNotify flags. */
#define ACL_NOTIFY_DEFAULT         0x00000000U
#define ACL_NOTIFY_DEVICE_USE_ONLY 0x00000001U

/** A notify is a one-bit signal between streams: aclrtRecordNotify sets it when the stream
 *  reaches the record, aclrtWaitAndResetNotify holds its stream until it is set, then clears it. */
ACL_FUNC_VISIBILITY aclError aclrtCreateNotify(aclrtNotify* notify, uint64_t flag);
ACL_FUNC_VISIBILITY aclError aclrtDestroyNotify(aclrtNotify notify);
ACL_FUNC_VISIBILITY aclError aclrtRecordNotify(aclrtNotify notify, aclrtStream stream);
/** `timeout` in seconds, 0: wait forever. */
ACL_FUNC_VISIBILITY aclError aclrtWaitAndResetNotify(aclrtNotify notify,
                                                     aclrtStream stream,
                                                     uint32_t timeout);
ACL_FUNC_VISIBILITY aclError aclrtGetNotifyId(aclrtNotify notify, uint32_t* notifyId);
/** Clears `num` notifies at once (not in stream order). */
ACL_FUNC_VISIBILITY aclError aclrtNotifyBatchReset(aclrtNotify* notifies, size_t num);

/** Writes the 64-bit `value` to 8-byte-aligned device memory in stream order. `flag`: 0. */
ACL_FUNC_VISIBILITY aclError aclrtValueWrite(void* devAddr,
                                             uint64_t value,
                                             uint32_t flag,
                                             aclrtStream stream);
/** Holds the stream until the 64-bit word at `devAddr` satisfies `flag`
 *  (ACL_STREAM_WAIT_VALUE_GEQ / _EQ / _AND / _NOR) against `value`. */
ACL_FUNC_VISIBILITY aclError aclrtValueWait(void* devAddr,
                                            uint64_t value,
                                            uint32_t flag,
                                            aclrtStream stream);

/* ---- Built-in tasks --------------------------------------------------------------------- */

typedef enum {
    ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM = 10,
    ACL_RT_MEMCPY_SDMA_AUTOMATIC_MAX = 11,
    ACL_RT_MEMCPY_SDMA_AUTOMATIC_MIN = 12,
    ACL_RT_MEMCPY_SDMA_AUTOMATIC_EQUAL = 13
} aclrtReduceKind;

/** A parameter of a random-number task: the value itself (isAddr 0, `size` bytes of
 *  valueOrAddr, little-endian) or the device address of the value (isAddr 1). */
typedef struct {
    uint8_t isAddr;
    uint8_t valueOrAddr[8];
    uint8_t size;
    uint8_t rsv[6];
} aclrtRandomParaInfo;

typedef struct {
    aclrtRandomParaInfo dropoutRation;
} aclrtDropoutBitmaskInfo;

typedef struct {
    aclrtRandomParaInfo min;
    aclrtRandomParaInfo max;
} aclrtUniformDisInfo;

typedef struct {
    aclrtRandomParaInfo mean;
    aclrtRandomParaInfo stddev;
} aclrtNormalDisInfo;

typedef enum {
    ACL_RT_RANDOM_NUM_FUNC_TYPE_DROPOUT_BITMASK = 0,
    ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS = 1,
    ACL_RT_RANDOM_NUM_FUNC_TYPE_NORMAL_DIS = 2,
    ACL_RT_RANDOM_NUM_FUNC_TYPE_TRUNCATED_NORMAL_DIS = 3
} aclrtRandomNumFuncType;

typedef struct {
    aclrtRandomNumFuncType funcType;
    union {
        aclrtDropoutBitmaskInfo dropoutBitmaskInfo;
        aclrtUniformDisInfo uniformDisInfo;
        aclrtNormalDisInfo normalDisInfo;
    } paramInfo;
} aclrtRandomNumFuncParaInfo;

typedef struct {
    aclDataType dataType;
    aclrtRandomNumFuncParaInfo randomNumFuncParaInfo;
    void* randomParaAddr;
    void* randomResultAddr;
    void* randomCounterAddr;
    aclrtRandomParaInfo randomSeed;
    aclrtRandomParaInfo randomNum;
    uint8_t rsv[8];
} aclrtRandomNumTaskInfo;

/** dst[i] = kind(dst[i], src[i]) over `count` bytes of `type` elements, in stream order.
 *  `reserve`: NULL. */
ACL_FUNC_VISIBILITY aclError aclrtReduceAsync(void* dst,
                                              const void* src,
                                              uint64_t count,
                                              aclrtReduceKind kind,
                                              aclDataType type,
                                              aclrtStream stream,
                                              void* reserve);
/** Fills randomResultAddr with Philox4x32-10 random numbers (docs/backends.md describes the
 *  seed and counter). `reserve`: NULL. */
ACL_FUNC_VISIBILITY aclError aclrtRandomNumAsync(const aclrtRandomNumTaskInfo* taskInfo,
                                                 const aclrtStream stream,
                                                 void* reserve);

/* ---- Floating-point overflow ------------------------------------------------------------ */

ACL_FUNC_VISIBILITY aclError aclrtSetDeviceSatMode(aclrtFloatOverflowMode mode);
ACL_FUNC_VISIBILITY aclError aclrtGetDeviceSatMode(aclrtFloatOverflowMode* mode);
/** `flag`: 0 off, 1 on; applies to tasks enqueued afterwards. */
ACL_FUNC_VISIBILITY aclError aclrtSetStreamOverflowSwitch(aclrtStream stream, uint32_t flag);
ACL_FUNC_VISIBILITY aclError aclrtGetStreamOverflowSwitch(aclrtStream stream, uint32_t* flag);
/** Copies the device's overflow status (64 bytes; the first 32-bit word is nonzero after an
 *  overflow) to `outputAddr` in stream order. */
ACL_FUNC_VISIBILITY aclError aclrtGetOverflowStatus(void* outputAddr,
                                                    size_t outputSize,
                                                    aclrtStream stream);
ACL_FUNC_VISIBILITY aclError aclrtResetOverflowStatus(aclrtStream stream);

/* ---- Host callbacks --------------------------------------------------------------------- */

/** Runs `fn(userData)` on the thread subscribed to `stream` (aclrtSubscribeReport), which must
 *  call aclrtProcessReport. ACL_CALLBACK_BLOCK holds later stream work until it has run. */
ACL_FUNC_VISIBILITY aclError aclrtLaunchCallback(aclrtCallback fn,
                                                 void* userData,
                                                 aclrtCallbackBlockType blockType,
                                                 aclrtStream stream);
ACL_FUNC_VISIBILITY aclError aclrtSubscribeReport(uint64_t threadId, aclrtStream stream);
ACL_FUNC_VISIBILITY aclError aclrtUnSubscribeReport(uint64_t threadId, aclrtStream stream);
ACL_FUNC_VISIBILITY aclError aclrtProcessReport(int32_t timeout);
/** Runs `fn(args)` on a runtime thread in stream order. */
ACL_FUNC_VISIBILITY aclError aclrtLaunchHostFunc(aclrtStream stream, aclrtHostFunc fn, void* args);

/* ---- ACL graphs: model runtime instances (aclmdlRI) -------------------------------------- */

/** A model runtime instance: tasks recorded from streams (capture, or build on bound streams),
 *  replayed by aclmdlRIExecute(Async). */
typedef void* aclmdlRI;
/** A task group recorded during a capture (aclmdlRICaptureTaskGrpBegin/End), for updates. */
typedef void* aclrtTaskGrp;
/** A task of a model runtime instance (aclmdlRIGetTasksByStream). */
typedef void* aclmdlRITask;

/** Which threads may make unsafe calls (synchronous copies and fills, copies from pageable host
 *  memory) while a capture is on: ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT otherwise. */
typedef enum {
    ACL_MODEL_RI_CAPTURE_MODE_GLOBAL = 0,   /* no thread (unless it switched to RELAXED) */
    ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL, /* not the capturing thread */
    ACL_MODEL_RI_CAPTURE_MODE_RELAXED,      /* every thread */
} aclmdlRICaptureMode;

typedef enum {
    ACL_MODEL_RI_CAPTURE_STATUS_NONE = 0,
    ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE,
    ACL_MODEL_RI_CAPTURE_STATUS_INVALIDATED,
} aclmdlRICaptureStatus;

/* aclmdlRIBindStream's flag: the stream runs from the start of an execution, or when activated. */
#define ACL_MODEL_STREAM_FLAG_HEAD    0x00000000U
#define ACL_MODEL_STREAM_FLAG_DEFAULT 0x7FFFFFFFU

/** From now on the tasks enqueued on `stream` are recorded into a new model runtime instance
 *  instead of running. */
ACL_FUNC_VISIBILITY aclError aclmdlRICaptureBegin(aclrtStream stream, aclmdlRICaptureMode mode);
/** Ends the capture `stream` is in; *modelRI is the instance holding what it recorded. */
ACL_FUNC_VISIBILITY aclError aclmdlRICaptureEnd(aclrtStream stream, aclmdlRI* modelRI);
/** Whether `stream` is capturing, and into which instance (NULL when it is not). */
ACL_FUNC_VISIBILITY aclError aclmdlRICaptureGetInfo(aclrtStream stream,
                                                    aclmdlRICaptureStatus* status,
                                                    aclmdlRI* modelRI);
/** Sets the calling thread's capture mode to *mode and returns the previous one in *mode. */
ACL_FUNC_VISIBILITY aclError aclmdlRICaptureThreadExchangeMode(aclmdlRICaptureMode* mode);
/** Marks the start of a task group on a capturing stream. */
ACL_FUNC_VISIBILITY aclError aclmdlRICaptureTaskGrpBegin(aclrtStream stream);
/** Ends the stream's task group; *handle names its tasks for aclmdlRICaptureTaskUpdateBegin. */
ACL_FUNC_VISIBILITY aclError aclmdlRICaptureTaskGrpEnd(aclrtStream stream, aclrtTaskGrp* handle);
/** Tasks enqueued on `stream` (not capturing) from now on replace the group's tasks. */
ACL_FUNC_VISIBILITY aclError aclmdlRICaptureTaskUpdateBegin(aclrtStream stream,
                                                            aclrtTaskGrp handle);
ACL_FUNC_VISIBILITY aclError aclmdlRICaptureTaskUpdateEnd(aclrtStream stream);

/** Starts building an instance from the tasks of bound streams (`flag`: 0). */
ACL_FUNC_VISIBILITY aclError aclmdlRIBuildBegin(aclmdlRI* modelRI, uint32_t flag);
/** Tasks enqueued on `stream` from now on are recorded into `modelRI` (`flag`:
 *  ACL_MODEL_STREAM_FLAG_HEAD or ACL_MODEL_STREAM_FLAG_DEFAULT). */
ACL_FUNC_VISIBILITY aclError aclmdlRIBindStream(aclmdlRI modelRI,
                                                aclrtStream stream,
                                                uint32_t flag);
/** Ends the recording of `stream`'s tasks into `modelRI`. */
ACL_FUNC_VISIBILITY aclError aclmdlRIEndTask(aclmdlRI modelRI, aclrtStream stream);
/** Ends the build; the instance can then run (`reserve`: NULL). */
ACL_FUNC_VISIBILITY aclError aclmdlRIBuildEnd(aclmdlRI modelRI, void* reserve);
ACL_FUNC_VISIBILITY aclError aclmdlRIUnbindStream(aclmdlRI modelRI, aclrtStream stream);

/** Enqueues the instance's tasks on `stream`, in order. */
ACL_FUNC_VISIBILITY aclError aclmdlRIExecuteAsync(aclmdlRI modelRI, aclrtStream stream);
/** Runs the instance and waits for it up to `timeout` ms (-1: forever). */
ACL_FUNC_VISIBILITY aclError aclmdlRIExecute(aclmdlRI modelRI, int32_t timeout);
ACL_FUNC_VISIBILITY aclError aclmdlRIDestroy(aclmdlRI modelRI);
/** The instance's streams: NULL `streams` gives their number in *numStreams; else `streams`
 *  holds *numStreams entries and gets them all. aclemu: a stream is one recorded body of the
 *  instance (a captured or bound stream's tasks), a handle for aclmdlRIGetTasksByStream only. */
ACL_FUNC_VISIBILITY aclError aclmdlRIGetStreams(aclmdlRI modelRI,
                                                aclrtStream* streams,
                                                uint32_t* numStreams);
/** The tasks of a stream from aclmdlRIGetStreams, in order, counted or listed as there. */
ACL_FUNC_VISIBILITY aclError aclmdlRIGetTasksByStream(aclrtStream stream,
                                                      aclmdlRITask* tasks,
                                                      uint32_t* numTasks);
/** Logs the instance (id, device, state, streams and their tasks) at INFO. */
ACL_FUNC_VISIBILITY aclError aclmdlRIDebugPrint(aclmdlRI modelRI);
/** Writes the same as JSON to the file `path` (`flags`: 0). */
ACL_FUNC_VISIBILITY aclError aclmdlRIDebugJsonPrint(aclmdlRI modelRI,
                                                    const char* path,
                                                    uint32_t flags);

/* ---- ACL graphs: conditional tasks (experimental in CANN) -------------------------------- */

/** A condition: an 8-byte device word a conditional task reads when it runs. */
typedef void* aclmdlRICondHandle;

typedef enum {
    /* the word is set to the default value at the start of each execution of its instance */
    ACL_MODEL_RI_COND_HANDLE_ASSIGN_DEFAULT = 1,
} aclmdlRICondHandleFlag;

typedef enum {
    ACL_MODEL_RI_COND_TYPE_IF = 0,     /* word != 0: branch 0, else branch 1 (when size is 2) */
    ACL_MODEL_RI_COND_TYPE_WHILE = 1,  /* branch 0 again and again while the word != 0 */
    ACL_MODEL_RI_COND_TYPE_SWITCH = 2, /* branch `word`; none when word >= size */
} aclmdlRICondTaskType;

typedef struct tagAclmdlRICondTaskParams {
    aclmdlRICondHandle handle;
    aclmdlRICondTaskType type;
    uint32_t size; /* branches: IF 1 or 2, WHILE 1, SWITCH > 0 */
    aclmdlRI*
        modelRIArray; /* out: `size` branch instances, filled by aclmdlRICaptureToModelRIBegin */
} aclmdlRICondTaskParams;

/** A condition of `modelRI` (which must be capturing); `flag` 0 or
 *  ACL_MODEL_RI_COND_HANDLE_ASSIGN_DEFAULT. Released with the instance. */
ACL_FUNC_VISIBILITY aclError aclmdlRICondHandleCreate(aclmdlRI modelRI,
                                                      uint32_t defaultLaunchValue,
                                                      aclmdlRICondHandleFlag flag,
                                                      aclmdlRICondHandle* handle);
/** The condition's 8-byte device word. */
ACL_FUNC_VISIBILITY aclError aclmdlRICondHandleGetCondPtr(aclmdlRICondHandle handle,
                                                          uint64_t** ptr);
/** Records a conditional task on the capturing `stream` (`flags`: 0); its branches are new
 *  instances returned in params.modelRIArray. */
ACL_FUNC_VISIBILITY aclError aclmdlRIAddCondTask(aclmdlRICondTaskParams params,
                                                 aclrtStream stream,
                                                 uint32_t flags);
/** Starts a capture of `stream` into `modelRI`, a branch from aclmdlRIAddCondTask; ended by
 *  aclmdlRICaptureEnd. */
ACL_FUNC_VISIBILITY aclError aclmdlRICaptureToModelRIBegin(aclrtStream stream,
                                                           aclmdlRI modelRI,
                                                           aclmdlRICaptureMode mode);

/* ---- Labels and stream switches: control flow inside a build (bound streams) ---------------- */

typedef enum {
    ACL_RT_EQUAL = 0,
    ACL_RT_NOT_EQUAL,
    ACL_RT_GREATER,
    ACL_RT_GREATER_OR_EQUAL,
    ACL_RT_LESS,
    ACL_RT_LESS_OR_EQUAL
} aclrtCondition;

typedef enum {
    ACL_RT_SWITCH_INT32 = 0,
    ACL_RT_SWITCH_INT64 = 1,
} aclrtCompareDataType;

/** A label (at most 65535 live in a process). */
ACL_FUNC_VISIBILITY aclError aclrtCreateLabel(aclrtLabel* label);
/** Places `label` at the current position of `stream`, a stream bound to an instance. */
ACL_FUNC_VISIBILITY aclError aclrtSetLabel(aclrtLabel label, aclrtStream stream);
ACL_FUNC_VISIBILITY aclError aclrtDestroyLabel(aclrtLabel label);
/** A list of `num` labels, 0 < num <= 65535. */
ACL_FUNC_VISIBILITY aclError aclrtCreateLabelList(aclrtLabel* labels,
                                                  size_t num,
                                                  aclrtLabelList* labelList);
ACL_FUNC_VISIBILITY aclError aclrtDestroyLabelList(aclrtLabelList labelList);
/** Records a jump to label `*ptr` (a device uint32; past the last label: the last) of
 *  `labelList`; the stream's later tasks do not run. */
ACL_FUNC_VISIBILITY aclError aclrtSwitchLabelByIndex(void* ptr,
                                                     uint32_t maxValue,
                                                     aclrtLabelList labelList,
                                                     aclrtStream stream);
/** Records a switch: when `*leftValue cond *rightValue` holds, `trueStream`'s tasks run instead
 *  of the rest of `stream`'s (`falseStream`: NULL). */
ACL_FUNC_VISIBILITY aclError aclrtSwitchStream(void* leftValue,
                                               aclrtCondition cond,
                                               void* rightValue,
                                               aclrtCompareDataType dataType,
                                               aclrtStream trueStream,
                                               aclrtStream falseStream,
                                               aclrtStream stream);
/** Records the activation of `activeStream`: its tasks run from that point of `stream`. */
ACL_FUNC_VISIBILITY aclError aclrtActiveStream(aclrtStream activeStream, aclrtStream stream);

/* ---- Runtime calls of kernel programs: host-function threads, exception info, IPC notifies,
 *      registered host memory, managed memory ------------------------------------------------ */

/** Makes thread `hostFuncThreadId` (its pthread_self) run the host functions later launched on
 *  `exeStream` with aclrtLaunchHostFunc; it must loop on aclrtProcessHostFunc. One thread per
 *  stream (ACL_ERROR_REPEAT_SUBSCRIBE); one thread may serve several streams. */
ACL_FUNC_VISIBILITY aclError aclrtSubscribeHostFunc(uint64_t hostFuncThreadId,
                                                    aclrtStream exeStream);
/** Runs the calling thread's next host function, waiting up to `timeout` ms (-1: forever, else
 *  > 0). ACL_ERROR_WAIT_CALLBACK_TIMEOUT when none arrived. */
ACL_FUNC_VISIBILITY aclError aclrtProcessHostFunc(int32_t timeout);
/** Ends the subscription; host functions still pending for the thread are dropped. */
ACL_FUNC_VISIBILITY aclError aclrtUnSubscribeHostFunc(uint64_t hostFuncThreadId,
                                                      aclrtStream exeStream);

/** Calls `callback` (process-wide; NULL removes it) when a task fails on a stream, on the thread
 *  that ran the task, before the stream's next synchronize reports the failure. */
ACL_FUNC_VISIBILITY aclError aclrtSetExceptionInfoCallback(aclrtExceptionInfoCallback callback);
/** The failed task's facts; each getter returns 0xFFFFFFFF for a NULL `info`. */
ACL_FUNC_VISIBILITY uint32_t aclrtGetTaskIdFromExceptionInfo(const aclrtExceptionInfo* info);
ACL_FUNC_VISIBILITY uint32_t aclrtGetStreamIdFromExceptionInfo(const aclrtExceptionInfo* info);
/** The id (gettid) of the thread that launched the failed task. */
ACL_FUNC_VISIBILITY uint32_t aclrtGetThreadIdFromExceptionInfo(const aclrtExceptionInfo* info);
ACL_FUNC_VISIBILITY uint32_t aclrtGetDeviceIdFromExceptionInfo(const aclrtExceptionInfo* info);
ACL_FUNC_VISIBILITY uint32_t aclrtGetErrorCodeFromExceptionInfo(const aclrtExceptionInfo* info);
/** The id of the last task the calling thread put on a stream (0 before its first). */
ACL_FUNC_VISIBILITY aclError aclrtGetThreadLastTaskId(uint32_t* taskId);

#define ACL_RT_NOTIFY_EXPORT_FLAG_DEFAULT                0x0UL
#define ACL_RT_NOTIFY_EXPORT_FLAG_DISABLE_PID_VALIDATION 0x02UL
#define ACL_RT_NOTIFY_IMPORT_FLAG_DEFAULT                0x0UL
#define ACL_RT_NOTIFY_IMPORT_FLAG_ENABLE_PEER_ACCESS     0x02UL

/** Shares `notify` with other processes: writes its key (at least ACL_IPC_HANDLE_SIZE
 *  characters in `len`). Unless `flags` has ACL_RT_NOTIFY_EXPORT_FLAG_DISABLE_PID_VALIDATION,
 *  only processes named by aclrtNotifySetImportPid may import it. */
ACL_FUNC_VISIBILITY aclError aclrtNotifyGetExportKey(aclrtNotify notify,
                                                     char* key,
                                                     size_t len,
                                                     uint64_t flags);
/** A notify of this process for `key`: records and waits on it act on the exporter's notify. */
ACL_FUNC_VISIBILITY aclError aclrtNotifyImportByKey(aclrtNotify* notify,
                                                    const char* key,
                                                    uint64_t flags);
/** Adds `num` pids to the whitelist of the exported `notify`. */
ACL_FUNC_VISIBILITY aclError aclrtNotifySetImportPid(aclrtNotify notify, int32_t* pid, size_t num);

#define ACL_HOST_REG_MAPPED   0x2UL
#define ACL_HOST_REG_IOMEMORY 0x4UL
#define ACL_HOST_REG_READONLY 0x8UL
#define ACL_HOST_REG_PINNED   0x10000000UL

/** Registers [ptr, ptr + size) of host memory: ACL_HOST_REG_PINNED pins it, ACL_HOST_REG_MAPPED
 *  also gives it a device address (aclrtHostGetDevicePointer). */
ACL_FUNC_VISIBILITY aclError aclrtHostRegisterV2(void* ptr, uint64_t size, uint32_t flag);
/** The device address of registered host memory `pHost` (`flag` must be 0). */
ACL_FUNC_VISIBILITY aclError aclrtHostGetDevicePointer(void* pHost, void** pDevice, uint32_t flag);
/** Ends a registration made by aclrtHostRegisterV2 (`ptr` is the registered start). */
ACL_FUNC_VISIBILITY aclError aclrtHostUnregister(void* ptr);

#define ACL_RT_MEM_ATTACH_GLOBAL 0x01U

/** `size` bytes that host and device both address (freed by aclrtFree); `flag` must be
 *  ACL_RT_MEM_ATTACH_GLOBAL. */
ACL_FUNC_VISIBILITY aclError aclrtMemAllocManaged(void** ptr, uint64_t size, uint32_t flag);
/** aclrtRecordEvent with a flag: ACL_EVENT_RECORD_DEFAULT, or ACL_EVENT_RECORD_EXTERNAL on a
 *  capturing stream (a record other streams and graphs see). */
ACL_FUNC_VISIBILITY aclError aclrtRecordEventWithFlag(aclrtEvent event,
                                                      aclrtStream stream,
                                                      uint32_t flag);
/** aclrtStreamWaitEvent with a flag: ACL_EVENT_WAIT_DEFAULT, or ACL_EVENT_WAIT_EXTERNAL on a
 *  capturing stream (a wait for an event outside the graph; `timeout` 0). `timeout` is in
 *  seconds, 0 for none. */
ACL_FUNC_VISIBILITY aclError aclrtStreamWaitEventWithFlag(aclrtStream stream,
                                                          aclrtEvent event,
                                                          uint32_t timeout,
                                                          uint32_t flag);
/* ---- Launch by loaded binary (docs/ascendc.md) ------------------------------------------- */
/* A binary is what aclemu's ascendc_fatbin_library builds (fatbin/<t>/<t>.o); its kernels are
 * found by name. Parameters are packed as a C struct of the kernel's parameter types. */

typedef void* aclrtBinHandle;
typedef void* aclrtFuncHandle;
typedef void* aclrtArgsHandle;
typedef void* aclrtParamHandle;

typedef enum aclrtBinaryLoadOptionType {
    ACL_RT_BINARY_LOAD_OPT_LAZY_LOAD = 1,
    ACL_RT_BINARY_LOAD_OPT_LAZY_MAGIC = 2,
    ACL_RT_BINARY_LOAD_OPT_MAGIC = 2,
    ACL_RT_BINARY_LOAD_OPT_CPU_KERNEL_MODE = 3,
} aclrtBinaryLoadOptionType;

typedef union aclrtBinaryLoadOptionValue {
    uint32_t isLazyLoad;
    uint32_t magic;
    int32_t cpuKernelMode;
    uint32_t rsv[4];
} aclrtBinaryLoadOptionValue;

typedef struct {
    aclrtBinaryLoadOptionType type;
    aclrtBinaryLoadOptionValue value;
} aclrtBinaryLoadOption;

typedef struct aclrtBinaryLoadOptions {
    aclrtBinaryLoadOption* options;
    size_t numOpt;
} aclrtBinaryLoadOptions;

typedef enum {
    ACL_RT_ENGINE_TYPE_AIC = 0,
    ACL_RT_ENGINE_TYPE_AIV,
} aclrtEngineType;

typedef enum aclrtLaunchKernelAttrId {
    ACL_RT_LAUNCH_KERNEL_ATTR_SCHEM_MODE = 1,
    ACL_RT_LAUNCH_KERNEL_ATTR_LOCAL_MEMORY_SIZE = 2,
    ACL_RT_LAUNCH_KERNEL_ATTR_ENGINE_TYPE = 3,
    ACL_RT_LAUNCH_KERNEL_ATTR_NUMBLOCKS_OFFSET = 4,
    ACL_RT_LAUNCH_KERNEL_ATTR_BLOCK_TASK_PREFETCH = 5,
    ACL_RT_LAUNCH_KERNEL_ATTR_DATA_DUMP = 6,
    ACL_RT_LAUNCH_KERNEL_ATTR_TIMEOUT = 7,
    ACL_RT_LAUNCH_KERNEL_ATTR_TIMEOUT_US = 8,
} aclrtLaunchKernelAttrId;

typedef struct {
    uint32_t timeoutLow;
    uint32_t timeoutHigh;
} aclrtTimeoutUs;

typedef union aclrtLaunchKernelAttrValue {
    uint8_t schemMode;
    uint32_t localMemorySize; /* aclemu: the launch's dynamic UB bytes */
    aclrtEngineType engineType;
    uint32_t numBlocksOffset;
    uint8_t isBlockTaskPrefetch;
    uint8_t isDataDump;
    uint16_t timeout;
    aclrtTimeoutUs timeoutUs;
    uint32_t rsv[4];
} aclrtLaunchKernelAttrValue;

typedef struct aclrtLaunchKernelAttr {
    aclrtLaunchKernelAttrId id;
    aclrtLaunchKernelAttrValue value;
} aclrtLaunchKernelAttr;

typedef struct aclrtLaunchKernelCfg {
    aclrtLaunchKernelAttr* attrs;
    size_t numAttrs;
} aclrtLaunchKernelCfg;

/** `binPath`: a binary built by ascendc_fatbin_library; `options` may be NULL. A file that is
 *  not one: ACL_ERROR_RT_PARAM_INVALID with the loader's reason. */
ACL_FUNC_VISIBILITY aclError aclrtBinaryLoadFromFile(const char* binPath,
                                                     aclrtBinaryLoadOptions* options,
                                                     aclrtBinHandle* binHandle);
/** The bytes of such a binary (the file read into memory); `length` > 0. */
ACL_FUNC_VISIBILITY aclError aclrtBinaryLoadFromData(const void* data,
                                                     size_t length,
                                                     const aclrtBinaryLoadOptions* options,
                                                     aclrtBinHandle* binHandle);
/** An unknown `kernelName`: ACL_ERROR_RT_PARAM_INVALID (CANN's runtime's invalid value). */
ACL_FUNC_VISIBILITY aclError aclrtBinaryGetFunction(const aclrtBinHandle binHandle,
                                                    const char* kernelName,
                                                    aclrtFuncHandle* funcHandle);
/** The number of kernels the binary exports. */
ACL_FUNC_VISIBILITY aclError aclrtBinaryGetFunctionCount(aclrtBinHandle binHandle, uint32_t* count);
/** Handles of the binary's first `numFunctions` kernels (1 to the count), in name order. */
ACL_FUNC_VISIBILITY aclError aclrtBinaryEnumerateFunctions(aclrtBinHandle binHandle,
                                                           aclrtFuncHandle* functions,
                                                           uint32_t numFunctions);
/** Also ends the binary's functions and argument lists; work already queued still runs. */
ACL_FUNC_VISIBILITY aclError aclrtBinaryUnLoad(aclrtBinHandle binHandle);

ACL_FUNC_VISIBILITY aclError aclrtKernelArgsInit(aclrtFuncHandle funcHandle,
                                                 aclrtArgsHandle* argsHandle);
/** Appends the next parameter: `paramSize` must be that parameter's size. */
ACL_FUNC_VISIBILITY aclError aclrtKernelArgsAppend(aclrtArgsHandle argsHandle,
                                                   void* param,
                                                   size_t paramSize,
                                                   aclrtParamHandle* paramHandle);
/** The next parameter (a pointer) gets, at launch, a device copy of its placeholder buffer. */
ACL_FUNC_VISIBILITY aclError aclrtKernelArgsAppendPlaceHolder(aclrtArgsHandle argsHandle,
                                                              aclrtParamHandle* paramHandle);
ACL_FUNC_VISIBILITY aclError aclrtKernelArgsGetPlaceHolderBuffer(aclrtArgsHandle argsHandle,
                                                                 aclrtParamHandle paramHandle,
                                                                 size_t dataSize,
                                                                 void** bufferAddr);
ACL_FUNC_VISIBILITY aclError aclrtKernelArgsParaUpdate(aclrtArgsHandle argsHandle,
                                                       aclrtParamHandle paramHandle,
                                                       void* param,
                                                       size_t paramSize);
/** Every parameter must have been appended. */
ACL_FUNC_VISIBILITY aclError aclrtKernelArgsFinalize(aclrtArgsHandle argsHandle);

/** `argsData`: host memory holding the packed parameters, `argsSize` their exact size; copied
 *  before the call returns. The kernel is a task on `stream`. */
ACL_FUNC_VISIBILITY aclError aclrtLaunchKernel(aclrtFuncHandle funcHandle,
                                               uint32_t numBlocks,
                                               const void* argsData,
                                               size_t argsSize,
                                               aclrtStream stream);
/** aclrtLaunchKernel with a launch configuration (`cfg` may be NULL). */
ACL_FUNC_VISIBILITY aclError aclrtLaunchKernelV2(aclrtFuncHandle funcHandle,
                                                 uint32_t numBlocks,
                                                 const void* argsData,
                                                 size_t argsSize,
                                                 aclrtLaunchKernelCfg* cfg,
                                                 aclrtStream stream);

typedef struct {
    uint32_t addrOffset; /* where in the arguments the placeholder's device address goes */
    uint32_t dataOffset; /* where in the arguments its data starts (after the parameters) */
} aclrtPlaceHolderInfo;

/** `hostArgs`: the packed parameters, then the placeholders' data; each placeholder's data runs
 *  to the next one's (or to `argsSize`) and is copied to new device memory at the launch. */
ACL_FUNC_VISIBILITY aclError aclrtLaunchKernelWithHostArgs(aclrtFuncHandle funcHandle,
                                                           uint32_t numBlocks,
                                                           aclrtStream stream,
                                                           aclrtLaunchKernelCfg* cfg,
                                                           void* hostArgs,
                                                           size_t argsSize,
                                                           aclrtPlaceHolderInfo* placeHolderArray,
                                                           size_t placeHolderNum);
/** The kernel's name, NUL-terminated, in `maxLen` bytes at most. */
ACL_FUNC_VISIBILITY aclError aclrtGetFunctionName(aclrtFuncHandle funcHandle,
                                                  uint32_t maxLen,
                                                  char* name);
/** aclemu: `*aivAddr` is the kernel's entry point in the loaded binary (every aclemu kernel is a
 * vector kernel), `*aicAddr` NULL (no Cube kernels). */
ACL_FUNC_VISIBILITY aclError aclrtGetFunctionAddr(aclrtFuncHandle funcHandle,
                                                  void** aicAddr,
                                                  void** aivAddr);
/** aclemu: `*aivSize` is the size of the kernel's entry code in the binary, `*aicSize` 0. */
ACL_FUNC_VISIBILITY aclError aclrtGetFunctionSize(aclrtFuncHandle funcHandle,
                                                  size_t* aicSize,
                                                  size_t* aivSize);
/** aclemu: where the loaded binary's image lies (its loadable segments, one span). */
ACL_FUNC_VISIBILITY aclError aclrtBinaryGetDevAddress(aclrtBinHandle binHandle,
                                                      void** devAddr,
                                                      size_t* devSize);
ACL_FUNC_VISIBILITY aclError aclrtFunctionGetBinary(const aclrtFuncHandle funcHandle,
                                                    aclrtBinHandle* binHandle);
/** What kind of core a kernel runs on (aclrtGetFunctionAttribute, ACL_FUNC_ATTR_KERNEL_TYPE). */
typedef enum {
    ACL_KERNEL_TYPE_AICORE = 0,
    ACL_KERNEL_TYPE_CUBE = 1,
    ACL_KERNEL_TYPE_VECTOR = 2,
    ACL_KERNEL_TYPE_MIX = 3,
    ACL_KERNEL_TYPE_AICPU = 100
} aclrtKernelType;

typedef enum {
    ACL_FUNC_ATTR_KERNEL_TYPE = 1,      /* an aclrtKernelType */
    ACL_FUNC_ATTR_KERNEL_RATIO = 2,     /* Cube cores << 16 | Vector cores a block takes */
    ACL_FUNC_ATTR_KERNEL_SCHED_MODE = 3 /* 0: normal scheduling */
} aclrtFuncAttribute;

/** aclemu: a kernel's type is its qualifier's (__vector__ and __aicore__ kernels run on vector
 * cores: ACL_KERNEL_TYPE_VECTOR, ratio 0:1); a kernel of a loaded binary is a vector kernel. */
ACL_FUNC_VISIBILITY aclError aclrtGetFunctionAttribute(aclrtFuncHandle funcHandle,
                                                       aclrtFuncAttribute attrType,
                                                       int64_t* attrValue);
/** The function handle of a kernel of the program itself: `symbol` is the kernel function's
 * address (`&kernel`) in an Ascend C source the program was built from. */
ACL_FUNC_VISIBILITY aclError aclrtGetFuncBySymbol(const void* symbol, aclrtFuncHandle* funcHandle);

/** Device variables: a namespace-scope `__gm__` variable of the program's own Ascend C sources,
 * named by its address (`&variable`; acl/acl_rt_api.h takes the variable itself). The device
 * address is the current device's; copies are bounded by the variable's size. */
ACL_FUNC_VISIBILITY aclError aclrtGetSymbolAddress(const void* symbol, void** devPtr);
ACL_FUNC_VISIBILITY aclError aclrtGetSymbolSize(const void* symbol, size_t* size);
/** kind: ACL_MEMCPY_DEVICE_TO_HOST or ACL_MEMCPY_DEFAULT. */
ACL_FUNC_VISIBILITY aclError aclrtMemcpyFromSymbol(void* dst,
                                                   size_t dstMax,
                                                   const void* symbol,
                                                   size_t count,
                                                   size_t offset,
                                                   aclrtMemcpyKind kind);
ACL_FUNC_VISIBILITY aclError aclrtMemcpyFromSymbolAsync(void* dst,
                                                        size_t dstMax,
                                                        const void* symbol,
                                                        size_t count,
                                                        size_t offset,
                                                        aclrtMemcpyKind kind,
                                                        aclrtStream stream);
/** kind: ACL_MEMCPY_HOST_TO_DEVICE or ACL_MEMCPY_DEFAULT. */
ACL_FUNC_VISIBILITY aclError aclrtMemcpyToSymbol(
    const void* symbol, const void* src, size_t count, size_t offset, aclrtMemcpyKind kind);
ACL_FUNC_VISIBILITY aclError aclrtMemcpyToSymbolAsync(const void* symbol,
                                                      const void* src,
                                                      size_t count,
                                                      size_t offset,
                                                      aclrtMemcpyKind kind,
                                                      aclrtStream stream);
/** The exception callback's facts about a failed kernel (aclrtSetExceptionInfoCallback): */
/** The function handle of the failed kernel when it was launched by loaded binary
 *  (aclrtLaunchKernel*) on the CPU backend, else NULL. */
ACL_FUNC_VISIBILITY aclError aclrtGetFuncHandleFromExceptionInfo(const aclrtExceptionInfo* info,
                                                                 aclrtFuncHandle* func);
/** aclemu keeps no device copy of a failed kernel's arguments: ACL_ERROR_RT_FEATURE_NOT_SUPPORT. */
ACL_FUNC_VISIBILITY aclError aclrtGetArgsFromExceptionInfo(const aclrtExceptionInfo* info,
                                                           void** devArgsPtr,
                                                           uint32_t* devArgsLen);

typedef void* aclrtBinary;
/** A copy of a binary's bytes, to load with aclrtBinaryLoad; NULL when `data` is NULL or
 *  `dataLen` 0. */
ACL_FUNC_VISIBILITY aclrtBinary aclrtCreateBinary(const void* data, size_t dataLen);
ACL_FUNC_VISIBILITY aclError aclrtDestroyBinary(aclrtBinary binary);
ACL_FUNC_VISIBILITY aclError aclrtBinaryLoad(const aclrtBinary binary, aclrtBinHandle* binHandle);
/** `cfg` may be NULL; LOCAL_MEMORY_SIZE is the launch's dynamic UB size; `reserve` NULL. */
ACL_FUNC_VISIBILITY aclError aclrtLaunchKernelWithConfig(aclrtFuncHandle funcHandle,
                                                         uint32_t numBlocks,
                                                         aclrtStream stream,
                                                         aclrtLaunchKernelCfg* cfg,
                                                         aclrtArgsHandle argsHandle,
                                                         void* reserve);

/** The bytes to lend aclrtKernelArgsInitByUserMem as its `argsHandle` (aclemu names the list by
 *  that address and writes nothing there). */
ACL_FUNC_VISIBILITY aclError aclrtKernelArgsGetHandleMemSize(aclrtFuncHandle funcHandle,
                                                             size_t* memSize);
/** The bytes of `userHostMem` an argument list of the kernel needs: its packed parameters, or
 *  `userArgsSize` (the parameters each rounded up to 8 bytes) when that is larger. */
ACL_FUNC_VISIBILITY aclError aclrtKernelArgsGetMemSize(aclrtFuncHandle funcHandle,
                                                       size_t userArgsSize,
                                                       size_t* actualArgsSize);
/** aclrtKernelArgsInit in memory the caller owns: `argsHandle` (aclrtKernelArgsGetHandleMemSize
 *  bytes) becomes the list's handle, `userHostMem` holds `actualArgsSize` >=
 *  aclrtKernelArgsGetMemSize bytes. The list ends with its binary, or when the same memory is
 *  initialised again. */
ACL_FUNC_VISIBILITY aclError aclrtKernelArgsInitByUserMem(aclrtFuncHandle funcHandle,
                                                          aclrtArgsHandle argsHandle,
                                                          void* userHostMem,
                                                          size_t actualArgsSize);
/** `func`: a function handle (aclemu has no kernel symbols to launch by); `args[i]` points at
 *  parameter i's value, one entry per parameter. */
ACL_FUNC_VISIBILITY aclError aclrtLaunchKernelWithArgsArray(
    void* func, uint32_t numBlocks, aclrtStream stream, aclrtLaunchKernelCfg* cfg, void** args);
/** A global variable of the binary by name: its address and size (either output may be NULL,
 *  not both). Unknown name: ACL_ERROR_RT_SYMBOL_NOT_FOUND. CPU backend only (the variable is
 *  the kernel's own, in host memory); elsewhere ACL_ERROR_RT_FEATURE_NOT_SUPPORT. */
ACL_FUNC_VISIBILITY aclError aclrtBinaryGetGlobal(aclrtBinHandle binHandle,
                                                  const char* name,
                                                  void** dptr,
                                                  size_t* size);
/** CANN reserves it: ACL_ERROR_RT_FEATURE_NOT_SUPPORT. */
ACL_FUNC_VISIBILITY aclError aclrtBinaryGetFunctionByEntry(aclrtBinHandle binHandle,
                                                           uint64_t funcEntry,
                                                           aclrtFuncHandle* funcHandle);
ACL_FUNC_VISIBILITY aclError aclrtFunctionGetParamCount(const void* func, size_t* paramCount);
/** Parameter `paramIndex`'s offset and size in the packed parameters (a C struct of the
 *  parameter types). */
ACL_FUNC_VISIBILITY aclError aclrtFunctionGetParamInfo(const void* func,
                                                       size_t paramIndex,
                                                       size_t* paramOffset,
                                                       size_t* paramSize);
/** 0 for every aclemu kernel (none is a SIMT kernel); `flags` must be 0. */
ACL_FUNC_VISIBILITY aclError aclrtFunctionGetAvailDynUbufPerBlock(void* func,
                                                                  uint32_t flags,
                                                                  size_t* dynamicUbufSize);

/* ---- ACL graphs: the tasks of an instance (experimental in CANN) ------------------------- */

/** What a task of an instance does (aclmdlRITaskGetType). aclemu tells kernels launched through
 *  aclrtLaunchKernel* from the rest, which are ACL_MODEL_RI_TASK_DEFAULT. */
typedef enum aclmdlRITaskType {
    ACL_MODEL_RI_TASK_DEFAULT = 0,
    ACL_MODEL_RI_TASK_KERNEL = 1,
    ACL_MODEL_RI_TASK_EVENT_RECORD = 2,
    ACL_MODEL_RI_TASK_EVENT_WAIT = 3,
    ACL_MODEL_RI_TASK_EVENT_RESET = 4,
    ACL_MODEL_RI_TASK_VALUE_WRITE = 5,
    ACL_MODEL_RI_TASK_VALUE_WAIT = 6,
} aclmdlRITaskType;

/** A kernel task's launch: the kernel, its configuration, its packed parameters (`args`, of
 *  `argsSize` bytes; in host memory when `isHostArgs` is 1) and its block count. */
typedef struct aclmdlRIKernelTaskParams {
    aclrtFuncHandle funcHandle;
    aclrtLaunchKernelCfg* cfg;
    void* args;
    uint32_t isHostArgs;
    size_t argsSize;
    uint32_t numBlocks;
    uint32_t rsv[10];
} aclmdlRIKernelTaskParams;

/** A task's parameters (aclmdlRITaskGetParams / SetParams): 200 bytes, `type` first. */
typedef struct aclmdlRITaskParams {
    aclmdlRITaskType type;
    uint32_t rsv0[3];
    aclrtTaskGrp taskGrp; /* out: the task group holding the task, or NULL */
    void* opInfoPtr;
    size_t opInfoSize;
    uint8_t rsv1[32];
    /* The conditional __extension__ would indent the union below it. */
    /* clang-format off */
#if defined(__GNUC__) && !defined(__cplusplus)
    __extension__ /* an unnamed union, as CANN's: C11, and a GNU extension in C99 */
#endif
    union {
        uint8_t rsv2[128];
        aclmdlRIKernelTaskParams kernelTaskParams;
    };
    /* clang-format on */
} aclmdlRITaskParams;

/** The task's kind. */
ACL_FUNC_VISIBILITY aclError aclmdlRITaskGetType(aclmdlRITask task, aclmdlRITaskType* type);
/** The task's place in its stream's order (0, 1, ...). */
ACL_FUNC_VISIBILITY aclError aclmdlRITaskGetSeqId(aclmdlRITask task, uint32_t* id);
/** A kernel task's launch (`args` then points at the parameters the task runs with). */
ACL_FUNC_VISIBILITY aclError aclmdlRITaskGetParams(aclmdlRITask task, aclmdlRITaskParams* params);
/** Stages a new launch for a kernel task (the same kernel's parameters, block count,
 *  configuration); aclmdlRIUpdate makes it the task's. */
ACL_FUNC_VISIBILITY aclError aclmdlRITaskSetParams(aclmdlRITask task, aclmdlRITaskParams* params);
/** Stages the task's removal from the schedule; after aclmdlRIUpdate executions skip it. */
ACL_FUNC_VISIBILITY aclError aclmdlRITaskDisable(aclmdlRITask task);
/** Applies the staged task changes of the instance to its next executions. aclemu: on CUDA and
 *  HIP an instance is one CUDA graph, whose nodes aclemu does not match to launches:
 *  aclmdlRITaskGetType, GetParams, SetParams and Disable return
 *  ACL_ERROR_RT_FEATURE_NOT_SUPPORT there (docs/backends.md). */
ACL_FUNC_VISIBILITY aclError aclmdlRIUpdate(aclmdlRI modelRI);

/* ---- Process snapshots ------------------------------------------------------------------ */

/** The stages at which registered callbacks run: Lock runs LOCK_PRE; Backup BACKUP_PRE and
 *  BACKUP_POST; Restore RESTORE_PRE and RESTORE_POST; Unlock UNLOCK_POST. */
typedef enum {
    ACL_RT_SNAPSHOT_LOCK_PRE = 0,
    ACL_RT_SNAPSHOT_BACKUP_PRE,
    ACL_RT_SNAPSHOT_BACKUP_POST,
    ACL_RT_SNAPSHOT_RESTORE_PRE,
    ACL_RT_SNAPSHOT_RESTORE_POST,
    ACL_RT_SNAPSHOT_UNLOCK_POST,
} aclrtSnapShotStage;

/** A stage callback: the device, and the args given at registration; nonzero fails the call. */
typedef uint32_t (*aclrtSnapShotCallBack)(int32_t deviceId, void* args);

/* CANN's released signatures (no arguments), which CANN's snapshot example uses; newer
 * development headers add a pid and option arguments (docs/compatibility.md). The process moves
 * running -> locked (Lock) -> backed up (Backup) -> locked (Restore) -> running (Unlock). */
ACL_FUNC_VISIBILITY aclError aclrtSnapShotProcessLock(void);
/** Keeps the contents of every device allocation on the host (the last backup wins). */
ACL_FUNC_VISIBILITY aclError aclrtSnapShotProcessBackup(void);
/** Writes the last backup back into the allocations that still exist. */
ACL_FUNC_VISIBILITY aclError aclrtSnapShotProcessRestore(void);
ACL_FUNC_VISIBILITY aclError aclrtSnapShotProcessUnlock(void);
/** One registration per (stage, callback); a second is refused. */
ACL_FUNC_VISIBILITY aclError aclrtSnapShotCallbackRegister(aclrtSnapShotStage stage,
                                                           aclrtSnapShotCallBack callback,
                                                           void* args);
ACL_FUNC_VISIBILITY aclError aclrtSnapShotCallbackUnregister(aclrtSnapShotStage stage,
                                                             aclrtSnapShotCallBack callback);

/* ---- API injection (tools replace an entry point with their own function) ---------------- */

/** Any entry point's address, stored generically; call it only as its real type. */
typedef int (*aclrtApiFunc)(void);
/** Makes the entry point `name` call `func` from now on (pass the original, from
 *  aclrtApiInjectionGetFunc, to undo). aclemu lets a tool replace only some entry points: the
 *  others are refused with ACL_ERROR_INVALID_PARAM (docs/compatibility.md, "API injection"). */
ACL_FUNC_VISIBILITY aclError aclrtApiInjectionSetFunc(const char* name, aclrtApiFunc func);
/** The entry point's original implementation and the function it calls now (either may be
 *  NULL when not wanted); they are equal until a tool replaces it. */
ACL_FUNC_VISIBILITY aclError aclrtApiInjectionGetFunc(const char* name,
                                                      aclrtApiFunc* originFunc,
                                                      aclrtApiFunc* currentFunc);

#ifdef __cplusplus
}
#endif

#endif /* ACLEMU_ACL_ACL_RT_H_ */
