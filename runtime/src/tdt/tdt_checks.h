// Argument checks shared by the TDT entry points: a live handle of a registry, or the failure
// (ACL_ERROR_INVALID_PARAM with a message naming the parameter) recorded.
#pragma once

#include "core/status.h"
#include "handles/handle_registry.h"
#include "runtime_state.h"

#include <memory>
#include <string>

namespace aclemu::rt::tdt {

/// The live handle of `registry` in *found (when `found` is not NULL), or the failure: NULL, or
/// "not a live <what> (<lost>)".
template <class T>
aclError live_handle(const HandleRegistry<T>& registry,
                     const void* handle,
                     const char* param,
                     const char* what,
                     std::shared_ptr<typename HandleRegistry<T>::Object>* found,
                     const char* lost = "never created, or destroyed") {
    if (handle == nullptr) {
        return fail(ACL_ERROR_INVALID_PARAM, msg_null(param));
    }
    std::shared_ptr<T> live = registry.find(handle);
    if (!live) {
        return fail(ACL_ERROR_INVALID_PARAM,
                    msg_invalid(param,
                                pointer_text(handle),
                                std::string("not a live ") + what + " (" + lost + ")"));
    }
    if (found != nullptr) {
        *found = std::move(live);
    }
    return ACL_SUCCESS;
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
