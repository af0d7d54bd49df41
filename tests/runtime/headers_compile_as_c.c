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

/* The memory-sharing, virtual memory and allocator declarations. */
static aclError use_the_memory_api(void) {
    aclrtMallocAttribute attr;
    aclrtMallocConfig cfg;
    aclrtPhysicalMemProp prop;
    aclrtMemAccessDesc access;
    aclrtIpcEventHandle event_handle = {{0}};
    aclrtDrvMemHandle handle = NULL;
    aclrtAllocatorDesc desc = aclrtAllocatorCreateDesc();
    char key[ACL_IPC_HANDLE_SIZE];
    void* dev = NULL;
    uint64_t shareable = 0;
    attr.attr = ACL_RT_MEM_ATTR_DEVICE_ID;
    attr.value.deviceId = 0;
    cfg.attrs = &attr;
    cfg.numAttrs = 1;
    prop.handleType = ACL_MEM_HANDLE_TYPE_NONE;
    prop.allocationType = ACL_MEM_ALLOCATION_TYPE_PINNED;
    prop.memAttr = ACL_HBM_MEM_NORMAL;
    prop.location.type = ACL_MEM_LOCATION_TYPE_DEVICE;
    prop.location.id = 0;
    prop.reserve = 0;
    access.flags = ACL_RT_MEM_ACCESS_FLAGS_READWRITE;
    access.location = prop.location;
    (void)aclrtMallocWithCfg(&dev, 64, ACL_MEM_MALLOC_HUGE_FIRST, &cfg);
    (void)aclrtIpcMemGetExportKey(dev, 64, key, sizeof key, ACL_RT_IPC_MEM_EXPORT_FLAG_DEFAULT);
    (void)aclrtMallocPhysical(&handle, 4096, &prop, 0);
    (void)aclrtMemSetAccess(dev, 64, &access, 1);
    (void)aclrtMemExportToShareableHandle(handle, ACL_MEM_HANDLE_TYPE_NONE, 0, &shareable);
    (void)aclrtIpcOpenEventHandle(event_handle, NULL);
    return aclrtAllocatorDestroyDesc(desc);
}

/* The built-in task, notify and overflow declarations (anonymous structs, a union member). */
static aclError use_the_tasks(aclrtStream stream, void* dev) {
    aclrtRandomNumTaskInfo task;
    aclrtNotify notify = NULL;
    aclrtFloatOverflowMode mode = ACL_RT_OVERFLOW_MODE_INFNAN;
    uint32_t id = 0;
    task.dataType = ACL_FLOAT;
    task.randomNumFuncParaInfo.funcType = ACL_RT_RANDOM_NUM_FUNC_TYPE_NORMAL_DIS;
    task.randomNumFuncParaInfo.paramInfo.normalDisInfo.mean.isAddr = 0;
    (void)aclrtRandomNumAsync(&task, stream, NULL);
    (void)aclrtReduceAsync(dev, dev, 64, ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM, ACL_FLOAT, stream, NULL);
    (void)aclrtCreateNotify(&notify, ACL_NOTIFY_DEFAULT);
    (void)aclrtGetNotifyId(notify, &id);
    (void)aclrtValueWait(dev, 1, ACL_STREAM_WAIT_VALUE_EQ, stream);
    (void)aclrtGetDeviceSatMode(&mode);
    return aclrtSetStreamOverflowSwitch(stream, 1);
}

int main(void) {
    return use_the_api() == ACL_SUCCESS && use_the_memory_api() == ACL_SUCCESS
                   && use_the_tasks(NULL, NULL) == ACL_SUCCESS
               ? 0
               : 1;
}
