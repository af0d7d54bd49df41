// The simulator's devices as the GPU backend uses them for issue 11's runtime surface: stream
// priorities (CUDA's range 0 .. -5, clamped), several devices (ACLEMU_GPUSIM_DEVICE_COUNT) with a
// current device per thread, peer access with CUDA's errors, and through acl: ACL priorities
// mapped onto the native range (streams without one at the device's default), and a kernel fault
// seen by aclrtGetErrorVerbose.
#include "acl/acl.h"

#include "aclemu/rt.h"
#include "gpu/sim/runtime.h"
#include "tests/gpusim/gpusim_test_util.h"
#include "tests/gpusim/kernels/sim_test_kernels.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>

namespace aclemu::gpusim_test {
namespace {

// Sets an environment variable for one test (restored after).
class EnvVar {
public:
    EnvVar(const char* name, const char* value) : name_(name) {
        if (const char* old = std::getenv(name)) {
            old_ = old;
            had_ = true;
        }
        setenv(name, value, 1);
    }
    ~EnvVar() { had_ ? setenv(name_, old_.c_str(), 1) : unsetenv(name_); }

private:
    const char* name_;
    std::string old_;
    bool had_ = false;
};

TEST(GpuSimDevices, StreamPrioritiesAreRecordedAndClamped) {
    int least = 1, greatest = 1;
    ASSERT_EQ(gpusimDeviceGetStreamPriorityRange(&least, &greatest), gpusimSuccess);
    EXPECT_EQ(least, 0);
    EXPECT_EQ(greatest, -5);
    for (auto [asked, kept] : {std::pair{-3, -3}, {-9, -5}, {4, 0}, {0, 0}}) {
        gpusimStream_t stream = nullptr;
        ASSERT_EQ(gpusimStreamCreateWithPriority(&stream, gpusimStreamNonBlocking, asked),
                  gpusimSuccess);
        int priority = 99;
        ASSERT_EQ(gpusimStreamGetPriority(stream, &priority), gpusimSuccess);
        EXPECT_EQ(priority, kept) << "asked " << asked;
        EXPECT_EQ(gpusimStreamDestroy(stream), gpusimSuccess);
    }
    int priority = 99;
    ASSERT_EQ(gpusimStreamGetPriority(nullptr, &priority), gpusimSuccess);
    EXPECT_EQ(priority, 0) << "the legacy stream";
    EXPECT_EQ(gpusimStreamCreateWithPriority(nullptr, 0, 0), gpusimErrorInvalidValue);
    EXPECT_EQ(gpusimStreamGetPriority(nullptr, nullptr), gpusimErrorInvalidValue);
    gpusimGetLastError();
}

TEST(GpuSimDevices, DeviceCountAndCurrentDevicePerThread) {
    int count = 0;
    ASSERT_EQ(gpusimGetDeviceCount(&count), gpusimSuccess);
    EXPECT_EQ(count, 1) << "default";
    EnvVar two("ACLEMU_GPUSIM_DEVICE_COUNT", "2");
    ASSERT_EQ(gpusimGetDeviceCount(&count), gpusimSuccess);
    EXPECT_EQ(count, 2);
    ASSERT_EQ(gpusimSetDevice(1), gpusimSuccess);
    int device = -1;
    ASSERT_EQ(gpusimGetDevice(&device), gpusimSuccess);
    EXPECT_EQ(device, 1);
    int other = -1;
    std::thread([&] { gpusimGetDevice(&other); }).join();
    EXPECT_EQ(other, 0) << "a new thread starts on device 0";
    EXPECT_EQ(gpusimSetDevice(2), gpusimErrorInvalidDevice);
    ASSERT_EQ(gpusimSetDevice(0), gpusimSuccess);
    gpusimGetLastError();
    EnvVar bad("ACLEMU_GPUSIM_DEVICE_COUNT", "9");
    ASSERT_EQ(gpusimGetDeviceCount(&count), gpusimSuccess);
    EXPECT_EQ(count, 1) << "outside 1..8: the default";
}

TEST(GpuSimDevices, PeerAccessKeepsCudasRules) {
    EnvVar two("ACLEMU_GPUSIM_DEVICE_COUNT", "2");
    int can = -1;
    ASSERT_EQ(gpusimDeviceCanAccessPeer(&can, 0, 1), gpusimSuccess);
    EXPECT_EQ(can, 1);
    ASSERT_EQ(gpusimDeviceCanAccessPeer(&can, 1, 1), gpusimSuccess);
    EXPECT_EQ(can, 0);
    EXPECT_EQ(gpusimDeviceCanAccessPeer(&can, 0, 2), gpusimErrorInvalidDevice);
    ASSERT_EQ(gpusimSetDevice(0), gpusimSuccess);
    EXPECT_EQ(gpusimDeviceDisablePeerAccess(1), gpusimErrorPeerAccessNotEnabled);
    EXPECT_EQ(gpusimDeviceEnablePeerAccess(1, 0), gpusimSuccess);
    EXPECT_EQ(gpusimDeviceEnablePeerAccess(1, 0), gpusimErrorPeerAccessAlreadyEnabled);
    EXPECT_EQ(gpusimDeviceEnablePeerAccess(0, 0), gpusimErrorInvalidDevice) << "itself";
    EXPECT_EQ(gpusimDeviceEnablePeerAccess(1, 1), gpusimErrorInvalidValue) << "flags";
    EXPECT_EQ(gpusimDeviceDisablePeerAccess(1), gpusimSuccess);
    EXPECT_STREQ(gpusimGetErrorName(gpusimErrorPeerAccessNotEnabled),
                 "gpusimErrorPeerAccessNotEnabled");
    gpusimGetLastError();
}

// The GPU backend spreads ACL's 0 (greatest) .. 7 (least) over the device's range: on the
// simulator -5 .. 0, rounded to the nearest: 0 -> -5, 3 -> -3, 4 -> -2, 7 -> 0.
TEST(GpuSimDevices, AclPrioritiesMapOntoTheNativeRange) {
    EnvVar backend("ACLEMU_BACKEND", "gpusim");
    ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    for (auto [acl, native] : {std::pair{0u, -5}, {3u, -3}, {4u, -2}, {7u, 0}}) {
        aclrtStream stream = nullptr;
        ASSERT_EQ(aclrtCreateStreamWithConfig(&stream, acl, 0), ACL_SUCCESS);
        rt::StreamTarget target;
        ASSERT_EQ(rt::resolve_stream(stream, &target), ACL_SUCCESS);
        int priority = 99;
        ASSERT_EQ(gpusimStreamGetPriority(static_cast<gpusimStream_t>(target.native), &priority),
                  gpusimSuccess);
        EXPECT_EQ(priority, native) << "ACL priority " << acl;
        EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
    }
    EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
    EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
}

// The native priority of an aclrtStream (nullptr: the current context's default stream).
int native_priority(aclrtStream stream) {
    rt::StreamTarget target;
    EXPECT_EQ(rt::resolve_stream(stream, &target), ACL_SUCCESS);
    int priority = 99;
    EXPECT_EQ(gpusimStreamGetPriority(static_cast<gpusimStream_t>(target.native), &priority),
              gpusimSuccess);
    return priority;
}

// Streams made without a priority (aclrtCreateStream, default streams, aclrtCreateStreamV2 from a
// handle never given ACL_RT_STREAM_PRIORITY) run at the device's default priority (CUDA's 0, as
// other libraries' streams), not above them; they still report CANN's default, 0. A priority
// asked for explicitly, 0 included, keeps its place in the range.
TEST(GpuSimDevices, StreamsWithoutAPriorityRunAtTheDevicesDefault) {
    EnvVar backend("ACLEMU_BACKEND", "gpusim");
    ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    aclrtStream plain = nullptr;
    ASSERT_EQ(aclrtCreateStream(&plain), ACL_SUCCESS);
    aclrtStreamConfigHandle* unset = aclrtCreateStreamConfigHandle();
    aclrtStreamConfigHandle* set = aclrtCreateStreamConfigHandle();
    ASSERT_TRUE(unset != nullptr && set != nullptr);
    const uint32_t zero = 0;
    ASSERT_EQ(aclrtSetStreamConfigOpt(set, ACL_RT_STREAM_PRIORITY, &zero, sizeof zero),
              ACL_SUCCESS);
    aclrtStream from_unset = nullptr;
    aclrtStream from_set = nullptr;
    ASSERT_EQ(aclrtCreateStreamV2(&from_unset, unset), ACL_SUCCESS);
    ASSERT_EQ(aclrtCreateStreamV2(&from_set, set), ACL_SUCCESS);
    aclrtStream asked_zero = nullptr;
    ASSERT_EQ(aclrtCreateStreamWithConfig(&asked_zero, 0, 0), ACL_SUCCESS);

    gpusimStream_t other_library = nullptr;  // a stream as PyTorch or cuBLAS make one
    ASSERT_EQ(gpusimStreamCreateWithFlags(&other_library, 0), gpusimSuccess);
    int library_priority = 99;
    ASSERT_EQ(gpusimStreamGetPriority(other_library, &library_priority), gpusimSuccess);
    EXPECT_EQ(library_priority, 0);
    for (aclrtStream unasked : {plain, static_cast<aclrtStream>(nullptr), from_unset}) {
        EXPECT_EQ(native_priority(unasked), library_priority);
        uint32_t reported = 99;
        ASSERT_EQ(aclrtStreamGetPriority(unasked, &reported), ACL_SUCCESS);
        EXPECT_EQ(reported, 0u);
    }
    EXPECT_EQ(native_priority(from_set), -5);
    EXPECT_EQ(native_priority(asked_zero), -5);

    EXPECT_EQ(gpusimStreamDestroy(other_library), gpusimSuccess);
    for (aclrtStream stream : {plain, from_unset, from_set, asked_zero}) {
        EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
    }
    EXPECT_EQ(aclrtDestroyStreamConfigHandle(unset), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyStreamConfigHandle(set), ACL_SUCCESS);
    EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
    EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
}

// A kernel fault is sticky for the process: observed in a child process.
TEST(GpuSimDevicesDeathTest, AKernelFaultIsAnAbnormalDeviceWithAnAicoreError) {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_EXIT(
        {
            setenv("ACLEMU_BACKEND", "gpusim", 1);
            if (aclInit(nullptr) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS) {
                std::exit(2);
            }
            SimBuffer<float> in(256, 1.0f);
            SimBuffer<float> out(256);
            launch_block_reduce_in_wrong_block(in.get(), out.get(), nullptr);
            gpusimDeviceSynchronize();
            aclrtDeviceStatus status = ACL_RT_DEVICE_STATUS_NORMAL;
            aclrtErrorInfo info{};
            const aclError status_ret = aclrtQueryDeviceStatus(0, &status);
            const aclError verbose_ret = aclrtGetErrorVerbose(0, &info);
            const aclError repair_ret = aclrtRepairError(0, &info);
            std::fprintf(stderr,
                         "status %d/%d, verbose %d: type %d detail %d has %d, repair %d\n",
                         status_ret,
                         status,
                         verbose_ret,
                         info.errorType,
                         info.detail.aicoreErrType,
                         info.hasDetail,
                         repair_ret);
            std::exit(0);
        },
        ::testing::ExitedWithCode(0),
        "status 0/1, verbose 0: type 3 detail 1 has 1, repair 207000");
}

}  // namespace
}  // namespace aclemu::gpusim_test
