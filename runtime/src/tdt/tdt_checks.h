// Argument checks shared by the TDT entry points (live handles: handles/live_handle.h), each
// returning ACL_SUCCESS or the failure (ACL_ERROR_INVALID_PARAM naming the parameter) recorded.
#pragma once

#include "core/arg_checks.h"
#include "core/status.h"
#include "handles/live_handle.h"

#include <cstddef>
#include <string>

namespace aclemu::rt::tdt {

/// `len` must be `expected` bytes (a parameter's value size).
inline aclError check_length(const char* param, size_t len, size_t expected) {
    if (len != expected) {
        return reject_arg(ACL_ERROR_INVALID_PARAM,
                          param,
                          len,
                          "this parameter takes " + std::to_string(expected) + " bytes");
    }
    return ACL_SUCCESS;
}

/// `index` must name one of the `count` entries of its container: "the <holder> has <count>
/// <entries>" otherwise.
inline aclError check_index(size_t index, size_t count, const char* holder, const char* entries) {
    if (index >= count) {
        return reject_arg(
            ACL_ERROR_INVALID_PARAM,
            "index",
            index,
            std::string("the ") + holder + " has " + std::to_string(count) + " " + entries);
    }
    return ACL_SUCCESS;
}

}  // namespace aclemu::rt::tdt
