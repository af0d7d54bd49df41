// Calls through the public API with every enum argument given as a plain int, the way a C caller
// may pass any value where a header says `aclrtMemcpyKind` (or aclDataType, aclFormat, ...). The
// calls are made from C (c_enum_calls.c), where converting an int to an enum type is defined for
// every value, so tests and the fuzzer can pass 8, -1 or 999 without undefined behaviour of
// their own; the library must read such values as integers and reject them (aclemu/c_enum.h).
//
//   EXPECT_EQ(c_aclrtMemcpy(dst, n, src, n, 8), ACL_ERROR_INVALID_PARAM);
#pragma once

#include "acl/acl.h"
#include "acl/acl_prof.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
struct aclTensor;
struct aclScalar;
extern "C" {
#else
typedef struct aclTensor aclTensor;
typedef struct aclScalar aclScalar;
#endif

aclError c_aclrtMemcpy(void* dst, size_t destMax, const void* src, size_t count, int kind);
aclError c_aclrtMemcpyAsync(
    void* dst, size_t destMax, const void* src, size_t count, int kind, aclrtStream stream);
aclError c_aclrtMemcpy2d(void* dst,
                         size_t dpitch,
                         const void* src,
                         size_t spitch,
                         size_t width,
                         size_t height,
                         int kind);
aclError c_aclrtMalloc(void** devPtr, size_t size, int policy);
aclError c_aclrtGetMemInfo(int attr, size_t* free, size_t* total);
size_t c_aclDataTypeSize(int dataType);
aclError c_aclrtSetSysParamOpt(int opt, int64_t value);
aclError c_aclrtGetSysParamOpt(int opt, int64_t* value);
aclError c_aclrtCtxSetSysParamOpt(int opt, int64_t value);
aclError c_aclrtCtxGetSysParamOpt(int opt, int64_t* value);
aclError c_aclrtGetLastError(int level);
aclError c_aclrtPeekAtLastError(int level);
aclError c_aclGetDeviceCapability(uint32_t deviceId, int deviceInfo, int64_t* value);
aclError c_aclrtLaunchCallback(aclrtCallback fn, void* userData, int blockType, aclrtStream stream);
void c_aclAppLog(int logLevel, const char* text);
aclError c_aclsysGetCANNVersion(int name, aclCANNPackageVersion* version);
aclTensor* c_aclCreateTensor(const int64_t* viewDims,
                             uint64_t viewDimsNum,
                             int dataType,
                             const int64_t* stride,
                             int64_t offset,
                             int format,
                             const int64_t* storageDims,
                             uint64_t storageDimsNum,
                             void* tensorData);
int32_t c_aclInitTensor(aclTensor* tensor,
                        const int64_t* viewDims,
                        uint64_t viewDimsNum,
                        int dataType,
                        const int64_t* stride,
                        int64_t offset,
                        int format,
                        const int64_t* storageDims,
                        uint64_t storageDimsNum,
                        void* tensorData);
aclScalar* c_aclCreateScalar(void* value, int dataType);

/* The runtime entry points of devices, streams, memory, virtual memory, IPC, built-in tasks and
 * overflow (issue 11). */
aclError c_aclGetCannAttribute(int cannAttr, int32_t* value);
aclError c_aclrtGetDeviceInfo(uint32_t deviceId, int attr, int64_t* value);
aclError c_aclrtGetDeviceCapability(int32_t deviceId, int devFeatureType, int32_t* value);
aclError c_aclrtGetDeviceResLimit(int32_t deviceId, int type, uint32_t* value);
aclError c_aclrtSetDeviceResLimit(int32_t deviceId, int type, uint32_t value);
aclError c_aclrtDeviceSetLimit(int limit, size_t value);
aclError c_aclrtDeviceGetLimit(int limit, size_t* value);
aclError c_aclrtGetStreamResLimit(aclrtStream stream, int type, uint32_t* value);
aclError c_aclrtSetStreamResLimit(aclrtStream stream, int type, uint32_t value);
aclError c_aclrtGetResInCurrentThread(int type, uint32_t* value);
aclError c_aclrtSetStreamConfigOpt(aclrtStreamConfigHandle* handle,
                                   int attr,
                                   const void* attrValue,
                                   size_t valueSize);
aclError c_aclrtMallocWithCfg(void** devPtr, size_t size, int policy, aclrtMallocConfig* cfg);
aclError c_aclrtMemGetAllocationGranularity(aclrtPhysicalMemProp* prop,
                                            int option,
                                            size_t* granularity);
aclError c_aclrtMemExportToShareableHandle(aclrtDrvMemHandle handle,
                                           int handleType,
                                           uint64_t flags,
                                           uint64_t* shareableHandle);
aclError c_aclrtMemExportToShareableHandleV2(aclrtDrvMemHandle handle,
                                             uint64_t flags,
                                             int shareType,
                                             void* shareableHandle);
aclError c_aclrtMemSetPidToShareableHandleV2(void* shareableHandle,
                                             int shareType,
                                             int32_t* pid,
                                             size_t pidNum);
aclError c_aclrtMemImportFromShareableHandleV2(void* shareableHandle,
                                               int shareType,
                                               uint64_t flags,
                                               aclrtDrvMemHandle* handle);
aclError c_aclrtIpcMemSetAttr(const char* key, int type, uint64_t attr);
aclError c_aclrtMemcpyToSymbol(
    const void* symbol, const void* src, size_t count, size_t offset, int kind);
aclError c_aclrtMemcpyFromSymbolAsync(void* dst,
                                      size_t dstMax,
                                      const void* symbol,
                                      size_t count,
                                      size_t offset,
                                      int kind,
                                      aclrtStream stream);
aclprofConfig* c_aclprofCreateConfig(uint32_t* deviceIdList,
                                     uint32_t deviceNums,
                                     int aicoreMetrics,
                                     const aclprofAicoreEvents* aicoreEvents,
                                     uint64_t dataTypeConfig);
const char* c_aclprofGetOpAttriValue(const void* opInfo,
                                     size_t opInfoLen,
                                     uint32_t index,
                                     int attri);
aclError c_aclrtReduceAsync(void* dst,
                            const void* src,
                            uint64_t count,
                            int kind,
                            int type,
                            aclrtStream stream,
                            void* reserve);
aclError c_aclrtSetDeviceSatMode(int mode);

/* Stores `value` in the enum-typed field at `field` of a struct the caller passes to the API
 * (aclrtPhysicalMemProp, aclrtMemAccessDesc, aclrtRandomNumTaskInfo, ...), as a C program may. */
void c_set_enum_field(void* field, int value);

#ifdef __cplusplus
}
#endif
