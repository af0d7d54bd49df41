/* c_enum_calls.h: the calls, made from C. */
#include "support/c_enum_calls.h"

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
