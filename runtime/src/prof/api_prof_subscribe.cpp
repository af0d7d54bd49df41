// Entry points of acl/acl_prof.h's subscription: the subscribe config, aclprofModelSubscribe /
// UnSubscribe (subscriptions.h), and the aclprofGetOp* getters on the records they deliver
// (op_records.h). Getters that return a value return 0 (or NULL, ACL_SUBSCRIBE_NONE) on bad
// arguments, with a message for aclGetRecentErrMsg.
#include "acl/acl_prof.h"

#include "aclemu/c_enum.h"
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

// A record's text field as the aclprofGetOp*Len / aclprofGetOp* pairs read it: `param` names the
// caller's buffer, `length_param` its length.
template <size_t N>
struct TextField {
    char (prof::OpRecord::*member)[N];
    const char* param;
    const char* length_param;
};

// aclprofGetOpTypeLen, aclprofGetOpNameLen: the field's length with its terminator.
template <size_t N>
aclError text_length(const char* api,
                     const void* op_info,
                     size_t op_info_len,
                     uint32_t index,
                     const TextField<N>& field,
                     size_t* length) {
    return with_record(api, op_info, op_info_len, index, [&](const prof::OpRecord& r, const char*) {
        if (length == nullptr) {
            return fail(ACL_ERROR_INVALID_PARAM, msg_null(field.length_param));
        }
        *length = strnlen(r.*field.member, N) + 1;
        return ACL_SUCCESS;
    });
}

// aclprofGetOpType, aclprofGetOpName: the field's text into the caller's buffer.
template <size_t N>
aclError text_copy(const char* api,
                   const void* op_info,
                   size_t op_info_len,
                   uint32_t index,
                   const TextField<N>& field,
                   char* out,
                   size_t capacity) {
    return with_record(api, op_info, op_info_len, index, [&](const prof::OpRecord& r, const char*) {
        return copy_out(field.param, r.*field.member, out, capacity);
    });
}

// The getters that return a value: `read(record)`, or `none` when the record cannot be read.
template <class T, class Read>
T record_value(
    const char* api, const void* op_info, size_t op_info_len, uint32_t index, T none, Read&& read) {
    T value = none;
    with_record(api, op_info, op_info_len, index, [&](const prof::OpRecord& r, const char*) {
        value = read(r);
        return ACL_SUCCESS;
    });
    return value;
}

constexpr TextField<sizeof(prof::OpRecord::op_type)> kOpType{
    &prof::OpRecord::op_type, "opType", "opTypeLen"};
constexpr TextField<sizeof(prof::OpRecord::op_name)> kOpName{
    &prof::OpRecord::op_name, "opName", "opNameLen"};

}  // namespace

extern "C" {

aclprofSubscribeConfig* aclprofCreateSubscribeConfig(int8_t timeInfoSwitch,
                                                     aclprofAicoreMetrics aicoreMetrics,
                                                     void* fd) {
    const int64_t metrics = aclemu::enum_value(aicoreMetrics);  // any int a C caller passed
    aclprofSubscribeConfig* created = nullptr;
    api_call_init("aclprofCreateSubscribeConfig", [&]() -> aclError {
        ACLEMU_TRY(reject_if(timeInfoSwitch != 0 && timeInfoSwitch != 1,
                             "timeInfoSwitch",
                             timeInfoSwitch,
                             "must be 0 or 1"));
        ACLEMU_TRY(prof::check_metrics("aicoreMetrics", metrics));
        ACLEMU_CHECK_NOT_NULL(fd);
        created = prof::subscribe_configs().create();
        if (created == nullptr) {
            return fail(ACL_ERROR_BAD_ALLOC, aclemu::rt::msg_runtime("out of host memory"));
        }
        created->time_info = timeInfoSwitch == 1;
        created->metrics = static_cast<aclprofAicoreMetrics>(metrics);  // checked above
        created->fd = *static_cast<const int*>(fd);
        return ACL_SUCCESS;
    });
    return created;
}

aclError aclprofDestroySubscribeConfig(const aclprofSubscribeConfig* profSubscribeConfig) {
    return api_call_init("aclprofDestroySubscribeConfig",
                         [&] { return destroy(profSubscribeConfig, "profSubscribeConfig"); });
}

aclError aclprofModelSubscribe(uint32_t modelId,
                               const aclprofSubscribeConfig* profSubscribeConfig) {
    return api_call_init("aclprofModelSubscribe", [&]() -> aclError {
        ACLEMU_FIND(
            aclprofSubscribeConfig, config, live, profSubscribeConfig, "profSubscribeConfig");
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
    return text_length("aclprofGetOpTypeLen", opInfo, opInfoLen, index, kOpType, opTypeLen);
}

aclError aclprofGetOpType(
    const void* opInfo, size_t opInfoLen, uint32_t index, char* opType, size_t opTypeLen) {
    return text_copy("aclprofGetOpType", opInfo, opInfoLen, index, kOpType, opType, opTypeLen);
}

aclError aclprofGetOpNameLen(const void* opInfo,
                             size_t opInfoLen,
                             uint32_t index,
                             size_t* opNameLen) {
    return text_length("aclprofGetOpNameLen", opInfo, opInfoLen, index, kOpName, opNameLen);
}

aclError aclprofGetOpName(
    const void* opInfo, size_t opInfoLen, uint32_t index, char* opName, size_t opNameLen) {
    return text_copy("aclprofGetOpName", opInfo, opInfoLen, index, kOpName, opName, opNameLen);
}

uint64_t aclprofGetOpStart(const void* opInfo, size_t opInfoLen, uint32_t index) {
    return record_value("aclprofGetOpStart", opInfo, opInfoLen, index, uint64_t{0}, [](auto& r) {
        return r.start_us;
    });
}

uint64_t aclprofGetOpEnd(const void* opInfo, size_t opInfoLen, uint32_t index) {
    return record_value(
        "aclprofGetOpEnd", opInfo, opInfoLen, index, uint64_t{0}, [](auto& r) { return r.end_us; });
}

uint64_t aclprofGetOpDuration(const void* opInfo, size_t opInfoLen, uint32_t index) {
    return record_value("aclprofGetOpDuration", opInfo, opInfoLen, index, uint64_t{0}, [](auto& r) {
        return r.end_us - r.start_us;
    });
}

size_t aclprofGetModelId(const void* opInfo, size_t opInfoLen, uint32_t index) {
    return record_value("aclprofGetModelId", opInfo, opInfoLen, index, size_t{0}, [](auto& r) {
        return static_cast<size_t>(r.model_id);
    });
}

aclprofSubscribeOpFlag aclprofGetOpFlag(const void* opInfo, size_t opInfoLen, uint32_t index) {
    return record_value(
        "aclprofGetOpFlag", opInfo, opInfoLen, index, ACL_SUBSCRIBE_NONE, [](auto& r) {
            return static_cast<aclprofSubscribeOpFlag>(r.flag);
        });
}

const char* aclprofGetOpAttriValue(const void* opInfo,
                                   size_t opInfoLen,
                                   uint32_t index,
                                   aclprofSubscribeOpAttri attri) {
    const int64_t attri_value = aclemu::enum_value(attri);  // any int a C caller passed
    const char* value = nullptr;
    with_record("aclprofGetOpAttriValue",
                opInfo,
                opInfoLen,
                index,
                [&](const prof::OpRecord&, const char* raw) -> aclError {
                    ACLEMU_TRY(reject_if(attri_value != ACL_SUBSCRIBE_ATTRI_THREADID,
                                         "attri",
                                         attri_value,
                                         "only ACL_SUBSCRIBE_ATTRI_THREADID has a value"));
                    const char* text = raw + offsetof(prof::OpRecord, thread_id);
                    if (strnlen(text, sizeof(prof::OpRecord::thread_id))
                        == sizeof(prof::OpRecord::thread_id)) {
                        return reject_arg(ACL_ERROR_INVALID_PARAM,
                                          "opInfo",
                                          std::string("a record"),
                                          "has no thread id text");
                    }
                    value = text;  // points into the caller's buffer, as long as it lives
                    return ACL_SUCCESS;
                });
    return value;
}

}  // extern "C"
