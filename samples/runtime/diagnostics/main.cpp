// Runtime diagnostics sample: what the runtime says about itself and its device, written the
// way CANN's quickstart samples are. It asks for the SoC name before aclInit (as environment
// helpers do), reads the runtime package version and the CANN attributes, the device's
// attributes, checks the architecture, provokes an invalid-parameter error and reads the
// diagnostics (last error, recent message, verbose device error, device status). Every answer is
// checked against what can be worked out independently; any mismatch fails the sample.
#include "acl/acl.h"

#include <cstdint>
#include <cstdio>
#include <cstring>

#define INFO_LOG(fmt, ...)  std::printf("[INFO]  " fmt "\n", ##__VA_ARGS__)
#define ERROR_LOG(fmt, ...) std::fprintf(stderr, "[ERROR] " fmt "\n", ##__VA_ARGS__)

#define CHECK_ERROR(call)                                                              \
    do {                                                                               \
        aclError ret_ = (call);                                                        \
        if (ret_ != ACL_SUCCESS) {                                                     \
            const char* msg_ = aclGetRecentErrMsg();                                   \
            ERROR_LOG("%s failed: %d (%s)", #call, ret_, msg_ != nullptr ? msg_ : ""); \
            return 1;                                                                  \
        }                                                                              \
    } while (0)

#define EXPECT_TRUE(cond)                         \
    do {                                          \
        if (!(cond)) {                            \
            ERROR_LOG("check failed: %s", #cond); \
            return 1;                             \
        }                                         \
    } while (0)

namespace {

int QueryVersions() {
    char pkgName[] = "runtime";
    char versionStr[ACL_PKG_VERSION_MAX_SIZE] = {0};
    int32_t versionNum = 0;
    CHECK_ERROR(aclsysGetVersionStr(pkgName, versionStr));
    CHECK_ERROR(aclsysGetVersionNum(pkgName, &versionNum));
    INFO_LOG("CANN package [%s] version string: %s, number: %d", pkgName, versionStr, versionNum);
    int major = 0, minor = 0, patch = 0;
    EXPECT_TRUE(std::sscanf(versionStr, "%d.%d.%d", &major, &minor, &patch) == 3);
    EXPECT_TRUE(versionNum == major * 10000000 + minor * 100000 + patch * 1000);

    aclCANNPackageVersion version = {};
    CHECK_ERROR(aclsysGetCANNVersion(ACL_PKG_NAME_RUNTIME, &version));
    EXPECT_TRUE(std::strcmp(version.version, versionStr) == 0);

    int32_t aclMajor = 0, aclMinor = 0, aclPatch = 0;
    CHECK_ERROR(aclrtGetVersion(&aclMajor, &aclMinor, &aclPatch));
    INFO_LOG("AscendCL interface version: %d.%d.%d", aclMajor, aclMinor, aclPatch);
    EXPECT_TRUE(aclMajor == major && aclMinor == minor && aclPatch == patch);
    return 0;
}

int QueryCannAttributes() {
    const aclCannAttr* attrList = nullptr;
    size_t attrCount = 0;
    CHECK_ERROR(aclGetCannAttributeList(&attrList, &attrCount));
    INFO_LOG("CANN attribute count: %zu", attrCount);
    for (size_t i = 0; i < attrCount; ++i) {
        int32_t value = 0;
        CHECK_ERROR(aclGetCannAttribute(attrList[i], &value));
        INFO_LOG("CANN attribute %d supported: %d", static_cast<int>(attrList[i]), value);
        EXPECT_TRUE(value == 1);  // the list holds what is supported
    }
    return 0;
}

int QueryDevice(int32_t deviceId, const char* socName) {
    int64_t aiCores = 0, vectorCores = 0, memory = 0, l2 = 0;
    CHECK_ERROR(aclrtGetDeviceInfo(deviceId, ACL_DEV_ATTR_AICORE_CORE_NUM, &aiCores));
    CHECK_ERROR(aclrtGetDeviceInfo(deviceId, ACL_DEV_ATTR_VECTOR_CORE_NUM, &vectorCores));
    CHECK_ERROR(aclrtGetDeviceInfo(deviceId, ACL_DEV_ATTR_TOTAL_GLOBAL_MEM_SIZE, &memory));
    CHECK_ERROR(aclrtGetDeviceInfo(deviceId, ACL_DEV_ATTR_L2_CACHE_SIZE, &l2));
    INFO_LOG("Device %d: %lld AI cores, %lld vector cores, %lld MiB memory, %lld KiB L2",
             deviceId,
             static_cast<long long>(aiCores),
             static_cast<long long>(vectorCores),
             static_cast<long long>(memory >> 20),
             static_cast<long long>(l2 >> 10));
    EXPECT_TRUE(aiCores >= 1 && vectorCores >= 1 && memory > 0);
    int64_t capability = 0;
    CHECK_ERROR(aclGetDeviceCapability(deviceId, ACL_DEVICE_INFO_AI_CORE_NUM, &capability));
    EXPECT_TRUE(capability == aiCores);
    CHECK_ERROR(aclGetDeviceCapability(deviceId, ACL_DEVICE_INFO_L2_SIZE, &capability));
    EXPECT_TRUE(capability == l2);

    int32_t canCompatible = 0;
    CHECK_ERROR(aclrtCheckArchCompatibility(socName, &canCompatible));
    INFO_LOG("Architecture compatibility for %s: %d", socName, canCompatible);
    EXPECT_TRUE(canCompatible == 1);
    int32_t feature = -1;
    CHECK_ERROR(aclrtGetDeviceCapability(
        deviceId, ACL_FEATURE_TSCPU_TASK_UPDATE_SUPPORT_AIC_AIV, &feature));
    INFO_LOG("Device capability ACL_FEATURE_TSCPU_TASK_UPDATE_SUPPORT_AIC_AIV: %d", feature);
    EXPECT_TRUE(feature == ACL_DEV_FEATURE_SUPPORT || feature == ACL_DEV_FEATURE_NOT_SUPPORT);
    return 0;
}

int ProvokeAndDiagnose(int32_t deviceId) {
    INFO_LOG("Triggering an expected invalid-parameter error with aclrtGetRunMode(nullptr)");
    const aclError expected = aclrtGetRunMode(nullptr);
    EXPECT_TRUE(expected == ACL_ERROR_INVALID_PARAM);
    EXPECT_TRUE(aclrtPeekAtLastError(ACL_RT_THREAD_LEVEL) == ACL_ERROR_INVALID_PARAM);
    EXPECT_TRUE(aclrtGetLastError(ACL_RT_THREAD_LEVEL) == ACL_ERROR_INVALID_PARAM);
    EXPECT_TRUE(aclrtGetLastError(ACL_RT_THREAD_LEVEL) == ACL_SUCCESS);  // consumed
    const char* message = aclGetRecentErrMsg();
    EXPECT_TRUE(message != nullptr);
    INFO_LOG("Recent error message: %s", message);
    EXPECT_TRUE(aclGetRecentErrMsg() == nullptr);  // consumed

    aclrtErrorInfo errorInfo = {};
    CHECK_ERROR(aclrtGetErrorVerbose(deviceId, &errorInfo));
    INFO_LOG("Verbose error info: errorType=%d, tryRepair=%u, hasDetail=%u",
             static_cast<int>(errorInfo.errorType),
             static_cast<unsigned>(errorInfo.tryRepair),
             static_cast<unsigned>(errorInfo.hasDetail));
    EXPECT_TRUE(errorInfo.errorType == ACL_RT_NO_ERROR);  // a parameter error is no device fault
    aclrtDeviceStatus status = ACL_RT_DEVICE_STATUS_ABNORMAL;
    CHECK_ERROR(aclrtQueryDeviceStatus(deviceId, &status));
    EXPECT_TRUE(status == ACL_RT_DEVICE_STATUS_NORMAL);
    return 0;
}

}  // namespace

int main() {
    const int32_t deviceId = 0;
    // Environment helpers ask for the SoC before anything is initialized.
    const char* early = aclrtGetSocName();
    EXPECT_TRUE(early != nullptr && early[0] != '\0');
    INFO_LOG("SoC name before aclInit: %s", early);

    CHECK_ERROR(aclInit(nullptr));
    CHECK_ERROR(aclrtSetDevice(deviceId));
    const char* socName = aclrtGetSocName();
    EXPECT_TRUE(socName != nullptr && std::strcmp(socName, early) == 0);

    int ret = QueryVersions();
    if (ret == 0) {
        ret = QueryCannAttributes();
    }
    if (ret == 0) {
        ret = QueryDevice(deviceId, socName);
    }
    if (ret == 0) {
        ret = ProvokeAndDiagnose(deviceId);
    }
    CHECK_ERROR(aclrtResetDeviceForce(deviceId));
    CHECK_ERROR(aclFinalize());
    if (ret == 0) {
        INFO_LOG("[SUCCESS] Runtime diagnostics sample completed successfully");
    }
    return ret;
}
