// Entry points: aclInit / aclFinalize / aclFinalizeReference, aclrtGetVersion, and the init gate.
// Package versions are in api_versions.cpp.
#include "acl/acl.h"

#include "core/status.h"
#include "dump/init_dump.h"
#include "runtime_state.h"

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
    return api_call("aclInit", [&]() -> aclError {
        aclemu::rt::dump::DumpConfig dump;  // the file's dump section (docs/dump.md)
        ACLEMU_TRY(aclemu::rt::dump::read_init_dump(configPath, &dump));
        ACLEMU_TRY(runtime().init(configPath));
        aclemu::rt::dump::apply_init_dump(std::move(dump));
        return ACL_SUCCESS;
    });
}

aclError aclFinalize(void) {
    return api_call("aclFinalize", [&]() -> aclError {
        ACLEMU_TRY(runtime().finalize());
        aclemu::rt::dump::finish_init_dump();
        return ACL_SUCCESS;
    });
}

aclError aclFinalizeReference(uint64_t* refCount) {
    return api_call("aclFinalizeReference", [&]() -> aclError {
        ACLEMU_TRY(runtime().finalize_reference(refCount));
        if (!runtime().initialized()) {
            aclemu::rt::dump::finish_init_dump();
        }
        return ACL_SUCCESS;
    });
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

}  // extern "C"
