// TDT queues (acl/acl_tdt_queue.h) on every backend: attributes, create and destroy, enqueue and
// dequeue of buffers and of copied data with the full and empty codes, buffer chains, user data
// and reference copies, routes (create, add, bind, unbind, query), grants and attaches within
// the process, producer and consumer threads, and stale handles refused.
#include "acl/acl_tdt_queue.h"

#include "runtime/runtime_test_util.h"
#include "support/backend_fixture.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstring>
#include <set>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

namespace aclemu::test {
namespace {

using ::testing::HasSubstr;

class TdtQueue : public BackendTest {
protected:
    uint32_t make_queue(uint32_t depth, const char* name = "q") {
        acltdtQueueAttr* attr = acltdtCreateQueueAttr();
        EXPECT_NE(attr, nullptr);
        EXPECT_EQ(acltdtSetQueueAttr(attr, ACL_TDT_QUEUE_NAME_PTR, sizeof(name), &name),
                  ACL_SUCCESS);
        EXPECT_EQ(acltdtSetQueueAttr(attr, ACL_TDT_QUEUE_DEPTH_UINT32, sizeof(depth), &depth),
                  ACL_SUCCESS)
            << take_recent_error();
        uint32_t qid = 0;
        EXPECT_EQ(acltdtCreateQueue(attr, &qid), ACL_SUCCESS) << take_recent_error();
        EXPECT_EQ(acltdtDestroyQueueAttr(attr), ACL_SUCCESS);
        return qid;
    }
    static aclError enqueue_int(uint32_t qid, int32_t value, int32_t timeout) {
        return acltdtEnqueueData(qid, &value, sizeof value, nullptr, 0, timeout, 0);
    }
    static int32_t dequeue_int(uint32_t qid, int32_t timeout, aclError* err) {
        int32_t value = -1;
        size_t size = 0;
        *err = acltdtDequeueData(qid, &value, sizeof value, &size, nullptr, 0, timeout);
        if (*err == ACL_SUCCESS) {
            EXPECT_EQ(size, sizeof value);
        }
        return value;
    }
};

TEST_P(TdtQueue, AttributesAreSetAndRead) {
    acltdtQueueAttr* attr = acltdtCreateQueueAttr();
    ASSERT_NE(attr, nullptr);
    uint32_t depth = 0;
    size_t size = 0;
    ASSERT_EQ(acltdtGetQueueAttr(attr, ACL_TDT_QUEUE_DEPTH_UINT32, sizeof depth, &size, &depth),
              ACL_SUCCESS);
    EXPECT_EQ(depth, 8u);
    EXPECT_EQ(size, sizeof depth);
    const char* name = "input-queue";
    ASSERT_EQ(acltdtSetQueueAttr(attr, ACL_TDT_QUEUE_NAME_PTR, sizeof name, &name), ACL_SUCCESS);
    const char* read = nullptr;
    ASSERT_EQ(acltdtGetQueueAttr(attr, ACL_TDT_QUEUE_NAME_PTR, sizeof read, &size, &read),
              ACL_SUCCESS);
    EXPECT_STREQ(read, "input-queue");
    uint32_t bad_depth = 1;
    EXPECT_EQ(acltdtSetQueueAttr(attr, ACL_TDT_QUEUE_DEPTH_UINT32, 4, &bad_depth),
              ACL_ERROR_INVALID_PARAM);
    bad_depth = 9000;
    EXPECT_EQ(acltdtSetQueueAttr(attr, ACL_TDT_QUEUE_DEPTH_UINT32, 4, &bad_depth),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(acltdtSetQueueAttr(attr, ACL_TDT_QUEUE_DEPTH_UINT32, 2, &depth),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(acltdtSetQueueAttr(attr, static_cast<acltdtQueueAttrType>(7), 4, &depth),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(acltdtGetQueueAttr(attr, ACL_TDT_QUEUE_DEPTH_UINT32, 2, &size, &depth),
              ACL_ERROR_INVALID_PARAM);
    const std::string long_name(128, 'n');
    const char* too_long = long_name.c_str();
    EXPECT_EQ(acltdtSetQueueAttr(attr, ACL_TDT_QUEUE_NAME_PTR, sizeof too_long, &too_long),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(acltdtDestroyQueueAttr(attr), ACL_SUCCESS);
    take_recent_error();
}

TEST_P(TdtQueue, BuffersGoThroughInOrderWithFullAndEmptyCodes) {
    const uint32_t qid = make_queue(2);
    acltdtBuf bufs[2] = {};
    for (int i = 0; i < 2; ++i) {
        ASSERT_EQ(acltdtAllocBuf(16, ACL_TDT_NORMAL_MEM, &bufs[i]), ACL_SUCCESS);
        void* data = nullptr;
        size_t size = 0;
        ASSERT_EQ(acltdtGetBufData(bufs[i], &data, &size), ACL_SUCCESS);
        ASSERT_EQ(size, 16u);
        std::memset(data, 'a' + i, size);
        ASSERT_EQ(acltdtSetBufDataLen(bufs[i], 10), ACL_SUCCESS);
        const uint8_t tag[4] = {1, 2, 3, static_cast<uint8_t>(i)};
        ASSERT_EQ(acltdtSetBufUserData(bufs[i], tag, sizeof tag, 92), ACL_SUCCESS);
        ASSERT_EQ(acltdtEnqueue(qid, bufs[i], 0), ACL_SUCCESS) << take_recent_error();
    }
    EXPECT_EQ(acltdtEnqueueData(qid, "x", 1, nullptr, 0, 0, 0), ACL_ERROR_RT_QUEUE_FULL);
    EXPECT_EQ(acltdtEnqueueData(qid, "x", 1, nullptr, 0, 1, 0), ACL_ERROR_RT_QUEUE_FULL);
    for (int i = 0; i < 2; ++i) {
        acltdtBuf got = nullptr;
        ASSERT_EQ(acltdtDequeue(qid, &got, -1), ACL_SUCCESS);
        EXPECT_EQ(got, bufs[i]);
        size_t len = 0;
        ASSERT_EQ(acltdtGetBufDataLen(got, &len), ACL_SUCCESS);
        EXPECT_EQ(len, 10u);
        void* data = nullptr;
        size_t size = 0;
        ASSERT_EQ(acltdtGetBufData(got, &data, &size), ACL_SUCCESS);
        EXPECT_EQ(static_cast<char*>(data)[9], static_cast<char>('a' + i));
        uint8_t tag[4] = {};
        ASSERT_EQ(acltdtGetBufUserData(got, tag, sizeof tag, 92), ACL_SUCCESS);
        EXPECT_EQ(tag[3], i);
        EXPECT_EQ(acltdtFreeBuf(got), ACL_SUCCESS);
    }
    acltdtBuf none = nullptr;
    EXPECT_EQ(acltdtDequeue(qid, &none, 0), ACL_ERROR_RT_QUEUE_EMPTY);
    EXPECT_EQ(acltdtDequeue(qid, &none, 1), ACL_ERROR_RT_QUEUE_EMPTY);
    EXPECT_EQ(acltdtDequeue(qid, &none, -3), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(acltdtDestroyQueue(qid), ACL_SUCCESS);
    take_recent_error();
}

TEST_P(TdtQueue, DataIsCopiedInAndOut) {
    const uint32_t qid = make_queue(4);
    std::vector<uint8_t> data = {9, 8, 7, 6, 5};
    const char user[] = "meta";
    ASSERT_EQ(acltdtEnqueueData(qid, data.data(), data.size(), user, sizeof user, -1, 0),
              ACL_SUCCESS);
    data.assign(5, 0);
    uint8_t small[2] = {};
    size_t size = 0;
    EXPECT_EQ(acltdtDequeueData(qid, small, sizeof small, &size, nullptr, 0, 0),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(size, 5u);
    EXPECT_THAT(take_recent_error(), HasSubstr("stays in the queue"));
    uint8_t out[8] = {};
    char user_out[sizeof user] = {};
    ASSERT_EQ(acltdtDequeueData(qid, out, sizeof out, &size, user_out, sizeof user_out, 0),
              ACL_SUCCESS);
    EXPECT_EQ(size, 5u);
    EXPECT_EQ(std::vector<uint8_t>(out, out + 5), (std::vector<uint8_t>{9, 8, 7, 6, 5}));
    EXPECT_STREQ(user_out, "meta");
    EXPECT_EQ(acltdtEnqueueData(qid, out, 1, user, 97, 0, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(acltdtEnqueueData(qid, out, 1, nullptr, 0, 0, 1), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(acltdtDestroyQueue(qid), ACL_SUCCESS);
    take_recent_error();
}

TEST_P(TdtQueue, ChainsReferenceCopiesAndUserData) {
    acltdtBuf head = nullptr;
    acltdtBuf second = nullptr;
    acltdtBuf third = nullptr;
    ASSERT_EQ(acltdtAllocBuf(8, ACL_TDT_NORMAL_MEM, &head), ACL_SUCCESS);
    ASSERT_EQ(acltdtAllocBuf(4, ACL_TDT_NORMAL_MEM, &second), ACL_SUCCESS);
    ASSERT_EQ(acltdtAllocBuf(2, ACL_TDT_NORMAL_MEM, &third), ACL_SUCCESS);
    ASSERT_EQ(acltdtAppendBufChain(head, second), ACL_SUCCESS);
    ASSERT_EQ(acltdtAppendBufChain(head, third), ACL_SUCCESS);
    EXPECT_EQ(acltdtAppendBufChain(head, second), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(acltdtAppendBufChain(head, head), ACL_ERROR_INVALID_PARAM);
    uint32_t num = 0;
    ASSERT_EQ(acltdtGetBufChainNum(head, &num), ACL_SUCCESS);
    EXPECT_EQ(num, 3u);
    acltdtBuf at = nullptr;
    ASSERT_EQ(acltdtGetBufFromChain(head, 2, &at), ACL_SUCCESS);
    EXPECT_EQ(at, third);
    EXPECT_EQ(acltdtGetBufFromChain(head, 3, &at), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(acltdtFreeBuf(second), ACL_ERROR_INVALID_PARAM);  // it belongs to the chain

    acltdtBuf copy = nullptr;
    ASSERT_EQ(acltdtCopyBufRef(head, &copy), ACL_SUCCESS);
    void* head_data = nullptr;
    void* copy_data = nullptr;
    size_t size = 0;
    ASSERT_EQ(acltdtGetBufData(head, &head_data, &size), ACL_SUCCESS);
    ASSERT_EQ(acltdtGetBufData(copy, &copy_data, &size), ACL_SUCCESS);
    EXPECT_EQ(head_data, copy_data);
    uint8_t area[97] = {};
    EXPECT_EQ(acltdtSetBufUserData(head, area, 97, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(acltdtSetBufUserData(head, area, 8, 90), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(acltdtSetBufDataLen(head, 9), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(acltdtAllocBuf(8, 5, &at), ACL_ERROR_INVALID_PARAM);

    ASSERT_EQ(acltdtFreeBuf(head), ACL_SUCCESS);  // the whole chain goes
    size_t len = 0;
    EXPECT_EQ(acltdtGetBufDataLen(second, &len), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(acltdtGetBufDataLen(third, &len), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(acltdtFreeBuf(head), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(static_cast<uint8_t*>(copy_data)[0], 0);  // the copy keeps the data alive
    EXPECT_EQ(acltdtFreeBuf(copy), ACL_SUCCESS);
    take_recent_error();
}

TEST_P(TdtQueue, BoundRoutesForwardAndQueriesFindThem) {
    const uint32_t src = make_queue(4, "src");
    const uint32_t dst = make_queue(4, "dst");
    acltdtQueueRoute* route = acltdtCreateQueueRoute(src, dst);
    acltdtQueueRouteList* list = acltdtCreateQueueRouteList();
    ASSERT_EQ(acltdtAddQueueRoute(list, route), ACL_SUCCESS);
    EXPECT_EQ(acltdtGetQueueRouteNum(list), 1u);
    ASSERT_EQ(acltdtBindQueueRoutes(list), ACL_SUCCESS) << take_recent_error();
    acltdtQueueRoute* read = acltdtCreateQueueRoute(0, 0);
    ASSERT_EQ(acltdtGetQueueRoute(list, 0, read), ACL_SUCCESS);
    int32_t status = -1;
    uint32_t id = 0;
    size_t size = 0;
    ASSERT_EQ(acltdtGetQueueRouteParam(
                  read, ACL_TDT_QUEUE_ROUTE_STATUS_INT32, sizeof status, &size, &status),
              ACL_SUCCESS);
    EXPECT_EQ(status, ACL_TDT_QUEUE_ROUTE_BIND);
    ASSERT_EQ(acltdtGetQueueRouteParam(read, ACL_TDT_QUEUE_ROUTE_DST_UINT32, sizeof id, &size, &id),
              ACL_SUCCESS);
    EXPECT_EQ(id, dst);

    ASSERT_EQ(enqueue_int(src, 42, 0), ACL_SUCCESS);
    aclError err = ACL_SUCCESS;
    EXPECT_EQ(dequeue_int(dst, 0, &err), 42);
    EXPECT_EQ(err, ACL_SUCCESS);
    dequeue_int(src, 0, &err);
    EXPECT_EQ(err, ACL_ERROR_RT_QUEUE_EMPTY);

    acltdtQueueRouteQueryInfo* query = acltdtCreateQueueRouteQueryInfo();
    acltdtQueueRouteList* found = acltdtCreateQueueRouteList();
    EXPECT_EQ(acltdtQueryQueueRoutes(query, found), ACL_ERROR_INVALID_PARAM);  // no mode yet
    acltdtQueueRouteQueryMode mode = ACL_TDT_QUEUE_ROUTE_QUERY_SRC;
    ASSERT_EQ(acltdtSetQueueRouteQueryInfo(
                  query, ACL_TDT_QUEUE_ROUTE_QUERY_MODE_ENUM, sizeof mode, &mode),
              ACL_SUCCESS);
    ASSERT_EQ(acltdtSetQueueRouteQueryInfo(
                  query, ACL_TDT_QUEUE_ROUTE_QUERY_SRC_ID_UINT32, sizeof src, &src),
              ACL_SUCCESS);
    ASSERT_EQ(acltdtQueryQueueRoutes(query, found), ACL_SUCCESS);
    EXPECT_EQ(acltdtGetQueueRouteNum(found), 1u);
    ASSERT_EQ(acltdtSetQueueRouteQueryInfo(
                  query, ACL_TDT_QUEUE_ROUTE_QUERY_SRC_ID_UINT32, sizeof dst, &dst),
              ACL_SUCCESS);
    ASSERT_EQ(acltdtQueryQueueRoutes(query, found), ACL_SUCCESS);
    EXPECT_EQ(acltdtGetQueueRouteNum(found), 0u);

    ASSERT_EQ(acltdtUnbindQueueRoutes(list), ACL_SUCCESS);
    ASSERT_EQ(acltdtGetQueueRoute(list, 0, read), ACL_SUCCESS);
    ASSERT_EQ(acltdtGetQueueRouteParam(
                  read, ACL_TDT_QUEUE_ROUTE_STATUS_INT32, sizeof status, &size, &status),
              ACL_SUCCESS);
    EXPECT_EQ(status, ACL_TDT_QUEUE_ROUTE_UNBIND);
    ASSERT_EQ(enqueue_int(src, 7, 0), ACL_SUCCESS);
    EXPECT_EQ(dequeue_int(src, 0, &err), 7);  // no longer forwarded

    // A route to a queue that does not exist is not bound.
    acltdtQueueRoute* dangling = acltdtCreateQueueRoute(src, 999999);
    acltdtQueueRouteList* bad = acltdtCreateQueueRouteList();
    ASSERT_EQ(acltdtAddQueueRoute(bad, dangling), ACL_SUCCESS);
    EXPECT_EQ(acltdtBindQueueRoutes(bad), ACL_ERROR_INVALID_PARAM);

    for (acltdtQueueRoute* r : {route, read, dangling}) {
        EXPECT_EQ(acltdtDestroyQueueRoute(r), ACL_SUCCESS);
    }
    for (acltdtQueueRouteList* l : {list, found, bad}) {
        EXPECT_EQ(acltdtDestroyQueueRouteList(l), ACL_SUCCESS);
    }
    EXPECT_EQ(acltdtDestroyQueueRouteQueryInfo(query), ACL_SUCCESS);
    EXPECT_EQ(acltdtDestroyQueue(src), ACL_SUCCESS);
    EXPECT_EQ(acltdtDestroyQueue(dst), ACL_SUCCESS);
    take_recent_error();
}

TEST_P(TdtQueue, GrantAndAttachWithinTheProcess) {
    const uint32_t qid = make_queue(2);
    EXPECT_EQ(acltdtGrantQueue(
                  qid, static_cast<int32_t>(::getpid()), ACL_TDT_QUEUE_PERMISSION_ENQUEUE, 0),
              ACL_SUCCESS);
    EXPECT_EQ(acltdtGrantQueue(
                  qid, static_cast<int32_t>(::getpid()) + 1, ACL_TDT_QUEUE_PERMISSION_ENQUEUE, 0),
              ACL_ERROR_FEATURE_UNSUPPORTED);
    EXPECT_EQ(acltdtGrantQueue(qid, static_cast<int32_t>(::getpid()), 8, 0),
              ACL_ERROR_INVALID_PARAM);
    uint32_t permission = 0;
    ASSERT_EQ(acltdtAttachQueue(qid, 0, &permission), ACL_SUCCESS);
    EXPECT_EQ(permission, 7u);
    EXPECT_EQ(acltdtDestroyQueue(qid), ACL_SUCCESS);
    take_recent_error();
}

TEST_P(TdtQueue, ProducerAndConsumerThreads) {
    const uint32_t qid = make_queue(2);
    constexpr int kCount = 300;
    std::thread producer([&] {
        for (int i = 0; i < kCount; ++i) {
            EXPECT_EQ(enqueue_int(qid, i, -1), ACL_SUCCESS);
        }
    });
    for (int i = 0; i < kCount; ++i) {
        aclError err = ACL_SUCCESS;
        EXPECT_EQ(dequeue_int(qid, -1, &err), i);
        ASSERT_EQ(err, ACL_SUCCESS);
    }
    producer.join();
    EXPECT_EQ(acltdtDestroyQueue(qid), ACL_SUCCESS);
}

// Stale handles (issue 20): ids and handles are never reused; destroyed ones, and queues of a
// finalized runtime, are refused with ACL_ERROR_INVALID_PARAM.
TEST_P(TdtQueue, StaleHandlesAreRefused) {
    std::set<uint32_t> ids;
    std::set<void*> handles;
    for (int round = 0; round < 16; ++round) {
        const uint32_t qid = make_queue(2);
        EXPECT_TRUE(ids.insert(qid).second);
        ASSERT_EQ(acltdtDestroyQueue(qid), ACL_SUCCESS);
        EXPECT_EQ(enqueue_int(qid, 1, 0), ACL_ERROR_INVALID_PARAM);
        EXPECT_EQ(acltdtDestroyQueue(qid), ACL_ERROR_INVALID_PARAM);

        acltdtQueueAttr* attr = acltdtCreateQueueAttr();
        acltdtQueueRoute* route = acltdtCreateQueueRoute(1, 2);
        acltdtQueueRouteList* list = acltdtCreateQueueRouteList();
        acltdtQueueRouteQueryInfo* query = acltdtCreateQueueRouteQueryInfo();
        acltdtBuf buf = nullptr;
        ASSERT_EQ(acltdtAllocBuf(4, ACL_TDT_NORMAL_MEM, &buf), ACL_SUCCESS);
        for (void* handle : {static_cast<void*>(attr),
                             static_cast<void*>(route),
                             static_cast<void*>(list),
                             static_cast<void*>(query),
                             buf}) {
            EXPECT_TRUE(handles.insert(handle).second);
        }
        EXPECT_EQ(acltdtDestroyQueueAttr(attr), ACL_SUCCESS);
        EXPECT_EQ(acltdtDestroyQueueRoute(route), ACL_SUCCESS);
        EXPECT_EQ(acltdtDestroyQueueRouteList(list), ACL_SUCCESS);
        EXPECT_EQ(acltdtDestroyQueueRouteQueryInfo(query), ACL_SUCCESS);
        EXPECT_EQ(acltdtFreeBuf(buf), ACL_SUCCESS);
        uint32_t qid_out = 0;
        EXPECT_EQ(acltdtCreateQueue(attr, &qid_out), ACL_ERROR_INVALID_PARAM);
        EXPECT_EQ(acltdtDestroyQueueRoute(route), ACL_ERROR_INVALID_PARAM);
        EXPECT_EQ(acltdtGetQueueRouteNum(list), 0u);
        EXPECT_EQ(acltdtDestroyQueueRouteQueryInfo(query), ACL_ERROR_INVALID_PARAM);
        EXPECT_EQ(acltdtFreeBuf(buf), ACL_ERROR_INVALID_PARAM);
    }
    const uint32_t before = make_queue(2);
    ASSERT_EQ(enqueue_int(before, 5, 0), ACL_SUCCESS);
    ASSERT_EQ(aclFinalize(), ACL_SUCCESS);
    restart_runtime();
    ASSERT_FALSE(HasFatalFailure());
    aclError err = ACL_SUCCESS;
    dequeue_int(before, 0, &err);
    EXPECT_EQ(err, ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(make_queue(2), before);
    take_recent_error();
}

ACLEMU_INSTANTIATE_BACKENDS(TdtQueue);

}  // namespace
}  // namespace aclemu::test
