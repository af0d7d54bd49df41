/* AscendCL stream-ordered memory pools ("SOMA"): a pool of device memory from which blocks are
 * allocated and given back in a stream's order, so a program need not synchronize to reuse
 * memory. Written for aclemu from the public facts of CANN's API (an experimental feature in
 * CANN's documents). Compiles as C99 and as C++. How aclemu reuses and releases pool memory:
 * docs/backends.md, "Memory pools". */
#ifndef ACLEMU_ACL_ACL_RT_MEMORY_SOMA_H_
#define ACLEMU_ACL_ACL_RT_MEMORY_SOMA_H_

#include "acl_base.h"
#include "acl_rt.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** A memory pool (aclrtMemPoolCreate). */
typedef void* aclrtMemPool;

/** The pool attributes. The reuse switches are uint32_t (1 on, 0 off); the rest uint64_t bytes.
 *  The *_CURRENT values are read-only; the *_HIGH marks can only be set to 0 (reset). */
typedef enum aclrtMemPoolAttr {
    ACL_RT_MEM_POOL_REUSE_FOLLOW_EVENT_DEPENDENCIES = 0x1,
    ACL_RT_MEM_POOL_REUSE_ALLOW_OPPORTUNISTIC = 0x2,
    ACL_RT_MEM_POOL_REUSE_ALLOW_INTERNAL_DEPENDENCIES = 0x3,
    ACL_RT_MEM_POOL_ATTR_RELEASE_THRESHOLD = 0x4, /* idle bytes kept past a synchronize */
    ACL_RT_MEM_POOL_ATTR_RESERVED_MEM_CURRENT = 0x5,
    ACL_RT_MEM_POOL_ATTR_RESERVED_MEM_HIGH = 0x6,
    ACL_RT_MEM_POOL_ATTR_USED_MEM_CURRENT = 0x7,
    ACL_RT_MEM_POOL_ATTR_USED_MEM_HIGH = 0x8
} aclrtMemPoolAttr;

/** What a pool is: allocType must be ACL_MEM_ALLOCATION_TYPE_PINNED, location.type
 *  ACL_MEM_LOCATION_TYPE_DEVICE; maxSize bounds the bytes it reserves; reserved is all zero. */
typedef struct {
    aclrtMemAllocationType allocType;
    aclrtMemHandleType handleType;
    aclrtMemLocation location;
    size_t maxSize;
    unsigned char reserved[32];
} aclrtMemPoolProps;

ACL_FUNC_VISIBILITY aclError aclrtMemPoolCreate(aclrtMemPool* memPool,
                                                const aclrtMemPoolProps* poolProps);
/** Destroys a pool; blocks still allocated from it are released once freed. */
ACL_FUNC_VISIBILITY aclError aclrtMemPoolDestroy(const aclrtMemPool memPool);
ACL_FUNC_VISIBILITY aclError aclrtMemPoolSetAttr(aclrtMemPool memPool,
                                                 aclrtMemPoolAttr attr,
                                                 void* value);
ACL_FUNC_VISIBILITY aclError aclrtMemPoolGetAttr(aclrtMemPool memPool,
                                                 aclrtMemPoolAttr attr,
                                                 void* value);
/** `size` bytes from the pool, usable by work enqueued on `stream` from now on (size 0: nothing
 *  is allocated and *ptr is untouched). */
ACL_FUNC_VISIBILITY aclError aclrtMemPoolMallocAsync(void** ptr,
                                                     size_t size,
                                                     aclrtMemPool memPool,
                                                     aclrtStream stream);
/** Gives a pool block back once the work enqueued on `stream` before it is done. */
ACL_FUNC_VISIBILITY aclError aclrtMemPoolFreeAsync(void* ptr, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLEMU_ACL_ACL_RT_MEMORY_SOMA_H_ */
