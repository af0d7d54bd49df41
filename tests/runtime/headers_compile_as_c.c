/* Compiled by test_headers.cpp with the system C compiler (-std=c99 and -std=c11, -Wall -Wextra
 * -pedantic -Werror): the public acl headers must be valid C, as CANN's are. Not part of any
 * target (the test globs only *.cpp). */
#include "acl/acl.h"

static aclError use_the_api(void) {
    aclrtStream stream = NULL;
    aclrtEvent event = NULL;
    void* dev = NULL;
    aclrtMemcpyKind kind = ACL_MEMCPY_HOST_TO_DEVICE;
    aclrtEventRecordedStatus recorded = ACL_EVENT_RECORDED_STATUS_COMPLETE;
    aclDataType dtype = ACL_BF16;
    aclFormat format = ACL_FORMAT_ND;
    aclCANNPackageVersion version;
    aclError err = aclInit(NULL);
    if (err != ACL_SUCCESS && err != ACL_ERROR_REPEAT_INITIALIZE) {
        return err;
    }
    (void)aclrtSetDevice(0);
    (void)aclrtCreateStream(&stream);
    (void)aclrtCreateEventWithFlag(&event, ACL_EVENT_SYNC | ACL_EVENT_TIME_LINE);
    (void)aclrtMalloc(&dev, 64, ACL_MEM_MALLOC_HUGE_FIRST);
    (void)aclrtMemcpyAsync(dev, 64, dev, 64, kind, stream);
    (void)aclrtQueryEventStatus(event, &recorded);
    (void)aclsysGetCANNVersion(ACL_PKG_NAME_CANN, &version);
    {
        aclrtErrorInfo info;
        aclrtUtilizationInfo use;
        int64_t cores = 0;
        aclrtStreamConfigHandle* config = aclrtCreateStreamConfigHandle();
        (void)aclrtGetErrorVerbose(0, &info);
        (void)aclrtGetDeviceUtilizationRate(0, &use);
        (void)aclrtGetDeviceInfo(0, ACL_DEV_ATTR_VECTOR_CORE_NUM, &cores);
        (void)aclrtCreateStreamV2(&stream, config);
        (void)aclrtDestroyStreamConfigHandle(config);
    }
    ACL_APP_LOG(ACL_INFO,
                "dtype %d size %u format %d",
                (int)dtype,
                (unsigned)aclDataTypeSize(dtype),
                (int)format);
    if (ACL_ERROR_RT_PARAM_INVALID != 107000 || ACL_ERROR_GE_PARAM_INVALID != 145000U) {
        return ACL_ERROR_INTERNAL_ERROR;
    }
    return aclFinalize();
}

int main(void) {
    return use_the_api() == ACL_SUCCESS ? 0 : 1;
}
