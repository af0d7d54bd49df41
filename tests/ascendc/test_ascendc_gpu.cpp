// The CUDA/HIP variants of Ascend C kernels (tests/ascendc/kernels, compiled by nvcc or hipcc in
// a GPU build) launched with <<<>>> on a real GPU (ctest ascendc_kernels_gpu, ACLEMU_BACKEND=gpu):
// one GPU thread per block, the UB in device memory, SyncAll across resident blocks, Trap ending
// its block with 507035. Without a GPU every test skips, saying why; ACLEMU_REQUIRE_GPU=1 (GPU CI
// runners, scripts/gpu_check.sh) makes that a failure. References in double precision.
#include "acl/acl.h"

#include "kernel_checks.h"
#include "kernels/test_kernels.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

bool gpu_required() {
    const char* value = std::getenv("ACLEMU_REQUIRE_GPU");
    return value != nullptr && std::strcmp(value, "1") == 0;
}

// KernelChecks (kernel_checks.h) whose SetUp skips, or fails under ACLEMU_REQUIRE_GPU=1,
// where no GPU answers.
class AscendCOnGpu : public KernelChecks {
protected:
    void SetUp() override {
        if (aclrtSetDevice(0) != ACL_SUCCESS) {
            const char* message = aclGetRecentErrMsg();  // read once: reading clears it
            const std::string why = message != nullptr ? message : "no message";
            if (gpu_required()) {
                FAIL() << "ACLEMU_REQUIRE_GPU=1, but no GPU answers: " << why;
            }
            GTEST_SKIP() << "no GPU answers (" << why
                         << "): the CUDA/HIP kernel variants were compiled but cannot run here";
        }
        device_set_ = true;
        ASSERT_EQ(aclrtCreateStream(&stream_), ACL_SUCCESS);
    }
    void TearDown() override {
        if (device_set_) {
            DeviceFixture::TearDown();
        }
    }

    bool device_set_ = false;
};

TEST_F(AscendCOnGpu, RunsOnTheGpuBackend) {
    const char* soc = aclrtGetSocName();
    ASSERT_NE(soc, nullptr);
    const std::string name = soc;
    EXPECT_TRUE(name.find("cuda") != std::string::npos || name.find("hip") != std::string::npos)
        << name;
}

TEST_F(AscendCOnGpu, CapturedLaunchRunsOncePerExecution) {
    check_captured_launch_runs_once_per_execution();
}

TEST_F(AscendCOnGpu, CapturedTrapFailsEachExecution) {
    void* data = to_device(std::vector<int32_t>(4 * 16, 0));
    ASSERT_EQ(aclmdlRICaptureBegin(stream_, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL), ACL_SUCCESS);
    ASSERT_EQ(launch_trap_in_block(4, stream_, data, 2), 0u) << aclGetRecentErrMsg();
    aclmdlRI model = nullptr;
    ASSERT_EQ(aclmdlRICaptureEnd(stream_, &model), ACL_SUCCESS) << aclGetRecentErrMsg();
    for (int run = 1; run <= 2; ++run) {
        ASSERT_EQ(aclmdlRIExecuteAsync(model, stream_), ACL_SUCCESS) << aclGetRecentErrMsg();
        EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_ERROR_RT_VECTOR_CORE_EXCEPTION)
            << "execution " << run;
        const std::string message = aclGetRecentErrMsg();
        EXPECT_NE(message.find("block 2"), std::string::npos) << message;
        EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS) << "reported once";
    }
    EXPECT_EQ(aclmdlRIDestroy(model), ACL_SUCCESS);
}

TEST_F(AscendCOnGpu, ScalarKernelSeesItsBlockIndex) {
    check_scalar_kernel_sees_its_block_index(100);  // more than the SoC's 48 cores: a plain launch
}

TEST_F(AscendCOnGpu, DoubleBufferedVectorAddOfHalfInDeviceUb) {
    constexpr uint32_t kBlocks = 8;
    constexpr uint32_t kPerBlock = 2048;
    constexpr uint32_t kTile = 128;
    const size_t n = kBlocks * kPerBlock;
    std::vector<_Float16> x(n), y(n);
    for (size_t i = 0; i < n; ++i) {
        x[i] = static_cast<_Float16>(static_cast<double>(i % 97) * 0.37 - 11.0);
        y[i] = static_cast<_Float16>(static_cast<double>(i % 31) * 1.13 + 0.001);
    }
    void* dx = to_device(x);
    void* dy = to_device(y);
    void* dz = to_device(std::vector<_Float16>(n, static_cast<_Float16>(0)));
    ASSERT_EQ(launch_add_custom(kBlocks, stream_, dx, dy, dz, AddTiling{kPerBlock, kTile}), 0u);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
    const std::vector<_Float16> z = to_host<_Float16>(dz, n);
    for (size_t i = 0; i < n; ++i) {
        const _Float16 expected =
            static_cast<_Float16>(static_cast<double>(x[i]) + static_cast<double>(y[i]));
        ASSERT_EQ(std::memcmp(&z[i], &expected, 2), 0) << "element " << i;
    }
}

TEST_F(AscendCOnGpu, CastAndReduceSumPerBlock) {
    check_cast_and_reduce_sum_per_block();
}

TEST_F(AscendCOnGpu, SyncAllIsABarrierAcrossResidentBlocks) {
    check_sync_all_is_a_barrier_across_blocks();
}

TEST_F(AscendCOnGpu, TrapEndsItsBlockAndFailsTheTaskWith507035) {
    std::vector<int32_t> values(4 * 16, 0);
    void* data = to_device(values);
    ASSERT_EQ(launch_trap_in_block(4, stream_, data, 2), 0u);
    EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_ERROR_RT_VECTOR_CORE_EXCEPTION);
    const std::string message = aclGetRecentErrMsg();
    EXPECT_NE(message.find("trap_in_block"), std::string::npos) << message;
    EXPECT_NE(message.find("block 2"), std::string::npos) << message;
    // The GPU context survives: the stream runs later work.
    EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
    const std::vector<int32_t> out = to_host<int32_t>(data, values.size());
    EXPECT_EQ(out[0], 7);
    EXPECT_EQ(out[2 * 16], 0);
    EXPECT_EQ(out[3 * 16], 7);
}

}  // namespace
