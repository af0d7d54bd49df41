// TDT sample: a producer thread sends datasets (a float tensor and its row count) through a
// bounded channel while the main thread receives them, then the same hand-over through a TDT
// queue, once directly and once forwarded by a bound route to a second queue. Every received
// value is checked against what the producer computed; the program returns non-zero on any
// failure.
#include "acl/acl.h"
#include "acl/acl_tdt.h"
#include "acl/acl_tdt_queue.h"

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <thread>
#include <vector>

#define CHECK_ERROR(expr)                                                              \
    do {                                                                               \
        aclError ret_ = (expr);                                                        \
        if (ret_ != ACL_SUCCESS) {                                                     \
            printf("[ERROR] %s failed: %d (%s)\n", #expr, ret_, aclGetRecentErrMsg()); \
            return 1;                                                                  \
        }                                                                              \
    } while (0)

#define CHECK_TRUE(cond, ...)               \
    do {                                    \
        if (!(cond)) {                      \
            printf("[ERROR] " __VA_ARGS__); \
            printf("\n");                   \
            return 1;                       \
        }                                   \
    } while (0)

namespace {

const int kBatches = 16;
const int64_t kRows = 4;
const int64_t kCols = 8;

// The value of element i of batch b, as the producer writes it.
float Value(int b, int64_t i) {
    return static_cast<float>(b) * 100.0f + static_cast<float>(i) * 0.5f;
}

// Sends kBatches datasets of one [kRows, kCols] float tensor each; returns the first failure.
aclError Produce(acltdtChannelHandle* channel) {
    std::vector<float> batch(kRows * kCols);
    const int64_t dims[2] = {kRows, kCols};
    for (int b = 0; b < kBatches; ++b) {
        for (int64_t i = 0; i < kRows * kCols; ++i) {
            batch[i] = Value(b, i);
        }
        acltdtDataItem* item = acltdtCreateDataItem(
            ACL_TENSOR_DATA_TENSOR, dims, 2, ACL_FLOAT, batch.data(), batch.size() * sizeof(float));
        acltdtDataset* dataset = acltdtCreateDataset();
        aclError ret = acltdtAddDataItem(dataset, item);
        if (ret == ACL_SUCCESS) {
            ret = acltdtSendTensor(channel, dataset, -1);  // waits while the channel is full
        }
        acltdtDestroyDataItem(item);
        acltdtDestroyDataset(dataset);
        if (ret != ACL_SUCCESS) {
            return ret;
        }
    }
    return ACL_SUCCESS;
}

int ChannelSample() {
    acltdtChannelHandle* channel = acltdtCreateChannelWithCapacity(0, "tdt_sample", 4);
    CHECK_TRUE(channel != nullptr, "acltdtCreateChannelWithCapacity: %s", aclGetRecentErrMsg());
    aclError produced = ACL_SUCCESS;
    std::thread producer([&] { produced = Produce(channel); });
    int checked = 0;
    for (int b = 0; b < kBatches; ++b) {
        acltdtDataset* dataset = acltdtCreateDataset();
        CHECK_ERROR(acltdtReceiveTensor(channel, dataset, -1));
        CHECK_TRUE(acltdtGetDatasetSize(dataset) == 1, "batch %d: expected one item", b);
        acltdtDataItem* item = acltdtGetDataItem(dataset, 0);
        int64_t dims[2] = {0, 0};
        CHECK_ERROR(acltdtGetDimsFromItem(item, dims, 2));
        CHECK_TRUE(dims[0] == kRows && dims[1] == kCols,
                   "batch %d: dims [%lld, %lld]",
                   b,
                   static_cast<long long>(dims[0]),
                   static_cast<long long>(dims[1]));
        const float* values = static_cast<const float*>(acltdtGetDataAddrFromItem(item));
        for (int64_t i = 0; i < kRows * kCols; ++i) {
            CHECK_TRUE(values[i] == Value(b, i),
                       "batch %d [%lld] = %f, expected %f",
                       b,
                       static_cast<long long>(i),
                       values[i],
                       Value(b, i));
            ++checked;
        }
        CHECK_ERROR(acltdtDestroyDataItem(item));
        CHECK_ERROR(acltdtDestroyDataset(dataset));
    }
    producer.join();
    CHECK_ERROR(produced);
    size_t left = 1;
    CHECK_ERROR(acltdtQueryChannelSize(channel, &left));
    CHECK_TRUE(left == 0, "channel still holds %zu datasets", left);
    CHECK_ERROR(acltdtStopChannel(channel));
    CHECK_ERROR(acltdtDestroyChannel(channel));
    printf("Channel: %d batches received in order, %d values match\n", kBatches, checked);
    return 0;
}

int CreateQueue(uint32_t depth, const char* name, uint32_t* qid) {
    acltdtQueueAttr* attr = acltdtCreateQueueAttr();
    CHECK_TRUE(attr != nullptr, "acltdtCreateQueueAttr: %s", aclGetRecentErrMsg());
    CHECK_ERROR(acltdtSetQueueAttr(attr, ACL_TDT_QUEUE_NAME_PTR, sizeof(name), &name));
    CHECK_ERROR(acltdtSetQueueAttr(attr, ACL_TDT_QUEUE_DEPTH_UINT32, sizeof(depth), &depth));
    CHECK_ERROR(acltdtCreateQueue(attr, qid));
    CHECK_ERROR(acltdtDestroyQueueAttr(attr));
    return 0;
}

// A producer thread enqueues kBatches int64 sums on `in`; the main thread dequeues them from
// `out` (the same queue, or the destination of a bound route).
int QueueHandOver(uint32_t in, uint32_t out, const char* how) {
    aclError produced = ACL_SUCCESS;
    std::thread producer([&] {
        for (int b = 0; b < kBatches && produced == ACL_SUCCESS; ++b) {
            const int64_t sum = static_cast<int64_t>(b) * b + 7;
            const uint32_t tag = static_cast<uint32_t>(b);
            produced = acltdtEnqueueData(in, &sum, sizeof(sum), &tag, sizeof(tag), -1, 0);
        }
    });
    for (int b = 0; b < kBatches; ++b) {
        int64_t sum = 0;
        uint32_t tag = 0;
        size_t size = 0;
        CHECK_ERROR(acltdtDequeueData(out, &sum, sizeof(sum), &size, &tag, sizeof(tag), -1));
        CHECK_TRUE(size == sizeof(sum) && tag == static_cast<uint32_t>(b)
                       && sum == static_cast<int64_t>(b) * b + 7,
                   "%s: item %d is %lld (tag %u)",
                   how,
                   b,
                   static_cast<long long>(sum),
                   tag);
    }
    producer.join();
    CHECK_ERROR(produced);
    printf("Queue (%s): %d items dequeued in order\n", how, kBatches);
    return 0;
}

int QueueSample() {
    uint32_t first = 0;
    uint32_t second = 0;
    if (CreateQueue(4, "tdt_sample_in", &first) != 0
        || CreateQueue(4, "tdt_sample_out", &second) != 0) {
        return 1;
    }
    if (QueueHandOver(first, first, "direct") != 0) {
        return 1;
    }
    acltdtQueueRoute* route = acltdtCreateQueueRoute(first, second);
    acltdtQueueRouteList* routes = acltdtCreateQueueRouteList();
    CHECK_ERROR(acltdtAddQueueRoute(routes, route));
    CHECK_ERROR(acltdtBindQueueRoutes(routes));
    if (QueueHandOver(first, second, "routed") != 0) {
        return 1;
    }
    CHECK_ERROR(acltdtUnbindQueueRoutes(routes));
    CHECK_ERROR(acltdtDestroyQueueRouteList(routes));
    CHECK_ERROR(acltdtDestroyQueueRoute(route));
    CHECK_ERROR(acltdtDestroyQueue(first));
    CHECK_ERROR(acltdtDestroyQueue(second));
    return 0;
}

}  // namespace

int main() {
    CHECK_ERROR(aclInit(nullptr));
    CHECK_ERROR(aclrtSetDevice(0));
    int result = ChannelSample();
    if (result == 0) {
        result = QueueSample();
    }
    CHECK_ERROR(aclrtResetDevice(0));
    CHECK_ERROR(aclFinalize());
    if (result == 0) {
        printf("TDT sample passed\n");
    }
    return result;
}
