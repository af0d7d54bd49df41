#include "prof/op_records.h"

#include "core/arg_checks.h"
#include "core/status.h"

#include <algorithm>
#include <cstring>

namespace aclemu::rt::prof {
namespace {

void copy_text(char* out, size_t capacity, const std::string& text) {
    const size_t n = std::min(text.size(), capacity - 1);
    std::memcpy(out, text.data(), n);
    out[n] = '\0';
}

}  // namespace

OpRecord make_record(uint64_t model_id,
                     const std::string& name,
                     uint64_t start_us,
                     uint64_t end_us,
                     uint64_t thread_id) {
    OpRecord record{};
    std::memcpy(record.magic, kRecordMagic, sizeof(record.magic));
    record.model_id = model_id;
    record.start_us = start_us;
    record.end_us = end_us;
    record.flag = ACL_SUBSCRIBE_OP;
    const std::string type = name.rfind("aclnn", 0) == 0 ? name.substr(5) : name;
    copy_text(record.op_type, sizeof(record.op_type), type);
    copy_text(record.op_name, sizeof(record.op_name), name);
    copy_text(record.thread_id, sizeof(record.thread_id), std::to_string(thread_id));
    return record;
}

aclError record_count(const void* op_info, size_t op_info_len, uint32_t* count) {
    if (op_info == nullptr) {
        return fail(ACL_ERROR_INVALID_PARAM, msg_null("opInfo"));
    }
    if (op_info_len == 0 || op_info_len % sizeof(OpRecord) != 0) {
        return reject_arg(ACL_ERROR_INVALID_PARAM,
                          "opInfoLen",
                          op_info_len,
                          "must be a non-zero multiple of aclprofGetOpDescSize ("
                              + std::to_string(sizeof(OpRecord)) + ")");
    }
    const size_t n = op_info_len / sizeof(OpRecord);
    const auto* bytes = static_cast<const unsigned char*>(op_info);
    for (size_t i = 0; i < n; ++i) {
        if (std::memcmp(bytes + i * sizeof(OpRecord), kRecordMagic, sizeof(kRecordMagic)) != 0) {
            return reject_arg(ACL_ERROR_INVALID_PARAM,
                              "opInfo",
                              "record " + std::to_string(i),
                              "is not subscription data read from the pipe");
        }
    }
    *count = static_cast<uint32_t>(std::min<size_t>(n, UINT32_MAX));
    return ACL_SUCCESS;
}

const OpRecord* record_at(const void* op_info, size_t op_info_len, uint32_t index, aclError* code) {
    uint32_t count = 0;
    *code = record_count(op_info, op_info_len, &count);
    if (*code != ACL_SUCCESS) {
        return nullptr;
    }
    if (index >= count) {
        *code = reject_arg(ACL_ERROR_INVALID_PARAM,
                           "index",
                           index,
                           "must be less than the op number " + std::to_string(count));
        return nullptr;
    }
    // The caller's buffer need not be aligned for OpRecord: the getters copy fields out of it.
    return reinterpret_cast<const OpRecord*>(static_cast<const unsigned char*>(op_info)
                                             + index * sizeof(OpRecord));
}

}  // namespace aclemu::rt::prof
