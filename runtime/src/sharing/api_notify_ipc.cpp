// Entry points: notifies shared between processes (aclrtNotifyGetExportKey,
// aclrtNotifySetImportPid, aclrtNotifyImportByKey). A notify is a 64-bit word of device memory
// (api_notify.cpp); exporting it exports that word as IPC memory is exported (the backend's
// export_device_memory, an export record of kind Notify, shared_export.h), and importing maps the
// word and wraps it in a notify handle of the importer, so that the importer's records and waits
// act on the exporter's word. An imported notify is released by aclrtDestroyNotify. The
// exporter's key stays valid until its notify is destroyed; the whitelist is the one of
// shared_export.h (docs/backends.md says what it protects against).
#include "acl/acl.h"

#include "core/arg_checks.h"
#include "core/status.h"
#include "runtime_state.h"
#include "sharing/notify_registry.h"
#include "sharing/shared_export.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <unistd.h>

using namespace aclemu::rt;

namespace {

constexpr uint64_t kKnownNotifyExportFlags = ACL_RT_NOTIFY_EXPORT_FLAG_DISABLE_PID_VALIDATION;
constexpr uint64_t kKnownNotifyImportFlags = ACL_RT_NOTIFY_IMPORT_FLAG_ENABLE_PEER_ACCESS;

struct NotifyExport {
    std::weak_ptr<Notify> notify;  // expired once the notify is destroyed: the export ends
    std::string key;
    bool check_pid = true;
    std::set<int32_t> allowed;  // the whitelist, for an import by this process itself
    std::unique_ptr<ExportRecord> record;
};

class NotifyExports {
public:
    std::mutex mutex;

    /// The live export of `notify`, or null (under `mutex`).
    NotifyExport* find(const Notify* notify) {
        prune_locked();
        auto it = by_notify_.find(notify);
        return it == by_notify_.end() ? nullptr : &it->second;
    }
    /// Drops the exports of destroyed notifies (under `mutex`).
    void prune() { prune_locked(); }
    NotifyExport* find_key(const std::string& key) {
        prune_locked();
        for (auto& [notify, entry] : by_notify_) {
            if (entry.key == key) {
                return &entry;
            }
        }
        return nullptr;
    }
    void add(const Notify* notify, NotifyExport entry) { by_notify_[notify] = std::move(entry); }

private:
    void prune_locked() {
        for (auto it = by_notify_.begin(); it != by_notify_.end();) {
            it = it->second.notify.expired() ? by_notify_.erase(it) : std::next(it);
        }
    }

    std::map<const Notify*, NotifyExport> by_notify_;
};

NotifyExports& notify_exports() {
    static auto* exports = new NotifyExports;
    return *exports;
}

// Every backend shares a block of this size (the GPU simulator no smaller one, docs/backends.md).
constexpr size_t kShareableBlockBytes = 64 * 1024;

// Moves the notify's word into a block of its own that the backend can share, keeping its value.
// The device is idle first, so no queued record or wait still holds the old word.
aclError move_to_shareable_block(Backend* backend, Notify& notify) {
    ACLEMU_TRY_BACKEND(
        backend->streams().synchronize_device(), backend, "cannot wait for the device");
    void* block = nullptr;
    ACLEMU_TRY(allocate_internal_block(backend, notify.device, kShareableBlockBytes, &block));
    if (aclError err = backend->memory().memcpy_sync(
            block, notify.word, sizeof(uint64_t), CopyDirection::DeviceToDevice);
        err != ACL_SUCCESS) {
        free_internal_block(backend, block);
        return backend_failed(err, backend, "cannot copy the notify's state", __FILE__, __LINE__);
    }
    free_internal_block(backend, notify.word);
    notify.word = static_cast<uint64_t*>(block);
    return ACL_SUCCESS;
}

aclError export_key(aclrtNotify handle, char* key, size_t len, uint64_t flags) {
    if (handle == nullptr) {
        return fail(ACL_ERROR_INVALID_PARAM, msg_null("notify"));
    }
    ACLEMU_CHECK_NOT_NULL(key);
    ACLEMU_TRY(check_key_length(len));
    ACLEMU_TRY(check_flags(flags,
                           kKnownNotifyExportFlags,
                           "ACL_RT_NOTIFY_EXPORT_FLAG_DEFAULT or "
                           "ACL_RT_NOTIFY_EXPORT_FLAG_DISABLE_PID_VALIDATION"));
    std::shared_ptr<Notify> notify;
    ACLEMU_TRY(notifies().find(handle, &notify));
    ACLEMU_TRY(reject_if(static_cast<bool>(notify->release_import),
                         "notify",
                         handle,
                         "an imported notify cannot be exported again; export the "
                         "original"));
    ACLEMU_BACKEND(backend, current_backend);
    ACLEMU_TRY(require_sharing(backend));
    NotifyExports& exports = notify_exports();
    std::lock_guard<std::mutex> lock(exports.mutex);
    const bool check_pid = (flags & ACL_RT_NOTIFY_EXPORT_FLAG_DISABLE_PID_VALIDATION) == 0;
    if (NotifyExport* existing = exports.find(notify.get()); existing != nullptr) {
        ACLEMU_TRY(reject_if(existing->check_pid != check_pid,
                             "flags",
                             flags,
                             "the notify is already exported with the other pid "
                             "validation setting"));
        std::snprintf(key, len, "%s", existing->key.c_str());  // the same notify, the same key
        return ACL_SUCCESS;
    }
    ACLEMU_TRY(move_to_shareable_block(backend, *notify));
    ExportBlob blob;
    if (aclError err = backend->sharing()->export_device_memory(
            notify->word, notify->word, sizeof(uint64_t), &blob);
        err != ACL_SUCCESS) {
        return backend_failed(err, backend, "cannot share notify " + std::to_string(notify->id));
    }
    NotifyExport entry;
    entry.notify = notify;
    entry.check_pid = check_pid;
    ACLEMU_TRY(ExportRecord::create(
        ExportKind::Notify, backend->kind(), sizeof(uint64_t), check_pid, blob, &entry.record));
    entry.key = key_text(entry.record->ref());
    std::snprintf(key, len, "%s", entry.key.c_str());
    exports.add(notify.get(), std::move(entry));
    return ACL_SUCCESS;
}

aclError set_import_pid(aclrtNotify handle, int32_t* pid, size_t num) {
    if (handle == nullptr) {
        return fail(ACL_ERROR_INVALID_PARAM, msg_null("notify"));
    }
    ACLEMU_CHECK_NOT_NULL(pid);
    ACLEMU_TRY(check_positive("num", num));
    std::shared_ptr<Notify> notify;
    ACLEMU_TRY(notifies().find(handle, &notify));
    NotifyExports& exports = notify_exports();
    std::lock_guard<std::mutex> lock(exports.mutex);
    NotifyExport* entry = exports.find(notify.get());
    ACLEMU_TRY(reject_if(
        entry == nullptr, "notify", handle, "not exported; call aclrtNotifyGetExportKey first"));
    ACLEMU_TRY(entry->record->allow_pids(pid, num, "pid"));
    entry->allowed.insert(pid, pid + num);
    return ACL_SUCCESS;
}

aclError import_notify_by_key(aclrtNotify* out, const char* key, uint64_t flags) {
    if (out == nullptr) {
        return fail(ACL_ERROR_INVALID_PARAM, msg_null("notify"));
    }
    ACLEMU_CHECK_NOT_NULL(key);
    ACLEMU_TRY(check_flags(flags,
                           kKnownNotifyImportFlags,
                           "ACL_RT_NOTIFY_IMPORT_FLAG_DEFAULT or "
                           "ACL_RT_NOTIFY_IMPORT_FLAG_ENABLE_PEER_ACCESS"));
    KeyImport import;
    ACLEMU_TRY(begin_import(key, "aclrtNotifyGetExportKey", &import));
    if (import.ref.pid == static_cast<int32_t>(::getpid())) {
        // This process's own notify: a second handle on the same word, under the same whitelist.
        NotifyExports& exports = notify_exports();
        std::lock_guard<std::mutex> lock(exports.mutex);
        NotifyExport* entry = exports.find_key(import.text);
        std::shared_ptr<Notify> original = entry != nullptr ? entry->notify.lock() : nullptr;
        ACLEMU_TRY(reject_if(original == nullptr, "key", import.text, "its notify was destroyed"));
        ACLEMU_TRY(reject_if(
            entry->check_pid && entry->allowed.count(static_cast<int32_t>(::getpid())) == 0,
            "key",
            import.text,
            "this process is not on the notify's whitelist "
            "(aclrtNotifySetImportPid)",
            ACL_ERROR_RT_NO_PERMISSION));
        std::weak_ptr<Notify> keep = original;
        return notifies().adopt(
            original->device, original->word, [keep] {}, out);
    }
    ImportedRecord record;
    ACLEMU_TRY(open_record(
        import.ref, ExportKind::Notify, import.backend->kind(), "key", import.text, &record));
    ACLEMU_TRY(reject_if(record.bytes != sizeof(uint64_t),
                         "key",
                         import.text,
                         "its record does not describe a notify"));
    void* mapped = nullptr;
    if (aclError err = import.backend->sharing()->open_device_memory(
            record.exporter, record.blob, sizeof(uint64_t), &mapped);
        err != ACL_SUCCESS) {
        return backend_failed(err,
                              import.backend,
                              "cannot map the notify process " + std::to_string(record.exporter)
                                  + " shared under key " + import.text);
    }
    const int32_t device = import.context->device;
    runtime().allocations().insert(Allocation{reinterpret_cast<uintptr_t>(mapped),
                                              sizeof(uint64_t),
                                              AllocKind::Device,
                                              device,
                                              AllocOrigin::Imported});
    auto release = [mapped] {
        runtime().allocations().erase(mapped, AllocKind::Device, AllocOrigin::Imported);
        if (Backend* live = runtime().existing_backend(); live != nullptr && live->sharing()) {
            live->sharing()->close_device_memory(mapped, sizeof(uint64_t));
        }
    };
    const aclError err = notifies().adopt(device, static_cast<uint64_t*>(mapped), release, out);
    if (err != ACL_SUCCESS) {
        release();
    }
    return err;
}

}  // namespace

void aclemu::rt::withdraw_destroyed_notify_exports() {
    NotifyExports& exports = notify_exports();
    std::lock_guard<std::mutex> lock(exports.mutex);
    exports.prune();
}

extern "C" {

aclError aclrtNotifyGetExportKey(aclrtNotify notify, char* key, size_t len, uint64_t flags) {
    return api_call_init("aclrtNotifyGetExportKey",
                         [&] { return export_key(notify, key, len, flags); });
}

aclError aclrtNotifySetImportPid(aclrtNotify notify, int32_t* pid, size_t num) {
    return api_call_init("aclrtNotifySetImportPid",
                         [&] { return set_import_pid(notify, pid, num); });
}

aclError aclrtNotifyImportByKey(aclrtNotify* notify, const char* key, uint64_t flags) {
    return api_call_init("aclrtNotifyImportByKey",
                         [&] { return import_notify_by_key(notify, key, flags); });
}

}  // extern "C"
