// What aclemu says about itself: package versions (aclsys*), CANN attributes, the SoC name
// (before aclInit too, and ACLEMU_SOC_NAME), the architecture check, and the device health
// queries (aclrtGetErrorVerbose, aclrtRepairError, aclrtQueryDeviceStatus) on every backend.
// Expected values are written here from aclemu's documented choices (docs/compatibility.md).
#include "runtime/runtime_test_util.h"
#include "support/backend_fixture.h"
#include "support/c_enum_calls.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstring>
#include <set>
#include <string>

namespace aclemu::test {
namespace {

using ::testing::HasSubstr;

TEST(Versions, RuntimePackageIsTheAclInterfaceLevel) {
    take_recent_error();
    char runtime_name[] = "runtime";
    char text[ACL_PKG_VERSION_MAX_SIZE];
    std::memset(text, 'x', sizeof text);
    ASSERT_EQ(aclsysGetVersionStr(runtime_name, text), ACL_SUCCESS) << take_recent_error();
    EXPECT_STREQ(text, "1.15.0");
    int32_t number = 0;
    ASSERT_EQ(aclsysGetVersionNum(runtime_name, &number), ACL_SUCCESS);
    EXPECT_EQ(number, 1 * 10000000 + 15 * 100000 + 0 * 1000);

    aclCANNPackageVersion version;
    std::memset(&version, 'x', sizeof version);
    for (aclCANNPackageName name : {ACL_PKG_NAME_CANN, ACL_PKG_NAME_RUNTIME}) {
        ASSERT_EQ(aclsysGetCANNVersion(name, &version), ACL_SUCCESS) << take_recent_error();
        EXPECT_STREQ(version.version, "1.15.0");
        EXPECT_STREQ(version.majorVersion, "1");
        EXPECT_STREQ(version.minorVersion, "15");
        EXPECT_STREQ(version.releaseVersion, "0");
        EXPECT_STREQ(version.patchVersion, "0");
        EXPECT_STREQ(version.reserved, "");
    }
}

TEST(Versions, AclemuPackageIsTheRelease) {
    char name[] = "aclemu";
    char text[ACL_PKG_VERSION_MAX_SIZE] = {};
    ASSERT_EQ(aclsysGetVersionStr(name, text), ACL_SUCCESS) << take_recent_error();
    int major = -1, minor = -1, patch = -1;
    ASSERT_EQ(std::sscanf(text, "%d.%d.%d", &major, &minor, &patch), 3) << text;
    int32_t number = 0;
    ASSERT_EQ(aclsysGetVersionNum(name, &number), ACL_SUCCESS);
    EXPECT_EQ(number, major * 10000000 + minor * 100000 + patch * 1000);
}

TEST(Versions, OtherPackagesAreNotInstalled) {
    take_recent_error();
    char driver[] = "driver";
    char text[ACL_PKG_VERSION_MAX_SIZE] = {};
    int32_t number = 0;
    EXPECT_EQ(aclsysGetVersionStr(driver, text), ACL_ERROR_INVALID_FILE);
    EXPECT_THAT(take_recent_error(),
                HasSubstr("EH0001: Value [driver] for parameter [pkgName] is invalid"));
    char opp[] = "ops-legacy";
    EXPECT_EQ(aclsysGetVersionNum(opp, &number), ACL_ERROR_INVALID_FILE);
    aclCANNPackageVersion version{};
    EXPECT_EQ(aclsysGetCANNVersion(ACL_PKG_NAME_DRIVER, &version), ACL_ERROR_INVALID_FILE);
    EXPECT_EQ(aclsysGetCANNVersion(ACL_PKG_NAME_HCCL, &version), ACL_ERROR_INVALID_FILE);
    EXPECT_EQ(c_aclsysGetCANNVersion(8, &version), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("parameter [name]"));
    EXPECT_EQ(aclsysGetCANNVersion(ACL_PKG_NAME_CANN, nullptr), ACL_ERROR_INVALID_PARAM);
    char runtime_name[] = "runtime";
    EXPECT_EQ(aclsysGetVersionStr(nullptr, text), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclsysGetVersionStr(runtime_name, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclsysGetVersionNum(runtime_name, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("EH0002: Argument [versionNum] must not be null."));
}

TEST(CannAttributes, ListAndQueryAgree) {
    const aclCannAttr* list = nullptr;
    size_t count = 0;
    ASSERT_EQ(aclGetCannAttributeList(&list, &count), ACL_SUCCESS);
    ASSERT_NE(list, nullptr);
    const std::set<int> listed(list, list + count);
    EXPECT_EQ(listed, (std::set<int>{ACL_CANN_ATTR_INF_NAN, ACL_CANN_ATTR_BF16}));
    for (aclCannAttr attr :
         {ACL_CANN_ATTR_INF_NAN, ACL_CANN_ATTR_BF16, ACL_CANN_ATTR_JIT_COMPILE}) {
        int32_t value = -1;
        ASSERT_EQ(aclGetCannAttribute(attr, &value), ACL_SUCCESS);
        EXPECT_EQ(value, listed.count(attr) != 0 ? 1 : 0) << "attribute " << attr;
    }
    int32_t value = 0;
    take_recent_error();
    EXPECT_EQ(aclGetCannAttribute(ACL_CANN_ATTR_UNDEFINED, &value), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("parameter [cannAttr]"));
    EXPECT_EQ(aclGetCannAttribute(ACL_CANN_ATTR_BF16, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclGetCannAttributeList(nullptr, &count), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclGetCannAttributeList(&list, nullptr), ACL_ERROR_INVALID_PARAM);
}

// The environment helper of many samples asks for the SoC before aclInit.
TEST(SocName, AnswersBeforeInitFromTheBackendChoice) {
    ScopedEnv override_name("ACLEMU_SOC_NAME", nullptr);
    {
        ScopedEnv backend("ACLEMU_BACKEND", "cpu");
        const char* name = aclrtGetSocName();
        ASSERT_NE(name, nullptr) << take_recent_error();
        EXPECT_STREQ(name, "Ascend910B_aclemu_cpu");
    }
    {
        ScopedEnv backend("ACLEMU_BACKEND", "gpusim");
        const char* name = aclrtGetSocName();
        ASSERT_NE(name, nullptr) << take_recent_error();
        EXPECT_STREQ(name, "Ascend910B_aclemu_gpusim");
    }
    {
        ScopedEnv backend("ACLEMU_BACKEND", "tpu");
        take_recent_error();
        EXPECT_EQ(aclrtGetSocName(), nullptr);
        EXPECT_THAT(take_recent_error(), HasSubstr("parameter [ACLEMU_BACKEND]"));
    }
}

TEST(SocName, OverrideAndArchitectureCheck) {
    RuntimeSession session("cpu");
    ASSERT_EQ(session.init_result, ACL_SUCCESS);
    const char* own = aclrtGetSocName();
    ASSERT_NE(own, nullptr);
    EXPECT_STREQ(own, "Ascend910B_aclemu_cpu");
    int32_t compatible = -1;
    ASSERT_EQ(aclrtCheckArchCompatibility(own, &compatible), ACL_SUCCESS);
    EXPECT_EQ(compatible, 1);
    ASSERT_EQ(aclrtCheckArchCompatibility("Ascend910B4", &compatible), ACL_SUCCESS);
    EXPECT_EQ(compatible, 0) << "aclemu runs no NPU binaries";
    {
        ScopedEnv override_name("ACLEMU_SOC_NAME", "Ascend310P3");
        const char* named = aclrtGetSocName();
        ASSERT_NE(named, nullptr);
        EXPECT_STREQ(named, "Ascend310P3");
        ASSERT_EQ(aclrtCheckArchCompatibility("Ascend310P3", &compatible), ACL_SUCCESS);
        EXPECT_EQ(compatible, 1);
        EXPECT_STREQ(own, "Ascend910B_aclemu_cpu") << "an earlier answer stays valid";
    }
    EXPECT_EQ(aclrtCheckArchCompatibility(nullptr, &compatible), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtCheckArchCompatibility(own, nullptr), ACL_ERROR_INVALID_PARAM);
}

class DeviceHealth : public BackendTest {};

TEST_P(DeviceHealth, AWorkingDeviceReportsNoError) {
    aclrtErrorInfo info;
    std::memset(&info, 0x5A, sizeof info);
    ASSERT_EQ(aclrtGetErrorVerbose(0, &info), ACL_SUCCESS) << take_recent_error();
    EXPECT_EQ(info.errorType, ACL_RT_NO_ERROR);
    EXPECT_EQ(info.tryRepair, 0);
    EXPECT_EQ(info.hasDetail, 0);
    aclrtDeviceStatus status = ACL_RT_DEVICE_STATUS_END;
    ASSERT_EQ(aclrtQueryDeviceStatus(0, &status), ACL_SUCCESS);
    EXPECT_EQ(status, ACL_RT_DEVICE_STATUS_NORMAL);
    EXPECT_EQ(aclrtRepairError(0, &info), ACL_SUCCESS) << "nothing to repair";
}

TEST_P(DeviceHealth, ErrorPaths) {
    take_recent_error();
    aclrtErrorInfo info{};
    EXPECT_EQ(aclrtGetErrorVerbose(0, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("Argument [errorInfo] must not be null"));
    EXPECT_EQ(aclrtGetErrorVerbose(7, &info), ACL_ERROR_RT_INVALID_DEVICEID);
    EXPECT_THAT(take_recent_error(), HasSubstr("parameter [deviceId]"));
    aclrtDeviceStatus status;
    EXPECT_EQ(aclrtQueryDeviceStatus(-1, &status), ACL_ERROR_RT_INVALID_DEVICEID);
    EXPECT_EQ(aclrtQueryDeviceStatus(0, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtRepairError(0, nullptr), ACL_ERROR_INVALID_PARAM);
    info.errorType = ACL_RT_ERROR_AICORE;
    EXPECT_EQ(aclrtRepairError(0, &info), ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
    EXPECT_THAT(take_recent_error(), HasSubstr("EH0004: Feature [aclrtRepairError]"));
}

ACLEMU_INSTANTIATE_BACKENDS(DeviceHealth);

TEST(DeviceHealth, NeedsInit) {
    aclrtErrorInfo info{};
    aclrtDeviceStatus status;
    EXPECT_EQ(aclrtGetErrorVerbose(0, &info), ACL_ERROR_UNINITIALIZE);
    EXPECT_EQ(aclrtQueryDeviceStatus(0, &status), ACL_ERROR_UNINITIALIZE);
}

}  // namespace
}  // namespace aclemu::test
