// Device id mappings (aclrtGetPhyDevIdByLogicDevId and the other five) and
// aclrtDeviceGetHostAtomicCapabilities on the CPU backend with three devices of which
// ASCEND_RT_VISIBLE_DEVICES=2,0 shows two: user 0 is physical device 2, user 1 physical device 0;
// the "logical" ids of these calls are user ids, as in CANN's runtime.
#include "acl/acl.h"

#include "runtime/runtime_test_util.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>

namespace aclemu::test {
namespace {

using ::testing::HasSubstr;

class DeviceIds : public ::testing::Test {
protected:
    ScopedEnv count_{"ACLEMU_CPU_DEVICE_COUNT", "3"};
    ScopedEnv visible_{"ASCEND_RT_VISIBLE_DEVICES", "2,0"};
    RuntimeSession session_{"cpu"};
};

TEST_F(DeviceIds, LogicalIdsAreUserIdsAndPhysicalIdsFollowTheVisibleList) {
    ASSERT_EQ(session_.init_result, ACL_SUCCESS);
    int32_t id = -1;
    ASSERT_EQ(aclrtGetPhyDevIdByLogicDevId(0, &id), ACL_SUCCESS) << take_recent_error();
    EXPECT_EQ(id, 2);
    ASSERT_EQ(aclrtGetPhyDevIdByLogicDevId(1, &id), ACL_SUCCESS);
    EXPECT_EQ(id, 0);
    ASSERT_EQ(aclrtGetLogicDevIdByPhyDevId(2, &id), ACL_SUCCESS);
    EXPECT_EQ(id, 0);
    ASSERT_EQ(aclrtGetLogicDevIdByPhyDevId(0, &id), ACL_SUCCESS);
    EXPECT_EQ(id, 1);
    ASSERT_EQ(aclrtGetPhyDevIdByUserDevId(0, &id), ACL_SUCCESS) << take_recent_error();
    EXPECT_EQ(id, 2);
    ASSERT_EQ(aclrtGetPhyDevIdByUserDevId(1, &id), ACL_SUCCESS);
    EXPECT_EQ(id, 0);
    ASSERT_EQ(aclrtGetUserDevIdByPhyDevId(2, &id), ACL_SUCCESS) << take_recent_error();
    EXPECT_EQ(id, 0);
    ASSERT_EQ(aclrtGetUserDevIdByPhyDevId(0, &id), ACL_SUCCESS);
    EXPECT_EQ(id, 1);
    for (int32_t user = 0; user < 2; ++user) {
        ASSERT_EQ(aclrtGetUserDevIdByLogicDevId(user, &id), ACL_SUCCESS);
        EXPECT_EQ(id, user);
        ASSERT_EQ(aclrtGetLogicDevIdByUserDevId(user, &id), ACL_SUCCESS);
        EXPECT_EQ(id, user);
    }
}

TEST_F(DeviceIds, IdsOutsideTheDevicesAreRefused) {
    ASSERT_EQ(session_.init_result, ACL_SUCCESS);
    int32_t id = -1;
    take_recent_error();
    EXPECT_EQ(aclrtGetLogicDevIdByUserDevId(2, &id), ACL_ERROR_RT_INVALID_DEVICEID);
    EXPECT_THAT(take_recent_error(), HasSubstr("userDevid"));
    EXPECT_EQ(aclrtGetLogicDevIdByPhyDevId(1, &id), ACL_ERROR_RT_INVALID_DEVICEID)
        << "physical device 1 exists but is not visible";
    EXPECT_THAT(take_recent_error(), HasSubstr("ASCEND_RT_VISIBLE_DEVICES"));
    EXPECT_EQ(aclrtGetPhyDevIdByLogicDevId(2, &id), ACL_ERROR_RT_INVALID_DEVICEID);
    EXPECT_THAT(take_recent_error(), HasSubstr("logicDevId"));
    EXPECT_EQ(aclrtGetLogicDevIdByPhyDevId(3, &id), ACL_ERROR_RT_INVALID_DEVICEID);
    EXPECT_THAT(take_recent_error(), HasSubstr("phyDevId"));
    EXPECT_EQ(aclrtGetUserDevIdByLogicDevId(-1, &id), ACL_ERROR_RT_INVALID_DEVICEID);
    EXPECT_THAT(take_recent_error(), HasSubstr("logicDevId"));
    EXPECT_EQ(aclrtGetPhyDevIdByLogicDevId(0, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("phyDevId"));
    EXPECT_EQ(aclrtGetUserDevIdByLogicDevId(0, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("userDevid"));
    EXPECT_EQ(aclrtGetUserDevIdByPhyDevId(1, &id), ACL_ERROR_RT_INVALID_DEVICEID)
        << "physical device 1 exists but is not visible";
    EXPECT_THAT(take_recent_error(), HasSubstr("ASCEND_RT_VISIBLE_DEVICES"));
    EXPECT_EQ(aclrtGetPhyDevIdByUserDevId(2, &id), ACL_ERROR_RT_INVALID_DEVICEID);
    EXPECT_THAT(take_recent_error(), HasSubstr("userDevId"));
    EXPECT_EQ(aclrtGetPhyDevIdByUserDevId(0, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("phyDevId"));
}

TEST_F(DeviceIds, NoHostAtomicIsPromised) {
    ASSERT_EQ(session_.init_result, ACL_SUCCESS);
    const aclrtAtomicOperation ops[3] = {ACL_RT_ATOMIC_OPERATION_DMA_ADD,
                                         ACL_RT_ATOMIC_OPERATION_INTEGER_ADD,
                                         ACL_RT_ATOMIC_OPERATION_SIMD_SCALAR_EXCH};
    uint32_t caps[3] = {7, 7, 7};
    ASSERT_EQ(aclrtDeviceGetHostAtomicCapabilities(caps, ops, 3, 1), ACL_SUCCESS)
        << take_recent_error();
    EXPECT_EQ(caps[0], 0u);
    EXPECT_EQ(caps[1], 0u);
    EXPECT_EQ(caps[2], 0u);

    take_recent_error();
    const auto bad = static_cast<aclrtAtomicOperation>(13);
    EXPECT_EQ(aclrtDeviceGetHostAtomicCapabilities(caps, &bad, 1, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("operations[0]"));
    EXPECT_EQ(aclrtDeviceGetHostAtomicCapabilities(caps, ops, 0, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("count"));
    EXPECT_EQ(aclrtDeviceGetHostAtomicCapabilities(nullptr, ops, 1, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("capabilities"));
    EXPECT_EQ(aclrtDeviceGetHostAtomicCapabilities(caps, nullptr, 1, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("operations"));
    EXPECT_EQ(aclrtDeviceGetHostAtomicCapabilities(caps, ops, 1, 2), ACL_ERROR_RT_INVALID_DEVICEID);
    EXPECT_THAT(take_recent_error(), HasSubstr("deviceId"));
}

}  // namespace
}  // namespace aclemu::test
