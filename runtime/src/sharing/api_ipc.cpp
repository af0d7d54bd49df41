// Entry points: memory and events shared between processes (IPC), and aclrtDeviceGetBareTgid
// for the whitelists. An export is an export record (shared_export.h) holding what the backend
// says another process needs (backend.h: export_device_memory, export_event); the key and the
// event handle are references to it. The exporter keeps its records here until
// aclrtIpcMemClose, aclrtFree of the block, aclrtDestroyEvent or aclFinalize; an importer keeps
// its mappings here (and in the allocation table, as device memory of origin Imported) until
// aclrtIpcMemClose. docs/backends.md describes each backend's mapping; docs/errors.md the codes.
#include "acl/acl.h"

#include "core/arg_checks.h"
#include "core/status.h"
#include "event/event_registry.h"
#include "runtime_state.h"
#include "sharing/ipc_registry.h"
#include "sharing/shared_export.h"

#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unistd.h>

using namespace aclemu::rt;

namespace {

constexpr uint64_t kKnownMemoryExportFlags = ACL_RT_IPC_MEM_EXPORT_FLAG_DISABLE_PID_VALIDATION;
constexpr uint64_t kKnownMemoryImportFlags = ACL_RT_IPC_MEM_IMPORT_FLAG_ENABLE_PEER_ACCESS;

aclError export_key(void* devPtr, size_t size, char* key, size_t len, uint64_t flags) {
    ACLEMU_CHECK_NOT_NULL(devPtr);
    ACLEMU_CHECK_NOT_NULL(key);
    ACLEMU_TRY(check_key_length(len));
    ACLEMU_TRY(check_flags(flags,
                           kKnownMemoryExportFlags,
                           "ACL_RT_IPC_MEM_EXPORT_FLAG_DEFAULT or "
                           "ACL_RT_IPC_MEM_EXPORT_FLAG_DISABLE_PID_VALIDATION"));
    ACLEMU_TRY(check_positive("size", size));
    ACLEMU_BACKEND(backend, current_backend);
    ACLEMU_TRY(require_sharing(backend));
    std::optional<Allocation> block = runtime().allocations().find(devPtr);
    ACLEMU_TRY(reject_if(
        !block || block->kind != AllocKind::Device || block->origin != AllocOrigin::Malloc,
        "devPtr",
        devPtr,
        "only memory allocated by aclrtMalloc (and its variants) can be "
        "exported",
        ACL_ERROR_RT_PARAM_INVALID));
    const size_t remaining = block->remaining(reinterpret_cast<uintptr_t>(devPtr));
    if (size > remaining) {
        return reject_arg(ACL_ERROR_RT_PARAM_INVALID,
                          "size",
                          size,
                          "runs past the end of the block (" + std::to_string(remaining)
                              + " bytes left from devPtr)");
    }
    IpcRegistry& ipc = ipc_registry();
    std::lock_guard<std::mutex> lock(ipc.mutex);
    for (const auto& [existing, entry] : ipc.exports) {
        if (entry.ptr == reinterpret_cast<uintptr_t>(devPtr) && entry.bytes == size
            && entry.flags == flags) {
            std::snprintf(key, len, "%s", existing.c_str());  // the same range, the same key
            return ACL_SUCCESS;
        }
    }
    ExportBlob blob;
    if (aclError err = backend->sharing()->export_device_memory(
            reinterpret_cast<void*>(block->base), devPtr, size, &blob);
        err != ACL_SUCCESS) {
        return backend_failed(
            err,
            backend,
            "cannot share " + std::to_string(size) + " bytes at " + pointer_text(devPtr));
    }
    MemoryExport entry;
    entry.block = block->base;
    entry.ptr = reinterpret_cast<uintptr_t>(devPtr);
    entry.bytes = size;
    entry.flags = flags;
    const bool check_pid = (flags & ACL_RT_IPC_MEM_EXPORT_FLAG_DISABLE_PID_VALIDATION) == 0;
    ACLEMU_TRY(ExportRecord::create(
        ExportKind::IpcMemory, backend->kind(), size, check_pid, blob, &entry.record));
    const std::string text = key_text(entry.record->ref());
    std::snprintf(key, len, "%s", text.c_str());
    ipc.exports.emplace(text, std::move(entry));
    return ACL_SUCCESS;
}

aclError set_import_pid(const char* key, int32_t* pid, size_t num) {
    ACLEMU_CHECK_NOT_NULL(key);
    ACLEMU_CHECK_NOT_NULL(pid);
    ACLEMU_TRY(check_positive("num", num));
    IpcRegistry& ipc = ipc_registry();
    std::lock_guard<std::mutex> lock(ipc.mutex);
    auto found = ipc.exports.find(std::string(key, ::strnlen(key, ACL_IPC_HANDLE_SIZE)));
    ACLEMU_TRY(reject_if(found == ipc.exports.end(),
                         "key",
                         std::string(key, ::strnlen(key, ACL_IPC_HANDLE_SIZE)),
                         "not a key this process exported (aclrtIpcMemGetExportKey), or "
                         "it was closed"));
    return found->second.record->allow_pids(pid, num, "pid");
}

aclError import_memory_by_key(void** devPtr, const char* key, uint64_t flags) {
    ACLEMU_CHECK_NOT_NULL(devPtr);
    ACLEMU_CHECK_NOT_NULL(key);
    ACLEMU_TRY(check_flags(flags,
                           kKnownMemoryImportFlags,
                           "ACL_RT_IPC_MEM_IMPORT_FLAG_DEFAULT or "
                           "ACL_RT_IPC_MEM_IMPORT_FLAG_ENABLE_PEER_ACCESS"));
    KeyImport import;
    ACLEMU_TRY(begin_import(key, "aclrtIpcMemGetExportKey", &import));
    IpcRegistry& ipc = ipc_registry();
    std::lock_guard<std::mutex> lock(ipc.mutex);
    if (auto found = ipc.imports.find(import.text); found != ipc.imports.end()) {
        ++found->second.opens;
        *devPtr = found->second.ptr;
        return ACL_SUCCESS;
    }
    ImportedRecord record;
    ACLEMU_TRY(open_record(
        import.ref, ExportKind::IpcMemory, import.backend->kind(), "key", import.text, &record));
    void* mapped = nullptr;
    if (aclError err = import.backend->sharing()->open_device_memory(
            record.exporter, record.blob, record.bytes, &mapped);
        err != ACL_SUCCESS) {
        return backend_failed(err,
                              import.backend,
                              "cannot map the memory process " + std::to_string(record.exporter)
                                  + " shared under key " + import.text);
    }
    Allocation entry{reinterpret_cast<uintptr_t>(mapped),
                     static_cast<size_t>(record.bytes),
                     AllocKind::Device,
                     import.context->device,
                     AllocOrigin::Imported};
    runtime().allocations().insert(entry);
    ipc.imports.emplace(import.text, MemoryImport{mapped, static_cast<size_t>(record.bytes), 1});
    *devPtr = mapped;
    return ACL_SUCCESS;
}

aclError close_key(const char* key) {
    ACLEMU_CHECK_NOT_NULL(key);
    const std::string text(key, ::strnlen(key, ACL_IPC_HANDLE_SIZE));
    ACLEMU_BACKEND(backend, backend);
    ACLEMU_TRY(require_sharing(backend));
    IpcRegistry& ipc = ipc_registry();
    std::unique_lock<std::mutex> lock(ipc.mutex);
    if (auto found = ipc.imports.find(text); found != ipc.imports.end()) {
        if (--found->second.opens > 0) {
            return ACL_SUCCESS;
        }
        const MemoryImport import = found->second;
        ipc.imports.erase(found);
        lock.unlock();
        runtime().allocations().erase(import.ptr, AllocKind::Device, AllocOrigin::Imported);
        if (aclError err = backend->sharing()->close_device_memory(import.ptr, import.bytes);
            err != ACL_SUCCESS) {
            return backend_failed(err, backend, "cannot unmap the memory of key " + text);
        }
        return ACL_SUCCESS;
    }
    if (ipc.exports.erase(text) != 0) {
        return ACL_SUCCESS;  // the record closes: later imports fail, earlier ones keep working
    }
    return reject_arg(ACL_ERROR_INVALID_PARAM,
                      "key",
                      text,
                      "this process neither exported nor imported it, or has closed it");
}

aclError get_event_handle(aclrtEvent event, aclrtIpcEventHandle* handle) {
    ACLEMU_CHECK_NOT_NULL(event);
    ACLEMU_CHECK_NOT_NULL(handle);
    std::shared_ptr<Event> target;
    ACLEMU_TRY(events().find(event, &target));
    ACLEMU_BACKEND(backend, backend);
    ACLEMU_TRY(require_sharing(backend));
    if (!target->ipc || target->imported) {
        return reject_arg(ACL_ERROR_INVALID_PARAM,
                          "event",
                          event,
                          target->imported
                              ? "it was opened from another process's handle; only the "
                                "process that created an event exports it"
                              : "only events created by aclrtCreateEventExWithFlag with "
                                "ACL_EVENT_IPC can be shared");
    }
    IpcRegistry& ipc = ipc_registry();
    std::lock_guard<std::mutex> lock(ipc.mutex);
    if (!target->ipc_export) {
        ExportBlob blob;
        ACLEMU_TRY_BACKEND(backend->sharing()->export_event(target->impl.get(), &blob),
                           backend,
                           "cannot share the event");
        std::unique_ptr<ExportRecord> record;
        ACLEMU_TRY(
            ExportRecord::create(ExportKind::Event, backend->kind(), 0, false, blob, &record));
        target->ipc_export = std::shared_ptr<ExportRecord>(std::move(record));
    }
    const auto* record = static_cast<const ExportRecord*>(target->ipc_export.get());
    write_event_handle(record->ref(), handle->reserved);
    return ACL_SUCCESS;
}

aclError open_event_handle(const aclrtIpcEventHandle& handle, aclrtEvent* event) {
    ACLEMU_CHECK_NOT_NULL(event);
    std::optional<ExportRef> ref = read_event_handle(handle.reserved);
    if (!ref) {
        return reject_arg(ACL_ERROR_INVALID_PARAM,
                          "handle",
                          std::string("(64 bytes)"),
                          "not a handle made by aclrtIpcGetEventHandle");
    }
    std::shared_ptr<Context> context;
    Backend* backend = nullptr;
    ACLEMU_TRY(current_sharing_context(&context, &backend));
    ImportedRecord record;
    const std::string value = key_text(*ref);
    ACLEMU_TRY(open_record(*ref, ExportKind::Event, backend->kind(), "handle", value, &record));
    std::unique_ptr<BackendEvent> impl;
    if (aclError err = backend->sharing()->open_event(record.exporter, record.blob, &impl);
        err != ACL_SUCCESS) {
        return backend_failed(
            err,
            backend,
            "cannot open the event process " + std::to_string(record.exporter) + " shared");
    }
    return events().adopt_ipc(std::move(impl), event);
}

}  // namespace

extern "C" {

aclError aclrtDeviceGetBareTgid(int32_t* pid) {
    return api_call_init("aclrtDeviceGetBareTgid",
                         [&] { return store_out("pid", pid, static_cast<int32_t>(::getpid())); });
}

aclError aclrtIpcMemGetExportKey(void* devPtr, size_t size, char* key, size_t len, uint64_t flags) {
    return api_call_init("aclrtIpcMemGetExportKey",
                         [&] { return export_key(devPtr, size, key, len, flags); });
}

aclError aclrtIpcMemSetImportPid(const char* key, int32_t* pid, size_t num) {
    return api_call_init("aclrtIpcMemSetImportPid", [&] { return set_import_pid(key, pid, num); });
}

// Refused with its reason, the arguments unread (they are left unnamed).
aclError aclrtIpcMemImportPidInterServer(const char* /*key*/,
                                         aclrtServerPid* /*serverPids*/,
                                         size_t /*num*/) {
    return api_call_init("aclrtIpcMemImportPidInterServer", [] {
        return fail(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                    msg_unsupported("aclrtIpcMemImportPidInterServer",
                                    "whitelists across the servers of an Atlas super pod need "
                                    "Ascend hardware; within one machine use "
                                    "aclrtIpcMemSetImportPid"));
    });
}

aclError aclrtIpcMemImportByKey(void** devPtr, const char* key, uint64_t flags) {
    return api_call_init("aclrtIpcMemImportByKey",
                         [&] { return import_memory_by_key(devPtr, key, flags); });
}

aclError aclrtIpcMemSetAttr(const char* /*key*/, aclrtIpcMemAttrType /*type*/, uint64_t /*attr*/) {
    return api_call_init("aclrtIpcMemSetAttr", [] {
        return fail(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                    msg_unsupported("aclrtIpcMemSetAttr",
                                    "access links (SIO, HCCS, UB paths) exist only between Ascend "
                                    "chips"));
    });
}

aclError aclrtIpcMemClose(const char* key) {
    return api_call_init("aclrtIpcMemClose", [&] { return close_key(key); });
}

aclError aclrtIpcGetEventHandle(aclrtEvent event, aclrtIpcEventHandle* handle) {
    return api_call_init("aclrtIpcGetEventHandle", [&] { return get_event_handle(event, handle); });
}

aclError aclrtIpcOpenEventHandle(aclrtIpcEventHandle handle, aclrtEvent* event) {
    return api_call_init("aclrtIpcOpenEventHandle",
                         [&] { return open_event_handle(handle, event); });
}

}  // extern "C"
