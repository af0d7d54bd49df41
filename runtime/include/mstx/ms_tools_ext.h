/* mstx (msTools extension): marks and ranges a program puts on the profiler's timeline. aclemu
 * shows each as an NVTX range (Nsight; domain "aclemu" or the mstx domain's name) and as a slice
 * on the calling thread's track of the ACLEMU_TRACE / aclprofStart timeline. */
#ifndef ACLEMU_MSTX_MS_TOOLS_EXT_H
#define ACLEMU_MSTX_MS_TOOLS_EXT_H

#include "acl/acl_base.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MSTX_INVALID_ID 0

typedef uint64_t mstxRangeId;

struct mstxDomainRegistration_st;
typedef struct mstxDomainRegistration_st mstxDomainRegistration_t;
typedef mstxDomainRegistration_t* mstxDomainHandle_t;

/* A point in time (an instant); `stream` null: the host thread only. */
ACL_FUNC_VISIBILITY void mstxMarkA(const char* message, aclrtStream stream);
/* A range from Start to End, which may run on another thread; MSTX_INVALID_ID on bad input. */
ACL_FUNC_VISIBILITY mstxRangeId mstxRangeStartA(const char* message, aclrtStream stream);
ACL_FUNC_VISIBILITY void mstxRangeEnd(mstxRangeId id);

/* The same in a named domain (the domain names the NVTX domain and the slices' category). */
ACL_FUNC_VISIBILITY mstxDomainHandle_t mstxDomainCreateA(const char* name);
ACL_FUNC_VISIBILITY void mstxDomainDestroy(mstxDomainHandle_t handle);
ACL_FUNC_VISIBILITY void mstxDomainMarkA(mstxDomainHandle_t handle,
                                         const char* message,
                                         aclrtStream stream);
ACL_FUNC_VISIBILITY mstxRangeId mstxDomainRangeStartA(mstxDomainHandle_t handle,
                                                      const char* message,
                                                      aclrtStream stream);
ACL_FUNC_VISIBILITY void mstxDomainRangeEnd(mstxDomainHandle_t handle, mstxRangeId id);

#ifdef __cplusplus
}
#endif

#endif /* ACLEMU_MSTX_MS_TOOLS_EXT_H */
