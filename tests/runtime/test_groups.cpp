// Compute groups: the device is one group covering it (group 0, the device's 24 AI cores and 48
// vector cores), its information through aclrtGroupInfo, selecting it, and the inputs refused.
#include "runtime/runtime_test_util.h"
#include "support/backend_fixture.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <thread>

namespace aclemu::test {
namespace {

using ::testing::HasSubstr;

class Groups : public BackendTest {};

int32_t detail(const aclrtGroupInfo* info, aclrtGroupAttr attr) {
    int32_t value = -1;
    size_t written = 0;
    EXPECT_EQ(aclrtGetGroupInfoDetail(info, 0, attr, &value, sizeof value, &written), ACL_SUCCESS)
        << take_recent_error();
    EXPECT_EQ(written, sizeof(int32_t));
    return value;
}

TEST_P(Groups, TheDeviceIsOneGroup) {
    uint32_t count = 0;
    ASSERT_EQ(aclrtGetGroupCount(&count), ACL_SUCCESS) << take_recent_error();
    EXPECT_EQ(count, 1u);
    aclrtGroupInfo* info = aclrtCreateGroupInfo();
    ASSERT_NE(info, nullptr) << take_recent_error();
    ASSERT_EQ(aclrtGetAllGroupInfo(info), ACL_SUCCESS) << take_recent_error();
    EXPECT_EQ(detail(info, ACL_GROUP_GROUPID_INT), 0);
    // The group's cores are the device's, as aclrtGetDeviceInfo reports them.
    int64_t cube = 0;
    int64_t vector = 0;
    int64_t aicpu = 0;
    ASSERT_EQ(aclrtGetDeviceInfo(0, ACL_DEV_ATTR_AICORE_CORE_NUM, &cube), ACL_SUCCESS);
    ASSERT_EQ(aclrtGetDeviceInfo(0, ACL_DEV_ATTR_VECTOR_CORE_NUM, &vector), ACL_SUCCESS);
    ASSERT_EQ(aclrtGetDeviceInfo(0, ACL_DEV_ATTR_AICPU_CORE_NUM, &aicpu), ACL_SUCCESS);
    EXPECT_EQ(detail(info, ACL_GROUP_AICORE_INT), 24);
    EXPECT_EQ(detail(info, ACL_GROUP_AICORE_INT), cube);
    EXPECT_EQ(detail(info, ACL_GROUP_AIV_INT), 48);
    EXPECT_EQ(detail(info, ACL_GROUP_AIV_INT), vector);
    EXPECT_EQ(detail(info, ACL_GROUP_AIC_INT), aicpu);
    EXPECT_EQ(detail(info, ACL_GROUP_SDMANUM_INT), 1);
    EXPECT_EQ(detail(info, ACL_GROUP_ASQNUM_INT), 32);
    EXPECT_EQ(aclrtSetGroup(0), ACL_SUCCESS) << take_recent_error();
    EXPECT_EQ(aclrtDestroyGroupInfo(info), ACL_SUCCESS);
}

TEST_P(Groups, RefusesWhatCannRefuses) {
    aclrtGroupInfo* info = aclrtCreateGroupInfo();
    ASSERT_NE(info, nullptr);
    ASSERT_EQ(aclrtGetAllGroupInfo(info), ACL_SUCCESS);
    int32_t value = 0;
    size_t written = 0;
    EXPECT_EQ(aclrtGetGroupCount(nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("count"));
    EXPECT_EQ(aclrtGetAllGroupInfo(nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("groupInfo"));
    EXPECT_EQ(
        aclrtGetGroupInfoDetail(nullptr, 0, ACL_GROUP_AICORE_INT, &value, sizeof value, &written),
        ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("groupInfo"));
    EXPECT_EQ(aclrtGetGroupInfoDetail(info, 0, ACL_GROUP_AICORE_INT, nullptr, 4, &written),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("attrValue"));
    EXPECT_EQ(aclrtGetGroupInfoDetail(info, 0, ACL_GROUP_AICORE_INT, &value, 4, nullptr),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("paramRetSize"));
    EXPECT_EQ(aclrtGetGroupInfoDetail(info, 1, ACL_GROUP_AICORE_INT, &value, 4, &written),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("groupIndex"));
    EXPECT_EQ(aclrtGetGroupInfoDetail(info, -1, ACL_GROUP_AICORE_INT, &value, 4, &written),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("groupIndex"));
    EXPECT_EQ(aclrtGetGroupInfoDetail(
                  info, 0, static_cast<aclrtGroupAttr>(6), &value, sizeof value, &written),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("attr"));
    EXPECT_EQ(aclrtGetGroupInfoDetail(info, 0, ACL_GROUP_AICORE_INT, &value, 3, &written),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("valueLen"));
    EXPECT_EQ(aclrtSetGroup(1), ACL_ERROR_RT_GROUP_NOT_CREATE);
    EXPECT_THAT(take_recent_error(), HasSubstr("groupId"));
    // A destroyed (or never created) group info is refused, never read.
    ASSERT_EQ(aclrtDestroyGroupInfo(info), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyGroupInfo(info), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("groupInfo"));
    EXPECT_EQ(aclrtGetAllGroupInfo(info), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("groupInfo"));
    EXPECT_EQ(aclrtDestroyGroupInfo(nullptr), ACL_ERROR_INVALID_PARAM);
}

// Groups belong to the current context: a thread without one gets no group information.
TEST_P(Groups, NeedACurrentContext) {
    std::thread([] {
        uint32_t count = 7;
        EXPECT_NE(aclrtGetGroupCount(&count), ACL_SUCCESS);
        EXPECT_EQ(count, 7u);
        EXPECT_EQ(aclrtCreateGroupInfo(), nullptr);
        EXPECT_NE(aclrtSetGroup(0), ACL_SUCCESS);
    }).join();
}

ACLEMU_INSTANTIATE_BACKENDS(Groups);

}  // namespace
}  // namespace aclemu::test
