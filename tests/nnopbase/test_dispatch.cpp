// dispatch_kernel: a CPU stream runs the CPU callable in stream order on its worker, a GPU stream
// (a real GPU's or the GPU simulator's) runs the GPU callable with its backend's launchers and
// native stream, and the failures give 361001 with a message.
#include "acl/acl.h"

#include "common/dispatch.h"
#include "support/backend_fixture.h"
#include "support/error_message.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <thread>

namespace aclemu::test {
namespace {

namespace rt = ::aclemu::rt;

using ::testing::HasSubstr;

constexpr const char* kApi = "aclnnFake";
constexpr ops::KernelLabel kLabel{"fake", "test", 0};

class Dispatch : public BackendTest {
protected:
    void SetUp() override {
        BackendTest::SetUp();
        take_recent_error();
    }
};

TEST_P(Dispatch, RunsTheCallableOfTheStreamsBackend) {
    auto cpu_runs = std::make_shared<std::atomic<int>>(0);
    std::atomic<int> gpu_runs{0};
    void* native_seen = nullptr;
    for (int i = 0; i < 3; ++i) {
        const aclnnStatus status = ops::dispatch_kernel(
            kApi,
            stream(),
            rt::TaskLength::Any,
            kLabel,
            [cpu_runs] { ++*cpu_runs; },  // by value: may run after this scope
            [&](const kernels::GpuLaunchers& launchers, void* native) {
                EXPECT_EQ(&launchers, ops::gpu_launchers(rt::active_backend()));
                ++gpu_runs;
                native_seen = native;
                return 0;
            });
        if (on_gpu() && ops::gpu_launchers(rt::active_backend()) == nullptr) {
            // This test binary was built without the kernels of the GPU backend that answered.
            ASSERT_EQ(status, ACLNN_ERR_RUNTIME_ERROR);
            EXPECT_THAT(take_recent_error(), HasSubstr("built without its kernels"));
            return;
        }
        ASSERT_EQ(status, ACLNN_SUCCESS) << take_recent_error();
    }
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    if (on_gpu()) {
        EXPECT_EQ(gpu_runs, 3);
        EXPECT_EQ(*cpu_runs, 0);
        EXPECT_NE(native_seen, nullptr);
    } else {
        EXPECT_EQ(*cpu_runs, 3);
        EXPECT_EQ(gpu_runs, 0);
    }
}

class DispatchOnCpu : public Dispatch {};

TEST_P(DispatchOnCpu, TasksRunInStreamOrderOffTheCallingThread) {
    auto order = std::make_shared<std::vector<int>>();
    auto thread_ids = std::make_shared<std::vector<std::thread::id>>();
    for (int i = 0; i < 5; ++i) {
        ASSERT_EQ(ops::dispatch_kernel(
                      kApi,
                      stream(),
                      rt::TaskLength::Any,
                      kLabel,
                      [order, thread_ids, i] {
                          order->push_back(i);
                          thread_ids->push_back(std::this_thread::get_id());
                      },
                      [](const kernels::GpuLaunchers&, void*) { return 0; }),
                  ACLNN_SUCCESS);
    }
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    EXPECT_EQ(*order, (std::vector<int>{0, 1, 2, 3, 4}));
    ASSERT_EQ(thread_ids->size(), 5u);
    if (std::getenv("ASCEND_LAUNCH_BLOCKING") == nullptr) {
        EXPECT_NE((*thread_ids)[0], std::this_thread::get_id());
    }
}

TEST_P(Dispatch, DefaultStreamIsNull) {
    auto ran = std::make_shared<std::atomic<bool>>(false);
    const aclnnStatus status = ops::dispatch_kernel(
        kApi,
        nullptr,
        rt::TaskLength::Any,
        kLabel,
        [ran] { *ran = true; },
        [&](const kernels::GpuLaunchers&, void*) {
            *ran = true;
            return 0;
        });
    if (on_gpu() && ops::gpu_launchers(rt::active_backend()) == nullptr) {
        EXPECT_EQ(status, ACLNN_ERR_RUNTIME_ERROR);
        take_recent_error();
        return;
    }
    ASSERT_EQ(status, ACLNN_SUCCESS) << take_recent_error();
    ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
    EXPECT_TRUE(*ran);
}

TEST_P(Dispatch, InvalidStreamIsARuntimeError) {
    int not_a_stream = 0;
    bool ran = false;
    EXPECT_EQ(ops::dispatch_kernel(
                  kApi,
                  &not_a_stream,
                  rt::TaskLength::Any,
                  kLabel,
                  [&ran] { ran = true; },
                  [&ran](const kernels::GpuLaunchers&, void*) {
                      ran = true;
                      return 0;
                  }),
              ACLNN_ERR_RUNTIME_ERROR);
    EXPECT_FALSE(ran);
    EXPECT_THAT(take_recent_error(), HasSubstr("EZ3001: [aclnnFake] stream:"));
}

TEST_P(Dispatch, ThreadWithoutADeviceIsARuntimeError) {
    // aclrtSetDevice binds the calling thread; a fresh thread has no current context.
    aclnnStatus status = ACLNN_SUCCESS;
    std::string message;
    std::thread worker([&] {
        status = ops::dispatch_kernel(
            kApi,
            nullptr,
            rt::TaskLength::Any,
            kLabel,
            [] {},
            [](const kernels::GpuLaunchers&, void*) { return 0; });
        message = take_recent_error();
    });
    worker.join();
    EXPECT_EQ(status, ACLNN_ERR_RUNTIME_ERROR);
    EXPECT_THAT(message, HasSubstr("aclrtSetDevice"));
}

class DispatchOnGpu : public Dispatch {};

TEST_P(DispatchOnGpu, FailedLaunchIsARuntimeError) {
    ASSERT_NE(ops::gpu_launchers(rt::active_backend()), nullptr)
        << "this test binary has no kernels for the GPU backend that answered";
    // 1 is the GPU runtime's "invalid value" error code in CUDA, HIP and the simulator.
    EXPECT_EQ(ops::dispatch_kernel(
                  kApi,
                  stream(),
                  rt::TaskLength::Any,
                  kLabel,
                  [] {},
                  [](const kernels::GpuLaunchers&, void*) { return 1; }),
              ACLNN_ERR_RUNTIME_ERROR);
    EXPECT_THAT(
        take_recent_error(),
        HasSubstr("EZ3001: [aclnnFake] kernel launch on device 0 failed: invalid argument"));
}

ACLEMU_INSTANTIATE_BACKENDS(Dispatch);
ACLEMU_INSTANTIATE_CPU_ONLY(DispatchOnCpu);
ACLEMU_INSTANTIATE_GPU_ONLY(DispatchOnGpu);

}  // namespace
}  // namespace aclemu::test
