// Devices and contexts on the CPU backend (ACLEMU_CPU_DEVICE_COUNT fakes several devices):
// counts, ASCEND_RT_VISIBLE_DEVICES, set/reset reference counting, threads sharing a device's
// default context, explicit contexts, system parameters, SoC name and capabilities (more in
// test_device_info.cpp and test_device_resources.cpp).
#include "runtime/runtime_test_util.h"
#include "support/c_enum_calls.h"
#include "support/stdout_capture.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <string>
#include <thread>

namespace aclemu::test {
namespace {

using ::testing::HasSubstr;

uint32_t device_count() {
    uint32_t count = 12345;
    EXPECT_EQ(aclrtGetDeviceCount(&count), ACL_SUCCESS) << take_recent_error();
    return count;
}

TEST(Devices, DefaultCountAndNullArgument) {
    ScopedEnv fake("ACLEMU_CPU_DEVICE_COUNT", nullptr);
    ScopedEnv visible("ASCEND_RT_VISIBLE_DEVICES", nullptr);
    RuntimeSession session("cpu");
    ASSERT_EQ(session.init_result, ACL_SUCCESS);
    EXPECT_EQ(device_count(), 1u);
    EXPECT_EQ(aclrtGetDeviceCount(nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("EH0002: Argument [count] must not be null."));
}

TEST(Devices, SetGetResetAndInvalidIds) {
    ScopedEnv fake("ACLEMU_CPU_DEVICE_COUNT", "2");
    ScopedEnv visible("ASCEND_RT_VISIBLE_DEVICES", nullptr);
    RuntimeSession session("cpu");
    ASSERT_EQ(session.init_result, ACL_SUCCESS);
    int32_t device = -1;
    take_recent_error();
    EXPECT_EQ(aclrtGetDevice(&device), ACL_ERROR_RT_CONTEXT_NULL);
    EXPECT_THAT(take_recent_error(), HasSubstr("has no current context; call aclrtSetDevice"));
    EXPECT_EQ(aclrtGetDevice(nullptr), ACL_ERROR_INVALID_PARAM);

    EXPECT_EQ(aclrtSetDevice(2), ACL_ERROR_RT_INVALID_DEVICEID);
    EXPECT_THAT(
        take_recent_error(),
        HasSubstr(
            "EH0001: Value [2] for parameter [deviceId] is invalid. Reason: must be in [0, 2)"));
    EXPECT_EQ(aclrtSetDevice(-1), ACL_ERROR_RT_INVALID_DEVICEID);
    EXPECT_EQ(aclrtResetDevice(7), ACL_ERROR_RT_INVALID_DEVICEID);
    EXPECT_EQ(aclrtResetDeviceForce(-3), ACL_ERROR_RT_INVALID_DEVICEID);

    ASSERT_EQ(aclrtSetDevice(1), ACL_SUCCESS);
    ASSERT_EQ(aclrtGetDevice(&device), ACL_SUCCESS);
    EXPECT_EQ(device, 1);
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    ASSERT_EQ(aclrtGetDevice(&device), ACL_SUCCESS);
    EXPECT_EQ(device, 0);
    EXPECT_EQ(aclrtResetDevice(1), ACL_SUCCESS);
    EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
    EXPECT_EQ(aclrtGetDevice(&device), ACL_ERROR_RT_CONTEXT_NULL);
    EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);  // not set: nothing to do
}

TEST(Devices, SetDeviceIsReferenceCounted) {
    RuntimeSession session("cpu");
    ASSERT_EQ(session.init_result, ACL_SUCCESS);
    int32_t device = -1;
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
    ASSERT_EQ(aclrtGetDevice(&device), ACL_SUCCESS);  // one reference left
    void* ptr = nullptr;
    ASSERT_EQ(aclrtMalloc(&ptr, 16, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    EXPECT_EQ(aclrtFree(ptr), ACL_SUCCESS);
    EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
    EXPECT_EQ(aclrtGetDevice(&device), ACL_ERROR_RT_CONTEXT_NULL);

    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    EXPECT_EQ(aclrtResetDeviceForce(0), ACL_SUCCESS);  // drops every reference
    EXPECT_EQ(aclrtGetDevice(&device), ACL_ERROR_RT_CONTEXT_NULL);
}

TEST(Devices, ResetReleasesTheDefaultContextAndItsStreams) {
    RuntimeSession session("cpu");
    ASSERT_EQ(session.init_result, ACL_SUCCESS);
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    aclrtStream stream = nullptr;
    ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
    int sleep_ms = 20;
    std::atomic<bool> ran{false};
    ASSERT_EQ(aclrtLaunchHostFunc(stream, sleep_fn, &sleep_ms), ACL_SUCCESS);
    ASSERT_EQ(aclrtLaunchHostFunc(stream, set_flag_fn, &ran), ACL_SUCCESS);
    ASSERT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
    EXPECT_TRUE(ran.load());  // pending work ran before the stream went away
    EXPECT_EQ(aclrtDestroyStream(stream), ACL_ERROR_INVALID_PARAM);
}

TEST(Devices, ThreadsShareTheDefaultContext) {
    RuntimeSession session("cpu");
    ASSERT_EQ(session.init_result, ACL_SUCCESS);
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    aclrtContext main_context = nullptr;
    ASSERT_EQ(aclrtGetCurrentContext(&main_context), ACL_SUCCESS);

    aclError before = ACL_SUCCESS, set = ACL_ERROR_INTERNAL_ERROR;
    aclrtContext thread_context = nullptr;
    std::thread worker([&] {
        int32_t device = 0;
        before = aclrtGetDevice(&device);  // a new thread has no device
        set = aclrtSetDevice(0);
        aclrtGetCurrentContext(&thread_context);
        aclrtResetDevice(0);
    });
    worker.join();
    EXPECT_EQ(before, ACL_ERROR_RT_CONTEXT_NULL);
    EXPECT_EQ(set, ACL_SUCCESS);
    EXPECT_EQ(thread_context, main_context);
    int32_t device = -1;
    EXPECT_EQ(aclrtGetDevice(&device), ACL_SUCCESS);  // the main thread's reference remains
    EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
}

TEST(Devices, VisibleDevicesMapLogicalToPhysical) {
    ScopedEnv fake("ACLEMU_CPU_DEVICE_COUNT", "4");
    ScopedEnv stdout_log("ASCEND_LOG_PRINT_TO_STDOUT", "1");
    ScopedEnv level("ASCEND_GLOBAL_LOG_LEVEL", "1");
    struct Case {
        const char* list;
        uint32_t count;
        const char* mapping;
    };
    const Case cases[] = {
        {nullptr, 4, "[0,1,2,3]"},
        {"2,3", 2, "[2,3]"},
        {"3, 0", 2, "[3,0]"},
        {"1,x,2", 1, "[1]"},  // the list ends at the first invalid entry
        {"1,1,2", 1, "[1]"},  // ... or at a repeated one
        {"4", 0, "[]"},       // out of range
        {"", 0, "[]"},        // set but empty: nothing visible
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.list != nullptr ? c.list : "(unset)");
        ScopedEnv visible("ASCEND_RT_VISIBLE_DEVICES", c.list);
        RuntimeSession session("cpu");
        ASSERT_EQ(session.init_result, ACL_SUCCESS);
        StdoutCapture capture;
        uint32_t count = device_count();
        std::string log = capture.finish();
        EXPECT_EQ(count, c.count);
        EXPECT_THAT(
            log,
            HasSubstr(std::string("4 physical device(s), visible (logical order) ") + c.mapping));
        for (uint32_t d = 0; d < c.count; ++d) {
            EXPECT_EQ(aclrtSetDevice(static_cast<int32_t>(d)), ACL_SUCCESS);
            EXPECT_EQ(aclrtResetDevice(static_cast<int32_t>(d)), ACL_SUCCESS);
        }
        EXPECT_EQ(aclrtSetDevice(static_cast<int32_t>(c.count)), ACL_ERROR_RT_INVALID_DEVICEID);
    }
}

TEST(Devices, InvalidFakeDeviceCountFallsBackToOne) {
    ScopedEnv fake("ACLEMU_CPU_DEVICE_COUNT", "zero");
    ScopedEnv visible("ASCEND_RT_VISIBLE_DEVICES", nullptr);
    RuntimeSession session("cpu");
    ASSERT_EQ(session.init_result, ACL_SUCCESS);
    EXPECT_EQ(device_count(), 1u);
}

TEST(Devices, SocNameCapabilityAndPeerAccess) {
    ScopedEnv fake("ACLEMU_CPU_DEVICE_COUNT", "2");
    ScopedEnv visible("ASCEND_RT_VISIBLE_DEVICES", nullptr);
    ScopedEnv threads("ACLEMU_CPU_THREADS", "3");
    RuntimeSession session("cpu");
    ASSERT_EQ(session.init_result, ACL_SUCCESS);
    const char* soc = aclrtGetSocName();
    ASSERT_NE(soc, nullptr);
    EXPECT_STREQ(soc, "Ascend910B_aclemu_cpu");

    int64_t value = 0;
    ASSERT_EQ(aclGetDeviceCapability(0, ACL_DEVICE_INFO_AI_CORE_NUM, &value), ACL_SUCCESS);
    EXPECT_EQ(value, 24) << "the emulated SoC's, not ACLEMU_CPU_THREADS";
    ASSERT_EQ(aclGetDeviceCapability(1, ACL_DEVICE_INFO_VECTOR_CORE_NUM, &value), ACL_SUCCESS);
    EXPECT_EQ(value, 48);
    EXPECT_EQ(aclGetDeviceCapability(2, ACL_DEVICE_INFO_AI_CORE_NUM, &value),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("Value [2] for parameter [deviceId] is invalid"));
    EXPECT_EQ(aclGetDeviceCapability(0, static_cast<aclDeviceInfo>(3), &value),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclGetDeviceCapability(0, ACL_DEVICE_INFO_AI_CORE_NUM, nullptr),
              ACL_ERROR_INVALID_PARAM);

    int32_t can = -1;
    ASSERT_EQ(aclrtDeviceCanAccessPeer(&can, 0, 1), ACL_SUCCESS);
    EXPECT_EQ(can, 1) << "the CPU backend's devices share host memory";
    EXPECT_EQ(aclrtDeviceCanAccessPeer(&can, 0, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtDeviceCanAccessPeer(&can, 0, 5), ACL_ERROR_RT_INVALID_DEVICEID);
    EXPECT_EQ(aclrtDeviceCanAccessPeer(nullptr, 0, 1), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtSetOpWaitTimeout(10), ACL_SUCCESS);
    EXPECT_EQ(aclrtSetOpExecuteTimeOut(10), ACL_SUCCESS);
}

// The operator execution timeout is aligned up to whole intervals (1..254 of them), 0 asking for
// the largest; the expectations are computed here in double precision from the interval.
TEST(Devices, OpExecuteTimeoutAlignsToTheInterval) {
    for (const char* backend : {"cpu", "gpusim"}) {
        SCOPED_TRACE(backend);
        RuntimeSession session(backend);
        ASSERT_EQ(session.init_result, ACL_SUCCESS);
        uint64_t interval = 0;
        ASSERT_EQ(aclrtGetOpTimeOutInterval(&interval), ACL_SUCCESS);
        ASSERT_GT(interval, 0u);
        const double step = static_cast<double>(interval);
        auto expected_us = [&](double requested_us) {
            const double steps =
                requested_us == 0 ? 254 : std::min(254.0, std::ceil(requested_us / step));
            return static_cast<uint64_t>(steps * step);
        };
        for (uint64_t requested : {uint64_t{1},
                                   interval,
                                   interval + 1,
                                   3 * interval - 1,
                                   uint64_t{0},
                                   1000 * interval,
                                   UINT64_MAX}) {
            uint64_t actual = 0;
            ASSERT_EQ(aclrtSetOpExecuteTimeOutV2(requested, &actual), ACL_SUCCESS);
            EXPECT_EQ(actual, expected_us(static_cast<double>(requested))) << requested;
            uint32_t ms = 0;
            ASSERT_EQ(aclrtGetOpExecuteTimeout(&ms), ACL_SUCCESS);
            EXPECT_EQ(ms, static_cast<uint32_t>(std::floor(static_cast<double>(actual) / 1000.0)));
        }
        // Seconds: 1 s becomes whole intervals too.
        ASSERT_EQ(aclrtSetOpExecuteTimeOut(1), ACL_SUCCESS);
        uint32_t ms = 0;
        ASSERT_EQ(aclrtGetOpExecuteTimeout(&ms), ACL_SUCCESS);
        EXPECT_EQ(ms, static_cast<uint32_t>(std::floor(expected_us(1e6) / 1000.0)));
        EXPECT_EQ(aclrtSetOpExecuteTimeOutV2(5, nullptr), ACL_ERROR_INVALID_PARAM);
        EXPECT_THAT(take_recent_error(), HasSubstr("actualTimeout"));
        EXPECT_EQ(aclrtGetOpExecuteTimeout(nullptr), ACL_ERROR_INVALID_PARAM);
        EXPECT_THAT(take_recent_error(), HasSubstr("timeoutMs"));
        EXPECT_EQ(aclrtGetOpTimeOutInterval(nullptr), ACL_ERROR_INVALID_PARAM);
        EXPECT_THAT(take_recent_error(), HasSubstr("interval"));
        ASSERT_EQ(aclrtSetOpExecuteTimeOutV2(0, &interval), ACL_SUCCESS);  // back to the default
    }
}

// aclrtGetPrimaryCtxState follows the default context through aclrtSetDevice, reference-counted
// resets and aclrtResetDeviceForce, on the CPU backend and the GPU simulator.
TEST(Contexts, PrimaryContextStateFollowsSetAndReset) {
    ScopedEnv fake("ACLEMU_CPU_DEVICE_COUNT", "2");
    ScopedEnv visible("ASCEND_RT_VISIBLE_DEVICES", nullptr);
    for (const char* backend : {"cpu", "gpusim"}) {
        SCOPED_TRACE(backend);
        RuntimeSession session(backend);
        ASSERT_EQ(session.init_result, ACL_SUCCESS);
        auto state = [](int32_t device) {
            int32_t active = -1;
            uint32_t flags = 7;
            EXPECT_EQ(aclrtGetPrimaryCtxState(device, &flags, &active), ACL_SUCCESS)
                << take_recent_error();
            EXPECT_EQ(flags, 0u);
            return active;
        };
        EXPECT_EQ(state(0), 0);
        ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
        ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
        EXPECT_EQ(state(0), 1);
        // An explicit context is not the default one.
        aclrtContext explicit_context = nullptr;
        uint32_t count = 0;
        ASSERT_EQ(aclrtGetDeviceCount(&count), ACL_SUCCESS);
        if (count > 1) {
            ASSERT_EQ(aclrtCreateContext(&explicit_context, 1), ACL_SUCCESS);
            EXPECT_EQ(state(1), 0);
            ASSERT_EQ(aclrtDestroyContext(explicit_context), ACL_SUCCESS);
        }
        ASSERT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
        EXPECT_EQ(state(0), 1);  // set twice: one reset leaves it
        ASSERT_EQ(aclrtResetDeviceForce(0), ACL_SUCCESS);
        EXPECT_EQ(state(0), 0);
        int32_t active = -1;
        EXPECT_EQ(aclrtGetPrimaryCtxState(0, nullptr, &active), ACL_SUCCESS);
        EXPECT_EQ(active, 0);
        EXPECT_EQ(aclrtGetPrimaryCtxState(0, nullptr, nullptr), ACL_ERROR_INVALID_PARAM);
        EXPECT_THAT(take_recent_error(), HasSubstr("active"));
        EXPECT_EQ(aclrtGetPrimaryCtxState(9, nullptr, &active), ACL_ERROR_RT_INVALID_DEVICEID);
        EXPECT_THAT(take_recent_error(), HasSubstr("deviceId"));
    }
}

TEST(Contexts, CreateSetGetDestroy) {
    ScopedEnv fake("ACLEMU_CPU_DEVICE_COUNT", "2");
    ScopedEnv visible("ASCEND_RT_VISIBLE_DEVICES", nullptr);
    RuntimeSession session("cpu");
    ASSERT_EQ(session.init_result, ACL_SUCCESS);
    aclrtContext current = nullptr;
    EXPECT_EQ(aclrtGetCurrentContext(&current), ACL_ERROR_RT_CONTEXT_NULL);

    aclrtContext ctx1 = nullptr, ctx0 = nullptr;
    ASSERT_EQ(aclrtCreateContext(&ctx1, 1), ACL_SUCCESS);  // becomes current
    ASSERT_EQ(aclrtGetCurrentContext(&current), ACL_SUCCESS);
    EXPECT_EQ(current, ctx1);
    int32_t device = -1;
    ASSERT_EQ(aclrtGetDevice(&device), ACL_SUCCESS);
    EXPECT_EQ(device, 1);

    // Each context has its own default stream.
    ASSERT_EQ(aclrtCreateContext(&ctx0, 0), ACL_SUCCESS);
    Latch latch;
    ASSERT_EQ(aclrtLaunchHostFunc(nullptr, Latch::wait_fn, &latch), ACL_SUCCESS);  // ctx0's
    ASSERT_EQ(aclrtSetCurrentContext(ctx1), ACL_SUCCESS);
    EXPECT_EQ(aclrtSynchronizeStreamWithTimeout(nullptr, 1000), ACL_SUCCESS);  // ctx1's is idle
    ASSERT_EQ(aclrtSetCurrentContext(ctx0), ACL_SUCCESS);
    EXPECT_EQ(aclrtSynchronizeStreamWithTimeout(nullptr, 20), ACL_ERROR_RT_STREAM_SYNC_TIMEOUT);
    latch.release();
    EXPECT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);

    // Streams belong to the context they were created in and go with it.
    aclrtStream stream = nullptr;
    ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
    ASSERT_EQ(aclrtDestroyContext(ctx0), ACL_SUCCESS);
    EXPECT_EQ(aclrtGetCurrentContext(&current), ACL_ERROR_RT_CONTEXT_NULL);  // it was current
    EXPECT_EQ(aclrtDestroyStream(stream), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtSetCurrentContext(ctx0), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtDestroyContext(ctx0), ACL_ERROR_INVALID_PARAM);
    ASSERT_EQ(aclrtSetCurrentContext(ctx1), ACL_SUCCESS);
    ASSERT_EQ(aclrtDestroyContext(ctx1), ACL_SUCCESS);
}

TEST(Contexts, ArgumentErrors) {
    RuntimeSession session("cpu");
    ASSERT_EQ(session.init_result, ACL_SUCCESS);
    aclrtContext ctx = nullptr;
    int bogus = 0;
    take_recent_error();
    EXPECT_EQ(aclrtCreateContext(nullptr, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("EH0002: Argument [context] must not be null."));
    EXPECT_EQ(aclrtCreateContext(&ctx, 3), ACL_ERROR_RT_INVALID_DEVICEID);
    EXPECT_EQ(aclrtDestroyContext(nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtDestroyContext(&bogus), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("not a live context"));
    EXPECT_EQ(aclrtSetCurrentContext(nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtSetCurrentContext(&bogus), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtGetCurrentContext(nullptr), ACL_ERROR_INVALID_PARAM);

    // A device's default context is released by aclrtResetDevice, not aclrtDestroyContext.
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    ASSERT_EQ(aclrtGetCurrentContext(&ctx), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyContext(ctx), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("release it with aclrtResetDevice"));
    EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
}

TEST(SysParams, ContextAndProcessScopes) {
    RuntimeSession session("cpu");
    ASSERT_EQ(session.init_result, ACL_SUCCESS);
    int64_t value = -1;
    take_recent_error();
    EXPECT_EQ(aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 1), ACL_ERROR_RT_CONTEXT_NULL);
    EXPECT_EQ(aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &value), ACL_ERROR_RT_CONTEXT_NULL);

    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    EXPECT_EQ(aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &value),
              ACL_ERROR_RT_SYSPARAMOPT_NOT_SET);
    EXPECT_THAT(take_recent_error(), HasSubstr("has never been set"));
    // A process parameter never set reads as its default 0, as CANN documents.
    value = -1;
    EXPECT_EQ(aclrtGetSysParamOpt(ACL_OPT_DETERMINISTIC, &value), ACL_SUCCESS);
    EXPECT_EQ(value, 0);

    for (int opt = ACL_OPT_DETERMINISTIC; opt <= ACL_OPT_STRONG_CONSISTENCY; ++opt) {
        ASSERT_EQ(aclrtCtxSetSysParamOpt(static_cast<aclSysParamOpt>(opt), 1), ACL_SUCCESS);
        ASSERT_EQ(aclrtCtxGetSysParamOpt(static_cast<aclSysParamOpt>(opt), &value), ACL_SUCCESS);
        EXPECT_EQ(value, 1);
    }
    EXPECT_EQ(aclrtCtxSetSysParamOpt(ACL_OPT_ENABLE_KERNEL_EARLY_START, 1),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("[opt]"));
    EXPECT_EQ(aclrtCtxGetSysParamOpt(ACL_OPT_ENABLE_KERNEL_EARLY_START, &value),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(c_aclrtCtxSetSysParamOpt(-1, 1), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 4), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, nullptr), ACL_ERROR_INVALID_PARAM);

    // Process scope: opt 3 is accepted there; the context value is separate.
    ASSERT_EQ(aclrtSetSysParamOpt(ACL_OPT_ENABLE_KERNEL_EARLY_START, 1), ACL_SUCCESS);
    ASSERT_EQ(aclrtSetSysParamOpt(ACL_OPT_DETERMINISTIC, 2), ACL_SUCCESS);
    ASSERT_EQ(aclrtGetSysParamOpt(ACL_OPT_DETERMINISTIC, &value), ACL_SUCCESS);
    EXPECT_EQ(value, 2);
    ASSERT_EQ(aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &value), ACL_SUCCESS);
    EXPECT_EQ(value, 1);
    EXPECT_EQ(c_aclrtSetSysParamOpt(4, 1), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtGetSysParamOpt(ACL_OPT_DETERMINISTIC, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
}

}  // namespace
}  // namespace aclemu::test
