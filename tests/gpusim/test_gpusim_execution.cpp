// The GPU simulator's execution model: every thread of every block runs once with its indices,
// __syncthreads() orders a block's shared memory, shared memory starts as poison, atomics from
// many blocks all land, and gpucub::BlockReduce keeps cub's contract.
#include "tests/gpusim/gpusim_test_util.h"
#include "tests/gpusim/kernels/sim_test_kernels.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <set>
#include <tuple>
#include <vector>

namespace aclemu::gpusim_test {
namespace {

constexpr unsigned kBlock = 256;

TEST(GpuSimExecution, EveryThreadOfEveryBlockRunsOnceWithItsIndices) {
    const Dims grid{3, 2, 2};
    const Dims block{8, 4, 2};
    const size_t threads = 3 * 2 * 2 * 8 * 4 * 2;
    SimBuffer<uint32_t> out(6 * threads, 0xDEADBEEFu);
    ASSERT_EQ(launch_record_positions(grid, block, out.get(), nullptr), 0);
    ASSERT_EQ(gpusimDeviceSynchronize(), gpusimSuccess);
    const std::vector<uint32_t> got = out.download();
    std::set<std::tuple<uint32_t, uint32_t, uint32_t, uint32_t, uint32_t, uint32_t>> seen;
    size_t slot = 0;
    for (uint32_t bz = 0; bz < grid.z; ++bz) {
        for (uint32_t by = 0; by < grid.y; ++by) {
            for (uint32_t bx = 0; bx < grid.x; ++bx) {
                for (uint32_t tz = 0; tz < block.z; ++tz) {
                    for (uint32_t ty = 0; ty < block.y; ++ty) {
                        for (uint32_t tx = 0; tx < block.x; ++tx, ++slot) {
                            const uint32_t* p = &got[6 * slot];
                            EXPECT_EQ(std::vector<uint32_t>(p, p + 6),
                                      (std::vector<uint32_t>{bx, by, bz, tx, ty, tz}))
                                << "slot " << slot;
                            seen.emplace(p[0], p[1], p[2], p[3], p[4], p[5]);
                        }
                    }
                }
            }
        }
    }
    EXPECT_EQ(seen.size(), threads);
}

TEST(GpuSimExecution, BarriersOrderASharedMemoryTree) {
    const unsigned blocks = 5;
    std::vector<float> in(blocks * kBlock);
    std::vector<float> expected(blocks, 0.0f);
    for (size_t i = 0; i < in.size(); ++i) {
        in[i] = static_cast<float>(i % 13) - 6.0f;  // small integers: every order is exact
        expected[i / kBlock] += in[i];
    }
    SimBuffer<float> d_in(in.size());
    d_in.upload(in);
    SimBuffer<float> d_out(blocks);
    ASSERT_EQ(launch_block_sums(d_in.get(), d_out.get(), blocks, nullptr), 0);
    EXPECT_EQ(d_out.download(), expected);
}

// Every block, including a later one on the same host thread, starts with poison where the
// previous block left its values.
TEST(GpuSimExecution, SharedMemoryStartsEveryBlockAsPoison) {
    const unsigned blocks = 9;
    for (int launch = 0; launch < 2; ++launch) {
        SimBuffer<uint32_t> out(blocks * kBlock, 0u);
        ASSERT_EQ(launch_read_fresh_shared(out.get(), blocks, nullptr), 0);
        EXPECT_EQ(out.download(), std::vector<uint32_t>(blocks * kBlock, 0xFFFFFFFFu))
            << "launch " << launch;
    }
}

TEST(GpuSimExecution, AtomicAddsFromManyBlocksAllLand) {
    const unsigned blocks = 12;
    SimBuffer<int> count(1, 0);
    SimBuffer<float> sum(1, 0.0f);
    ASSERT_EQ(launch_atomic_adds(count.get(), sum.get(), blocks, nullptr), 0);
    EXPECT_EQ(count.download()[0], static_cast<int>(blocks * kBlock));
    EXPECT_EQ(sum.download()[0], 0.5f * blocks * kBlock);  // exact: multiples of 0.5 below 2^24
}

TEST(GpuSimExecution, BlockReduceResultIsValidInThreadZeroOnly) {
    std::vector<float> in(kBlock);
    float total = 0.0f;
    for (unsigned t = 0; t < kBlock; ++t) {
        in[t] = static_cast<float>(t % 7);
        total += in[t];
    }
    SimBuffer<float> d_in(kBlock);
    d_in.upload(in);
    SimBuffer<float> d_out(kBlock);
    ASSERT_EQ(launch_block_reduce_results(d_in.get(), d_out.get(), nullptr), 0);
    const std::vector<float> got = d_out.download();
    EXPECT_EQ(got[0], total);
    for (unsigned t = 1; t < kBlock; ++t) {
        ASSERT_TRUE(std::isnan(got[t])) << "thread " << t << " got " << got[t];
        EXPECT_EQ(bits_of(got[t]), 0xFFFFFFFFu);
    }
}

// A fault is sticky for the rest of the process, as on a GPU: observed in a child process.
TEST(GpuSimExecutionDeathTest, BlockReduceInABlockOfTheWrongShapeIsAFault) {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_EXIT(
        {
            SimBuffer<float> in(kBlock, 1.0f);
            SimBuffer<float> out(kBlock);
            launch_block_reduce_in_wrong_block(in.get(), out.get(), nullptr);
            const gpusimError_t sync = gpusimDeviceSynchronize();
            void* more = nullptr;
            const gpusimError_t later = gpusimMalloc(&more, 16);
            std::fprintf(stderr,
                         "sync: %s, later: %s\n",
                         gpusimGetErrorName(sync),
                         gpusimGetErrorName(later));
            std::exit(sync == gpusimErrorLaunchFailure && later == gpusimErrorLaunchFailure ? 0
                                                                                            : 1);
        },
        ::testing::ExitedWithCode(0),
        "kernel block_reduce_kernel, block \\(0,0,0\\), thread \\(0,0,0\\): gpucub::BlockReduce "
        "used in a block whose shape is not its BlockDimX(.|\n)*sync: gpusimErrorLaunchFailure, "
        "later: gpusimErrorLaunchFailure");
}

}  // namespace
}  // namespace aclemu::gpusim_test
