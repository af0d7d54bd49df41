// Argument checks shared by the TDT entry points: a live handle of a registry, or the failure
// (ACL_ERROR_INVALID_PARAM with a message naming the parameter) recorded.
#pragma once

#include "core/status.h"
#include "handles/handle_registry.h"
#include "runtime_state.h"

#include <memory>
#include <string>

namespace aclemu::rt::tdt {

template <class T>
std::shared_ptr<T> live_handle(const HandleRegistry<T>& registry,
                               const void* handle,
                               const char* param,
                               const char* what,
                               aclError* err) {
    if (handle == nullptr) {
        *err = fail(ACL_ERROR_INVALID_PARAM, msg_null(param));
        return nullptr;
    }
    std::shared_ptr<T> found = registry.find(handle);
    *err = found ? ACL_SUCCESS
                 : fail(ACL_ERROR_INVALID_PARAM,
                        msg_invalid(
                            param,
                            pointer_text(handle),
                            std::string("not a live ") + what + " (never created, or destroyed)"));
    return found;
}

/// `len` must be `expected` bytes (a parameter's value size).
inline aclError check_length(const char* param, size_t len, size_t expected) {
    if (len != expected) {
        return fail(ACL_ERROR_INVALID_PARAM,
                    msg_invalid(param,
                                std::to_string(len),
                                "this parameter takes " + std::to_string(expected) + " bytes"));
    }
    return ACL_SUCCESS;
}

}  // namespace aclemu::rt::tdt
