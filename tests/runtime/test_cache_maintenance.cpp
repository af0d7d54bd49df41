// Cache maintenance (aclrtCmoAsync, the descriptor form and its setters) on every backend: each
// operation is a task of its stream (it waits for the work before it, the work after it waits
// for it, a capture records it), the data are untouched, and bad input is refused with CANN's
// codes and a message naming the parameter.
#include "runtime/runtime_test_util.h"
#include "support/backend_fixture.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace aclemu::test {
namespace {

using ::testing::HasSubstr;

constexpr size_t kCount = 512;
constexpr size_t kBytes = kCount * sizeof(uint32_t);

uint32_t pattern(size_t i, uint32_t seed) {
    return static_cast<uint32_t>(i * 2654435761u + seed);
}

class CacheMaintenance : public BackendTest {
protected:
    void SetUp() override {
        BackendTest::SetUp();
        ASSERT_EQ(aclrtMalloc(&src_, kBytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
        ASSERT_EQ(aclrtMalloc(&dst_, kBytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
        ASSERT_EQ(aclrtCmoGetDescSize(&desc_size_), ACL_SUCCESS);
        ASSERT_EQ(aclrtMalloc(&desc_, desc_size_, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    }
    void TearDown() override {
        aclrtFree(desc_);
        aclrtFree(dst_);
        aclrtFree(src_);
        BackendTest::TearDown();
    }
    void fill_src(uint32_t seed) {
        std::vector<uint32_t> in(kCount);
        for (size_t i = 0; i < kCount; ++i) {
            in[i] = pattern(i, seed);
        }
        ASSERT_EQ(aclrtMemcpy(src_, kBytes, in.data(), kBytes, ACL_MEMCPY_HOST_TO_DEVICE),
                  ACL_SUCCESS);
    }
    void expect_dst(uint32_t seed) {
        std::vector<uint32_t> out(kCount, 0);
        ASSERT_EQ(aclrtMemcpy(out.data(), kBytes, dst_, kBytes, ACL_MEMCPY_DEVICE_TO_HOST),
                  ACL_SUCCESS);
        for (size_t i = 0; i < kCount; ++i) {
            ASSERT_EQ(out[i], pattern(i, seed)) << "element " << i;
        }
    }

    void* src_ = nullptr;
    void* dst_ = nullptr;
    void* desc_ = nullptr;
    size_t desc_size_ = 0;
};

TEST_P(CacheMaintenance, EveryTypeLeavesTheDataAndIsATask) {
    fill_src(17);
    const aclrtCmoType types[] = {ACL_RT_CMO_TYPE_PREFETCH,
                                  ACL_RT_CMO_TYPE_WRITEBACK,
                                  ACL_RT_CMO_TYPE_INVALID,
                                  ACL_RT_CMO_TYPE_FLUSH};
    uint32_t before = 0;
    ASSERT_EQ(aclrtGetThreadLastTaskId(&before), ACL_SUCCESS);
    for (aclrtCmoType type : types) {
        ASSERT_EQ(aclrtCmoAsync(src_, kBytes, type, stream()), ACL_SUCCESS) << take_recent_error();
    }
    uint32_t after = 0;
    ASSERT_EQ(aclrtGetThreadLastTaskId(&after), ACL_SUCCESS);
    EXPECT_EQ(after - before, 4u) << "one task id for each operation";
    // A part of a block, and the default stream.
    ASSERT_EQ(aclrtCmoAsync(static_cast<char*>(src_) + 64, 128, ACL_RT_CMO_TYPE_PREFETCH, nullptr),
              ACL_SUCCESS)
        << take_recent_error();
    ASSERT_EQ(aclrtMemcpyAsync(dst_, kBytes, src_, kBytes, ACL_MEMCPY_DEVICE_TO_DEVICE, stream()),
              ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeDevice(), ACL_SUCCESS);
    expect_dst(17);
}

TEST_P(CacheMaintenance, OperationWaitsForTheStreamsEarlierWork) {
    Latch latch;
    ASSERT_EQ(aclrtLaunchHostFunc(stream(), Latch::wait_fn, &latch), ACL_SUCCESS);
    ASSERT_EQ(aclrtCmoAsync(src_, kBytes, ACL_RT_CMO_TYPE_PREFETCH, stream()), ACL_SUCCESS);
    aclrtEvent done = nullptr;
    ASSERT_EQ(aclrtCreateEvent(&done), ACL_SUCCESS);
    ASSERT_EQ(aclrtRecordEvent(done, stream()), ACL_SUCCESS);
    aclrtEventRecordedStatus status = ACL_EVENT_RECORDED_STATUS_COMPLETE;
    ASSERT_EQ(aclrtQueryEventStatus(done, &status), ACL_SUCCESS);
    EXPECT_EQ(status, ACL_EVENT_RECORDED_STATUS_NOT_READY) << "held behind the host function";
    latch.release();
    ASSERT_EQ(aclrtSynchronizeEvent(done), ACL_SUCCESS);
    ASSERT_EQ(aclrtQueryEventStatus(done, &status), ACL_SUCCESS);
    EXPECT_EQ(status, ACL_EVENT_RECORDED_STATUS_COMPLETE);
    EXPECT_EQ(aclrtDestroyEvent(done), ACL_SUCCESS);
}

TEST_P(CacheMaintenance, DescriptorNamesTheRangeAndIsCaptured) {
    ASSERT_GT(desc_size_, 0u);
    ASSERT_EQ(aclrtCmoSetDesc(desc_, src_, kBytes), ACL_SUCCESS) << take_recent_error();
    aclrtStream capture = nullptr;
    ASSERT_EQ(aclrtCreateStream(&capture), ACL_SUCCESS);
    ASSERT_EQ(aclmdlRICaptureBegin(capture, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL), ACL_SUCCESS);
    ASSERT_EQ(aclrtCmoAsyncWithDesc(desc_, ACL_RT_CMO_TYPE_PREFETCH, capture, nullptr), ACL_SUCCESS)
        << take_recent_error();
    ASSERT_EQ(aclrtMemcpyAsync(dst_, kBytes, src_, kBytes, ACL_MEMCPY_DEVICE_TO_DEVICE, capture),
              ACL_SUCCESS);
    aclmdlRI model = nullptr;
    ASSERT_EQ(aclmdlRICaptureEnd(capture, &model), ACL_SUCCESS) << take_recent_error();
    uint32_t streams = 1;
    aclrtStream body = nullptr;
    ASSERT_EQ(aclmdlRIGetStreams(model, &body, &streams), ACL_SUCCESS);
    uint32_t tasks = 0;
    ASSERT_EQ(aclmdlRIGetTasksByStream(body, nullptr, &tasks), ACL_SUCCESS);
    EXPECT_EQ(tasks, 2u) << "the prefetch and the copy";
    // Each execution copies what src holds then.
    for (uint32_t seed : {5u, 9u}) {
        fill_src(seed);
        ASSERT_EQ(aclmdlRIExecuteAsync(model, stream()), ACL_SUCCESS) << take_recent_error();
        ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
        expect_dst(seed);
    }
    EXPECT_EQ(aclmdlRIDestroy(model), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyStream(capture), ACL_SUCCESS);
}

TEST_P(CacheMaintenance, RefusesWhatCannRefuses) {
    EXPECT_EQ(aclrtCmoAsync(nullptr, 64, ACL_RT_CMO_TYPE_PREFETCH, stream()),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("src"));
    EXPECT_EQ(aclrtCmoAsync(src_, 0, ACL_RT_CMO_TYPE_PREFETCH, stream()), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("size"));
    EXPECT_EQ(aclrtCmoAsync(src_, 64, static_cast<aclrtCmoType>(4), stream()),
              ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("cmoType"));
    // Past the end of the block, and host memory.
    EXPECT_EQ(aclrtCmoAsync(src_, kBytes + 1, ACL_RT_CMO_TYPE_PREFETCH, stream()),
              ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("src"));
    std::vector<char> host(64);
    EXPECT_EQ(aclrtCmoAsync(host.data(), 64, ACL_RT_CMO_TYPE_FLUSH, stream()),
              ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("device memory"));

    size_t* no_size = nullptr;
    EXPECT_EQ(aclrtCmoGetDescSize(no_size), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("size"));
    EXPECT_EQ(aclrtCmoSetDesc(nullptr, src_, 64), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("cmoDesc"));
    EXPECT_EQ(aclrtCmoSetDesc(host.data(), src_, 64), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("cmoDesc"));
    EXPECT_EQ(aclrtCmoSetDesc(desc_, nullptr, 64), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("src"));
    EXPECT_EQ(aclrtCmoSetDesc(desc_, src_, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("size"));
    EXPECT_EQ(aclrtCmoSetDesc(desc_, src_, kBytes + 4), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("src"));

    // A descriptor never set, a reserved argument, a bad type through a good descriptor.
    ASSERT_EQ(aclrtMemset(desc_, desc_size_, 0, desc_size_), ACL_SUCCESS);
    EXPECT_EQ(aclrtCmoAsyncWithDesc(desc_, ACL_RT_CMO_TYPE_PREFETCH, stream(), nullptr),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("aclrtCmoSetDesc"));
    ASSERT_EQ(aclrtCmoSetDesc(desc_, src_, kBytes), ACL_SUCCESS);
    int reserved = 0;
    EXPECT_EQ(aclrtCmoAsyncWithDesc(desc_, ACL_RT_CMO_TYPE_PREFETCH, stream(), &reserved),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("reserve"));
    EXPECT_EQ(aclrtCmoAsyncWithDesc(desc_, static_cast<aclrtCmoType>(-1), stream(), nullptr),
              ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("cmoType"));
    EXPECT_EQ(aclrtCmoAsyncWithDesc(nullptr, ACL_RT_CMO_TYPE_PREFETCH, stream(), nullptr),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("cmoDesc"));
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
}

TEST_P(CacheMaintenance, BarriersAreRefusedAsOnAnAtlasA2) {
    EXPECT_EQ(aclrtCmoAsyncWithBarrier(src_, 64, ACL_RT_CMO_TYPE_INVALID, 1, stream()),
              ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
    EXPECT_THAT(take_recent_error(), HasSubstr("aclrtCmoAsyncWithBarrier"));
    aclrtBarrierTaskInfo info{};
    info.barrierNum = 1;
    info.cmoInfo[0] = {ACL_RT_CMO_TYPE_INVALID, 1};
    EXPECT_EQ(aclrtCmoWaitBarrier(&info, stream(), 0), ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
    EXPECT_THAT(take_recent_error(), HasSubstr("aclrtCmoWaitBarrier"));
}

ACLEMU_INSTANTIATE_BACKENDS(CacheMaintenance);

}  // namespace
}  // namespace aclemu::test
