// Floating-point overflow on every backend: INFNAN is the only mode (SATURATION is refused),
// the stream switch, and the device's overflow status as aclemu's built-in tasks report it (a
// SUM of finite values that overflows, a normal draw that does) only while the switch is on,
// its reset, and every error code.
#include "runtime/runtime_test_util.h"
#include "support/backend_fixture.h"
#include "support/device_tensor.h"
#include "support/reference_dtype.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

namespace aclemu::test {
namespace {

using ::testing::HasSubstr;

class Overflow : public BackendTest {
protected:
    void SetUp() override {
        BackendTest::SetUp();
        if (HasFatalFailure() || IsSkipped()) {
            return;
        }
        status_ = DeviceBuffer(64);
        const std::vector<uint8_t> junk(64, 0xEE);
        ASSERT_TRUE(status_.upload(junk.data(), junk.size()));
    }
    void TearDown() override {
        status_ = DeviceBuffer();
        BackendTest::TearDown();
    }

    // The 64 bytes aclrtGetOverflowStatus copies out.
    std::vector<uint8_t> status() {
        EXPECT_EQ(aclrtGetOverflowStatus(status_.get(), 64, stream()), ACL_SUCCESS)
            << take_recent_error();
        EXPECT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
        std::vector<uint8_t> bytes(64);
        EXPECT_TRUE(status_.download(bytes.data(), bytes.size()));
        return bytes;
    }
    uint32_t flag() {
        const auto bytes = status();
        uint32_t word;
        std::memcpy(&word, bytes.data(), 4);
        for (size_t i = 4; i < bytes.size(); ++i) {
            EXPECT_EQ(bytes[i], 0) << "byte " << i;
        }
        return word;
    }

    // fp16 dst + src on the stream.
    void half_sum(double a, double b) {
        const uint16_t x = half_bits(a), y = half_bits(b);
        DeviceBuffer d(2), s(2);
        ASSERT_TRUE(d.upload(&x, 2));
        ASSERT_TRUE(s.upload(&y, 2));
        ASSERT_EQ(aclrtReduceAsync(d.get(),
                                   s.get(),
                                   2,
                                   ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM,
                                   ACL_FLOAT16,
                                   stream(),
                                   nullptr),
                  ACL_SUCCESS);
        ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    }

    DeviceBuffer status_;
};

TEST_P(Overflow, InfNanIsTheOnlyMode) {
    aclrtFloatOverflowMode mode = ACL_RT_OVERFLOW_MODE_UNDEF;
    ASSERT_EQ(aclrtGetDeviceSatMode(&mode), ACL_SUCCESS);
    EXPECT_EQ(mode, ACL_RT_OVERFLOW_MODE_INFNAN);
    EXPECT_EQ(aclrtSetDeviceSatMode(ACL_RT_OVERFLOW_MODE_INFNAN), ACL_SUCCESS);
    take_recent_error();
    EXPECT_EQ(aclrtSetDeviceSatMode(ACL_RT_OVERFLOW_MODE_SATURATION),
              ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
    EXPECT_THAT(take_recent_error(), HasSubstr("cannot saturate"));
    EXPECT_EQ(aclrtSetDeviceSatMode(ACL_RT_OVERFLOW_MODE_UNDEF), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("[mode]"));
    ASSERT_EQ(aclrtGetDeviceSatMode(&mode), ACL_SUCCESS);
    EXPECT_EQ(mode, ACL_RT_OVERFLOW_MODE_INFNAN);
    EXPECT_EQ(aclrtGetDeviceSatMode(nullptr), ACL_ERROR_INVALID_PARAM);
}

TEST_P(Overflow, SwitchDefaultsOffAndToggles) {
    uint32_t on = 7;
    ASSERT_EQ(aclrtGetStreamOverflowSwitch(stream(), &on), ACL_SUCCESS);
    EXPECT_EQ(on, 0u);
    ASSERT_EQ(aclrtSetStreamOverflowSwitch(stream(), 1), ACL_SUCCESS);
    ASSERT_EQ(aclrtGetStreamOverflowSwitch(stream(), &on), ACL_SUCCESS);
    EXPECT_EQ(on, 1u);
    ASSERT_EQ(aclrtGetStreamOverflowSwitch(nullptr, &on), ACL_SUCCESS);
    EXPECT_EQ(on, 0u) << "the default stream has its own switch";
    ASSERT_EQ(aclrtSetStreamOverflowSwitch(stream(), 0), ACL_SUCCESS);
    ASSERT_EQ(aclrtGetStreamOverflowSwitch(stream(), &on), ACL_SUCCESS);
    EXPECT_EQ(on, 0u);
    take_recent_error();
    EXPECT_EQ(aclrtSetStreamOverflowSwitch(stream(), 2), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("[flag]"));
    EXPECT_EQ(aclrtGetStreamOverflowSwitch(stream(), nullptr), ACL_ERROR_INVALID_PARAM);
    int not_a_stream = 0;
    EXPECT_EQ(aclrtSetStreamOverflowSwitch(&not_a_stream, 1), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("not a live stream"));
}

TEST_P(Overflow, ReduceOverflowIsReportedWhileTheSwitchIsOn) {
    EXPECT_EQ(flag(), 0u) << "clear before anything ran";
    half_sum(65504.0, 65504.0);  // overflows fp16, switch off
    EXPECT_EQ(flag(), 0u);
    ASSERT_EQ(aclrtSetStreamOverflowSwitch(stream(), 1), ACL_SUCCESS);
    half_sum(1.0, 2.0);
    half_sum(std::numeric_limits<double>::infinity(), 1.0);  // inf in, not an overflow
    EXPECT_EQ(flag(), 0u);
    half_sum(65504.0, 65504.0);
    EXPECT_EQ(flag(), 1u);
    ASSERT_EQ(aclrtResetOverflowStatus(stream()), ACL_SUCCESS);
    EXPECT_EQ(flag(), 0u);
}

TEST_P(Overflow, RandomOverflowIsReported) {
    ASSERT_EQ(aclrtSetStreamOverflowSwitch(stream(), 1), ACL_SUCCESS);
    DeviceBuffer counter(16), out(4096 * 4);
    const uint64_t words[2] = {0, 0};
    ASSERT_TRUE(counter.upload(words, sizeof words));
    aclrtRandomNumTaskInfo task;
    std::memset(&task, 0, sizeof task);
    task.dataType = ACL_FLOAT;
    task.randomNumFuncParaInfo.funcType = ACL_RT_RANDOM_NUM_FUNC_TYPE_NORMAL_DIS;
    const float mean = 0.0f, stddev = 3e38f;  // |z| > 1.14 overflows
    auto& info = task.randomNumFuncParaInfo.paramInfo.normalDisInfo;
    std::memcpy(info.mean.valueOrAddr, &mean, 4);
    info.mean.size = 4;
    std::memcpy(info.stddev.valueOrAddr, &stddev, 4);
    info.stddev.size = 4;
    const uint64_t seed = 1, count = 4096;
    std::memcpy(task.randomSeed.valueOrAddr, &seed, 8);
    task.randomSeed.size = 8;
    std::memcpy(task.randomNum.valueOrAddr, &count, 8);
    task.randomNum.size = 8;
    task.randomResultAddr = out.get();
    task.randomCounterAddr = counter.get();
    ASSERT_EQ(aclrtRandomNumAsync(&task, stream(), nullptr), ACL_SUCCESS) << take_recent_error();
    EXPECT_EQ(flag(), 1u);
}

TEST_P(Overflow, StatusErrorPaths) {
    take_recent_error();
    EXPECT_EQ(aclrtGetOverflowStatus(nullptr, 64, stream()), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("[outputAddr]"));
    EXPECT_EQ(aclrtGetOverflowStatus(status_.get(), 32, stream()), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("[outputSize]"));
    uint8_t host[64];
    EXPECT_EQ(aclrtGetOverflowStatus(host, 64, stream()), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("device memory"));
    int not_a_stream = 0;
    EXPECT_EQ(aclrtResetOverflowStatus(&not_a_stream), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtResetOverflowStatus(stream()), ACL_SUCCESS) << "nothing to reset is fine";
}

ACLEMU_INSTANTIATE_BACKENDS(Overflow);

TEST(OverflowWithoutDevice, NeedsACurrentDevice) {
    RuntimeSession session("cpu");
    ASSERT_EQ(session.init_result, ACL_SUCCESS);
    aclrtFloatOverflowMode mode;
    EXPECT_EQ(aclrtGetDeviceSatMode(&mode), ACL_ERROR_RT_CONTEXT_NULL);
    EXPECT_EQ(aclrtSetDeviceSatMode(ACL_RT_OVERFLOW_MODE_INFNAN), ACL_ERROR_RT_CONTEXT_NULL);
}

}  // namespace
}  // namespace aclemu::test
