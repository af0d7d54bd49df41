// The kernel checks that test_ascendc_kernels.cpp (the backends ctest names: cpu, gpusim) and
// test_ascendc_gpu.cpp (a real GPU, the kernels' CUDA/HIP variants) both run: one body each, on
// a DeviceFixture's device and stream. References in double precision.
#pragma once

#include "acl/acl.h"

#include "device_test_fixture.h"
#include "kernels/test_kernels.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

class KernelChecks : public DeviceFixture {
protected:
    // launch_scalar_add_block on `blocks` blocks: each adds its index + 1 to its first word only.
    void check_scalar_kernel_sees_its_block_index(uint32_t blocks) {
        std::vector<int32_t> values(blocks * 16, 100);
        void* data = to_device(values);
        ASSERT_EQ(launch_scalar_add_block(blocks, stream_, data), 0u);
        ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
        const std::vector<int32_t> out = to_host<int32_t>(data, values.size());
        for (uint32_t b = 0; b < blocks; ++b) {
            EXPECT_EQ(out[b * 16], 100 + static_cast<int32_t>(b) + 1) << "block " << b;
            EXPECT_EQ(out[b * 16 + 1], 100);
        }
    }

    // A stream capture (aclmdlRICaptureBegin) records the launch instead of running it; each
    // execution of the model runtime instance runs the kernel again, once (on a GPU the launch
    // becomes graph nodes, and a replay does not reuse the first one's records).
    void check_captured_launch_runs_once_per_execution() {
        std::vector<int32_t> values(4 * 16, 0);
        void* data = to_device(values);
        ASSERT_EQ(aclmdlRICaptureBegin(stream_, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL), ACL_SUCCESS);
        ASSERT_EQ(launch_scalar_add_block(4, stream_, data), 0u) << aclGetRecentErrMsg();
        aclmdlRI model = nullptr;
        ASSERT_EQ(aclmdlRICaptureEnd(stream_, &model), ACL_SUCCESS) << aclGetRecentErrMsg();
        ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
        EXPECT_EQ(to_host<int32_t>(data, values.size())[16], 0) << "the capture ran the kernel";
        for (int run = 1; run <= 3; ++run) {
            ASSERT_EQ(aclmdlRIExecuteAsync(model, stream_), ACL_SUCCESS) << aclGetRecentErrMsg();
            ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
            const std::vector<int32_t> out = to_host<int32_t>(data, values.size());
            for (int b = 0; b < 4; ++b) {
                EXPECT_EQ(out[b * 16], run * (b + 1)) << "execution " << run << ", block " << b;
            }
        }
        EXPECT_EQ(aclmdlRIDestroy(model), ACL_SUCCESS);
    }

    // Cast (half to float) and ReduceSum: each of 3 blocks sums its 256 halves (4 repeats of 64
    // floats) into its first float and zeroes the next.
    void check_cast_and_reduce_sum_per_block() {
        constexpr uint32_t kBlocks = 3;
        constexpr uint32_t kCount = 256;
        std::vector<_Float16> x(kBlocks * kCount);
        for (size_t i = 0; i < x.size(); ++i) {
            x[i] = static_cast<_Float16>(static_cast<double>(static_cast<int>(i % 13) - 6) * 0.25);
        }
        void* dx = to_device(x);
        void* out = to_device(std::vector<float>(kBlocks * 8, -1.0f));
        ASSERT_EQ(launch_sum_half_as_float(kBlocks, stream_, dx, out, kCount), 0u);
        ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
        const std::vector<float> sums = to_host<float>(out, kBlocks * 8);
        for (uint32_t b = 0; b < kBlocks; ++b) {
            double expected = 0;  // quarters: every partial sum is exact in float
            for (uint32_t i = 0; i < kCount; ++i) {
                expected += static_cast<double>(x[b * kCount + i]);
            }
            EXPECT_EQ(static_cast<double>(sums[b * 8]), expected) << "block " << b;
            EXPECT_EQ(sums[b * 8 + 1], 0.0f);
        }
    }

    // SyncAll across 8 blocks: after it each block sees every block's index + 1 added.
    void check_sync_all_is_a_barrier_across_blocks() {
        constexpr uint32_t kBlocks = 8;
        void* data = to_device(std::vector<int32_t>(32, 0));
        ASSERT_EQ(launch_sync_sum(kBlocks, stream_, data), 0u);
        ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
        const std::vector<int32_t> out = to_host<int32_t>(data, 32);
        EXPECT_EQ(out[16], static_cast<int32_t>(kBlocks * (kBlocks + 1) / 2));
    }
};
