// API injection (aclrtApiInjectionGetFunc / aclrtApiInjectionSetFunc): the entry points a tool
// may replace with its own function. Each one listed here is exported as a thin forwarder that
// calls its table slot's current function (one atomic load and an indirect call); the slot starts
// at the entry point's implementation, ACLEMU_IMPL(name), which is what GetFunc reports as the
// original, so a hook that calls the original never re-enters itself. Every other entry point is
// a plain function and costs nothing: CANN lets any aclrt*/aclmdlRI* call be replaced, aclemu only
// these (the ones profiling and checking tools hook), and refuses the others with
// ACL_ERROR_INVALID_PARAM, as CANN refuses a name it cannot inject (docs/compatibility.md).
//
// To make an entry point injectable: add it to the list, and rename its definition to
// ACLEMU_IMPL(name). The list's parameters must be the public declaration's.
#pragma once

#include "acl/acl.h"

#include <cstddef>

/// The implementation behind an injectable entry point (hidden; the exported name forwards).
#define ACLEMU_IMPL(name) aclemu_impl_##name

// X(name, parameters, arguments): the injectable entry points whose parameters pass through
// unchanged. aclrtMalloc, aclrtMemcpy and aclrtMemcpyAsync are injectable too, forwarded by hand
// (api_injection.cpp): their enum arguments pass on as the caller's bits, never loaded as enums.
#define ACLEMU_INJECTABLE_APIS(X)                                                            \
    X(aclrtSetDevice, (int32_t deviceId), (deviceId))                                        \
    X(aclrtGetDevice, (int32_t * deviceId), (deviceId))                                      \
    X(aclrtResetDevice, (int32_t deviceId), (deviceId))                                      \
    X(aclrtCreateStream, (aclrtStream * stream), (stream))                                   \
    X(aclrtDestroyStream, (aclrtStream stream), (stream))                                    \
    X(aclrtSynchronizeStream, (aclrtStream stream), (stream))                                \
    X(aclrtFree, (void* devPtr), (devPtr))                                                   \
    X(aclrtMemset,                                                                           \
      (void* devPtr, size_t maxCount, int32_t value, size_t count),                          \
      (devPtr, maxCount, value, count))                                                      \
    X(aclrtBinaryLoadFromData,                                                               \
      (const void* data,                                                                     \
       size_t length,                                                                        \
       const aclrtBinaryLoadOptions* options,                                                \
       aclrtBinHandle* binHandle),                                                           \
      (data, length, options, binHandle))                                                    \
    X(aclrtBinaryGetFunction,                                                                \
      (const aclrtBinHandle binHandle, const char* kernelName, aclrtFuncHandle* funcHandle), \
      (binHandle, kernelName, funcHandle))                                                   \
    X(aclrtBinaryGetFunctionByEntry,                                                         \
      (aclrtBinHandle binHandle, uint64_t funcEntry, aclrtFuncHandle * funcHandle),          \
      (binHandle, funcEntry, funcHandle))                                                    \
    X(aclrtLaunchKernel,                                                                     \
      (aclrtFuncHandle funcHandle,                                                           \
       uint32_t numBlocks,                                                                   \
       const void* argsData,                                                                 \
       size_t argsSize,                                                                      \
       aclrtStream stream),                                                                  \
      (funcHandle, numBlocks, argsData, argsSize, stream))                                   \
    X(aclrtLaunchKernelWithHostArgs,                                                         \
      (aclrtFuncHandle funcHandle,                                                           \
       uint32_t numBlocks,                                                                   \
       aclrtStream stream,                                                                   \
       aclrtLaunchKernelCfg * cfg,                                                           \
       void* hostArgs,                                                                       \
       size_t argsSize,                                                                      \
       aclrtPlaceHolderInfo* placeHolderArray,                                               \
       size_t placeHolderNum),                                                               \
      (funcHandle, numBlocks, stream, cfg, hostArgs, argsSize, placeHolderArray, placeHolderNum))

extern "C" {
#define ACLEMU_DECLARE_IMPL(name, params, args) aclError ACLEMU_IMPL(name) params;
ACLEMU_INJECTABLE_APIS(ACLEMU_DECLARE_IMPL)
#undef ACLEMU_DECLARE_IMPL
aclError ACLEMU_IMPL(aclrtMalloc)(void** devPtr, size_t size, aclrtMemMallocPolicy policy);
aclError ACLEMU_IMPL(aclrtMemcpy)(
    void* dst, size_t destMax, const void* src, size_t count, aclrtMemcpyKind kind);
aclError ACLEMU_IMPL(aclrtMemcpyAsync)(void* dst,
                                       size_t destMax,
                                       const void* src,
                                       size_t count,
                                       aclrtMemcpyKind kind,
                                       aclrtStream stream);
}
