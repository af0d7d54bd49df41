// Entry points of libascendalog.so (base/acl_log.h, a name of libascendcl.so): a program's own
// records join the process log as module APP, as aclAppLog's do. A debug record passes the APP
// level (ASCEND_GLOBAL_LOG_LEVEL, ASCEND_MODULE_LOG_LEVEL=APP:n); a run record (module id with
// RUN_LOG_MASK) is written from INFO up whatever the debug level, as CANN keeps its run log at
// INFO. The registered callbacks receive each record that is written, as its formatted text.
#include "base/acl_log.h"
#include "core/log_internal.h"

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <mutex>
#include <vector>

namespace {

using aclemu::log::Level;

constexpr int32_t kUserLogFailure = -1;

struct UserLogCallback {
    acllogCallbackHandle handle;
    acllogRecordCallback fn;
    void* user_data;
    uint32_t type;  // acllogOutputLogType
};

struct UserLogCallbackTable {
    std::mutex mu;
    std::vector<UserLogCallback> entries;
    acllogCallbackHandle next = 1;
};

UserLogCallbackTable& user_log_callbacks() {
    // Never destroyed: records may come from threads that outlive main.
    static UserLogCallbackTable* table = new UserLogCallbackTable;
    return *table;
}

bool is_record_level(int32_t level) {
    return level >= DLOG_DEBUG && level <= DLOG_ERROR;
}

bool is_run_record(int32_t module_id) {
    return (static_cast<uint32_t>(module_id) & RUN_LOG_MASK) != 0U;
}

// Whether a record of `module_id` at `level` is written.
bool user_record_passes(int32_t module_id, int32_t level) {
    if (module_id < 0 || !is_record_level(level)) {
        return false;
    }
    if (is_run_record(module_id)) {
        return level >= DLOG_INFO;
    }
    return aclemu::log::app_enabled(static_cast<Level>(level));
}

void deliver_user_log(uint32_t type, const char* text, size_t length) {
    std::vector<UserLogCallback> receivers;
    {
        UserLogCallbackTable& table = user_log_callbacks();
        std::lock_guard<std::mutex> lock(table.mu);
        for (const UserLogCallback& entry : table.entries) {
            if (entry.type == OUTPUT_TYPE_BOTH || entry.type == type) {
                receivers.push_back(entry);
            }
        }
    }
    // Outside the lock: a callback may record or unregister.
    for (const UserLogCallback& entry : receivers) {
        entry.fn(entry.user_data, type, text, length);
    }
}

void record_user_log(int32_t module_id, int32_t level, const char* fmt, va_list args) {
    if (fmt == nullptr || !user_record_passes(module_id, level)) {
        return;
    }
    char text[MSG_LENGTH];
    va_list for_text;
    va_copy(for_text, args);
    const int written = std::vsnprintf(text, sizeof(text), fmt, for_text);
    va_end(for_text);
    aclemu::log::write_app(static_cast<Level>(level), "acl_log", 0, "acllogRecord", fmt, args);
    if (written > 0) {
        const size_t length = std::min(static_cast<size_t>(written), sizeof(text) - 1);
        deliver_user_log(
            is_run_record(module_id) ? OUTPUT_TYPE_RUN : OUTPUT_TYPE_DEBUG, text, length);
    }
}

}  // namespace

extern "C" {

int32_t acllogRegisterCallback(acllogRecordCallback callbackFunc,
                               void* userData,
                               uint32_t outputLogType,
                               acllogCallbackHandle* callbackHandle) {
    if (callbackFunc == nullptr || callbackHandle == nullptr || outputLogType >= OUTPUT_TYPE_MAX) {
        return kUserLogFailure;
    }
    UserLogCallbackTable& table = user_log_callbacks();
    std::lock_guard<std::mutex> lock(table.mu);
    const acllogCallbackHandle handle = table.next++;
    table.entries.push_back({handle, callbackFunc, userData, outputLogType});
    *callbackHandle = handle;
    return 0;
}

int32_t acllogUnregisterCallback(acllogCallbackHandle callback) {
    UserLogCallbackTable& table = user_log_callbacks();
    std::lock_guard<std::mutex> lock(table.mu);
    auto it = std::find_if(table.entries.begin(),
                           table.entries.end(),
                           [&](const UserLogCallback& entry) { return entry.handle == callback; });
    if (it == table.entries.end()) {
        return kUserLogFailure;
    }
    table.entries.erase(it);
    return 0;
}

void acllogRecord(int32_t moduleId, int32_t level, const char* fmt, ...) {
    va_list args;
    va_start(args, fmt);
    record_user_log(moduleId, level, fmt, args);
    va_end(args);
}

void acllogVaList(int32_t moduleId, int32_t level, const char* fmt, va_list list) {
    va_list args;
    va_copy(args, list);
    record_user_log(moduleId, level, fmt, args);
    va_end(args);
}

int32_t acllogCheckDebugLevel(int32_t moduleId, int32_t level) {
    const bool written = moduleId >= 0 && is_record_level(level)
                         && aclemu::log::app_enabled(static_cast<Level>(level));
    return written ? 1 : 0;
}

}  // extern "C"
