// Entry points: aclrtSetExceptionInfoCallback, the aclrtGet*FromExceptionInfo getters (the
// function handle of a kernel launched by loaded binary; no argument copy) and
// aclrtGetThreadLastTaskId, with report_task_exception (exception_info.h).
#include "acl/acl.h"

#include "core/status.h"
#include "runtime_state.h"
#include "stream/exception_info.h"
#include "stream/task_ids.h"

#include <atomic>

using namespace aclemu::rt;

namespace {

std::atomic<aclrtExceptionInfoCallback> exception_callback{nullptr};

constexpr uint32_t kNoInfo = 0xFFFFFFFFu;  // what every getter returns for a null info

}  // namespace

namespace aclemu::rt {

bool exception_callback_set() {
    return exception_callback.load() != nullptr;
}

void report_task_exception(const Stream& stream, aclError code) {
    const aclrtExceptionInfoCallback callback = exception_callback.load();
    if (callback == nullptr) {
        return;
    }
    const RunningTask task = running_task();
    rtExceptionInfo info;
    info.task_id = task.task_id;
    info.stream_id = static_cast<uint32_t>(stream.id);
    info.thread_id = task.issuing_thread;
    info.device_id = static_cast<uint32_t>(stream.device);
    info.error_code = static_cast<uint32_t>(code);
    info.function = task.function;
    callback(&info);
}

}  // namespace aclemu::rt

extern "C" {

aclError aclrtSetExceptionInfoCallback(aclrtExceptionInfoCallback callback) {
    // Process-wide, before or after aclInit; NULL removes the callback.
    return api_call("aclrtSetExceptionInfoCallback", [&] {
        exception_callback.store(callback);
        return ACL_SUCCESS;
    });
}

uint32_t aclrtGetTaskIdFromExceptionInfo(const aclrtExceptionInfo* info) {
    return info == nullptr ? kNoInfo : info->task_id;
}

uint32_t aclrtGetStreamIdFromExceptionInfo(const aclrtExceptionInfo* info) {
    return info == nullptr ? kNoInfo : info->stream_id;
}

uint32_t aclrtGetThreadIdFromExceptionInfo(const aclrtExceptionInfo* info) {
    return info == nullptr ? kNoInfo : info->thread_id;
}

uint32_t aclrtGetDeviceIdFromExceptionInfo(const aclrtExceptionInfo* info) {
    return info == nullptr ? kNoInfo : info->device_id;
}

uint32_t aclrtGetErrorCodeFromExceptionInfo(const aclrtExceptionInfo* info) {
    return info == nullptr ? kNoInfo : info->error_code;
}

aclError aclrtGetFuncHandleFromExceptionInfo(const aclrtExceptionInfo* info,
                                             aclrtFuncHandle* func) {
    return api_call(__func__, [&] {
        ACLEMU_CHECK_NOT_NULL(info);
        ACLEMU_CHECK_NOT_NULL(func);
        *func = const_cast<void*>(info->function);
        return ACL_SUCCESS;
    });
}

aclError aclrtGetArgsFromExceptionInfo(const aclrtExceptionInfo* info,
                                       void** devArgsPtr,
                                       uint32_t* devArgsLen) {
    return api_call(__func__, [&] {
        ACLEMU_CHECK_NOT_NULL(info);
        ACLEMU_CHECK_NOT_NULL(devArgsPtr);
        ACLEMU_CHECK_NOT_NULL(devArgsLen);
        return fail(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                    msg_unsupported("aclrtGetArgsFromExceptionInfo",
                                    "aclemu keeps no device copy of a failed kernel's arguments"));
    });
}

aclError aclrtGetThreadLastTaskId(uint32_t* taskId) {
    return api_call("aclrtGetThreadLastTaskId", [&] {
        ACLEMU_CHECK_NOT_NULL(taskId);
        *taskId = thread_last_task_id();
        return ACL_SUCCESS;
    });
}

}  // extern "C"
