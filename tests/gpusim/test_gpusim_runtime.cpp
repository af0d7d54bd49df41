// The GPU simulator's runtime where it keeps CUDA's rules that the acl-level tests cannot reach:
// copies checked against where pointers live, frees of foreign pointers, pointer attributes,
// the legacy stream's ordering against blocking streams, runtime calls from host functions,
// event timing errors, and a kernels_cu launcher reporting its own status, not a stale error.
#include "gpu/sim/runtime.h"
#include "kernels_cu/launch.h"
#include "kernels_cu/math/logit_grad.h"
#include "tests/gpusim/gpusim_test_util.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <thread>
#include <vector>

namespace aclemu::gpusim_test {
namespace {

TEST(GpuSimRuntime, CopyKindMustMatchThePointers) {
    SimBuffer<float> device(64, 1.0f);
    std::vector<float> host(64, 0.0f);
    const size_t bytes = 64 * sizeof(float);
    EXPECT_EQ(gpusimMemcpy(host.data(), host.data() + 32, 16, gpusimMemcpyHostToDevice),
              gpusimErrorInvalidValue);
    EXPECT_EQ(gpusimMemcpy(host.data(), host.data(), bytes, gpusimMemcpyDeviceToHost),
              gpusimErrorInvalidValue);
    EXPECT_EQ(gpusimMemcpy(device.get(), host.data(), bytes, gpusimMemcpyDeviceToDevice),
              gpusimErrorInvalidValue);
    EXPECT_EQ(gpusimMemcpy(host.data(), device.get(), bytes, gpusimMemcpyHostToHost),
              gpusimErrorInvalidValue);
    EXPECT_EQ(gpusimMemcpy(device.get() + 1, host.data(), bytes, gpusimMemcpyHostToDevice),
              gpusimErrorInvalidValue)
        << "runs one element past the allocation";
    EXPECT_EQ(gpusimMemcpy(device.get(), host.data(), bytes, static_cast<gpusimMemcpyKind>(7)),
              gpusimErrorInvalidMemcpyDirection);
    EXPECT_EQ(gpusimGetLastError(), gpusimErrorInvalidMemcpyDirection);
    EXPECT_EQ(gpusimGetLastError(), gpusimSuccess);
    // Default: the direction comes from the pointers.
    ASSERT_EQ(gpusimMemcpy(host.data(), device.get(), bytes, gpusimMemcpyDefault), gpusimSuccess);
    EXPECT_EQ(host, std::vector<float>(64, 1.0f));
}

TEST(GpuSimRuntime, FreeAndMemsetNeedDeviceAllocations) {
    void* ptr = nullptr;
    ASSERT_EQ(gpusimMalloc(&ptr, 256), gpusimSuccess);
    EXPECT_EQ(gpusimFree(static_cast<char*>(ptr) + 4), gpusimErrorInvalidValue);
    std::vector<char> host(256);
    EXPECT_EQ(gpusimMemset(host.data(), 0, host.size()), gpusimErrorInvalidValue);
    EXPECT_EQ(gpusimMemset(ptr, 0, 257), gpusimErrorInvalidValue);
    EXPECT_EQ(gpusimFree(ptr), gpusimSuccess);
    EXPECT_EQ(gpusimFree(ptr), gpusimErrorInvalidValue) << "a second free";
    EXPECT_EQ(gpusimFreeHost(host.data()), gpusimErrorInvalidValue);
    gpusimGetLastError();
}

TEST(GpuSimRuntime, PointerAttributesTellDevicePinnedAndOtherMemory) {
    SimBuffer<float> device(16);
    void* pinned = nullptr;
    ASSERT_EQ(gpusimMallocHost(&pinned, 64), gpusimSuccess);
    int local = 0;
    gpusimPointerAttributes a{};
    ASSERT_EQ(gpusimPointerGetAttributes(&a, device.get() + 3), gpusimSuccess);
    EXPECT_EQ(a.type, gpusimMemoryTypeDevice);
    ASSERT_EQ(gpusimPointerGetAttributes(&a, pinned), gpusimSuccess);
    EXPECT_EQ(a.type, gpusimMemoryTypeHost);
    ASSERT_EQ(gpusimPointerGetAttributes(&a, &local), gpusimSuccess);
    EXPECT_EQ(a.type, gpusimMemoryTypeUnregistered);
    EXPECT_EQ(gpusimFreeHost(pinned), gpusimSuccess);
}

// A stream held up by a host function that waits for the test thread.
struct HeldStream {
    explicit HeldStream(unsigned flags) {
        EXPECT_EQ(gpusimStreamCreateWithFlags(&stream, flags), gpusimSuccess);
        EXPECT_EQ(gpusimLaunchHostFunc(stream, &hold, &released), gpusimSuccess);
    }
    ~HeldStream() { gpusimStreamDestroy(stream); }
    static void hold(void* future) { static_cast<std::future<void>*>(future)->wait(); }

    std::promise<void> release;
    std::future<void> released = release.get_future();
    gpusimStream_t stream = nullptr;
};

TEST(GpuSimRuntime, LegacyStreamWaitsForBlockingStreamsOnly) {
    SimBuffer<int> device(1024);
    {
        // A non-blocking stream does not hold up the legacy stream.
        gpusimStream_t stream = nullptr;
        ASSERT_EQ(gpusimStreamCreateWithFlags(&stream, gpusimStreamNonBlocking), gpusimSuccess);
        std::promise<void> release;
        std::future<void> released = release.get_future();
        ASSERT_EQ(
            gpusimLaunchHostFunc(
                stream, [](void* f) { static_cast<std::future<void>*>(f)->wait(); }, &released),
            gpusimSuccess);
        ASSERT_EQ(gpusimMemsetAsync(device.get(), 0, 4096, nullptr), gpusimSuccess);
        EXPECT_EQ(gpusimStreamSynchronize(nullptr), gpusimSuccess);
        EXPECT_EQ(gpusimStreamQuery(stream), gpusimErrorNotReady);
        release.set_value();
        EXPECT_EQ(gpusimStreamDestroy(stream), gpusimSuccess);
    }
    {
        // A blocking stream (flags 0) does.
        gpusimStream_t stream = nullptr;
        ASSERT_EQ(gpusimStreamCreateWithFlags(&stream, gpusimStreamDefault), gpusimSuccess);
        std::promise<void> release;
        std::future<void> released = release.get_future();
        ASSERT_EQ(
            gpusimLaunchHostFunc(
                stream, [](void* f) { static_cast<std::future<void>*>(f)->wait(); }, &released),
            gpusimSuccess);
        ASSERT_EQ(gpusimMemsetAsync(device.get(), 0, 4096, nullptr), gpusimSuccess);
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        EXPECT_EQ(gpusimStreamQuery(nullptr), gpusimErrorNotReady);
        release.set_value();
        EXPECT_EQ(gpusimStreamSynchronize(nullptr), gpusimSuccess);
        EXPECT_EQ(gpusimStreamDestroy(stream), gpusimSuccess);
    }
}

TEST(GpuSimRuntime, HostFunctionsMayNotCallTheRuntime) {
    struct Seen {
        gpusimError_t malloc_status = gpusimSuccess;
    } seen;
    ASSERT_EQ(gpusimLaunchHostFunc(
                  nullptr,
                  [](void* s) {
                      void* ptr = nullptr;
                      static_cast<Seen*>(s)->malloc_status = gpusimMalloc(&ptr, 16);
                  },
                  &seen),
              gpusimSuccess);
    ASSERT_EQ(gpusimStreamSynchronize(nullptr), gpusimSuccess);
    EXPECT_EQ(seen.malloc_status, gpusimErrorNotPermitted);
}

TEST(GpuSimRuntime, EventTimingAndItsErrors) {
    gpusimEvent_t start = nullptr;
    gpusimEvent_t end = nullptr;
    gpusimEvent_t untimed = nullptr;
    ASSERT_EQ(gpusimEventCreateWithFlags(&start, gpusimEventDefault), gpusimSuccess);
    ASSERT_EQ(gpusimEventCreateWithFlags(&end, gpusimEventDefault), gpusimSuccess);
    ASSERT_EQ(gpusimEventCreateWithFlags(&untimed, gpusimEventDisableTiming), gpusimSuccess);
    float ms = -1.0f;
    EXPECT_EQ(gpusimEventElapsedTime(&ms, start, end), gpusimErrorInvalidResourceHandle)
        << "never recorded";
    EXPECT_EQ(gpusimEventQuery(start), gpusimSuccess) << "never recorded counts as complete";

    HeldStream held(gpusimStreamNonBlocking);
    ASSERT_EQ(gpusimEventRecord(start, nullptr), gpusimSuccess);
    ASSERT_EQ(gpusimStreamSynchronize(nullptr), gpusimSuccess);
    ASSERT_EQ(gpusimEventRecord(end, held.stream), gpusimSuccess);
    EXPECT_EQ(gpusimEventQuery(end), gpusimErrorNotReady);
    EXPECT_EQ(gpusimEventElapsedTime(&ms, start, end), gpusimErrorNotReady);
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
    held.release.set_value();
    ASSERT_EQ(gpusimEventSynchronize(end), gpusimSuccess);
    ASSERT_EQ(gpusimEventElapsedTime(&ms, start, end), gpusimSuccess);
    EXPECT_GE(ms, 25.0f);

    ASSERT_EQ(gpusimEventRecord(untimed, nullptr), gpusimSuccess);
    ASSERT_EQ(gpusimEventSynchronize(untimed), gpusimSuccess);
    EXPECT_EQ(gpusimEventElapsedTime(&ms, start, untimed), gpusimErrorInvalidResourceHandle);
    for (gpusimEvent_t e : {start, end, untimed}) {
        EXPECT_EQ(gpusimEventDestroy(e), gpusimSuccess);
    }
    EXPECT_EQ(gpusimEventDestroy(start), gpusimErrorInvalidResourceHandle);
    gpusimGetLastError();
}

// kernels_cu/common.cuh's protocol: a launcher drops a stale error before launching, so what it
// returns is its own launch's status.
TEST(GpuSimRuntime, KernelsCuLauncherReportsItsOwnStatusNotAStaleOne) {
    const int n = 100;
    SimBuffer<float> x(n, 0.5f);
    SimBuffer<float> dy(n, 1.0f);
    SimBuffer<float> out(n, 0.0f);
    kernels::LogitGradArgs args;
    args.geometry.numel = n;
    args.geometry.ndim = 1;
    args.geometry.contiguous = true;
    args.geometry.sizes[0] = n;
    for (auto& s : args.geometry.strides) {
        s[0] = 1;
    }
    args.dtype = kernels::DType::Float32;
    args.out = out.get();
    args.x = x.get();
    args.dy = dy.get();
    ASSERT_EQ(gpusimGetDevice(nullptr), gpusimErrorInvalidValue);  // leaves a stale error
    EXPECT_EQ(kernels::gpusim::launchers().logit_grad(args, nullptr), 0);
    EXPECT_EQ(out.download(), std::vector<float>(n, 4.0f));  // 1 / (0.5 * 0.5)
}

}  // namespace
}  // namespace aclemu::gpusim_test
