// Calls through the public API with every enum argument given as a plain int, the way a C caller
// may pass any value where a header says `aclrtMemcpyKind` (or aclDataType, aclFormat, ...). The
// calls are made from C (c_enum_calls.c), where converting an int to an enum type is defined for
// every value, so tests and the fuzzer can pass 8, -1 or 999 without undefined behaviour of
// their own; the library must read such values as integers and reject them (aclemu/c_enum.h).
//
//   EXPECT_EQ(c_aclrtMemcpy(dst, n, src, n, 8), ACL_ERROR_INVALID_PARAM);
#pragma once

#include "acl/acl.h"

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

#ifdef __cplusplus
}
#endif
