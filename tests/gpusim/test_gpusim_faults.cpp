// The GPU backend's error handling, driven by the simulator's fault injection
// (gpusimInjectFault): each CUDA error becomes the ACL code of docs/backends.md ("Error codes")
// with the failing call in aclGetRecentErrMsg, and each call of the backend that can fail —
// allocations, copies, kernel launches, kernels faulting on the device, streams, events, host
// functions, stream memory operations — returns its failure instead of success, leaves nothing
// half made, and falls back where the backend has a fall-back.
#include "acl/acl.h"
#include "aclnnop/aclnn_logsigmoid_backward.h"

#include "aclemu/rt.h"
#include "gpu/sim/runtime.h"
#include "kernels_cu/launch.h"
#include "kernels_cu/math/upsample_nearest_exact.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

namespace aclemu::gpusim_test {
namespace {

constexpr size_t kBytes = 4096;

std::string recent_message() {
    const char* text = aclGetRecentErrMsg();
    return text != nullptr ? text : "";
}

class GpuSimFaults : public ::testing::Test {
protected:
    void SetUp() override {
        setenv("ACLEMU_BACKEND", "gpusim", 1);
        ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
        ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
        ASSERT_EQ(aclrtCreateStream(&stream_), ACL_SUCCESS);
        ASSERT_EQ(aclrtMalloc(&device_, kBytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
        host_.assign(kBytes, 0x5A);
    }
    void TearDown() override {
        gpusimResetFaults();
        EXPECT_EQ(aclrtFree(device_), ACL_SUCCESS);
        EXPECT_EQ(aclrtDestroyStream(stream_), ACL_SUCCESS);
        EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
        EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
        unsetenv("ACLEMU_BACKEND");
    }

    // The next call of `api` fails with `error`.
    static void fail_next(const char* api, gpusimError_t error, unsigned skip = 0) {
        gpusimInjectFault(api, skip, 1, error);
    }

    // The message of the last failure names the simulator's call and the error's name.
    static void expect_message_names(const char* api, gpusimError_t error) {
        const std::string message = recent_message();
        EXPECT_NE(message.find(api), std::string::npos) << message;
        EXPECT_NE(message.find(gpusimGetErrorName(error)), std::string::npos) << message;
    }

    aclrtStream stream_ = nullptr;
    void* device_ = nullptr;
    std::vector<uint8_t> host_;
};

// docs/backends.md, "Error codes": every row, through aclrtMalloc.
TEST_F(GpuSimFaults, EveryCudaErrorMapsToItsAclCode) {
    struct Row {
        gpusimError_t error;
        aclError code;
    };
    const Row rows[] = {
        {gpusimErrorInvalidValue, ACL_ERROR_RT_PARAM_INVALID},
        {gpusimErrorInvalidDevicePointer, ACL_ERROR_RT_PARAM_INVALID},
        {gpusimErrorInvalidDevice, ACL_ERROR_RT_INVALID_DEVICEID},
        {gpusimErrorInvalidResourceHandle, ACL_ERROR_RT_INVALID_HANDLE},
        {gpusimErrorMemoryAllocation, ACL_ERROR_RT_MEMORY_ALLOCATION},
        {gpusimErrorNoDevice, ACL_ERROR_RT_NO_DEVICE},
        {gpusimErrorInsufficientDriver, ACL_ERROR_RT_NO_DEVICE},
        {gpusimErrorNotSupported, ACL_ERROR_RT_FEATURE_NOT_SUPPORT},
        {gpusimErrorNotReady, ACL_ERROR_RT_STREAM_NOT_COMPLETE},
        {gpusimErrorLaunchTimeout, ACL_ERROR_RT_AICORE_TIMEOUT},
        {gpusimErrorIllegalAddress, ACL_ERROR_RT_AICORE_EXCEPTION},
        {gpusimErrorLaunchFailure, ACL_ERROR_RT_AICORE_EXCEPTION},
        {gpusimErrorAssert, ACL_ERROR_RT_AICORE_EXCEPTION},
        {gpusimErrorECCUncorrectable, ACL_ERROR_RT_HBM_MULTI_BIT_ECC_ERROR},
        {gpusimErrorInitializationError, ACL_ERROR_RT_DRV_INTERNAL_ERROR},
        {gpusimErrorStreamCaptureInvalidated, ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED},
        {gpusimErrorInvalidConfiguration, ACL_ERROR_RT_INTERNAL_ERROR},  // anything else
        {gpusimErrorPeerAccessNotEnabled, ACL_ERROR_RT_INTERNAL_ERROR},
    };
    for (const Row& row : rows) {
        SCOPED_TRACE(gpusimGetErrorName(row.error));
        fail_next("gpusimStreamSynchronize", row.error);
        EXPECT_EQ(aclrtSynchronizeStream(stream_), row.code);
        expect_message_names("gpusimStreamSynchronize", row.error);
    }
    // The fault is used up: the next wait works.
    EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
    // aclrtMalloc answers any failure of the allocation as CANN does: 207001.
    for (gpusimError_t error : {gpusimErrorMemoryAllocation, gpusimErrorInvalidValue}) {
        fail_next("gpusimMalloc", error);
        void* ptr = nullptr;
        EXPECT_EQ(aclrtMalloc(&ptr, kBytes, ACL_MEM_MALLOC_HUGE_FIRST),
                  ACL_ERROR_RT_MEMORY_ALLOCATION);
        EXPECT_EQ(ptr, nullptr);
    }
}

TEST_F(GpuSimFaults, MemoryCallsReturnTheirFailure) {
    fail_next("gpusimFree", gpusimErrorInvalidValue);
    void* extra = nullptr;
    ASSERT_EQ(aclrtMalloc(&extra, kBytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    EXPECT_EQ(aclrtFree(extra), ACL_ERROR_RT_PARAM_INVALID);
    expect_message_names("gpusimFree", gpusimErrorInvalidValue);

    fail_next("gpusimMallocHost", gpusimErrorMemoryAllocation);
    void* pinned = nullptr;
    EXPECT_EQ(aclrtMallocHost(&pinned, kBytes), ACL_ERROR_RT_MEMORY_ALLOCATION);
    ASSERT_EQ(aclrtMallocHost(&pinned, kBytes), ACL_SUCCESS);
    fail_next("gpusimFreeHost", gpusimErrorInvalidValue);
    EXPECT_EQ(aclrtFreeHost(pinned), ACL_ERROR_RT_PARAM_INVALID);

    fail_next("gpusimMemGetInfo", gpusimErrorInitializationError);
    size_t free_bytes = 0;
    size_t total_bytes = 0;
    EXPECT_EQ(aclrtGetMemInfo(ACL_HBM_MEM, &free_bytes, &total_bytes),
              ACL_ERROR_RT_DRV_INTERNAL_ERROR);
    EXPECT_EQ(aclrtGetMemInfo(ACL_HBM_MEM, &free_bytes, &total_bytes), ACL_SUCCESS);
}

// A synchronous copy is the copy and then a wait for the legacy stream: either can fail.
TEST_F(GpuSimFaults, CopiesAndFillsReturnTheirFailure) {
    fail_next("gpusimMemcpy", gpusimErrorInvalidValue);
    EXPECT_EQ(aclrtMemcpy(device_, kBytes, host_.data(), kBytes, ACL_MEMCPY_HOST_TO_DEVICE),
              ACL_ERROR_RT_PARAM_INVALID);
    expect_message_names("gpusimMemcpy", gpusimErrorInvalidValue);

    fail_next("gpusimStreamSynchronize", gpusimErrorLaunchTimeout);
    EXPECT_EQ(aclrtMemcpy(device_, kBytes, host_.data(), kBytes, ACL_MEMCPY_HOST_TO_DEVICE),
              ACL_ERROR_RT_AICORE_TIMEOUT);
    expect_message_names("gpusimStreamSynchronize", gpusimErrorLaunchTimeout);

    fail_next("gpusimMemcpyAsync", gpusimErrorInvalidResourceHandle);
    EXPECT_EQ(
        aclrtMemcpyAsync(device_, kBytes, device_, kBytes, ACL_MEMCPY_DEVICE_TO_DEVICE, stream_),
        ACL_ERROR_RT_INVALID_HANDLE);

    fail_next("gpusimMemset", gpusimErrorInvalidValue);
    EXPECT_EQ(aclrtMemset(device_, kBytes, 0, kBytes), ACL_ERROR_RT_PARAM_INVALID);
    fail_next("gpusimStreamSynchronize", gpusimErrorECCUncorrectable);
    EXPECT_EQ(aclrtMemset(device_, kBytes, 0, kBytes), ACL_ERROR_RT_HBM_MULTI_BIT_ECC_ERROR);
    gpusimResetFaults();  // an ECC error is not sticky here, but start clean

    fail_next("gpusimMemsetAsync", gpusimErrorInvalidValue);
    EXPECT_EQ(aclrtMemsetAsync(device_, kBytes, 0, kBytes, stream_), ACL_ERROR_RT_PARAM_INVALID);

    // Nothing failed for good: the same calls now work.
    EXPECT_EQ(aclrtMemcpy(device_, kBytes, host_.data(), kBytes, ACL_MEMCPY_HOST_TO_DEVICE),
              ACL_SUCCESS);
    EXPECT_EQ(aclrtMemsetAsync(device_, kBytes, 0, kBytes, stream_), ACL_SUCCESS);
    EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
}

TEST_F(GpuSimFaults, StreamCallsReturnTheirFailure) {
    aclrtStream stream = nullptr;
    fail_next("gpusimStreamCreateWithFlags", gpusimErrorMemoryAllocation);
    EXPECT_EQ(aclrtCreateStream(&stream), ACL_ERROR_RT_MEMORY_ALLOCATION);

    fail_next("gpusimDeviceGetStreamPriorityRange", gpusimErrorInitializationError);
    EXPECT_EQ(aclrtCreateStreamWithConfig(&stream, 3, 0), ACL_ERROR_RT_DRV_INTERNAL_ERROR);
    fail_next("gpusimStreamCreateWithPriority", gpusimErrorMemoryAllocation);
    EXPECT_EQ(aclrtCreateStreamWithConfig(&stream, 3, 0), ACL_ERROR_RT_MEMORY_ALLOCATION);

    // The backend waits for the stream, then destroys it even when the wait failed; the front
    // end destroys the stream whatever the backend says (as CANN does): it is gone either way.
    for (const char* api : {"gpusimStreamSynchronize", "gpusimStreamDestroy"}) {
        SCOPED_TRACE(api);
        ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
        fail_next(api, gpusimErrorLaunchTimeout);
        EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
        EXPECT_EQ(aclrtDestroyStream(stream), ACL_ERROR_INVALID_PARAM) << "destroyed already";
    }

    fail_next("gpusimStreamSynchronize", gpusimErrorLaunchTimeout);
    EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_ERROR_RT_AICORE_TIMEOUT);
    // With a deadline the backend polls gpusimStreamQuery: a failure there ends the wait.
    fail_next("gpusimStreamQuery", gpusimErrorLaunchTimeout);
    EXPECT_EQ(aclrtSynchronizeStreamWithTimeout(stream_, 1000), ACL_ERROR_RT_AICORE_TIMEOUT);
    fail_next("gpusimStreamQuery", gpusimErrorInvalidResourceHandle);
    aclrtStreamStatus status = ACL_STREAM_STATUS_RESERVED;
    EXPECT_EQ(aclrtStreamQuery(stream_, &status), ACL_ERROR_RT_INVALID_HANDLE);
    EXPECT_EQ(aclrtStreamQuery(stream_, &status), ACL_SUCCESS);
    EXPECT_EQ(status, ACL_STREAM_STATUS_COMPLETE);

    fail_next("gpusimDeviceSynchronize", gpusimErrorLaunchFailure);
    EXPECT_EQ(aclrtSynchronizeDevice(), ACL_ERROR_RT_AICORE_EXCEPTION);
    expect_message_names("gpusimDeviceSynchronize", gpusimErrorLaunchFailure);
}

// A host function the runtime refused is never called, and its state is freed (ASan checks).
TEST_F(GpuSimFaults, ARefusedHostFunctionNeverRuns) {
    static std::atomic<int> calls{0};
    fail_next("gpusimLaunchHostFunc", gpusimErrorInvalidValue);
    EXPECT_EQ(aclrtLaunchHostFunc(
                  stream_, [](void*) { calls.fetch_add(1); }, nullptr),
              ACL_ERROR_RT_PARAM_INVALID);
    ASSERT_EQ(aclrtLaunchHostFunc(
                  stream_, [](void*) { calls.fetch_add(1); }, nullptr),
              ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
    EXPECT_EQ(calls.load(), 1);
}

TEST_F(GpuSimFaults, EventCallsReturnTheirFailure) {
    aclrtEvent start = nullptr;
    aclrtEvent end = nullptr;
    // Events are made when first recorded.
    ASSERT_EQ(aclrtCreateEventWithFlag(&start, ACL_EVENT_TIME_LINE | ACL_EVENT_SYNC), ACL_SUCCESS);
    ASSERT_EQ(aclrtCreateEventWithFlag(&end, ACL_EVENT_TIME_LINE | ACL_EVENT_SYNC), ACL_SUCCESS);
    fail_next("gpusimEventCreateWithFlags", gpusimErrorMemoryAllocation);
    fail_next("gpusimEventRecord", gpusimErrorInvalidResourceHandle);
    const aclError first = aclrtRecordEvent(start, stream_);
    EXPECT_TRUE(first == ACL_ERROR_RT_MEMORY_ALLOCATION || first == ACL_ERROR_RT_INVALID_HANDLE)
        << first;
    gpusimResetFaults();
    ASSERT_EQ(aclrtRecordEvent(start, stream_), ACL_SUCCESS);
    fail_next("gpusimEventRecord", gpusimErrorInvalidResourceHandle);
    EXPECT_EQ(aclrtRecordEvent(end, stream_), ACL_ERROR_RT_INVALID_HANDLE);
    ASSERT_EQ(aclrtRecordEvent(end, stream_), ACL_SUCCESS);

    fail_next("gpusimStreamWaitEvent", gpusimErrorInvalidResourceHandle);
    EXPECT_EQ(aclrtStreamWaitEvent(stream_, start), ACL_ERROR_RT_INVALID_HANDLE);
    fail_next("gpusimEventSynchronize", gpusimErrorLaunchFailure);
    EXPECT_EQ(aclrtSynchronizeEvent(end), ACL_ERROR_RT_AICORE_EXCEPTION);
    fail_next("gpusimEventQuery", gpusimErrorLaunchFailure);
    EXPECT_EQ(aclrtSynchronizeEventWithTimeout(end, 1000), ACL_ERROR_RT_AICORE_EXCEPTION);
    fail_next("gpusimEventQuery", gpusimErrorInvalidResourceHandle);
    aclrtEventRecordedStatus status = ACL_EVENT_RECORDED_STATUS_NOT_READY;
    EXPECT_EQ(aclrtQueryEventStatus(end, &status), ACL_ERROR_RT_INVALID_HANDLE);
    ASSERT_EQ(aclrtSynchronizeEvent(end), ACL_SUCCESS);

    // Elapsed time: "not ready" is an event not complete (507006); anything else is mapped.
    float ms = 0.0f;
    fail_next("gpusimEventElapsedTime", gpusimErrorNotReady);
    EXPECT_EQ(aclrtEventElapsedTime(&ms, start, end), ACL_ERROR_RT_EVENT_NOT_COMPLETE);
    fail_next("gpusimEventElapsedTime", gpusimErrorInvalidResourceHandle);
    EXPECT_EQ(aclrtEventElapsedTime(&ms, start, end), ACL_ERROR_RT_INVALID_HANDLE);
    EXPECT_EQ(aclrtEventElapsedTime(&ms, start, end), ACL_SUCCESS);
    EXPECT_GE(ms, 0.0f);

    fail_next("gpusimEventDestroy", gpusimErrorInvalidResourceHandle);
    EXPECT_EQ(aclrtDestroyEvent(start), ACL_ERROR_RT_INVALID_HANDLE);
    EXPECT_EQ(aclrtDestroyEvent(end), ACL_SUCCESS);
}

// A refused launch fails the call that launched (the built-in tasks: mapped; an operator:
// 361001); a kernel that faults on the device fails the next wait with the AI core exception,
// and stays failed (sticky) until the test clears it.
TEST_F(GpuSimFaults, RefusedLaunchesAndDeviceFaults) {
    void* src = nullptr;
    ASSERT_EQ(aclrtMalloc(&src, kBytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemset(src, kBytes, 0, kBytes), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemset(device_, kBytes, 0, kBytes), ACL_SUCCESS);
    fail_next("gpusimLaunchKernel", gpusimErrorLaunchOutOfResources);
    EXPECT_EQ(
        aclrtReduceAsync(
            device_, src, kBytes, ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM, ACL_FLOAT, stream_, nullptr),
        ACL_ERROR_RT_INTERNAL_ERROR);
    expect_message_names("aclrtReduceAsync", gpusimErrorLaunchOutOfResources);
    EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS) << "nothing ran, nothing failed";

    // An operator whose kernel launch is refused.
    const int64_t dims[1] = {16};
    const int64_t strides[1] = {1};
    aclTensor* tensors[3];
    for (auto*& t : tensors) {
        t = aclCreateTensor(dims, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, dims, 1, device_);
        ASSERT_NE(t, nullptr);
    }
    uint64_t workspace = 0;
    aclOpExecutor* executor = nullptr;
    ASSERT_EQ(aclnnLogSigmoidBackwardGetWorkspaceSize(
                  tensors[0], tensors[1], tensors[2], tensors[2], &workspace, &executor),
              ACL_SUCCESS);
    fail_next("gpusimLaunchKernel", gpusimErrorLaunchOutOfResources);
    EXPECT_EQ(aclnnLogSigmoidBackward(nullptr, workspace, executor, stream_), 361001);
    EXPECT_NE(recent_message().find("kernel launch"), std::string::npos);
    for (aclTensor* t : tensors) {
        aclDestroyTensor(t);
    }

    // A kernel that faults when it runs: the fault is asynchronous, so the launching call may
    // already see it (as with CUDA), and the next wait does.
    fail_next("gpusimKernelFault", gpusimErrorIllegalAddress);
    const aclError launched = aclrtReduceAsync(
        device_, src, kBytes, ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM, ACL_FLOAT, stream_, nullptr);
    EXPECT_TRUE(launched == ACL_SUCCESS || launched == ACL_ERROR_RT_AICORE_EXCEPTION) << launched;
    EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_ERROR_RT_AICORE_EXCEPTION);
    EXPECT_EQ(aclrtMemcpy(host_.data(), kBytes, device_, kBytes, ACL_MEMCPY_DEVICE_TO_HOST),
              ACL_ERROR_RT_AICORE_EXCEPTION)
        << "a device fault is sticky";
    gpusimResetFaults();
    EXPECT_EQ(aclrtMemcpy(host_.data(), kBytes, device_, kBytes, ACL_MEMCPY_DEVICE_TO_HOST),
              ACL_SUCCESS);
    EXPECT_EQ(aclrtFree(src), ACL_SUCCESS);
}

// Stream memory operations: a runtime without them ("not supported") gets the one-thread kernels
// of kernels_cu/builtin/stream_value.cu, which do the same; other errors are failures.
TEST_F(GpuSimFaults, StreamMemoryOperationsFallBackToKernels) {
    auto* word = static_cast<uint64_t*>(device_);
    fail_next("gpusimStreamWriteValue64", gpusimErrorNotSupported);
    ASSERT_EQ(aclrtValueWrite(word, 0x1234, 0, stream_), ACL_SUCCESS);
    fail_next("gpusimStreamWaitValue64", gpusimErrorNotSupported);
    ASSERT_EQ(aclrtValueWait(word, 0x1234, ACL_STREAM_WAIT_VALUE_EQ, stream_), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
    uint64_t got = 0;
    ASSERT_EQ(aclrtMemcpy(&got, 8, word, 8, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
    EXPECT_EQ(got, 0x1234u);

    fail_next("gpusimStreamWriteValue64", gpusimErrorInvalidValue);
    EXPECT_EQ(aclrtValueWrite(word, 1, 0, stream_), ACL_ERROR_RT_PARAM_INVALID);
    fail_next("gpusimStreamWaitValue64", gpusimErrorInvalidValue);
    EXPECT_EQ(aclrtValueWait(word, 1, ACL_STREAM_WAIT_VALUE_EQ, stream_),
              ACL_ERROR_RT_PARAM_INVALID);
    // The fall-back kernel's own launch can be refused too.
    fail_next("gpusimStreamWriteValue64", gpusimErrorNotSupported);
    fail_next("gpusimLaunchKernel", gpusimErrorLaunchOutOfResources);
    EXPECT_EQ(aclrtValueWrite(word, 1, 0, stream_), ACL_ERROR_RT_INTERNAL_ERROR);
    EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
}

TEST_F(GpuSimFaults, DeviceCallsReturnTheirFailure) {
    fail_next("gpusimSetDevice", gpusimErrorNoDevice);
    EXPECT_EQ(aclrtSetDevice(0), ACL_ERROR_RT_NO_DEVICE);
    EXPECT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    int32_t can = -1;
    fail_next("gpusimDeviceCanAccessPeer", gpusimErrorInvalidDevice);
    EXPECT_NE(aclrtDeviceCanAccessPeer(&can, 0, 0), ACL_SUCCESS);
}

// The kernels ask the device for its SMs and grid limits once per device: when it cannot answer
// they size their grids for the smallest device and still compute everything (in a process of
// its own under ctest, this test's launches are the first, so the answers are not cached yet).
TEST_F(GpuSimFaults, KernelsLaunchWhenTheDeviceCannotBeAsked) {
    constexpr size_t n = kBytes / sizeof(int32_t);
    std::vector<int32_t> a(n);
    std::vector<int32_t> b(n);
    for (size_t i = 0; i < n; ++i) {
        a[i] = static_cast<int32_t>(i * 7);
        b[i] = static_cast<int32_t>(1000 - i);
    }
    void* src = nullptr;
    ASSERT_EQ(aclrtMalloc(&src, kBytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemcpy(device_, kBytes, a.data(), kBytes, ACL_MEMCPY_HOST_TO_DEVICE),
              ACL_SUCCESS);
    ASSERT_EQ(aclrtMemcpy(src, kBytes, b.data(), kBytes, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
    gpusimInjectFault("gpusimDeviceGetAttribute", 0, 1, gpusimErrorInvalidValue);
    ASSERT_EQ(
        aclrtReduceAsync(
            device_, src, kBytes, ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM, ACL_INT32, stream_, nullptr),
        ACL_SUCCESS);
    gpusimInjectFault("gpusimGetDevice", 0, 1, gpusimErrorInvalidValue);
    ASSERT_EQ(
        aclrtReduceAsync(
            device_, src, kBytes, ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM, ACL_INT32, stream_, nullptr),
        ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
    std::vector<int32_t> got(n);
    ASSERT_EQ(aclrtMemcpy(got.data(), kBytes, device_, kBytes, ACL_MEMCPY_DEVICE_TO_HOST),
              ACL_SUCCESS);
    for (size_t i = 0; i < n; ++i) {
        ASSERT_EQ(got[i], a[i] + 2 * b[i]) << "element " << i;
    }
    EXPECT_EQ(aclrtFree(src), ACL_SUCCESS);
}

// The atomic scatter zeroes its workspace first: a refused fill is the launcher's answer.
TEST_F(GpuSimFaults, UpsampleScatterReturnsARefusedWorkspaceFill) {
    const kernels::GpuLaunchers& gpu = kernels::gpusim::launchers();
    kernels::UpsampleNearestExact1dBackwardArgs args;
    args.n = args.c = 1;
    args.l_in = 4;
    args.l_out = 8;
    args.scale = 2.0f;
    args.dtype = kernels::DType::Float32;
    args.algorithm = kernels::UpsampleAlgorithm::AtomicScatter;
    args.grad_output = device_;
    args.grad_output_strides[0] = args.grad_output_strides[1] = 8;
    args.grad_output_strides[2] = 1;
    args.out = static_cast<char*>(device_) + 64;
    args.out_strides[0] = args.out_strides[1] = 4;
    args.out_strides[2] = 1;
    void* workspace = static_cast<char*>(device_) + 128;
    rt::StreamTarget target;
    ASSERT_EQ(rt::resolve_stream(stream_, &target), ACL_SUCCESS);
    fail_next("gpusimMemsetAsync", gpusimErrorInvalidValue);
    EXPECT_EQ(gpu.upsample_nearest_exact1d_backward(args, workspace, target.native),
              static_cast<int>(gpusimErrorInvalidValue));
    gpusimGetLastError();
    EXPECT_EQ(gpu.upsample_nearest_exact1d_backward(args, workspace, target.native), 0);
    EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
}

}  // namespace
}  // namespace aclemu::gpusim_test
