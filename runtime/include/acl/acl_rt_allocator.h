/* AscendCL custom allocator: a descriptor that bundles a user allocator object with its
 * callbacks, registered per stream. Written for aclemu from the public facts of CANN's API.
 * Compiles as C99 and as C++. aclemu records the registration and answers
 * aclrtAllocatorGetByStream; it allocates nothing through it (docs/compatibility.md). */
#ifndef ACLEMU_ACL_ACL_RT_ALLOCATOR_H_
#define ACLEMU_ACL_ACL_RT_ALLOCATOR_H_

#include "acl_base.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Returns a block of at least `size` bytes (NULL on failure). */
typedef void* (*aclrtAllocatorAllocFunc)(aclrtAllocator allocator, size_t size);
/** Gives a block back. */
typedef void (*aclrtAllocatorFreeFunc)(aclrtAllocator allocator, aclrtAllocatorBlock block);
/** As the alloc callback, preferring the address `addr`. */
typedef void* (*aclrtAllocatorAllocAdviseFunc)(aclrtAllocator allocator,
                                               size_t size,
                                               aclrtAllocatorAddr addr);
/** The device address of a block. */
typedef void* (*aclrtAllocatorGetAddrFromBlockFunc)(aclrtAllocatorBlock block);

/** A new, empty descriptor; NULL when out of memory. */
ACL_FUNC_VISIBILITY aclrtAllocatorDesc aclrtAllocatorCreateDesc(void);
ACL_FUNC_VISIBILITY aclError aclrtAllocatorDestroyDesc(aclrtAllocatorDesc allocatorDesc);
ACL_FUNC_VISIBILITY aclError aclrtAllocatorSetObjToDesc(aclrtAllocatorDesc allocatorDesc,
                                                        aclrtAllocator allocator);
ACL_FUNC_VISIBILITY aclError aclrtAllocatorSetAllocFuncToDesc(aclrtAllocatorDesc allocatorDesc,
                                                              aclrtAllocatorAllocFunc func);
ACL_FUNC_VISIBILITY aclError aclrtAllocatorSetFreeFuncToDesc(aclrtAllocatorDesc allocatorDesc,
                                                             aclrtAllocatorFreeFunc func);
ACL_FUNC_VISIBILITY aclError aclrtAllocatorSetAllocAdviseFuncToDesc(
    aclrtAllocatorDesc allocatorDesc, aclrtAllocatorAllocAdviseFunc func);
ACL_FUNC_VISIBILITY aclError aclrtAllocatorSetGetAddrFromBlockFuncToDesc(
    aclrtAllocatorDesc allocatorDesc, aclrtAllocatorGetAddrFromBlockFunc func);

/** Registers a copy of the descriptor's object and callbacks for `stream` (not NULL); the
 *  object, alloc, free and get-address callbacks must be set. A later call replaces it. */
ACL_FUNC_VISIBILITY aclError aclrtAllocatorRegister(aclrtStream stream,
                                                    aclrtAllocatorDesc allocatorDesc);
/** What is registered for `stream`: the descriptor, and (each optional) its object and
 *  callbacks. A stream with no registration fails with ACL_ERROR_INVALID_PARAM. */
ACL_FUNC_VISIBILITY aclError
aclrtAllocatorGetByStream(aclrtStream stream,
                          aclrtAllocatorDesc* allocatorDesc,
                          aclrtAllocator* allocator,
                          aclrtAllocatorAllocFunc* allocFunc,
                          aclrtAllocatorFreeFunc* freeFunc,
                          aclrtAllocatorAllocAdviseFunc* allocAdviseFunc,
                          aclrtAllocatorGetAddrFromBlockFunc* getAddrFromBlockFunc);
/** Drops the registration of `stream`; succeeds when there is none. */
ACL_FUNC_VISIBILITY aclError aclrtAllocatorUnregister(aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLEMU_ACL_ACL_RT_ALLOCATOR_H_ */
