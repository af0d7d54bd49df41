// Entry points: streams created from a configuration object (aclrtCreateStreamV2), what a stream
// was created with (priority, flags, id), how many more streams fit, abort and stop, and stream
// state callbacks.
#include "acl/acl.h"

#include "aclemu/c_enum.h"
#include "core/arg_checks.h"
#include "core/status.h"
#include "handles/handle_arena.h"
#include "runtime_state.h"
#include "stream/stream_config.h"
#include "stream/stream_reader.h"
#include "stream/stream_state_callbacks.h"

#include <cstring>
#include <memory>
#include <mutex>
#include <new>
#include <optional>
#include <set>
#include <string>

using namespace aclemu::rt;

namespace {

// Handles aclrtCreateStreamConfigHandle made, in the handle arena (handles/handle_arena.h): a
// destroyed handle's address lies in the arena but is not live, so a call with it is refused,
// never a use after free, and no later handle gets its address. The handle is a plain struct, so
// any address outside the arena (one on the caller's stack) is the caller's own configuration.
// `prioritized`: live handles given ACL_RT_STREAM_PRIORITY (a stream made from a handle without
// one gets the device's default priority, as aclrtCreateStream's does).
struct ConfigHandles {
    std::mutex mu;
    std::set<const aclrtStreamConfigHandle*> live;
    std::set<const aclrtStreamConfigHandle*> prioritized;
};

ConfigHandles& config_handles() {
    static auto* handles = new ConfigHandles;  // never destroyed: handles may be freed at exit
    return *handles;
}

aclError destroyed_handle(const aclrtStreamConfigHandle* handle) {
    return reject_arg(ACL_ERROR_INVALID_PARAM,
                      "handle",
                      handle,
                      "it was destroyed by aclrtDestroyStreamConfigHandle");
}

// Runs `use` with the handle's configuration unless the handle was destroyed (under the lock, so
// a concurrent destroy waits).
template <class Use>
aclError with_config(const aclrtStreamConfigHandle* handle, Use use) {
    ConfigHandles& handles = config_handles();
    std::lock_guard<std::mutex> lock(handles.mu);
    if (handles.live.count(handle) == 0 && is_handle_memory(handle)) {
        return destroyed_handle(handle);
    }
    return use();
}

aclError check_value_size(int64_t attr, size_t size, size_t expected) {
    if (size != expected) {
        return reject_arg(ACL_ERROR_INVALID_PARAM,
                          "valueSize",
                          size,
                          "attribute " + std::to_string(attr) + " takes a value of "
                              + std::to_string(expected) + " bytes");
    }
    return ACL_SUCCESS;
}

// `attr` is the integer the caller passed (aclemu/c_enum.h). Runs under with_config's lock.
aclError set_config(aclrtStreamConfigHandle* handle, int64_t attr, const void* value, size_t size) {
    switch (attr) {
        case ACL_RT_STREAM_WORK_ADDR_PTR:
            ACLEMU_TRY(check_value_size(attr, size, sizeof(void*)));
            std::memcpy(&handle->workptr, value, sizeof(void*));
            return ACL_SUCCESS;
        case ACL_RT_STREAM_WORK_SIZE:
            ACLEMU_TRY(check_value_size(attr, size, sizeof(size_t)));
            std::memcpy(&handle->workSize, value, sizeof(size_t));
            return ACL_SUCCESS;
        case ACL_RT_STREAM_FLAG:
            // uint32_t as aclrtCreateStreamWithConfig takes it, or size_t as the handle holds it.
            if (size == sizeof(uint32_t)) {
                uint32_t flag = 0;
                std::memcpy(&flag, value, sizeof flag);
                handle->flag = flag;
                return ACL_SUCCESS;
            }
            ACLEMU_TRY(check_value_size(attr, size, sizeof(size_t)));
            std::memcpy(&handle->flag, value, sizeof(size_t));
            return ACL_SUCCESS;
        case ACL_RT_STREAM_PRIORITY:
            ACLEMU_TRY(check_value_size(attr, size, sizeof(uint32_t)));
            std::memcpy(&handle->priority, value, sizeof(uint32_t));
            if (config_handles().live.count(handle) != 0) {  // the caller holds the lock
                config_handles().prioritized.insert(handle);
            }
            return ACL_SUCCESS;
        default:
            break;
    }
    return reject_arg(ACL_ERROR_INVALID_PARAM, "attr", attr, "not an aclrtStreamConfigAttr (0..3)");
}

}  // namespace

extern "C" {

aclrtStreamConfigHandle* aclrtCreateStreamConfigHandle(void) {
    aclrtStreamConfigHandle* handle = nullptr;
    api_call("aclrtCreateStreamConfigHandle", [&] {
        ConfigHandles& handles = config_handles();
        std::lock_guard<std::mutex> lock(handles.mu);
        handle = new_handle_object<aclrtStreamConfigHandle>();
        if (handle == nullptr) {
            return fail(ACL_ERROR_BAD_ALLOC,
                        "aclrtCreateStreamConfigHandle: out of host memory for the handle");
        }
        handles.live.insert(handle);
        return ACL_SUCCESS;
    });
    return handle;
}

aclError aclrtDestroyStreamConfigHandle(aclrtStreamConfigHandle* handle) {
    return api_call("aclrtDestroyStreamConfigHandle", [&] {
        ACLEMU_CHECK_NOT_NULL(handle);
        ConfigHandles& handles = config_handles();
        std::lock_guard<std::mutex> lock(handles.mu);
        handles.prioritized.erase(handle);
        ACLEMU_TRY(reject_if(handles.live.erase(handle) == 0,
                             "handle",
                             handle,
                             "not a handle from aclrtCreateStreamConfigHandle (or "
                             "destroyed already)"));
        delete_handle_object(handle);
        return ACL_SUCCESS;
    });
}

aclError aclrtSetStreamConfigOpt(aclrtStreamConfigHandle* handle,
                                 aclrtStreamConfigAttr attr,
                                 const void* attrValue,
                                 size_t valueSize) {
    const int64_t attr_value = aclemu::enum_value(attr);  // any int a C caller passed
    return api_call("aclrtSetStreamConfigOpt", [&] {
        ACLEMU_CHECK_NOT_NULL(handle);
        ACLEMU_CHECK_NOT_NULL(attrValue);
        return with_config(handle,
                           [&] { return set_config(handle, attr_value, attrValue, valueSize); });
    });
}

aclError aclrtCreateStreamV2(aclrtStream* stream, const aclrtStreamConfigHandle* handle) {
    return api_call_init("aclrtCreateStreamV2", [&] {
        ACLEMU_CHECK_NOT_NULL(handle);
        std::optional<uint64_t> priority;
        uint64_t flag = 0;
        ACLEMU_TRY(with_config(handle, [&] {
            // A priority written into the struct directly counts as asked for.
            if (handle->priority != 0 || config_handles().prioritized.count(handle) != 0) {
                priority = handle->priority;
            }
            flag = handle->flag;
            return ACL_SUCCESS;
        }));
        return create_configured_stream(stream, priority, flag);
    });
}

aclError aclrtStreamGetPriority(aclrtStream stream, uint32_t* priority) {
    return read_stream("aclrtStreamGetPriority", stream, "priority", priority, [](auto& target) {
        return target->priority;
    });
}

aclError aclrtStreamGetFlags(aclrtStream stream, uint32_t* flags) {
    return read_stream(
        "aclrtStreamGetFlags", stream, "flags", flags, [](auto& target) { return target->flags; });
}

aclError aclrtStreamGetId(aclrtStream stream, int32_t* streamId) {
    return read_stream(
        "aclrtStreamGetId", stream, "streamId", streamId, [](auto& target) { return target->id; });
}

aclError aclrtGetStreamAvailableNum(uint32_t* streamCount) {
    return api_call_init("aclrtGetStreamAvailableNum", [&] {
        ACLEMU_CHECK_NOT_NULL(streamCount);
        return runtime().available_streams(streamCount);
    });
}

aclError aclrtStreamAbort(aclrtStream stream) {
    return api_call_init("aclrtStreamAbort", [&] {
        ACLEMU_CHECK_NOT_NULL(stream);  // CANN: the stream cannot be null
        ACLEMU_RESOLVE_STREAM(stream, target, backend);
        if (aclError err = backend->streams().abort_stream(target->impl.get());
            err != ACL_SUCCESS) {
            return fail(err, msg_unsupported("aclrtStreamAbort", backend->last_error_text()));
        }
        target->aborted.store(true);
        return ACL_SUCCESS;
    });
}

aclError aclrtStreamStop(aclrtStream stream) {
    return api_call_init("aclrtStreamStop", [&] {
        if (stream == nullptr) {
            return reject_arg(ACL_ERROR_INVALID_PARAM,
                              "stream",
                              std::string("NULL"),
                              "the default stream cannot be stopped");
        }
        std::shared_ptr<Stream> target;
        ACLEMU_TRY(runtime().stream(stream, &target));
        return fail(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                    msg_unsupported("aclrtStreamStop",
                                    "a task that has started cannot be stopped on CPU threads or "
                                    "a GPU; aclrtStreamAbort drops the tasks that have not"));
    });
}

aclError aclrtRegStreamStateCallback(const char* regName,
                                     aclrtStreamStateCallback callback,
                                     void* args) {
    return api_call("aclrtRegStreamStateCallback", [&] {
        ACLEMU_CHECK_NOT_NULL(regName);
        if (regName[0] == '\0') {
            return reject_arg(
                ACL_ERROR_INVALID_PARAM, "regName", std::string(""), "a registration needs a name");
        }
        return register_stream_state_callback(regName, callback, args);
    });
}

}  // extern "C"
