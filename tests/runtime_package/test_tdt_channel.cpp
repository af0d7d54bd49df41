// TDT channels (acl/acl_tdt.h) on every backend: creation with and without a capacity, the
// dataset and data-item API, send and receive (the data copied both ways), the size query, the
// full and empty codes, clean, stop (which wakes a blocked receiver), producers and consumers on
// threads, and stale handles refused.
#include "acl/acl_tdt.h"

#include "runtime/runtime_test_util.h"
#include "support/backend_fixture.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstring>
#include <set>
#include <thread>
#include <vector>

namespace aclemu::test {
namespace {

using ::testing::HasSubstr;

class TdtChannel : public BackendTest {
protected:
    void TearDown() override {
        for (acltdtChannelHandle* channel : channels_) {
            acltdtDestroyChannel(channel);
        }
        take_recent_error();
        BackendTest::TearDown();
    }
    acltdtChannelHandle* make(const char* name, size_t capacity = 0) {
        acltdtChannelHandle* channel = capacity == 0
                                           ? acltdtCreateChannel(0, name)
                                           : acltdtCreateChannelWithCapacity(0, name, capacity);
        EXPECT_NE(channel, nullptr) << take_recent_error();
        channels_.push_back(channel);
        return channel;
    }
    std::vector<acltdtChannelHandle*> channels_;
};

// Sends one dataset holding a single INT32 scalar-vector item of `values`.
aclError send_values(acltdtChannelHandle* channel, std::vector<int32_t> values, int32_t timeout) {
    const int64_t dims[1] = {static_cast<int64_t>(values.size())};
    acltdtDataItem* item = acltdtCreateDataItem(
        ACL_TENSOR_DATA_TENSOR, dims, 1, ACL_INT32, values.data(), values.size() * sizeof(int32_t));
    acltdtDataset* dataset = acltdtCreateDataset();
    EXPECT_EQ(acltdtAddDataItem(dataset, item), ACL_SUCCESS);
    const aclError err = acltdtSendTensor(channel, dataset, timeout);
    EXPECT_EQ(acltdtDestroyDataItem(item), ACL_SUCCESS);
    EXPECT_EQ(acltdtDestroyDataset(dataset), ACL_SUCCESS);
    return err;
}

// Receives one dataset of send_values; its values, or the error code in `err`.
std::vector<int32_t> receive_values(acltdtChannelHandle* channel, int32_t timeout, aclError* err) {
    acltdtDataset* dataset = acltdtCreateDataset();
    *err = acltdtReceiveTensor(channel, dataset, timeout);
    std::vector<int32_t> values;
    if (*err == ACL_SUCCESS) {
        EXPECT_EQ(acltdtGetDatasetSize(dataset), 1u);
        acltdtDataItem* item = acltdtGetDataItem(dataset, 0);
        values.resize(acltdtGetDataSizeFromItem(item) / sizeof(int32_t));
        std::memcpy(values.data(), acltdtGetDataAddrFromItem(item), values.size() * 4);
        EXPECT_EQ(acltdtDestroyDataItem(item), ACL_SUCCESS);
    }
    EXPECT_EQ(acltdtDestroyDataset(dataset), ACL_SUCCESS);
    return values;
}

TEST_P(TdtChannel, CreateChecksItsArguments) {
    EXPECT_NE(make("default"), nullptr);
    EXPECT_NE(make("bounded", 3), nullptr);
    size_t size = 7;
    EXPECT_EQ(acltdtQueryChannelSize(channels_[1], &size), ACL_SUCCESS);
    EXPECT_EQ(size, 0u);
    take_recent_error();
    EXPECT_EQ(acltdtCreateChannel(0, nullptr), nullptr);
    EXPECT_THAT(take_recent_error(), HasSubstr("name"));
    EXPECT_EQ(acltdtCreateChannelWithCapacity(0, "zero", 0), nullptr);
    EXPECT_THAT(take_recent_error(), HasSubstr("capacity"));
    EXPECT_EQ(acltdtCreateChannel(99, "nowhere"), nullptr);
    EXPECT_THAT(take_recent_error(), HasSubstr("deviceId"));
    EXPECT_EQ(acltdtQueryChannelSize(channels_[0], nullptr), ACL_ERROR_INVALID_PARAM);
}

TEST_P(TdtChannel, SendCopiesAndReceiveHandsOutOwnedItems) {
    acltdtChannelHandle* channel = make("roundtrip", 4);
    float values[6] = {1.5f, -2.0f, 3.25f, 0.0f, 1e6f, -7.5f};
    const int64_t dims[2] = {2, 3};
    acltdtDataItem* tensor =
        acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, dims, 2, ACL_FLOAT, values, sizeof values);
    acltdtDataItem* end =
        acltdtCreateDataItem(ACL_TENSOR_DATA_END_OF_SEQUENCE, nullptr, 0, ACL_INT32, nullptr, 0);
    ASSERT_NE(tensor, nullptr) << take_recent_error();
    ASSERT_NE(end, nullptr) << take_recent_error();
    acltdtDataset* sent = acltdtCreateDataset();
    ASSERT_EQ(acltdtAddDataItem(sent, tensor), ACL_SUCCESS);
    ASSERT_EQ(acltdtAddDataItem(sent, end), ACL_SUCCESS);
    ASSERT_EQ(acltdtSendTensor(channel, sent, -1), ACL_SUCCESS) << take_recent_error();
    const float expected[6] = {1.5f, -2.0f, 3.25f, 0.0f, 1e6f, -7.5f};
    std::memset(values, 0, sizeof values);  // the channel holds its own copy
    size_t size = 0;
    ASSERT_EQ(acltdtQueryChannelSize(channel, &size), ACL_SUCCESS);
    EXPECT_EQ(size, 1u);

    acltdtDataset* got = acltdtCreateDataset();
    ASSERT_EQ(acltdtReceiveTensor(channel, got, 0), ACL_SUCCESS) << take_recent_error();
    EXPECT_STREQ(acltdtGetDatasetName(got), "roundtrip");
    ASSERT_EQ(acltdtGetDatasetSize(got), 2u);
    acltdtDataItem* first = acltdtGetDataItem(got, 0);
    EXPECT_EQ(acltdtGetTensorTypeFromItem(first), ACL_TENSOR_DATA_TENSOR);
    EXPECT_EQ(acltdtGetDataTypeFromItem(first), ACL_FLOAT);
    ASSERT_EQ(acltdtGetDimNumFromItem(first), 2u);
    int64_t got_dims[4] = {};
    EXPECT_EQ(acltdtGetDimsFromItem(first, got_dims, 4), ACL_SUCCESS);
    EXPECT_EQ(got_dims[0], 2);
    EXPECT_EQ(got_dims[1], 3);
    ASSERT_EQ(acltdtGetDataSizeFromItem(first), sizeof expected);
    EXPECT_EQ(std::memcmp(acltdtGetDataAddrFromItem(first), expected, sizeof expected), 0);
    EXPECT_NE(acltdtGetDataAddrFromItem(first), static_cast<void*>(values));
    acltdtDataItem* second = acltdtGetDataItem(got, 1);
    EXPECT_EQ(acltdtGetTensorTypeFromItem(second), ACL_TENSOR_DATA_END_OF_SEQUENCE);
    EXPECT_EQ(acltdtGetDataSizeFromItem(second), 0u);
    size_t slice_num = 9;
    size_t slice_id = 9;
    EXPECT_EQ(acltdtGetSliceInfoFromItem(first, &slice_num, &slice_id), ACL_SUCCESS);
    EXPECT_EQ(slice_num, 0u);
    EXPECT_EQ(slice_id, 0u);
    ASSERT_EQ(acltdtQueryChannelSize(channel, &size), ACL_SUCCESS);
    EXPECT_EQ(size, 0u);

    for (acltdtDataItem* item : {tensor, end, first, second}) {
        EXPECT_EQ(acltdtDestroyDataItem(item), ACL_SUCCESS);
    }
    EXPECT_EQ(acltdtDestroyDataset(sent), ACL_SUCCESS);
    EXPECT_EQ(acltdtDestroyDataset(got), ACL_SUCCESS);
}

TEST_P(TdtChannel, FullAndEmptyCodes) {
    acltdtChannelHandle* channel = make("bounded", 2);
    EXPECT_EQ(send_values(channel, {1}, 0), ACL_SUCCESS);
    EXPECT_EQ(send_values(channel, {2}, 0), ACL_SUCCESS);
    EXPECT_EQ(send_values(channel, {3}, 0), ACL_ERROR_RT_QUEUE_FULL);
    EXPECT_EQ(send_values(channel, {3}, 1), ACL_ERROR_RT_QUEUE_FULL);
    EXPECT_THAT(take_recent_error(), HasSubstr("full"));
    aclError err = ACL_SUCCESS;
    EXPECT_EQ(receive_values(channel, 0, &err), std::vector<int32_t>{1});
    EXPECT_EQ(receive_values(channel, 0, &err), std::vector<int32_t>{2});
    receive_values(channel, 0, &err);
    EXPECT_EQ(err, ACL_ERROR_RT_QUEUE_EMPTY);
    receive_values(channel, 1, &err);
    EXPECT_EQ(err, ACL_ERROR_RT_QUEUE_EMPTY);
    EXPECT_EQ(send_values(channel, {4}, -2), ACL_ERROR_INVALID_PARAM);
}

TEST_P(TdtChannel, CleanDropsAndStopEndsTheChannel) {
    acltdtChannelHandle* channel = make("stopped", 8);
    EXPECT_EQ(send_values(channel, {1}, -1), ACL_SUCCESS);
    EXPECT_EQ(send_values(channel, {2}, -1), ACL_SUCCESS);
    EXPECT_EQ(acltdtCleanChannel(channel), ACL_SUCCESS);
    size_t size = 9;
    EXPECT_EQ(acltdtQueryChannelSize(channel, &size), ACL_SUCCESS);
    EXPECT_EQ(size, 0u);
    EXPECT_EQ(send_values(channel, {3}, -1), ACL_SUCCESS);

    // A receiver blocked on the empty channel (or about to block) is woken by the stop; what
    // was queued before is still delivered first.
    aclError first = ACL_ERROR_INTERNAL_ERROR;
    aclError second = ACL_ERROR_INTERNAL_ERROR;
    std::vector<int32_t> got;
    std::thread receiver([&] {
        got = receive_values(channel, -1, &first);
        receive_values(channel, -1, &second);
    });
    EXPECT_EQ(acltdtStopChannel(channel), ACL_SUCCESS);
    receiver.join();
    EXPECT_EQ(first, ACL_SUCCESS);
    EXPECT_EQ(got, std::vector<int32_t>{3});
    EXPECT_EQ(second, ACL_ERROR_RT_END_OF_SEQUENCE);
    EXPECT_EQ(send_values(channel, {4}, -1), ACL_ERROR_RT_END_OF_SEQUENCE);
}

TEST_P(TdtChannel, ProducersAndAConsumerOnThreads) {
    acltdtChannelHandle* channel = make("threads", 3);
    constexpr int kPerProducer = 100;
    std::vector<std::thread> producers;
    for (int p = 0; p < 2; ++p) {
        producers.emplace_back([&, p] {
            for (int i = 0; i < kPerProducer; ++i) {
                EXPECT_EQ(send_values(channel, {p, i}, -1), ACL_SUCCESS);
            }
        });
    }
    std::multiset<std::vector<int32_t>> received;
    std::vector<int32_t> next_of(2, 0);
    for (int n = 0; n < 2 * kPerProducer; ++n) {
        aclError err = ACL_SUCCESS;
        std::vector<int32_t> values = receive_values(channel, -1, &err);
        ASSERT_EQ(err, ACL_SUCCESS);
        ASSERT_EQ(values.size(), 2u);
        // Each producer's datasets arrive in the order it sent them.
        EXPECT_EQ(values[1], next_of[values[0]]++);
        received.insert(values);
    }
    for (auto& producer : producers) {
        producer.join();
    }
    EXPECT_EQ(received.size(), 2u * kPerProducer);
    EXPECT_EQ(next_of, (std::vector<int32_t>{kPerProducer, kPerProducer}));
}

TEST_P(TdtChannel, DatasetAndItemArgumentsAreChecked) {
    EXPECT_EQ(acltdtGetTensorTypeFromItem(nullptr), ACL_TENSOR_DATA_UNDEFINED);
    EXPECT_EQ(acltdtGetDataTypeFromItem(nullptr), ACL_DT_UNDEFINED);
    EXPECT_EQ(acltdtGetDataAddrFromItem(nullptr), nullptr);
    EXPECT_EQ(acltdtGetDataSizeFromItem(nullptr), 0u);
    EXPECT_EQ(acltdtGetDimNumFromItem(nullptr), 0u);
    EXPECT_EQ(acltdtGetDatasetSize(nullptr), 0u);
    EXPECT_EQ(acltdtGetDatasetName(nullptr), nullptr);
    take_recent_error();
    int32_t value = 5;
    EXPECT_EQ(acltdtCreateDataItem(
                  static_cast<acltdtTensorType>(9), nullptr, 0, ACL_INT32, &value, sizeof value),
              nullptr);
    EXPECT_THAT(take_recent_error(), HasSubstr("tdtType"));
    EXPECT_EQ(acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, nullptr, 2, ACL_INT32, &value, 4),
              nullptr);
    EXPECT_EQ(acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, nullptr, 0, ACL_INT32, nullptr, 4),
              nullptr);
    const int64_t dims[3] = {1, 1, 1};
    acltdtDataItem* item =
        acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, dims, 3, ACL_INT32, &value, sizeof value);
    ASSERT_NE(item, nullptr);
    int64_t two[2] = {};
    EXPECT_EQ(acltdtGetDimsFromItem(item, two, 2), ACL_ERROR_INVALID_PARAM);
    acltdtDataset* dataset = acltdtCreateDataset();
    EXPECT_EQ(acltdtGetDataItem(dataset, 0), nullptr);
    EXPECT_EQ(acltdtAddDataItem(dataset, item), ACL_SUCCESS);
    EXPECT_STREQ(acltdtGetDatasetName(dataset), "");
    // A receive needs an empty dataset.
    acltdtChannelHandle* channel = make("checks", 2);
    EXPECT_EQ(send_values(channel, {1}, 0), ACL_SUCCESS);
    EXPECT_EQ(acltdtReceiveTensor(channel, dataset, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("empty"));
    // A dataset whose item was destroyed cannot be sent.
    EXPECT_EQ(acltdtDestroyDataItem(item), ACL_SUCCESS);
    EXPECT_EQ(acltdtSendTensor(channel, dataset, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("destroyed"));
    EXPECT_EQ(acltdtDestroyDataset(dataset), ACL_SUCCESS);
}

// Stale handles (issue 20): a destroyed item, dataset or channel, and a channel of a finalized
// runtime, are refused with ACL_ERROR_INVALID_PARAM; no handle value comes back.
TEST_P(TdtChannel, StaleHandlesAreRefused) {
    std::set<void*> seen;
    for (int round = 0; round < 32; ++round) {
        acltdtDataItem* item =
            acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, nullptr, 0, ACL_INT32, nullptr, 0);
        acltdtDataset* dataset = acltdtCreateDataset();
        acltdtChannelHandle* channel = acltdtCreateChannel(0, "stale");
        EXPECT_TRUE(seen.insert(item).second);
        EXPECT_TRUE(seen.insert(dataset).second);
        EXPECT_TRUE(seen.insert(channel).second);
        EXPECT_EQ(acltdtDestroyDataItem(item), ACL_SUCCESS);
        EXPECT_EQ(acltdtDestroyDataset(dataset), ACL_SUCCESS);
        EXPECT_EQ(acltdtDestroyChannel(channel), ACL_SUCCESS);
        size_t size = 0;
        EXPECT_EQ(acltdtQueryChannelSize(channel, &size), ACL_ERROR_INVALID_PARAM);
        EXPECT_EQ(acltdtDestroyChannel(channel), ACL_ERROR_INVALID_PARAM);
        EXPECT_EQ(acltdtDestroyDataItem(item), ACL_ERROR_INVALID_PARAM);
        EXPECT_EQ(acltdtDestroyDataset(dataset), ACL_ERROR_INVALID_PARAM);
        EXPECT_EQ(acltdtGetDatasetSize(dataset), 0u);
    }
    acltdtChannelHandle* before = acltdtCreateChannel(0, "before finalize");
    ASSERT_NE(before, nullptr);
    ASSERT_EQ(aclFinalize(), ACL_SUCCESS);
    restart_runtime();
    ASSERT_FALSE(HasFatalFailure());
    EXPECT_EQ(send_values(before, {1}, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(acltdtDestroyChannel(before), ACL_ERROR_INVALID_PARAM);
    take_recent_error();
}

ACLEMU_INSTANTIATE_BACKENDS(TdtChannel);

}  // namespace
}  // namespace aclemu::test
