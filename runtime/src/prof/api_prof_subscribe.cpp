// Entry points of acl/acl_prof.h's subscription: the subscribe config, aclprofModelSubscribe /
// UnSubscribe (subscriptions.h), and the aclprofGetOp* getters on the records they deliver
// (op_records.h). Getters that return a value return 0 (or NULL, ACL_SUBSCRIBE_NONE) on bad
// arguments, with a message for aclGetRecentErrMsg.
#include "acl/acl_prof.h"

#include "core/arg_checks.h"
#include "core/status.h"
#include "handles/live_handle.h"
#include "prof/op_records.h"
#include "prof/prof_objects.h"
#include "prof/subscriptions.h"
#include "runtime_state.h"

#include <cstddef>
#include <cstring>

using namespace aclemu::rt;

namespace {

aclError find_subscribe_config(const aclprofSubscribeConfig* handle,
                               std::shared_ptr<aclprofSubscribeConfig>* out) {
    return aclemu::rt::live_handle(prof::subscribe_configs(),
                                   handle,
                                   "profSubscribeConfig",
                                   "aclprofSubscribeConfig",
                                   out,
                                   "aclprofCreateSubscribeConfig");
}

// Runs `read(record)` on record `index` as entry point `api`.
template <class Read>
aclError with_record(
    const char* api, const void* op_info, size_t op_info_len, uint32_t index, Read&& read) {
    return api_call(api, [&]() -> aclError {
        aclError code = ACL_SUCCESS;
        const prof::OpRecord* record = prof::record_at(op_info, op_info_len, index, &code);
        if (record == nullptr) {
            return code;
        }
        prof::OpRecord copy;  // the caller's buffer need not be aligned
        std::memcpy(&copy, record, sizeof(copy));
        return read(copy, reinterpret_cast<const char*>(record));
    });
}

// Copies the text of a record's field (`field` bytes, terminated in a record aclemu wrote) into
// `out` (`capacity` bytes, terminator included).
template <size_t N>
aclError copy_out(const char* param, const char (&text)[N], char* out, size_t capacity) {
    if (out == nullptr) {
        return fail(ACL_ERROR_INVALID_PARAM, msg_null(param));
    }
    const size_t length = strnlen(text, N - 1);
    const size_t needed = length + 1;
    if (capacity < needed) {
        return reject_arg(
            ACL_ERROR_INVALID_PARAM,
            param,
            std::to_string(capacity) + " bytes",
            "the text needs " + std::to_string(needed) + " bytes with its terminator");
    }
    std::memcpy(out, text, length);
    out[length] = '\0';
    return ACL_SUCCESS;
}

}  // namespace

extern "C" {

aclprofSubscribeConfig* aclprofCreateSubscribeConfig(int8_t timeInfoSwitch,
                                                     aclprofAicoreMetrics aicoreMetrics,
                                                     void* fd) {
    aclprofSubscribeConfig* created = nullptr;
    api_call_init("aclprofCreateSubscribeConfig", [&]() -> aclError {
        ACLEMU_TRY(reject_if(timeInfoSwitch != 0 && timeInfoSwitch != 1,
                             "timeInfoSwitch",
                             timeInfoSwitch,
                             "must be 0 or 1"));
        ACLEMU_TRY(prof::check_metrics("aicoreMetrics", aicoreMetrics));
        ACLEMU_CHECK_NOT_NULL(fd);
        created = prof::subscribe_configs().create();
        if (created == nullptr) {
            return fail(ACL_ERROR_BAD_ALLOC, aclemu::rt::msg_runtime("out of host memory"));
        }
        created->time_info = timeInfoSwitch == 1;
        created->metrics = aicoreMetrics;
        created->fd = *static_cast<const int*>(fd);
        return ACL_SUCCESS;
    });
    return created;
}

aclError aclprofDestroySubscribeConfig(const aclprofSubscribeConfig* profSubscribeConfig) {
    return api_call_init("aclprofDestroySubscribeConfig", [&]() -> aclError {
        return destroy_handle(prof::subscribe_configs(),
                              profSubscribeConfig,
                              "profSubscribeConfig",
                              "aclprofSubscribeConfig",
                              "aclprofCreateSubscribeConfig");
    });
}

aclError aclprofModelSubscribe(uint32_t modelId,
                               const aclprofSubscribeConfig* profSubscribeConfig) {
    return api_call_init("aclprofModelSubscribe", [&]() -> aclError {
        std::shared_ptr<aclprofSubscribeConfig> config;
        ACLEMU_TRY(find_subscribe_config(profSubscribeConfig, &config));
        return prof::subscribe(modelId, *config);
    });
}

aclError aclprofModelUnSubscribe(uint32_t modelId) {
    return api_call_init("aclprofModelUnSubscribe", [&] { return prof::unsubscribe(modelId); });
}

aclError aclprofGetOpDescSize(size_t* opDescSize) {
    return api_call("aclprofGetOpDescSize", [&]() -> aclError {
        ACLEMU_CHECK_NOT_NULL(opDescSize);
        *opDescSize = sizeof(prof::OpRecord);
        return ACL_SUCCESS;
    });
}

aclError aclprofGetOpNum(const void* opInfo, size_t opInfoLen, uint32_t* opNumber) {
    return api_call("aclprofGetOpNum", [&]() -> aclError {
        ACLEMU_CHECK_NOT_NULL(opNumber);
        return prof::record_count(opInfo, opInfoLen, opNumber);
    });
}

aclError aclprofGetOpTypeLen(const void* opInfo,
                             size_t opInfoLen,
                             uint32_t index,
                             size_t* opTypeLen) {
    return with_record(
        "aclprofGetOpTypeLen", opInfo, opInfoLen, index, [&](const prof::OpRecord& r, const char*) {
            ACLEMU_CHECK_NOT_NULL(opTypeLen);
            *opTypeLen = strnlen(r.op_type, sizeof(r.op_type)) + 1;
            return ACL_SUCCESS;
        });
}

aclError aclprofGetOpType(
    const void* opInfo, size_t opInfoLen, uint32_t index, char* opType, size_t opTypeLen) {
    return with_record(
        "aclprofGetOpType", opInfo, opInfoLen, index, [&](const prof::OpRecord& r, const char*) {
            return copy_out("opType", r.op_type, opType, opTypeLen);
        });
}

aclError aclprofGetOpNameLen(const void* opInfo,
                             size_t opInfoLen,
                             uint32_t index,
                             size_t* opNameLen) {
    return with_record(
        "aclprofGetOpNameLen", opInfo, opInfoLen, index, [&](const prof::OpRecord& r, const char*) {
            ACLEMU_CHECK_NOT_NULL(opNameLen);
            *opNameLen = strnlen(r.op_name, sizeof(r.op_name)) + 1;
            return ACL_SUCCESS;
        });
}

aclError aclprofGetOpName(
    const void* opInfo, size_t opInfoLen, uint32_t index, char* opName, size_t opNameLen) {
    return with_record(
        "aclprofGetOpName", opInfo, opInfoLen, index, [&](const prof::OpRecord& r, const char*) {
            return copy_out("opName", r.op_name, opName, opNameLen);
        });
}

uint64_t aclprofGetOpStart(const void* opInfo, size_t opInfoLen, uint32_t index) {
    uint64_t value = 0;
    with_record(
        "aclprofGetOpStart", opInfo, opInfoLen, index, [&](const prof::OpRecord& r, const char*) {
            value = r.start_us;
            return ACL_SUCCESS;
        });
    return value;
}

uint64_t aclprofGetOpEnd(const void* opInfo, size_t opInfoLen, uint32_t index) {
    uint64_t value = 0;
    with_record(
        "aclprofGetOpEnd", opInfo, opInfoLen, index, [&](const prof::OpRecord& r, const char*) {
            value = r.end_us;
            return ACL_SUCCESS;
        });
    return value;
}

uint64_t aclprofGetOpDuration(const void* opInfo, size_t opInfoLen, uint32_t index) {
    uint64_t value = 0;
    with_record("aclprofGetOpDuration",
                opInfo,
                opInfoLen,
                index,
                [&](const prof::OpRecord& r, const char*) {
                    value = r.end_us - r.start_us;
                    return ACL_SUCCESS;
                });
    return value;
}

size_t aclprofGetModelId(const void* opInfo, size_t opInfoLen, uint32_t index) {
    size_t value = 0;
    with_record(
        "aclprofGetModelId", opInfo, opInfoLen, index, [&](const prof::OpRecord& r, const char*) {
            value = static_cast<size_t>(r.model_id);
            return ACL_SUCCESS;
        });
    return value;
}

aclprofSubscribeOpFlag aclprofGetOpFlag(const void* opInfo, size_t opInfoLen, uint32_t index) {
    aclprofSubscribeOpFlag value = ACL_SUBSCRIBE_NONE;
    with_record(
        "aclprofGetOpFlag", opInfo, opInfoLen, index, [&](const prof::OpRecord& r, const char*) {
            value = static_cast<aclprofSubscribeOpFlag>(r.flag);
            return ACL_SUCCESS;
        });
    return value;
}

const char* aclprofGetOpAttriValue(const void* opInfo,
                                   size_t opInfoLen,
                                   uint32_t index,
                                   aclprofSubscribeOpAttri attri) {
    const char* value = nullptr;
    with_record(
        "aclprofGetOpAttriValue",
        opInfo,
        opInfoLen,
        index,
        [&](const prof::OpRecord&, const char* raw) -> aclError {
            ACLEMU_TRY(reject_if(static_cast<int64_t>(attri) != ACL_SUBSCRIBE_ATTRI_THREADID,
                                 "attri",
                                 static_cast<int64_t>(attri),
                                 "only ACL_SUBSCRIBE_ATTRI_THREADID has a value"));
            const char* text = raw + offsetof(prof::OpRecord, thread_id);
            if (strnlen(text, sizeof(prof::OpRecord::thread_id))
                == sizeof(prof::OpRecord::thread_id)) {
                return fail(ACL_ERROR_INVALID_PARAM,
                            msg_invalid("opInfo", "a record", "has no thread id text"));
            }
            value = text;  // points into the caller's buffer, as long as it lives
            return ACL_SUCCESS;
        });
    return value;
}

}  // extern "C"
