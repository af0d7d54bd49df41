// aclrtDeviceSetLimit / aclrtDeviceGetLimit on every backend: the A2 defaults, rounding and
// ranges (the expected values are worked out by hand from CANN's documented rules), the SIMT
// limits an A2 lacks, and bad input. The limits are process-wide, so each test puts the
// defaults back.
#include "runtime/runtime_test_util.h"
#include "support/backend_fixture.h"
#include "support/c_enum_calls.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>

namespace aclemu::test {
namespace {

using ::testing::HasSubstr;

constexpr size_t kDefaultBytes = 32768;  // both SIMD limits' default (32 KiB)

class DeviceLimits : public BackendTest {
protected:
    void TearDown() override {
        EXPECT_EQ(aclrtDeviceSetLimit(ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE, kDefaultBytes),
                  ACL_SUCCESS);
        EXPECT_EQ(
            aclrtDeviceSetLimit(ACL_RT_DEV_LIMIT_SIMD_PRINTF_FIFO_SIZE_PER_CORE, kDefaultBytes),
            ACL_SUCCESS);
        BackendTest::TearDown();
    }

    static size_t get(aclrtDeviceLimit limit) {
        size_t value = 0;
        EXPECT_EQ(aclrtDeviceGetLimit(limit, &value), ACL_SUCCESS) << take_recent_error();
        return value;
    }
};

TEST_P(DeviceLimits, SimdStackRoundsUpToSixteenKibWithinTheA2Range) {
    EXPECT_EQ(get(ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE), kDefaultBytes);
    // {requested, effective}: up to 32 KiB means 32 KiB; above it, the next multiple of 16 KiB.
    const size_t cases[][2] = {{65536, 65536},  // CANN's kernel/10 example's budget
                               {1, 32768},
                               {0, 32768},
                               {32768, 32768},
                               {32769, 49152},
                               {40000, 49152},
                               {180225, 196608},
                               {196608, 196608}};
    for (const auto& c : cases) {
        ASSERT_EQ(aclrtDeviceSetLimit(ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE, c[0]), ACL_SUCCESS)
            << c[0] << ": " << take_recent_error();
        EXPECT_EQ(get(ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE), c[1]) << "requested " << c[0];
    }
    take_recent_error();
    EXPECT_EQ(aclrtDeviceSetLimit(ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE, 196609),
              ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("value"));
    EXPECT_EQ(get(ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE), 196608u) << "a refused value changes nothing";
}

TEST_P(DeviceLimits, SimdPrintfFifoRoundsUpToEightBytes) {
    EXPECT_EQ(get(ACL_RT_DEV_LIMIT_SIMD_PRINTF_FIFO_SIZE_PER_CORE), kDefaultBytes);
    const size_t cases[][2] = {{1024, 1024}, {1025, 1032}, {4095, 4096}, {67108864, 67108864}};
    for (const auto& c : cases) {
        ASSERT_EQ(aclrtDeviceSetLimit(ACL_RT_DEV_LIMIT_SIMD_PRINTF_FIFO_SIZE_PER_CORE, c[0]),
                  ACL_SUCCESS)
            << c[0] << ": " << take_recent_error();
        EXPECT_EQ(get(ACL_RT_DEV_LIMIT_SIMD_PRINTF_FIFO_SIZE_PER_CORE), c[1])
            << "requested " << c[0];
    }
    take_recent_error();
    for (size_t bad : {size_t{0}, size_t{1023}, size_t{67108865}}) {
        EXPECT_EQ(aclrtDeviceSetLimit(ACL_RT_DEV_LIMIT_SIMD_PRINTF_FIFO_SIZE_PER_CORE, bad),
                  ACL_ERROR_RT_PARAM_INVALID)
            << bad;
        EXPECT_THAT(take_recent_error(), HasSubstr("value"));
    }
}

TEST_P(DeviceLimits, SimtLimitsAreNotOnAnA2) {
    take_recent_error();
    for (auto limit : {ACL_RT_DEV_LIMIT_SIMT_STACK_SIZE,
                       ACL_RT_DEV_LIMIT_SIMT_DVG_WARP_STACK_SIZE,
                       ACL_RT_DEV_LIMIT_SIMT_PRINTF_FIFO_SIZE}) {
        EXPECT_EQ(aclrtDeviceSetLimit(limit, 2048), ACL_ERROR_RT_FEATURE_NOT_SUPPORT) << limit;
        EXPECT_THAT(take_recent_error(), HasSubstr("SIMT"));
        size_t value = 7;
        EXPECT_EQ(aclrtDeviceGetLimit(limit, &value), ACL_ERROR_RT_FEATURE_NOT_SUPPORT) << limit;
        EXPECT_EQ(value, 7u);
        EXPECT_THAT(take_recent_error(), HasSubstr("limit"));
    }
}

TEST_P(DeviceLimits, BadInputNamesTheParameter) {
    take_recent_error();
    size_t value = 0;
    for (int limit : {-1, 5, 999}) {
        EXPECT_EQ(c_aclrtDeviceSetLimit(limit, 65536), ACL_ERROR_INVALID_PARAM) << limit;
        EXPECT_THAT(take_recent_error(), HasSubstr("limit"));
        EXPECT_EQ(c_aclrtDeviceGetLimit(limit, &value), ACL_ERROR_INVALID_PARAM) << limit;
        EXPECT_THAT(take_recent_error(), HasSubstr("limit"));
    }
    EXPECT_EQ(aclrtDeviceGetLimit(ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE, nullptr),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("value"));
    if (sizeof(size_t) > 4) {
        const size_t too_big = size_t{UINT32_MAX} + 1;
        EXPECT_EQ(aclrtDeviceSetLimit(ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE, too_big),
                  ACL_ERROR_INVALID_PARAM);
        EXPECT_THAT(take_recent_error(), HasSubstr("UINT32_MAX"));
    }
}

TEST(DeviceLimitsBeforeInit, NeedAclInit) {
    size_t value = 0;
    EXPECT_EQ(aclrtDeviceGetLimit(ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE, &value),
              ACL_ERROR_UNINITIALIZE);
    EXPECT_EQ(aclrtDeviceSetLimit(ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE, 65536), ACL_ERROR_UNINITIALIZE);
}

ACLEMU_INSTANTIATE_BACKENDS(DeviceLimits);

}  // namespace
}  // namespace aclemu::test
