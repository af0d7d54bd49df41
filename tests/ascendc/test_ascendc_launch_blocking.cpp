// Kernel launch blocking (ctest ascendc_launch_blocking_<backend>, and _env with
// ASCEND_RT_LAUNCH_BLOCKING=1): the stream attribute ACL_STREAM_LAUNCH_BLOCKING_MODE, the
// non-blocking sections, and the environment's default, on the kernels of symbol_kernels.cpp.
// A launch is held behind a notify the test releases: a launch that does not block leaves its
// stream not ready until the release; one that blocks returns only after the kernel ran, so its
// stream is complete and the table written when the call returns. Nothing is timed.
#include "device_test_fixture.h"
#include "symbol_kernels.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

namespace {

bool environment_blocks() {
    const char* value = std::getenv("ASCEND_RT_LAUNCH_BLOCKING");
    return value != nullptr && std::strcmp(value, "1") == 0;
}

class LaunchBlocking : public DeviceFixture {
protected:
    void SetUp() override {
        DeviceFixture::SetUp();
        ASSERT_EQ(aclrtCreateStream(&gate_stream_), ACL_SUCCESS);
        ASSERT_EQ(aclrtCreateNotify(&gate_, 0), ACL_SUCCESS);
        ASSERT_EQ(aclrtGetCurrentContext(&context_), ACL_SUCCESS);
        ASSERT_EQ(aclrtGetFuncBySymbol(add_to_table_kernel(), &add_), ACL_SUCCESS);
        reset_table();
    }
    void TearDown() override {
        aclrtSynchronizeStream(stream_);
        aclrtDestroyNotify(gate_);
        aclrtDestroyStream(gate_stream_);
        DeviceFixture::TearDown();
    }

    void reset_table() {
        const std::vector<int32_t> zeros(kSymbolTableSize, 0);
        ASSERT_EQ(aclrtMemcpyToSymbol(table_symbol(),
                                      zeros.data(),
                                      zeros.size() * sizeof(int32_t),
                                      0,
                                      ACL_MEMCPY_DEFAULT),
                  ACL_SUCCESS);
    }
    int32_t table_at(int index) {
        int32_t value = -1;
        EXPECT_EQ(aclrtMemcpyFromSymbol(&value,
                                        sizeof(value),
                                        table_symbol(),
                                        sizeof(value),
                                        index * sizeof(int32_t),
                                        ACL_MEMCPY_DEFAULT),
                  ACL_SUCCESS);
        return value;
    }
    void set_mode(uint32_t mode) {
        aclrtStreamAttrValue value{};
        value.launchBlockingMode = mode;
        ASSERT_EQ(aclrtSetStreamAttribute(stream_, ACL_STREAM_LAUNCH_BLOCKING_MODE, &value),
                  ACL_SUCCESS);
    }
    void hold_stream() {
        ASSERT_EQ(aclrtWaitAndResetNotify(gate_, stream_, 0), ACL_SUCCESS) << recent_message();
    }
    // Releases the held stream from another thread, as a device would be released by another
    // stream's work while this thread is inside a blocking launch.
    std::thread release_later() {
        return std::thread([this] {
            aclrtSetCurrentContext(context_);
            aclrtRecordNotify(gate_, gate_stream_);
            aclrtSynchronizeStream(gate_stream_);
        });
    }
    aclError launch_add(int32_t amount) {
        void* args[] = {&amount};
        return aclrtLaunchKernelWithArgsArray(add_, 1, stream_, nullptr, args);
    }
    aclrtStreamStatus status() {
        aclrtStreamStatus s = ACL_STREAM_STATUS_RESERVED;
        EXPECT_EQ(aclrtStreamQuery(stream_, &s), ACL_SUCCESS);
        return s;
    }

    // A launch that must not block: the stream stays held until released.
    void expect_launch_returns_early() {
        hold_stream();
        ASSERT_EQ(launch_add(5), ACL_SUCCESS) << recent_message();
        EXPECT_EQ(status(), ACL_STREAM_STATUS_NOT_READY);
        std::thread release = release_later();
        release.join();
        ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
        EXPECT_EQ(table_at(0), 5);
    }
    // A launch that must block: it returns once the other thread released the stream and the
    // kernel ran.
    void expect_launch_waits() {
        hold_stream();
        std::thread release = release_later();
        ASSERT_EQ(launch_add(9), ACL_SUCCESS) << recent_message();
        EXPECT_EQ(status(), ACL_STREAM_STATUS_COMPLETE);
        EXPECT_EQ(table_at(3), 9);
        release.join();
    }

    aclrtStream gate_stream_ = nullptr;
    aclrtNotify gate_ = nullptr;
    aclrtContext context_ = nullptr;
    aclrtFuncHandle add_ = nullptr;
};

TEST_F(LaunchBlocking, TheDefaultModeFollowsTheEnvironment) {
    aclrtStreamAttrValue value{};
    value.reserve[0] = 77;
    ASSERT_EQ(aclrtGetStreamAttribute(stream_, ACL_STREAM_LAUNCH_BLOCKING_MODE, &value),
              ACL_SUCCESS);
    EXPECT_EQ(value.launchBlockingMode, ACL_STREAM_LAUNCH_BLOCKING_MODE_CTRL_BY_ENV);
    if (environment_blocks()) {
        expect_launch_waits();
    } else {
        expect_launch_returns_early();
    }
}

TEST_F(LaunchBlocking, TheStreamsModeOverridesTheEnvironment) {
    set_mode(ACL_STREAM_LAUNCH_BLOCKING_MODE_BLOCKING);
    expect_launch_waits();
    reset_table();
    set_mode(ACL_STREAM_LAUNCH_BLOCKING_MODE_NON_BLOCKING);
    expect_launch_returns_early();
    aclrtStreamAttrValue value{};
    ASSERT_EQ(aclrtGetStreamAttribute(stream_, ACL_STREAM_LAUNCH_BLOCKING_MODE, &value),
              ACL_SUCCESS);
    EXPECT_EQ(value.launchBlockingMode, ACL_STREAM_LAUNCH_BLOCKING_MODE_NON_BLOCKING);
}

TEST_F(LaunchBlocking, TheTripleChevronLaunchFollowsTheModeToo) {
    set_mode(ACL_STREAM_LAUNCH_BLOCKING_MODE_BLOCKING);
    const float scale = 2.0f;
    ASSERT_EQ(aclrtMemcpyToSymbol(scale_symbol(), &scale, sizeof(scale), 0, ACL_MEMCPY_DEFAULT),
              ACL_SUCCESS);
    const std::vector<int32_t> in(kSymbolTableSize, 21);
    void* input = to_device(in);
    void* out = to_device(std::vector<float>(kSymbolTableSize, 0.0f));
    hold_stream();
    std::thread release = release_later();
    ASSERT_EQ(
        launch_scale_into(2, stream_, static_cast<float*>(out), static_cast<const int32_t*>(input)),
        0u);
    EXPECT_EQ(status(), ACL_STREAM_STATUS_COMPLETE);
    release.join();
    EXPECT_EQ(to_host<float>(out, 1)[0], 42.0f);
}

TEST_F(LaunchBlocking, NestedSectionsLaunchWithoutWaitingAndTheOutermostEndWaits) {
    set_mode(ACL_STREAM_LAUNCH_BLOCKING_MODE_BLOCKING);
    ASSERT_EQ(aclrtNonBlockingLaunchBegin(stream_, 0), ACL_SUCCESS);
    ASSERT_EQ(aclrtNonBlockingLaunchBegin(stream_, 0), ACL_SUCCESS);
    hold_stream();
    ASSERT_EQ(launch_add(1), ACL_SUCCESS);
    ASSERT_EQ(launch_add(2), ACL_SUCCESS);
    EXPECT_EQ(status(), ACL_STREAM_STATUS_NOT_READY);
    ASSERT_EQ(aclrtNonBlockingLaunchEnd(stream_, 0), ACL_SUCCESS);
    EXPECT_EQ(status(), ACL_STREAM_STATUS_NOT_READY) << "an inner end does not wait";
    std::thread release = release_later();
    ASSERT_EQ(aclrtNonBlockingLaunchEnd(stream_, 0), ACL_SUCCESS);
    EXPECT_EQ(status(), ACL_STREAM_STATUS_COMPLETE) << "the outermost end waits";
    release.join();
    EXPECT_EQ(table_at(0), 3);
    // After the sections, launches block again.
    reset_table();
    expect_launch_waits();
}

TEST_F(LaunchBlocking, TheOtherAttributesReadBackWhatWasSet) {
    aclrtStreamAttrValue value{};
    value.failureMode = ACL_STOP_ON_FAILURE;
    ASSERT_EQ(aclrtSetStreamAttribute(stream_, ACL_STREAM_ATTR_FAILURE_MODE, &value), ACL_SUCCESS);
    value = {};
    value.userCustomTag = 0xABCDu;
    ASSERT_EQ(aclrtSetStreamAttribute(stream_, ACL_STREAM_ATTR_USER_CUSTOM_TAG, &value),
              ACL_SUCCESS);
    value = {};
    value.cacheOpInfoSwitch = 1;
    ASSERT_EQ(aclrtSetStreamAttribute(stream_, ACL_STREAM_ATTR_CACHE_OP_INFO, &value), ACL_SUCCESS);
    value = {};
    value.overflowSwitch = 1;
    ASSERT_EQ(aclrtSetStreamAttribute(stream_, ACL_STREAM_ATTR_FLOAT_OVERFLOW_CHECK, &value),
              ACL_SUCCESS);

    aclrtStreamAttrValue read{};
    ASSERT_EQ(aclrtGetStreamAttribute(stream_, ACL_STREAM_ATTR_FAILURE_MODE, &read), ACL_SUCCESS);
    EXPECT_EQ(read.failureMode, uint64_t{ACL_STOP_ON_FAILURE});
    ASSERT_EQ(aclrtGetStreamAttribute(stream_, ACL_STREAM_ATTR_USER_CUSTOM_TAG, &read),
              ACL_SUCCESS);
    EXPECT_EQ(read.userCustomTag, 0xABCDu);
    ASSERT_EQ(aclrtGetStreamAttribute(stream_, ACL_STREAM_ATTR_CACHE_OP_INFO, &read), ACL_SUCCESS);
    EXPECT_EQ(read.cacheOpInfoSwitch, 1u);
    ASSERT_EQ(aclrtGetStreamAttribute(stream_, ACL_STREAM_ATTR_FLOAT_OVERFLOW_CHECK, &read),
              ACL_SUCCESS);
    EXPECT_EQ(read.overflowSwitch, 1u);
    uint32_t switch_flag = 0;
    ASSERT_EQ(aclrtGetStreamOverflowSwitch(stream_, &switch_flag), ACL_SUCCESS);
    EXPECT_EQ(switch_flag, 1u) << "the attribute is the overflow switch";
    ASSERT_EQ(aclrtGetStreamAttribute(stream_, ACL_STREAM_ATTR_PRIORITY, &read), ACL_SUCCESS);
    uint32_t priority = 99;
    ASSERT_EQ(aclrtStreamGetPriority(stream_, &priority), ACL_SUCCESS);
    EXPECT_EQ(read.streamPriority, priority);
    // The default stream (NULL) has attributes too.
    ASSERT_EQ(aclrtGetStreamAttribute(nullptr, ACL_STREAM_LAUNCH_BLOCKING_MODE, &read),
              ACL_SUCCESS);
    EXPECT_EQ(read.launchBlockingMode, ACL_STREAM_LAUNCH_BLOCKING_MODE_CTRL_BY_ENV);
}

TEST_F(LaunchBlocking, BadInputIsRefusedNamingTheParameter) {
    aclrtStreamAttrValue value{};
    EXPECT_EQ(aclrtSetStreamAttribute(stream_, ACL_STREAM_LAUNCH_BLOCKING_MODE, nullptr),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("value");
    EXPECT_EQ(aclrtGetStreamAttribute(stream_, ACL_STREAM_LAUNCH_BLOCKING_MODE, nullptr),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("value");
    EXPECT_EQ(aclrtSetStreamAttribute(stream_, static_cast<aclrtStreamAttr>(99), &value),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("stmAttrType");
    EXPECT_EQ(aclrtGetStreamAttribute(stream_, static_cast<aclrtStreamAttr>(0), &value),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("stmAttrType");
    value.launchBlockingMode = 3;
    EXPECT_EQ(aclrtSetStreamAttribute(stream_, ACL_STREAM_LAUNCH_BLOCKING_MODE, &value),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("value.launchBlockingMode");
    value = {};
    value.failureMode = 2;
    EXPECT_EQ(aclrtSetStreamAttribute(stream_, ACL_STREAM_ATTR_FAILURE_MODE, &value),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("value.failureMode");
    value = {};
    value.streamPriority = 1;
    EXPECT_EQ(aclrtSetStreamAttribute(stream_, ACL_STREAM_ATTR_PRIORITY, &value),
              ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
    EXPECT_MESSAGE_HAS("ACL_STREAM_ATTR_PRIORITY");
    int not_a_stream = 0;
    EXPECT_EQ(aclrtSetStreamAttribute(&not_a_stream, ACL_STREAM_LAUNCH_BLOCKING_MODE, &value),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("stream");

    EXPECT_EQ(aclrtNonBlockingLaunchEnd(stream_, 0), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_MESSAGE_HAS("no non-blocking launch section");
    EXPECT_EQ(aclrtNonBlockingLaunchBegin(stream_, 1), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("flags");
    EXPECT_EQ(aclrtNonBlockingLaunchEnd(stream_, 1), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("flags");
    EXPECT_EQ(aclrtNonBlockingLaunchBegin(&not_a_stream, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("stream");
}

}  // namespace
