// Launch checks as a GPU makes them: a refused launch runs nothing and leaves its error as the
// calling thread's last error (not sticky). Block over 1024 threads or a dimension limit, grid
// y/z over 65535, or dynamic shared memory over 48 KiB: invalid configuration (9); more threads
// than the kernel's __launch_bounds__: too many resources requested (701).
#include "tests/gpusim/gpusim_test_util.h"
#include "tests/gpusim/kernels/sim_test_kernels.h"

#include <gtest/gtest.h>

#include <vector>

namespace aclemu::gpusim_test {
namespace {

constexpr int kInvalidConfiguration = gpusimErrorInvalidConfiguration;
constexpr int kOutOfResources = gpusimErrorLaunchOutOfResources;

// The launch result, and that the refusal ran nothing and is the thread's last error (once).
void expect_refused(int status, int expected, const SimBuffer<float>& untouched) {
    EXPECT_EQ(status, expected);
    EXPECT_EQ(gpusimGetLastError(), gpusimSuccess) << "the launcher already took the error";
    ASSERT_EQ(gpusimDeviceSynchronize(), gpusimSuccess) << "a refused launch is not sticky";
    for (float v : untouched.download()) {
        ASSERT_EQ(v, 0.0f) << "a refused launch ran";
    }
}

TEST(GpuSimLaunch, BlockShapeLimits) {
    SimBuffer<float> out(2048, 0.0f);
    expect_refused(
        launch_bounded_128({1025, 1, 1}, out.get(), nullptr), kInvalidConfiguration, out);
    expect_refused(launch_record_positions({1, 1, 1}, {32, 32, 2}, nullptr, nullptr),
                   kInvalidConfiguration,
                   out);  // 2048 threads
    expect_refused(launch_record_positions({1, 1, 1}, {1, 1, 65}, nullptr, nullptr),
                   kInvalidConfiguration,
                   out);
    expect_refused(launch_record_positions({1, 1, 1}, {0, 1, 1}, nullptr, nullptr),
                   kInvalidConfiguration,
                   out);
    SimBuffer<uint32_t> positions(6 * 1024, 0u);
    EXPECT_EQ(launch_record_positions({1, 1, 1}, {16, 64, 1}, positions.get(), nullptr), 0)
        << "1024 threads in any shape within the per-dimension limits";
    EXPECT_EQ(gpusimDeviceSynchronize(), gpusimSuccess);
}

TEST(GpuSimLaunch, GridLimits) {
    SimBuffer<float> out(16, 0.0f);
    expect_refused(launch_record_positions({1, 65536, 1}, {1, 1, 1}, nullptr, nullptr),
                   kInvalidConfiguration,
                   out);
    expect_refused(launch_record_positions({1, 1, 65536}, {1, 1, 1}, nullptr, nullptr),
                   kInvalidConfiguration,
                   out);
    expect_refused(launch_record_positions({0, 1, 1}, {1, 1, 1}, nullptr, nullptr),
                   kInvalidConfiguration,
                   out);
}

TEST(GpuSimLaunch, LaunchBoundsOfAMacroKernelSplitAcrossLines) {
    // __launch_bounds__(64) and the pasted name on different lines of a macro in a .cuh.
    SimBuffer<float> out(128, 0.0f);
    expect_refused(launch_split_bounded_64(65, out.get(), nullptr), kOutOfResources, out);
    ASSERT_EQ(launch_split_bounded_64(64, out.get(), nullptr), 0);
    const std::vector<float> got = out.download();
    for (size_t i = 0; i < got.size(); ++i) {
        EXPECT_EQ(got[i], i < 64 ? 3.0f : 0.0f) << i;
    }
}

TEST(GpuSimLaunch, LaunchBoundsCapTheBlock) {
    SimBuffer<float> out(256, 0.0f);
    expect_refused(launch_bounded_128({129, 1, 1}, out.get(), nullptr), kOutOfResources, out);
    expect_refused(launch_bounded_128({64, 3, 1}, out.get(), nullptr), kOutOfResources, out);
    ASSERT_EQ(launch_bounded_128({64, 2, 1}, out.get(), nullptr), 0);
    const std::vector<float> got = out.download();
    for (size_t i = 0; i < got.size(); ++i) {
        EXPECT_EQ(got[i], i < 128 ? 1.0f : 0.0f) << i;
    }
}

TEST(GpuSimLaunch, DynamicSharedMemoryUpTo48KiB) {
    SimBuffer<float> out(32, 0.0f);
    expect_refused(
        launch_with_dynamic_shared(48 * 1024 + 1, out.get(), nullptr), kInvalidConfiguration, out);
    ASSERT_EQ(launch_with_dynamic_shared(48 * 1024, out.get(), nullptr), 0);
    EXPECT_EQ(out.download(), std::vector<float>(32, 2.0f));
}

TEST(GpuSimLaunch, UnknownStreamIsAnInvalidHandle) {
    SimBuffer<float> out(32, 0.0f);
    int not_a_stream = 0;
    expect_refused(launch_with_dynamic_shared(0, out.get(), &not_a_stream),
                   gpusimErrorInvalidResourceHandle,
                   out);
}

}  // namespace
}  // namespace aclemu::gpusim_test
