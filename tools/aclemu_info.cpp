// aclemu-info: prints which backend and device an Ascend program would run on here, using only
// the public AscendCL API (aclInit, aclrtGetDeviceCount, aclrtSetDevice, aclrtGetSocName).
#include "acl/acl.h"

#include <cstdio>

int main() {
    if (aclInit(nullptr) != ACL_SUCCESS) {
        const char* why = aclGetRecentErrMsg();
        std::printf("aclemu: aclInit failed: %s\n", why ? why : "(no message)");
        return 1;
    }
    uint32_t count = 0;
    aclError ret = aclrtGetDeviceCount(&count);
    if (ret == ACL_SUCCESS) {
        ret = aclrtSetDevice(0);
    }
    if (ret != ACL_SUCCESS) {
        const char* why = aclGetRecentErrMsg();
        std::printf("aclemu: no usable device (error %d): %s\n", ret, why ? why : "(no message)");
        aclFinalize();
        return 1;
    }
    int32_t major = 0, minor = 0, patch = 0;
    aclrtGetVersion(&major, &minor, &patch);
    const char* soc = aclrtGetSocName();
    std::printf("aclemu: AscendCL %d.%d.%d, %u device(s), device 0 = %s\n",
                major,
                minor,
                patch,
                count,
                soc ? soc : "(unknown)");
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
