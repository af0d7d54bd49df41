// Batch copies (aclrtMemcpyBatch, aclrtMemcpyBatchV2, aclrtMemcpyBatchAsync,
// aclrtMemcpyBatchAsyncV2): a round trip of tensors of different lengths through device memory
// with attributes that apply to ranges of the batch, and the inputs CANN refuses, with the index
// of the refused copy.
#include "runtime/runtime_test_util.h"
#include "support/backend_fixture.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <vector>

namespace aclemu::test {
namespace {

using ::testing::HasSubstr;

class MemcpyBatch : public BackendTest {};

constexpr size_t kCopies = 4;
constexpr std::array<size_t, kCopies> kWords = {5, 1, 300, 17};

aclrtMemcpyBatchAttr attr(aclrtMemLocationType src, aclrtMemLocationType dst) {
    aclrtMemcpyBatchAttr a{};
    a.srcLoc.type = src;
    a.dstLoc.type = dst;
    return a;
}

// The value at word `i` of tensor `t`, written independently of the code under test.
uint32_t expected_word(size_t t, size_t i) {
    return static_cast<uint32_t>(0x9E3779B9u * (t + 1) + 31u * i + 7u);
}

struct Tensors {
    std::array<void*, kCopies> host_in{};
    std::array<void*, kCopies> host_out{};
    std::array<void*, kCopies> device{};
    std::array<size_t, kCopies> bytes{};

    void allocate(bool pinned) {
        for (size_t t = 0; t < kCopies; ++t) {
            bytes[t] = kWords[t] * sizeof(uint32_t);
            if (pinned) {
                ASSERT_EQ(aclrtMallocHost(&host_in[t], bytes[t]), ACL_SUCCESS);
                ASSERT_EQ(aclrtMallocHost(&host_out[t], bytes[t]), ACL_SUCCESS);
            } else {
                host_in[t] = new uint32_t[kWords[t]];
                host_out[t] = new uint32_t[kWords[t]];
            }
            ASSERT_EQ(aclrtMalloc(&device[t], bytes[t], ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
            auto* in = static_cast<uint32_t*>(host_in[t]);
            auto* out = static_cast<uint32_t*>(host_out[t]);
            for (size_t i = 0; i < kWords[t]; ++i) {
                in[i] = expected_word(t, i);
                out[i] = 0;
            }
        }
    }
    void release(bool pinned) {
        for (size_t t = 0; t < kCopies; ++t) {
            EXPECT_EQ(aclrtFree(device[t]), ACL_SUCCESS);
            if (pinned) {
                EXPECT_EQ(aclrtFreeHost(host_in[t]), ACL_SUCCESS);
                EXPECT_EQ(aclrtFreeHost(host_out[t]), ACL_SUCCESS);
            } else {
                delete[] static_cast<uint32_t*>(host_in[t]);
                delete[] static_cast<uint32_t*>(host_out[t]);
            }
        }
    }
    void expect_round_trip() const {
        for (size_t t = 0; t < kCopies; ++t) {
            const auto* out = static_cast<const uint32_t*>(host_out[t]);
            for (size_t i = 0; i < kWords[t]; ++i) {
                ASSERT_EQ(out[i], expected_word(t, i)) << "tensor " << t << " word " << i;
            }
        }
    }
};

// Two attributes: copies 0-1 under the first, 2-3 under the second (same locations).
constexpr size_t kAttrs = 2;
std::array<size_t, kAttrs> attr_starts() {
    return {0, 2};
}

TEST_P(MemcpyBatch, SynchronousFormsRoundTrip) {
    Tensors tensors;
    ASSERT_NO_FATAL_FAILURE(tensors.allocate(/*pinned=*/false));
    auto sizes = tensors.bytes;
    auto starts = attr_starts();
    std::array<aclrtMemcpyBatchAttr, kAttrs> h2d = {
        attr(ACL_MEM_LOCATION_TYPE_HOST, ACL_MEM_LOCATION_TYPE_DEVICE),
        attr(ACL_MEM_LOCATION_TYPE_HOST, ACL_MEM_LOCATION_TYPE_DEVICE)};
    std::array<aclrtMemcpyBatchAttr, kAttrs> d2h = {
        attr(ACL_MEM_LOCATION_TYPE_DEVICE, ACL_MEM_LOCATION_TYPE_HOST),
        attr(ACL_MEM_LOCATION_TYPE_DEVICE, ACL_MEM_LOCATION_TYPE_HOST)};
    size_t fail_index = 0;
    ASSERT_EQ(aclrtMemcpyBatch(tensors.device.data(),
                               sizes.data(),
                               tensors.host_in.data(),
                               sizes.data(),
                               kCopies,
                               h2d.data(),
                               starts.data(),
                               kAttrs,
                               &fail_index),
              ACL_SUCCESS)
        << take_recent_error();
    EXPECT_EQ(fail_index, SIZE_MAX);
    ASSERT_EQ(aclrtMemcpyBatchV2(tensors.host_out.data(),
                                 sizes.data(),
                                 tensors.device.data(),
                                 sizes.data(),
                                 kCopies,
                                 d2h.data(),
                                 starts.data(),
                                 kAttrs),
              ACL_SUCCESS)
        << take_recent_error();
    tensors.expect_round_trip();
    tensors.release(false);
}

TEST_P(MemcpyBatch, AsynchronousFormsRoundTripInStreamOrder) {
    Tensors tensors;
    ASSERT_NO_FATAL_FAILURE(tensors.allocate(/*pinned=*/true));
    auto sizes = tensors.bytes;
    size_t start = 0;
    aclrtMemcpyBatchAttr h2d = attr(ACL_MEM_LOCATION_TYPE_HOST, ACL_MEM_LOCATION_TYPE_DEVICE);
    aclrtMemcpyBatchAttr d2h = attr(ACL_MEM_LOCATION_TYPE_DEVICE, ACL_MEM_LOCATION_TYPE_HOST);
    size_t fail_index = 0;
    ASSERT_EQ(aclrtMemcpyBatchAsync(tensors.device.data(),
                                    sizes.data(),
                                    tensors.host_in.data(),
                                    sizes.data(),
                                    kCopies,
                                    &h2d,
                                    &start,
                                    1,
                                    &fail_index,
                                    stream()),
              ACL_SUCCESS)
        << take_recent_error();
    EXPECT_EQ(fail_index, SIZE_MAX);
    ASSERT_EQ(aclrtMemcpyBatchAsyncV2(tensors.host_out.data(),
                                      sizes.data(),
                                      tensors.device.data(),
                                      sizes.data(),
                                      kCopies,
                                      &d2h,
                                      &start,
                                      1,
                                      stream()),
              ACL_SUCCESS)
        << take_recent_error();
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    tensors.expect_round_trip();
    tensors.release(true);
}

TEST_P(MemcpyBatch, RefusesWhatCannRefuses) {
    Tensors tensors;
    ASSERT_NO_FATAL_FAILURE(tensors.allocate(/*pinned=*/true));
    auto sizes = tensors.bytes;
    auto maxes = tensors.bytes;
    size_t start = 0;
    aclrtMemcpyBatchAttr h2d = attr(ACL_MEM_LOCATION_TYPE_HOST, ACL_MEM_LOCATION_TYPE_DEVICE);
    size_t fail_index = 0;
    auto batch = [&](void** dsts,
                     void** srcs,
                     size_t count,
                     aclrtMemcpyBatchAttr* attrs,
                     size_t* starts,
                     size_t num_attrs) {
        fail_index = 0;
        return aclrtMemcpyBatch(
            dsts, maxes.data(), srcs, sizes.data(), count, attrs, starts, num_attrs, &fail_index);
    };
    void** dev = tensors.device.data();
    void** host = tensors.host_in.data();

    EXPECT_EQ(batch(dev, host, 0, &h2d, &start, 1), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("numBatches"));
    EXPECT_EQ(fail_index, SIZE_MAX);
    EXPECT_EQ(batch(nullptr, host, kCopies, &h2d, &start, 1), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("dsts"));
    EXPECT_EQ(batch(dev, host, kCopies, nullptr, &start, 1), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("attrs"));
    EXPECT_EQ(
        aclrtMemcpyBatch(dev, maxes.data(), host, sizes.data(), kCopies, &h2d, &start, 1, nullptr),
        ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("failIndex"));
    // numAttrs above numBatches; attribute starts that are not 0, increasing, below numBatches.
    std::array<aclrtMemcpyBatchAttr, 2> two = {h2d, h2d};
    EXPECT_EQ(batch(dev, host, 1, two.data(), &start, 2), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("numAttrs"));
    std::array<size_t, 2> not_zero = {1, 2};
    std::array<size_t, 2> not_increasing = {0, 0};
    std::array<size_t, 2> too_far = {0, kCopies};
    for (auto* starts : {&not_zero, &not_increasing, &too_far}) {
        EXPECT_EQ(batch(dev, host, kCopies, two.data(), starts->data(), 2),
                  ACL_ERROR_INVALID_PARAM);
        EXPECT_THAT(take_recent_error(), HasSubstr("attrsIndexes["));
        EXPECT_EQ(fail_index, SIZE_MAX);
    }
    // Copy 2's destination is host memory where the attribute says device: failIndex 2, and
    // the whole batch is refused before copies 0 and 1 run.
    ASSERT_EQ(aclrtMemset(tensors.device[0], sizes[0], 0, sizes[0]), ACL_SUCCESS);
    std::array<void*, kCopies> mixed = tensors.device;
    mixed[2] = tensors.host_out[2];
    EXPECT_EQ(batch(mixed.data(), host, kCopies, &h2d, &start, 1), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("dsts[2]"));
    EXPECT_EQ(fail_index, 2u);
    std::vector<uint32_t> first(kWords[0], 1);
    ASSERT_EQ(
        aclrtMemcpy(first.data(), sizes[0], tensors.device[0], sizes[0], ACL_MEMCPY_DEVICE_TO_HOST),
        ACL_SUCCESS);
    EXPECT_EQ(first, std::vector<uint32_t>(kWords[0], 0u));
    // A device-to-device copy described as such: CANN batches go one way across the bus.
    aclrtMemcpyBatchAttr d2d = attr(ACL_MEM_LOCATION_TYPE_DEVICE, ACL_MEM_LOCATION_TYPE_DEVICE);
    std::array<void*, kCopies> device_src = tensors.device;
    EXPECT_EQ(batch(dev, device_src.data(), kCopies, &d2d, &start, 1),
              ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
    EXPECT_THAT(take_recent_error(), HasSubstr("dsts[0]"));
    EXPECT_EQ(fail_index, 0u);
    // Copy 3 goes the other way from copy 0 (second attribute says device to host).
    std::array<aclrtMemcpyBatchAttr, 2> both_ways = {
        h2d, attr(ACL_MEM_LOCATION_TYPE_DEVICE, ACL_MEM_LOCATION_TYPE_HOST)};
    std::array<size_t, 2> split = {0, 3};
    std::array<void*, kCopies> dsts = tensors.device;
    std::array<void*, kCopies> srcs = tensors.host_in;
    dsts[3] = tensors.host_out[3];
    srcs[3] = tensors.device[3];
    EXPECT_EQ(batch(dsts.data(), srcs.data(), kCopies, both_ways.data(), split.data(), 2),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("dsts[3]"));
    EXPECT_EQ(fail_index, 3u);
    // An unknown location type, a size above its destMax, a range past its block.
    aclrtMemcpyBatchAttr odd = h2d;
    odd.srcLoc.type = static_cast<aclrtMemLocationType>(9);
    EXPECT_EQ(batch(dev, host, kCopies, &odd, &start, 1), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("srcLoc.type"));
    EXPECT_EQ(fail_index, 0u);
    maxes[1] = sizes[1] - 1;
    EXPECT_EQ(batch(dev, host, kCopies, &h2d, &start, 1), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("sizes[1]"));
    maxes[1] = sizes[1] + 64;
    sizes[1] += 64;
    EXPECT_EQ(batch(dev, host, kCopies, &h2d, &start, 1), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("dsts[1]"));
    sizes[1] -= 64;
    // The null stream: the default stream of the current context.
    EXPECT_EQ(aclrtMemcpyBatchAsyncV2(
                  dev, maxes.data(), host, sizes.data(), kCopies, &h2d, &start, 1, nullptr),
              ACL_SUCCESS)
        << take_recent_error();
    ASSERT_EQ(aclrtSynchronizeDevice(), ACL_SUCCESS);
    tensors.release(true);
}

ACLEMU_INSTANTIATE_BACKENDS(MemcpyBatch);

}  // namespace
}  // namespace aclemu::test
