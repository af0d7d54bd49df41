/* c_enum_calls.h: the calls, made from C. */
#include "support/c_enum_calls.h"

#include <string.h>

/* aclnn/acl_meta.h is C++ only (as CANN's); these are its declarations of the three functions
 * that take a dtype or a format. */
aclTensor* aclCreateTensor(const int64_t* viewDims,
                           uint64_t viewDimsNum,
                           aclDataType dataType,
                           const int64_t* stride,
                           int64_t offset,
                           aclFormat format,
                           const int64_t* storageDims,
                           uint64_t storageDimsNum,
                           void* tensorData);
int32_t aclInitTensor(aclTensor* tensor,
                      const int64_t* viewDims,
                      uint64_t viewDimsNum,
                      aclDataType dataType,
                      const int64_t* stride,
                      int64_t offset,
                      aclFormat format,
                      const int64_t* storageDims,
                      uint64_t storageDimsNum,
                      void* tensorDataAddr);
aclScalar* aclCreateScalar(void* value, aclDataType dataType);

aclError c_aclrtMemcpy(void* dst, size_t destMax, const void* src, size_t count, int kind) {
    return aclrtMemcpy(dst, destMax, src, count, kind);
}

aclError c_aclrtMemcpyAsync(
    void* dst, size_t destMax, const void* src, size_t count, int kind, aclrtStream stream) {
    return aclrtMemcpyAsync(dst, destMax, src, count, kind, stream);
}

aclError c_aclrtMemcpy2d(void* dst,
                         size_t dpitch,
                         const void* src,
                         size_t spitch,
                         size_t width,
                         size_t height,
                         int kind) {
    return aclrtMemcpy2d(dst, dpitch, src, spitch, width, height, kind);
}

aclError c_aclrtMalloc(void** devPtr, size_t size, int policy) {
    return aclrtMalloc(devPtr, size, policy);
}

aclError c_aclrtGetMemInfo(int attr, size_t* free, size_t* total) {
    return aclrtGetMemInfo(attr, free, total);
}

size_t c_aclDataTypeSize(int dataType) {
    return aclDataTypeSize(dataType);
}

aclError c_aclrtSetSysParamOpt(int opt, int64_t value) {
    return aclrtSetSysParamOpt(opt, value);
}

aclError c_aclrtGetSysParamOpt(int opt, int64_t* value) {
    return aclrtGetSysParamOpt(opt, value);
}

aclError c_aclrtCtxSetSysParamOpt(int opt, int64_t value) {
    return aclrtCtxSetSysParamOpt(opt, value);
}

aclError c_aclrtCtxGetSysParamOpt(int opt, int64_t* value) {
    return aclrtCtxGetSysParamOpt(opt, value);
}

aclError c_aclrtGetLastError(int level) {
    return aclrtGetLastError(level);
}

aclError c_aclrtPeekAtLastError(int level) {
    return aclrtPeekAtLastError(level);
}

aclError c_aclGetDeviceCapability(uint32_t deviceId, int deviceInfo, int64_t* value) {
    return aclGetDeviceCapability(deviceId, deviceInfo, value);
}

aclError c_aclrtLaunchCallback(aclrtCallback fn,
                               void* userData,
                               int blockType,
                               aclrtStream stream) {
    return aclrtLaunchCallback(fn, userData, blockType, stream);
}

void c_aclAppLog(int logLevel, const char* text) {
    aclAppLog(logLevel, "c_aclAppLog", "c_enum_calls.c", 1, "%s", text);
}

aclError c_aclsysGetCANNVersion(int name, aclCANNPackageVersion* version) {
    return aclsysGetCANNVersion(name, version);
}

aclTensor* c_aclCreateTensor(const int64_t* viewDims,
                             uint64_t viewDimsNum,
                             int dataType,
                             const int64_t* stride,
                             int64_t offset,
                             int format,
                             const int64_t* storageDims,
                             uint64_t storageDimsNum,
                             void* tensorData) {
    return aclCreateTensor(viewDims,
                           viewDimsNum,
                           dataType,
                           stride,
                           offset,
                           format,
                           storageDims,
                           storageDimsNum,
                           tensorData);
}

int32_t c_aclInitTensor(aclTensor* tensor,
                        const int64_t* viewDims,
                        uint64_t viewDimsNum,
                        int dataType,
                        const int64_t* stride,
                        int64_t offset,
                        int format,
                        const int64_t* storageDims,
                        uint64_t storageDimsNum,
                        void* tensorData) {
    return aclInitTensor(tensor,
                         viewDims,
                         viewDimsNum,
                         dataType,
                         stride,
                         offset,
                         format,
                         storageDims,
                         storageDimsNum,
                         tensorData);
}

aclScalar* c_aclCreateScalar(void* value, int dataType) {
    return aclCreateScalar(value, dataType);
}

aclError c_aclGetCannAttribute(int cannAttr, int32_t* value) {
    return aclGetCannAttribute(cannAttr, value);
}

aclError c_aclrtGetDeviceInfo(uint32_t deviceId, int attr, int64_t* value) {
    return aclrtGetDeviceInfo(deviceId, attr, value);
}

aclError c_aclrtGetDeviceCapability(int32_t deviceId, int devFeatureType, int32_t* value) {
    return aclrtGetDeviceCapability(deviceId, devFeatureType, value);
}

aclError c_aclrtGetDeviceResLimit(int32_t deviceId, int type, uint32_t* value) {
    return aclrtGetDeviceResLimit(deviceId, type, value);
}

aclError c_aclrtSetDeviceResLimit(int32_t deviceId, int type, uint32_t value) {
    return aclrtSetDeviceResLimit(deviceId, type, value);
}

aclError c_aclrtDeviceSetLimit(int limit, size_t value) {
    return aclrtDeviceSetLimit(limit, value);
}

aclError c_aclrtDeviceGetLimit(int limit, size_t* value) {
    return aclrtDeviceGetLimit(limit, value);
}

aclError c_aclrtGetStreamResLimit(aclrtStream stream, int type, uint32_t* value) {
    return aclrtGetStreamResLimit(stream, type, value);
}

aclError c_aclrtSetStreamResLimit(aclrtStream stream, int type, uint32_t value) {
    return aclrtSetStreamResLimit(stream, type, value);
}

aclError c_aclrtGetResInCurrentThread(int type, uint32_t* value) {
    return aclrtGetResInCurrentThread(type, value);
}

aclError c_aclrtSetStreamConfigOpt(aclrtStreamConfigHandle* handle,
                                   int attr,
                                   const void* attrValue,
                                   size_t valueSize) {
    return aclrtSetStreamConfigOpt(handle, attr, attrValue, valueSize);
}

aclError c_aclrtMallocWithCfg(void** devPtr, size_t size, int policy, aclrtMallocConfig* cfg) {
    return aclrtMallocWithCfg(devPtr, size, policy, cfg);
}

aclError c_aclrtMemGetAllocationGranularity(aclrtPhysicalMemProp* prop,
                                            int option,
                                            size_t* granularity) {
    return aclrtMemGetAllocationGranularity(prop, option, granularity);
}

aclError c_aclrtMemExportToShareableHandle(aclrtDrvMemHandle handle,
                                           int handleType,
                                           uint64_t flags,
                                           uint64_t* shareableHandle) {
    return aclrtMemExportToShareableHandle(handle, handleType, flags, shareableHandle);
}

aclError c_aclrtMemExportToShareableHandleV2(aclrtDrvMemHandle handle,
                                             uint64_t flags,
                                             int shareType,
                                             void* shareableHandle) {
    return aclrtMemExportToShareableHandleV2(handle, flags, shareType, shareableHandle);
}

aclError c_aclrtMemSetPidToShareableHandleV2(void* shareableHandle,
                                             int shareType,
                                             int32_t* pid,
                                             size_t pidNum) {
    return aclrtMemSetPidToShareableHandleV2(shareableHandle, shareType, pid, pidNum);
}

aclError c_aclrtMemImportFromShareableHandleV2(void* shareableHandle,
                                               int shareType,
                                               uint64_t flags,
                                               aclrtDrvMemHandle* handle) {
    return aclrtMemImportFromShareableHandleV2(shareableHandle, shareType, flags, handle);
}

aclError c_aclrtIpcMemSetAttr(const char* key, int type, uint64_t attr) {
    return aclrtIpcMemSetAttr(key, type, attr);
}

aclError c_aclrtMemcpyToSymbol(
    const void* symbol, const void* src, size_t count, size_t offset, int kind) {
    return aclrtMemcpyToSymbol(symbol, src, count, offset, kind);
}

aclError c_aclrtMemcpyFromSymbolAsync(void* dst,
                                      size_t dstMax,
                                      const void* symbol,
                                      size_t count,
                                      size_t offset,
                                      int kind,
                                      aclrtStream stream) {
    return aclrtMemcpyFromSymbolAsync(dst, dstMax, symbol, count, offset, kind, stream);
}

aclprofConfig* c_aclprofCreateConfig(uint32_t* deviceIdList,
                                     uint32_t deviceNums,
                                     int aicoreMetrics,
                                     const aclprofAicoreEvents* aicoreEvents,
                                     uint64_t dataTypeConfig) {
    return aclprofCreateConfig(
        deviceIdList, deviceNums, aicoreMetrics, aicoreEvents, dataTypeConfig);
}

const char* c_aclprofGetOpAttriValue(const void* opInfo,
                                     size_t opInfoLen,
                                     uint32_t index,
                                     int attri) {
    return aclprofGetOpAttriValue(opInfo, opInfoLen, index, attri);
}

aclError c_aclrtReduceAsync(void* dst,
                            const void* src,
                            uint64_t count,
                            int kind,
                            int type,
                            aclrtStream stream,
                            void* reserve) {
    return aclrtReduceAsync(dst, src, count, kind, type, stream, reserve);
}

aclError c_aclrtSetDeviceSatMode(int mode) {
    return aclrtSetDeviceSatMode(mode);
}

/* Every enum of the headers is int-sized (its values fit an int). */
_Static_assert(sizeof(aclrtMemAttr) == sizeof(int), "enum fields are int-sized");
_Static_assert(sizeof(aclrtRandomNumFuncType) == sizeof(int), "enum fields are int-sized");

void c_set_enum_field(void* field, int value) {
    memcpy(field, &value, sizeof value);
}
