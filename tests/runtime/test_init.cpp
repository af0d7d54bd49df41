// aclInit / aclFinalize / aclFinalizeReference, the init gate (ACL_ERROR_UNINITIALIZE on every
// API that needs it; aclrtSetDevice initialises implicitly instead), config files, versions and
// re-initialization after aclFinalize.
#include "runtime/runtime_test_util.h"
#include "support/c_enum_calls.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>

namespace aclemu::test {
namespace {

using ::testing::HasSubstr;

TEST(RuntimeInit, InitTwiceThenFinalizeTwice) {
    take_recent_error();
    ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
    EXPECT_EQ(aclInit(nullptr), ACL_ERROR_REPEAT_INITIALIZE);
    EXPECT_THAT(take_recent_error(), HasSubstr("aclInit has already been called"));
    EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
    EXPECT_EQ(aclFinalize(), ACL_ERROR_REPEAT_FINALIZE);
    EXPECT_THAT(take_recent_error(), HasSubstr("EH0003"));
}

TEST(RuntimeInit, FinalizeWithoutInit) {
    EXPECT_EQ(aclFinalize(), ACL_ERROR_REPEAT_FINALIZE);
    uint64_t refs = 99;
    EXPECT_EQ(aclFinalizeReference(&refs), ACL_ERROR_REPEAT_FINALIZE);
    EXPECT_EQ(refs, 99u);
}

TEST(RuntimeInit, FinalizeReferenceCountsRepeatedInits) {
    ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
    ASSERT_EQ(aclInit(nullptr), ACL_ERROR_REPEAT_INITIALIZE);  // still takes a reference
    uint64_t refs = 0;
    ASSERT_EQ(aclFinalizeReference(&refs), ACL_SUCCESS);
    EXPECT_EQ(refs, 1u);
    uint32_t count = 0;
    EXPECT_EQ(aclrtGetDeviceCount(&count), ACL_SUCCESS);  // still initialized
    ASSERT_EQ(aclFinalizeReference(nullptr), ACL_SUCCESS);
    EXPECT_EQ(aclrtGetDeviceCount(&count), ACL_ERROR_UNINITIALIZE);
    EXPECT_EQ(aclFinalize(), ACL_ERROR_REPEAT_FINALIZE);
}

TEST(RuntimeInit, EveryDeviceApiNeedsInit) {
    take_recent_error();
    int dummy = 0;
    void* ptr = nullptr;
    aclrtStream stream = nullptr;
    aclrtEvent event = nullptr;
    aclrtContext context = nullptr;
    uint32_t count = 0;
    int32_t device = 0;
    size_t free_bytes = 0, total_bytes = 0;
    int64_t value = 0;
    aclrtStreamStatus stream_status;
    aclrtEventStatus event_status;

    EXPECT_EQ(aclrtGetDeviceCount(&count), ACL_ERROR_UNINITIALIZE);
    EXPECT_EQ(aclrtResetDevice(0), ACL_ERROR_UNINITIALIZE);
    EXPECT_EQ(aclrtResetDeviceForce(0), ACL_ERROR_UNINITIALIZE);
    EXPECT_EQ(aclrtGetDevice(&device), ACL_ERROR_UNINITIALIZE);
    EXPECT_EQ(aclrtSynchronizeDevice(), ACL_ERROR_UNINITIALIZE);
    EXPECT_EQ(aclrtCreateContext(&context, 0), ACL_ERROR_UNINITIALIZE);
    EXPECT_EQ(aclrtGetCurrentContext(&context), ACL_ERROR_UNINITIALIZE);
    EXPECT_EQ(aclrtCreateStream(&stream), ACL_ERROR_UNINITIALIZE);
    EXPECT_EQ(aclrtSynchronizeStream(nullptr), ACL_ERROR_UNINITIALIZE);
    EXPECT_EQ(aclrtStreamQuery(nullptr, &stream_status), ACL_ERROR_UNINITIALIZE);
    EXPECT_EQ(aclrtCreateEvent(&event), ACL_ERROR_UNINITIALIZE);
    EXPECT_EQ(aclrtQueryEvent(&dummy, &event_status), ACL_ERROR_UNINITIALIZE);
    EXPECT_EQ(aclrtMalloc(&ptr, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_UNINITIALIZE);
    EXPECT_EQ(aclrtMallocHost(&ptr, 64), ACL_ERROR_UNINITIALIZE);
    EXPECT_EQ(aclrtFree(&dummy), ACL_ERROR_UNINITIALIZE);
    EXPECT_EQ(aclrtMemcpy(&dummy, 4, &dummy, 4, ACL_MEMCPY_HOST_TO_HOST), ACL_ERROR_UNINITIALIZE);
    EXPECT_EQ(aclrtMemset(&dummy, 4, 0, 4), ACL_ERROR_UNINITIALIZE);
    EXPECT_EQ(aclrtGetMemInfo(ACL_HBM_MEM, &free_bytes, &total_bytes), ACL_ERROR_UNINITIALIZE);
    EXPECT_EQ(aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &value), ACL_ERROR_UNINITIALIZE);
    EXPECT_EQ(aclrtSetSysParamOpt(ACL_OPT_DETERMINISTIC, 1), ACL_ERROR_UNINITIALIZE);
    EXPECT_EQ(aclrtLaunchHostFunc(nullptr, Latch::wait_fn, nullptr), ACL_ERROR_UNINITIALIZE);
    std::string message = take_recent_error();
    EXPECT_THAT(message,
                HasSubstr("EH0003: Call sequence is invalid. Reason: aclInit has not been called"));
}

TEST(RuntimeInit, ApisWithoutDeviceWorkBeforeInit) {
    int32_t major = 0, minor = 0, patch = 0;
    ASSERT_EQ(aclrtGetVersion(&major, &minor, &patch), ACL_SUCCESS);
    EXPECT_EQ(major, ACL_MAJOR_VERSION);
    EXPECT_EQ(minor, ACL_MINOR_VERSION);
    EXPECT_EQ(patch, ACL_PATCH_VERSION);
    EXPECT_EQ(major, 1);
    EXPECT_EQ(minor, 15);
    EXPECT_EQ(patch, 0);
    aclrtRunMode mode = ACL_DEVICE;
    ASSERT_EQ(aclrtGetRunMode(&mode), ACL_SUCCESS);
    EXPECT_EQ(mode, ACL_HOST);
    EXPECT_EQ(aclDataTypeSize(ACL_FLOAT), 4u);
}

TEST(RuntimeInit, VersionAndRunModeRejectNull) {
    int32_t v = 0;
    take_recent_error();
    EXPECT_EQ(aclrtGetVersion(nullptr, &v, &v), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(),
                HasSubstr("EH0002: Argument [majorVersion] must not be null."));
    EXPECT_EQ(aclrtGetVersion(&v, nullptr, &v), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtGetVersion(&v, &v, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtGetRunMode(nullptr), ACL_ERROR_INVALID_PARAM);
}

TEST(RuntimeInit, ConfigFileMustExist) {
    take_recent_error();
    std::string missing = ::testing::TempDir() + "aclemu-no-such-config.json";
    std::remove(missing.c_str());
    EXPECT_EQ(aclInit(missing.c_str()), ACL_ERROR_INVALID_FILE);
    std::string message = take_recent_error();
    EXPECT_THAT(message, HasSubstr("[configPath]"));
    EXPECT_THAT(message, HasSubstr(missing));
    uint32_t count = 0;
    EXPECT_EQ(aclrtGetDeviceCount(&count), ACL_ERROR_UNINITIALIZE);  // the failed init did nothing

    std::string present = ::testing::TempDir() + "aclemu-config.json";
    std::ofstream(present) << "{}\n";
    ASSERT_EQ(aclInit(present.c_str()), ACL_SUCCESS);
    EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
    ASSERT_EQ(aclInit(""), ACL_SUCCESS);  // empty path: no config, as NULL
    EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
    std::remove(present.c_str());
}

TEST(RuntimeInit, UnknownBackendNameFailsInit) {
    take_recent_error();
    {
        ScopedEnv env("ACLEMU_BACKEND", "tpu");
        EXPECT_EQ(aclInit(nullptr), ACL_ERROR_INVALID_PARAM);
    }
    EXPECT_THAT(take_recent_error(),
                HasSubstr("EH0001: Value [tpu] for parameter [ACLEMU_BACKEND] is invalid."));
    uint32_t count = 0;
    EXPECT_EQ(aclrtGetDeviceCount(&count), ACL_ERROR_UNINITIALIZE);
    ScopedEnv upper("ACLEMU_BACKEND", "CPU");  // case-insensitive
    ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
    EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
}

TEST(RuntimeInit, FinalizeReleasesEverythingAndInitStartsFresh) {
    take_recent_error();
    void* block = nullptr;
    aclrtStream stream = nullptr;
    aclrtEvent event = nullptr;
    {
        ScopedEnv env("ACLEMU_BACKEND", "cpu");
        ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
    }
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    ASSERT_EQ(aclrtMalloc(&block, 256, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
    ASSERT_EQ(aclrtCreateEvent(&event), ACL_SUCCESS);
    ASSERT_EQ(aclFinalize(), ACL_SUCCESS);  // no resets or destroys: finalize releases them

    RuntimeSession session("cpu");
    ASSERT_EQ(session.init_result, ACL_SUCCESS);
    int32_t device = -1;
    EXPECT_EQ(aclrtGetDevice(&device), ACL_ERROR_RT_CONTEXT_NULL);  // the thread's binding is gone
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    // Old handles are unknown to the new runtime and rejected without being dereferenced.
    EXPECT_EQ(aclrtDestroyStream(stream), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtDestroyEvent(event), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtFree(block), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
}

TEST(RuntimeInit, LastErrorLevels) {
    take_recent_error();
    aclrtGetLastError(ACL_RT_THREAD_LEVEL);  // clear
    EXPECT_EQ(aclrtGetLastError(ACL_RT_THREAD_LEVEL), ACL_SUCCESS);
    uint32_t count = 0;
    ASSERT_EQ(aclrtGetDeviceCount(&count), ACL_ERROR_UNINITIALIZE);
    EXPECT_EQ(aclrtPeekAtLastError(ACL_RT_THREAD_LEVEL), ACL_ERROR_UNINITIALIZE);
    EXPECT_EQ(aclrtPeekAtLastError(ACL_RT_THREAD_LEVEL), ACL_ERROR_UNINITIALIZE);
    EXPECT_EQ(aclrtGetLastError(ACL_RT_THREAD_LEVEL), ACL_ERROR_UNINITIALIZE);
    EXPECT_EQ(aclrtGetLastError(ACL_RT_THREAD_LEVEL), ACL_SUCCESS);
    // An unknown level (one aclrtLastErrLevel cannot hold, as a C caller may pass it): a
    // message, and the last error code is left alone.
    ASSERT_EQ(aclrtGetDeviceCount(&count), ACL_ERROR_UNINITIALIZE);
    take_recent_error();
    EXPECT_EQ(c_aclrtGetLastError(7), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("Value [7] for parameter [level] is invalid"));
    EXPECT_EQ(c_aclrtPeekAtLastError(-1), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("Value [4294967295] for parameter [level]"));
    EXPECT_EQ(aclrtGetLastError(ACL_RT_THREAD_LEVEL), ACL_ERROR_UNINITIALIZE);
}

// CANN's current .asc examples open the device without aclInit: aclrtSetDevice initialises the
// runtime implicitly, and everything after it works.
TEST(RuntimeInit, SetDeviceWithoutInitInitializesImplicitly) {
    take_recent_error();
    {
        ScopedEnv env("ACLEMU_BACKEND", "cpu");
        ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    }
    aclrtStream stream = nullptr;
    ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
    const int32_t host_in[4] = {3, -1, 4, 1};
    int32_t host_out[4] = {0, 0, 0, 0};
    void* device = nullptr;
    ASSERT_EQ(aclrtMalloc(&device, sizeof(host_in), ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ASSERT_EQ(
        aclrtMemcpyAsync(
            device, sizeof(host_in), host_in, sizeof(host_in), ACL_MEMCPY_HOST_TO_DEVICE, stream),
        ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
    ASSERT_EQ(
        aclrtMemcpy(host_out, sizeof(host_out), device, sizeof(host_in), ACL_MEMCPY_DEVICE_TO_HOST),
        ACL_SUCCESS);
    EXPECT_EQ(host_out[0], 3);
    EXPECT_EQ(host_out[3], 1);
    int32_t current = -1;
    ASSERT_EQ(aclrtGetDevice(&current), ACL_SUCCESS);
    EXPECT_EQ(current, 0);
    EXPECT_EQ(aclrtFree(device), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
    // aclFinalize releases the implicitly initialised runtime; a second one has nothing to do.
    EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
    uint32_t count = 0;
    EXPECT_EQ(aclrtGetDeviceCount(&count), ACL_ERROR_UNINITIALIZE);
    EXPECT_EQ(aclFinalize(), ACL_ERROR_REPEAT_FINALIZE);
}

// Programs that call aclInit after aclrtSetDevice (some CANN samples do) keep working: aclInit
// takes the implicit initialisation over and succeeds once; the device stays set.
TEST(RuntimeInit, InitAfterImplicitInitSucceedsOnce) {
    ScopedEnv env("ACLEMU_BACKEND", "cpu");
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    aclrtStream stream = nullptr;
    ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
    ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
    EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);    // the stream survived the takeover
    EXPECT_EQ(aclInit(nullptr), ACL_ERROR_REPEAT_INITIALIZE);  // now an ordinary repeat
    uint64_t refs = 0;
    ASSERT_EQ(aclFinalizeReference(&refs), ACL_SUCCESS);
    EXPECT_EQ(refs, 1u);
    ASSERT_EQ(aclFinalizeReference(&refs), ACL_SUCCESS);
    EXPECT_EQ(refs, 0u);
    uint32_t count = 0;
    EXPECT_EQ(aclrtGetDeviceCount(&count), ACL_ERROR_UNINITIALIZE);
}

// A bad device id before aclInit gets CANN's device-id error, not the init gate's.
TEST(RuntimeInit, SetDeviceWithoutInitChecksTheDevice) {
    take_recent_error();
    ScopedEnv env("ACLEMU_BACKEND", "cpu");
    EXPECT_EQ(aclrtSetDevice(4096), ACL_ERROR_RT_INVALID_DEVICEID);
    EXPECT_THAT(take_recent_error(), HasSubstr("deviceId"));
    EXPECT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
}

}  // namespace
}  // namespace aclemu::test
