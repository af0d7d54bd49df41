// The subscription data of aclprofModelSubscribe as aclemu writes it: a sequence of fixed-size
// records, one per operator that ran, read back by the aclprofGetOp* getters. The layout is
// aclemu's own (CANN's is undocumented too): programs only size buffers with
// aclprofGetOpDescSize and read through the getters.
#pragma once

#include "acl/acl_prof.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace aclemu::rt::prof {

struct OpRecord {
    char magic[8];      // kRecordMagic
    uint64_t model_id;  // the subscribed id
    uint64_t start_us;  // steady clock (CLOCK_MONOTONIC), microseconds; 0 without time info
    uint64_t end_us;
    uint32_t flag;  // aclprofSubscribeOpFlag
    uint32_t reserved;
    char op_type[ACL_PROF_MAX_OP_TYPE_LEN];  // "Add" for aclnnAdd
    char op_name[ACL_PROF_MAX_OP_NAME_LEN];  // the kernel's slice name, "aclnnAdd"
    char thread_id[22];                      // ACL_SUBSCRIBE_ATTRI_THREADID, decimal
};

inline constexpr char kRecordMagic[8] = {'a', 'c', 'l', 'e', 'm', 'u', 'O', 'P'};

/// A record for operator `name` (its type: the name without the "aclnn" prefix).
OpRecord make_record(uint64_t model_id,
                     const std::string& name,
                     uint64_t start_us,
                     uint64_t end_us,
                     uint64_t thread_id);

/// The record `index` of `op_info` (op_info_len bytes), or nullptr after a message for
/// aclGetRecentErrMsg naming the bad argument (`*code`: ACL_ERROR_INVALID_PARAM).
const OpRecord* record_at(const void* op_info, size_t op_info_len, uint32_t index, aclError* code);

/// How many records `op_info` holds; ACL_ERROR_INVALID_PARAM (with a message) when it is not
/// subscription data.
aclError record_count(const void* op_info, size_t op_info_len, uint32_t* count);

}  // namespace aclemu::rt::prof
