// Entry points: aclInit / aclFinalize / aclFinalizeReference, versions, and the init gate.
#include "acl/acl.h"

#include "runtime.h"
#include "status.h"

#include <cstring>

namespace aclemu::rt {

aclError require_init() {
    if (runtime().initialized()) {
        return ACL_SUCCESS;
    }
    return fail(ACL_ERROR_UNINITIALIZE, msg_order("aclInit has not been called"));
}

}  // namespace aclemu::rt

using namespace aclemu::rt;

extern "C" {

aclError aclInit(const char* configPath) {
    return api_call("aclInit", [&] { return runtime().init(configPath); });
}

aclError aclFinalize(void) {
    return api_call("aclFinalize", [&] { return runtime().finalize(); });
}

aclError aclFinalizeReference(uint64_t* refCount) {
    return api_call("aclFinalizeReference", [&] { return runtime().finalize_reference(refCount); });
}

aclError aclrtGetVersion(int32_t* majorVersion, int32_t* minorVersion, int32_t* patchVersion) {
    return api_call("aclrtGetVersion", [&] {
        ACLEMU_CHECK_NOT_NULL(majorVersion);
        ACLEMU_CHECK_NOT_NULL(minorVersion);
        ACLEMU_CHECK_NOT_NULL(patchVersion);
        *majorVersion = ACL_MAJOR_VERSION;
        *minorVersion = ACL_MINOR_VERSION;
        *patchVersion = ACL_PATCH_VERSION;
        return ACL_SUCCESS;
    });
}

// aclemu is not a CANN installation: it has no package versions to report.
aclError aclsysGetCANNVersion(aclCANNPackageName name, aclCANNPackageVersion* version) {
    return api_call("aclsysGetCANNVersion", [&] {
        (void)name;
        ACLEMU_CHECK_NOT_NULL(version);
        return fail(ACL_ERROR_FEATURE_UNSUPPORTED,
                    msg_unsupported("aclsysGetCANNVersion",
                                    "aclemu is not a CANN package; use aclrtGetVersion"));
    });
}

aclError aclsysGetVersionStr(char* pkgName, char* versionStr) {
    return api_call("aclsysGetVersionStr", [&] {
        ACLEMU_CHECK_NOT_NULL(pkgName);
        ACLEMU_CHECK_NOT_NULL(versionStr);
        return fail(ACL_ERROR_FEATURE_UNSUPPORTED,
                    msg_unsupported("aclsysGetVersionStr",
                                    "aclemu is not a CANN package; use aclrtGetVersion"));
    });
}

aclError aclsysGetVersionNum(char* pkgName, int32_t* versionNum) {
    return api_call("aclsysGetVersionNum", [&] {
        ACLEMU_CHECK_NOT_NULL(pkgName);
        ACLEMU_CHECK_NOT_NULL(versionNum);
        return fail(ACL_ERROR_FEATURE_UNSUPPORTED,
                    msg_unsupported("aclsysGetVersionNum",
                                    "aclemu is not a CANN package; use aclrtGetVersion"));
    });
}

}  // extern "C"
