// aclrtValueWrite / aclrtValueWait on every backend: the write in stream order, each comparison
// holding its stream until the word satisfies it (GEQ as a signed difference, across
// wrap-around), a satisfied wait passing at once, and every error code.
#include "runtime/runtime_test_util.h"
#include "support/backend_fixture.h"
#include "support/device_tensor.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <thread>

namespace aclemu::test {
namespace {

using ::testing::HasSubstr;

class StreamValues : public BackendTest {
protected:
    void SetUp() override {
        BackendTest::SetUp();
        if (HasFatalFailure() || IsSkipped()) {
            return;
        }
        ASSERT_EQ(aclrtCreateStream(&other_), ACL_SUCCESS);
        word_ = DeviceBuffer(16);
    }
    void TearDown() override {
        if (other_ != nullptr) {
            EXPECT_EQ(aclrtDestroyStream(other_), ACL_SUCCESS);
        }
        word_ = DeviceBuffer();
        BackendTest::TearDown();
    }
    void store(uint64_t value) { ASSERT_TRUE(word_.upload(&value, sizeof value)); }
    uint64_t load() {
        uint64_t value = 0;
        EXPECT_TRUE(word_.download(&value, sizeof value));
        return value;
    }

    aclrtStream other_ = nullptr;
    DeviceBuffer word_;
};

TEST_P(StreamValues, WriteLandsInStreamOrder) {
    store(0);
    Latch latch;
    ASSERT_EQ(aclrtLaunchHostFunc(stream(), Latch::wait_fn, &latch), ACL_SUCCESS);
    ASSERT_EQ(aclrtValueWrite(word_.get(), 0x1122334455667788ull, 0, stream()), ACL_SUCCESS);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    EXPECT_EQ(load(), 0u) << "written before the stream reached the write";
    latch.release();
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    EXPECT_EQ(load(), 0x1122334455667788ull);
}

struct WaitCase {
    uint32_t flag;
    uint64_t initial, value, releasing;
};

TEST_P(StreamValues, EachComparisonHoldsTheStreamUntilItHolds) {
    const WaitCase cases[] = {
        // GEQ is (int64)(*addr - value) >= 0: a huge unsigned word is "before" 5.
        {ACL_STREAM_WAIT_VALUE_GEQ, 0xFFFFFFFFFFFFFFF0ull, 5, 6},
        {ACL_STREAM_WAIT_VALUE_GEQ, 4, 10, 10},
        {ACL_STREAM_WAIT_VALUE_EQ, 0, 42, 42},
        {ACL_STREAM_WAIT_VALUE_AND, 0x0F0, 0x100, 0x1F0},
        {ACL_STREAM_WAIT_VALUE_NOR, ~uint64_t{0}, 0, 0x7},
    };
    for (const WaitCase& c : cases) {
        store(c.initial);
        std::atomic<bool> passed{false};
        ASSERT_EQ(aclrtValueWait(word_.get(), c.value, c.flag, other_), ACL_SUCCESS)
            << take_recent_error();
        ASSERT_EQ(aclrtLaunchHostFunc(other_, set_flag_fn, &passed), ACL_SUCCESS);
        std::this_thread::sleep_for(std::chrono::milliseconds(30));
        EXPECT_FALSE(passed.load()) << "flag " << c.flag << " passed at " << c.initial;
        ASSERT_EQ(aclrtValueWrite(word_.get(), c.releasing, 0, stream()), ACL_SUCCESS);
        ASSERT_EQ(aclrtSynchronizeStreamWithTimeout(other_, 10000), ACL_SUCCESS)
            << "flag " << c.flag;
        EXPECT_TRUE(passed.load());
        ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    }
}

TEST_P(StreamValues, ASatisfiedWaitPassesAtOnce) {
    store(7);
    ASSERT_EQ(aclrtValueWait(word_.get(), 7, ACL_STREAM_WAIT_VALUE_EQ, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtValueWait(word_.get(), 3, ACL_STREAM_WAIT_VALUE_GEQ, nullptr), ACL_SUCCESS);
    EXPECT_EQ(aclrtSynchronizeStreamWithTimeout(stream(), 10000), ACL_SUCCESS);
    EXPECT_EQ(aclrtSynchronizeStreamWithTimeout(nullptr, 10000), ACL_SUCCESS);
}

TEST_P(StreamValues, ErrorPaths) {
    take_recent_error();
    EXPECT_EQ(aclrtValueWrite(nullptr, 1, 0, stream()), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("[devAddr]"));
    EXPECT_EQ(aclrtValueWait(nullptr, 1, 0, stream()), ACL_ERROR_INVALID_PARAM);
    auto* base = static_cast<uint8_t*>(word_.get());
    EXPECT_EQ(aclrtValueWrite(base + 4, 1, 0, stream()), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("8-byte aligned"));
    EXPECT_EQ(aclrtValueWait(base + 4, 1, 0, stream()), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("8-byte aligned"));
    DeviceBuffer twelve(12);  // a word at +8 would run past the block's end
    EXPECT_EQ(aclrtValueWrite(static_cast<uint8_t*>(twelve.get()) + 8, 1, 0, stream()),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("8 bytes of device memory"));
    alignas(8) uint64_t host = 0;
    EXPECT_EQ(aclrtValueWait(&host, 1, 0, stream()), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("device memory"));
    EXPECT_EQ(aclrtValueWrite(word_.get(), 1, 1, stream()), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("[flag]"));
    EXPECT_EQ(aclrtValueWait(word_.get(), 1, 4, stream()), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("[flag]"));
    int not_a_stream = 0;
    EXPECT_EQ(aclrtValueWrite(word_.get(), 1, 0, &not_a_stream), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("not a live stream"));
}

TEST_P(StreamValues, WaitModeValuesAreCanns) {
    EXPECT_EQ(ACL_STREAM_WAIT_VALUE_GEQ, 0);
    EXPECT_EQ(ACL_STREAM_WAIT_VALUE_EQ, 1);
    EXPECT_EQ(ACL_STREAM_WAIT_VALUE_AND, 2);
    EXPECT_EQ(ACL_STREAM_WAIT_VALUE_NOR, 3);
}

ACLEMU_INSTANTIATE_BACKENDS(StreamValues);

}  // namespace
}  // namespace aclemu::test
