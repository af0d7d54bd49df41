// The sharing domain's notify state (sharing/api_notify.cpp): every live aclrtNotify, each a
// zeroed 64-bit word of device memory (memory/internal_device_memory.h), and the ids in use per
// device. One mutex, never held while waiting.
#pragma once

#include "acl/acl.h"

#include "backend/backend.h"
#include "core/arg_checks.h"
#include "core/status.h"
#include "handles/handle_arena.h"
#include "memory/internal_device_memory.h"
#include "runtime_state.h"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>

namespace aclemu::rt {

constexpr uint32_t kMaxNotifiesPerDevice = 8192;

struct Notify {
    uint32_t id = 0;
    int32_t device = 0;
    uint64_t* word = nullptr;
    /// Imported (aclrtNotifyImportByKey): `word` belongs to the exporter; destroying the notify
    /// runs this instead of freeing the word.
    std::function<void()> release_import;
};

class NotifyRegistry {
public:
    /// The process's registry; outlives every caller, aclFinalize included.
    static NotifyRegistry& instance() {
        static auto* registry = new NotifyRegistry;
        return *registry;
    }

    aclError create(int32_t device, Backend* backend, aclrtNotify* out) {
        void* word = nullptr;
        ACLEMU_TRY(allocate_internal_block(backend, device, sizeof(uint64_t), &word));
        const aclError err = adopt(device, static_cast<uint64_t*>(word), nullptr, out);
        if (err != ACL_SUCCESS) {
            free_internal_block(backend, word);
        }
        return err;
    }

    aclError destroy(aclrtNotify handle, Backend* backend) {
        std::shared_ptr<Notify> notify;
        {
            std::lock_guard<std::mutex> lock(mu_);
            auto it = notifies_.find(static_cast<Notify*>(handle));
            if (it == notifies_.end()) {
                return not_live(handle);
            }
            notify = it->second;
            notifies_.erase(it);
            ids_[notify->device].erase(notify->id);
        }
        if (notify->release_import) {
            notify->release_import();
        } else {
            free_internal_block(backend, notify->word);
        }
        return ACL_SUCCESS;
    }

    /// A new handle for `word` with the next free id of `device`: a new notify's own word, or
    /// the word of a notify another one shares (sharing/api_notify_ipc.cpp).
    aclError adopt(int32_t device,
                   uint64_t* word,
                   std::function<void()> release_import,
                   aclrtNotify* out) {
        std::lock_guard<std::mutex> lock(mu_);
        std::set<uint32_t>& used = ids_[device];
        if (used.size() >= kMaxNotifiesPerDevice) {
            return fail(ACL_ERROR_RT_NO_NOTIFY_RESOURCE,
                        msg_runtime("device " + std::to_string(device) + " already has "
                                    + std::to_string(kMaxNotifiesPerDevice) + " notifies"));
        }
        uint32_t id = 0;
        while (used.count(id) != 0) {
            ++id;
        }
        auto notify = make_handle_object<Notify>();
        notify->id = id;
        notify->device = device;
        notify->word = word;
        notify->release_import = std::move(release_import);
        used.insert(id);
        notifies_[notify.get()] = notify;
        *out = notify.get();
        return ACL_SUCCESS;
    }

    /// The live notify `handle`; `param` names the argument in the message when it is none.
    aclError find(aclrtNotify handle, std::shared_ptr<Notify>* out, const char* param = "notify") {
        std::lock_guard<std::mutex> lock(mu_);
        auto it = notifies_.find(static_cast<Notify*>(handle));
        if (it == notifies_.end()) {
            return not_live(handle, param);
        }
        *out = it->second;
        return ACL_SUCCESS;
    }

    /// Teardown (teardown.h): the handles become unknown; the memory domain frees the words
    /// with the allocation table.
    void release() {
        std::lock_guard<std::mutex> lock(mu_);
        notifies_.clear();
        ids_.clear();
    }

private:
    NotifyRegistry() = default;

    static aclError not_live(aclrtNotify handle, const char* param = "notify") {
        return reject_arg(ACL_ERROR_INVALID_PARAM,
                          param,
                          handle,
                          "not a live notify (never created, or destroyed)");
    }

    std::mutex mu_;
    std::map<Notify*, std::shared_ptr<Notify>> notifies_;
    std::map<int32_t, std::set<uint32_t>> ids_;
};

inline NotifyRegistry& notifies() {
    return NotifyRegistry::instance();
}

/// Withdraws the exports of notifies that no longer live (sharing/api_notify_ipc.cpp).
void withdraw_destroyed_notify_exports();

}  // namespace aclemu::rt
