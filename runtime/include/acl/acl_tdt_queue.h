/* TDT queues (libacl_tdt_queue.so): bounded queues of buffers (acltdtBuf) named by a queue id,
 * with attributes, routes that forward what is enqueued on one queue to another, and buffer
 * chains. aclemu keeps queues in host memory, within one process (a grant to another process is
 * refused). Timeouts are in milliseconds: -1 waits for ever, 0 does not wait; an enqueue to a
 * full queue ends with ACL_ERROR_RT_QUEUE_FULL, a dequeue from an empty one with
 * ACL_ERROR_RT_QUEUE_EMPTY. */
#ifndef ACLEMU_ACL_ACL_TDT_QUEUE_H
#define ACLEMU_ACL_ACL_TDT_QUEUE_H

#include "acl/acl_base.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ACL_TDT_QUEUE_PERMISSION_MANAGE  1
#define ACL_TDT_QUEUE_PERMISSION_DEQUEUE 2
#define ACL_TDT_QUEUE_PERMISSION_ENQUEUE 4

#define ACL_TDT_QUEUE_ROUTE_UNBIND        0
#define ACL_TDT_QUEUE_ROUTE_BIND          1
#define ACL_TDT_QUEUE_ROUTE_BIND_ABNORMAL 2

typedef void* acltdtBuf;
typedef struct tagMemQueueAttr acltdtQueueAttr;
typedef struct acltdtQueueRouteList acltdtQueueRouteList;
typedef struct acltdtQueueRouteQueryInfo acltdtQueueRouteQueryInfo;
typedef struct acltdtQueueRoute acltdtQueueRoute;

/* ACL_TDT_QUEUE_NAME_PTR takes a `const char*` (len sizeof(char*)), at most 127 characters;
 * ACL_TDT_QUEUE_DEPTH_UINT32 a uint32_t in [2, 8192] (default 8). */
typedef enum { ACL_TDT_QUEUE_NAME_PTR = 0, ACL_TDT_QUEUE_DEPTH_UINT32 = 1 } acltdtQueueAttrType;

typedef enum {
    ACL_TDT_QUEUE_ROUTE_SRC_UINT32 = 0,
    ACL_TDT_QUEUE_ROUTE_DST_UINT32 = 1,
    ACL_TDT_QUEUE_ROUTE_STATUS_INT32 = 2
} acltdtQueueRouteParamType;

typedef enum {
    ACL_TDT_QUEUE_ROUTE_QUERY_SRC = 0,
    ACL_TDT_QUEUE_ROUTE_QUERY_DST = 1,
    ACL_TDT_QUEUE_ROUTE_QUERY_SRC_AND_DST = 2,
    ACL_TDT_QUEUE_ROUTE_QUERY_ABNORMAL = 100
} acltdtQueueRouteQueryMode;

typedef enum {
    ACL_TDT_QUEUE_ROUTE_QUERY_MODE_ENUM = 0,
    ACL_TDT_QUEUE_ROUTE_QUERY_SRC_ID_UINT32 = 1,
    ACL_TDT_QUEUE_ROUTE_QUERY_DST_ID_UINT32 = 2
} acltdtQueueRouteQueryInfoParamType;

typedef enum { ACL_TDT_NORMAL_MEM = 0, ACL_TDT_DVPP_MEM = 1 } acltdtAllocBufType;

/* Queues. */
ACL_FUNC_VISIBILITY aclError acltdtCreateQueue(const acltdtQueueAttr* attr, uint32_t* qid);
/** Frees the buffers still queued. */
ACL_FUNC_VISIBILITY aclError acltdtDestroyQueue(uint32_t qid);
/** The queue takes `buf` (and its chain); the dequeuer frees it with acltdtFreeBuf. */
ACL_FUNC_VISIBILITY aclError acltdtEnqueue(uint32_t qid, acltdtBuf buf, int32_t timeout);
ACL_FUNC_VISIBILITY aclError acltdtDequeue(uint32_t qid, acltdtBuf* buf, int32_t timeout);
/** Copies data and up to 96 bytes of user data into a new buffer and enqueues it; rsv must be 0. */
ACL_FUNC_VISIBILITY aclError acltdtEnqueueData(uint32_t qid,
                                               const void* data,
                                               size_t dataSize,
                                               const void* userData,
                                               size_t userDataSize,
                                               int32_t timeout,
                                               uint32_t rsv);
/** Copies the oldest buffer's data (and user data) out and frees it; a buffer larger than
 * dataSize stays queued (ACL_ERROR_INVALID_PARAM, *retDataSize says the size needed). */
ACL_FUNC_VISIBILITY aclError acltdtDequeueData(uint32_t qid,
                                               void* data,
                                               size_t dataSize,
                                               size_t* retDataSize,
                                               void* userData,
                                               size_t userDataSize,
                                               int32_t timeout);
ACL_FUNC_VISIBILITY aclError acltdtGrantQueue(uint32_t qid,
                                              int32_t pid,
                                              uint32_t permission,
                                              int32_t timeout);
ACL_FUNC_VISIBILITY aclError acltdtAttachQueue(uint32_t qid, int32_t timeout, uint32_t* permission);

/* Routes: while bound, a buffer enqueued on the source queue goes to the destination queue. */
ACL_FUNC_VISIBILITY aclError acltdtBindQueueRoutes(acltdtQueueRouteList* qRouteList);
ACL_FUNC_VISIBILITY aclError acltdtUnbindQueueRoutes(acltdtQueueRouteList* qRouteList);
ACL_FUNC_VISIBILITY aclError acltdtQueryQueueRoutes(const acltdtQueueRouteQueryInfo* queryInfo,
                                                    acltdtQueueRouteList* qRouteList);

/* Buffers. */
ACL_FUNC_VISIBILITY aclError acltdtAllocBuf(size_t size, uint32_t type, acltdtBuf* buf);
/** Frees the buffer and every buffer chained to it. */
ACL_FUNC_VISIBILITY aclError acltdtFreeBuf(acltdtBuf buf);
ACL_FUNC_VISIBILITY aclError acltdtGetBufData(const acltdtBuf buf, void** dataPtr, size_t* size);
ACL_FUNC_VISIBILITY aclError acltdtSetBufDataLen(acltdtBuf buf, size_t len);
ACL_FUNC_VISIBILITY aclError acltdtGetBufDataLen(acltdtBuf buf, size_t* len);
ACL_FUNC_VISIBILITY aclError acltdtAppendBufChain(acltdtBuf headBuf, acltdtBuf buf);
ACL_FUNC_VISIBILITY aclError acltdtGetBufChainNum(acltdtBuf headBuf, uint32_t* num);
ACL_FUNC_VISIBILITY aclError acltdtGetBufFromChain(acltdtBuf headBuf,
                                                   uint32_t index,
                                                   acltdtBuf* buf);
/** The 96-byte private area of a buffer: size + offset at most 96. */
ACL_FUNC_VISIBILITY aclError acltdtGetBufUserData(const acltdtBuf buf,
                                                  void* dataPtr,
                                                  size_t size,
                                                  size_t offset);
ACL_FUNC_VISIBILITY aclError acltdtSetBufUserData(acltdtBuf buf,
                                                  const void* dataPtr,
                                                  size_t size,
                                                  size_t offset);
/** A new buffer header sharing buf's data. */
ACL_FUNC_VISIBILITY aclError acltdtCopyBufRef(const acltdtBuf buf, acltdtBuf* newBuf);

/* Queue attributes. */
ACL_FUNC_VISIBILITY acltdtQueueAttr* acltdtCreateQueueAttr(void);
ACL_FUNC_VISIBILITY aclError acltdtDestroyQueueAttr(const acltdtQueueAttr* attr);
ACL_FUNC_VISIBILITY aclError acltdtSetQueueAttr(acltdtQueueAttr* attr,
                                                acltdtQueueAttrType type,
                                                size_t len,
                                                const void* param);
ACL_FUNC_VISIBILITY aclError acltdtGetQueueAttr(const acltdtQueueAttr* attr,
                                                acltdtQueueAttrType type,
                                                size_t len,
                                                size_t* paramRetSize,
                                                void* param);

/* Routes and route lists. */
ACL_FUNC_VISIBILITY acltdtQueueRoute* acltdtCreateQueueRoute(uint32_t srcId, uint32_t dstId);
ACL_FUNC_VISIBILITY aclError acltdtDestroyQueueRoute(const acltdtQueueRoute* route);
ACL_FUNC_VISIBILITY aclError acltdtGetQueueRouteParam(const acltdtQueueRoute* route,
                                                      acltdtQueueRouteParamType type,
                                                      size_t len,
                                                      size_t* paramRetSize,
                                                      void* param);
ACL_FUNC_VISIBILITY acltdtQueueRouteList* acltdtCreateQueueRouteList(void);
ACL_FUNC_VISIBILITY aclError acltdtDestroyQueueRouteList(const acltdtQueueRouteList* routeList);
ACL_FUNC_VISIBILITY aclError acltdtAddQueueRoute(acltdtQueueRouteList* routeList,
                                                 const acltdtQueueRoute* route);
/** Copies the route at `index` into `route` (one of acltdtCreateQueueRoute). */
ACL_FUNC_VISIBILITY aclError acltdtGetQueueRoute(const acltdtQueueRouteList* routeList,
                                                 size_t index,
                                                 acltdtQueueRoute* route);
ACL_FUNC_VISIBILITY size_t acltdtGetQueueRouteNum(const acltdtQueueRouteList* routeList);

/* Route queries. */
ACL_FUNC_VISIBILITY acltdtQueueRouteQueryInfo* acltdtCreateQueueRouteQueryInfo(void);
ACL_FUNC_VISIBILITY aclError
acltdtDestroyQueueRouteQueryInfo(const acltdtQueueRouteQueryInfo* info);
ACL_FUNC_VISIBILITY aclError acltdtSetQueueRouteQueryInfo(acltdtQueueRouteQueryInfo* param,
                                                          acltdtQueueRouteQueryInfoParamType type,
                                                          size_t len,
                                                          const void* value);

#ifdef __cplusplus
}
#endif

#endif /* ACLEMU_ACL_ACL_TDT_QUEUE_H */
