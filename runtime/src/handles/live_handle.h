// The one lookup of a handle argument: the live object of a HandleRegistry, or the failure
// (ACL_ERROR_INVALID_PARAM with a message naming the parameter) recorded.
#pragma once

#include "core/arg_checks.h"
#include "core/status.h"
#include "handles/handle_registry.h"
#include "handles/handle_text.h"
#include "runtime_state.h"

#include <memory>
#include <string>

namespace aclemu::rt {

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
        return reject_arg(ACL_ERROR_INVALID_PARAM,
                          param,
                          handle,
                          std::string("not a live ") + what + " (" + lost + ")");
    }
    if (found != nullptr) {
        *found = std::move(live);
    }
    return ACL_SUCCESS;
}

/// The live T `handle` names in registry_of<T>(), in *found when `found` is not NULL; or
/// live_handle's failure.
template <class T>
aclError live(const void* handle, const char* param, std::shared_ptr<T>* found) {
    return live_handle(
        registry_of<T>(), handle, param, T::kHandleText.name, found, T::kHandleText.lost);
}

/// destroy_handle for the live T `handle` names in registry_of<T>(), in T::kHandleText's words.
template <class T>
aclError destroy(const T* handle, const char* param) {
    return destroy_handle(
        registry_of<T>(), handle, param, T::kHandleText.name, T::kHandleText.lost);
}

/// A new live T in registry_of<T>(), in *out; out of memory: `code` with "out of memory for
/// <what>".
template <class T>
aclError create_live(T** out,
                     const char* what,
                     aclError code = ACL_ERROR_BAD_ALLOC,
                     const char* file = __builtin_FILE(),
                     int line = __builtin_LINE()) {
    *out = registry_of<T>().create();
    if (*out == nullptr) {
        return fail(code, msg_runtime(std::string("out of memory for ") + what), file, line);
    }
    return ACL_SUCCESS;
}

/// The whole of an entry point that makes a handle from nothing (aclprofCreateStamp,
/// acltdtCreateDataset, ...) as `api`: a new object of `registry`, or NULL with
/// ACL_ERROR_BAD_ALLOC recorded when there is no memory for it.
template <class Registry>
auto create_handle(const char* api,
                   Registry& registry,
                   const char* file = __builtin_FILE(),
                   int line = __builtin_LINE()) {
    decltype(registry.create()) created = nullptr;
    api_call(
        api,
        [&]() -> aclError {
            created = registry.create();
            return created != nullptr
                       ? ACL_SUCCESS
                       : fail(ACL_ERROR_BAD_ALLOC, msg_runtime("out of host memory"), file, line);
        },
        file,
        line);
    return created;
}

/// Declares `std::shared_ptr<T> var`, found by the handle lookup `lookup(args..., &var)` (one
/// that returns live_handle's answer), or returns the lookup's failure from the enclosing function:
/// the opening of an entry point that takes a handle.
#define ACLEMU_FIND(T, var, lookup, ...) \
    std::shared_ptr<T> var;              \
    ACLEMU_TRY(lookup(__VA_ARGS__, &var))

/// Unregisters the live handle of `registry` (its object is freed when the last finder lets go),
/// or the failure live_handle() records.
template <class T>
aclError destroy_handle(HandleRegistry<T>& registry,
                        const void* handle,
                        const char* param,
                        const char* what,
                        const char* lost = "never created, or destroyed") {
    if (handle != nullptr && registry.remove(handle)) {
        return ACL_SUCCESS;
    }
    return live_handle(registry, handle, param, what, nullptr, lost);
}

}  // namespace aclemu::rt
