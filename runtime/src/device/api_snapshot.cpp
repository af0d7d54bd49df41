// Entry points: process snapshots (aclrtSnapShotProcessLock / Backup / Restore / Unlock and the
// stage callbacks). CANN's released API, which CANN's snapshot example uses: the four process
// calls take no arguments (newer development headers add a pid and option structs;
// docs/compatibility.md, "Process snapshots"). The process moves RUNNING -> LOCKED (Lock) ->
// BACKED_UP (Backup) -> LOCKED (Restore) -> RUNNING (Unlock); a call in the wrong state fails
// with its ACL_ERROR_SNAPSHOT_* code. Backup copies the contents of every device allocation to
// the host; Restore writes them back into the allocations that still exist. A lock does not
// block other threads' calls (CANN's does).
#include "acl/acl.h"

#include "aclemu/c_enum.h"
#include "core/arg_checks.h"
#include "core/status.h"
#include "device/snapshot.h"
#include "runtime_state.h"

#include <algorithm>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

using namespace aclemu::rt;

namespace {

enum class ProcessState { Running, Locked, BackedUp };

struct Registration {
    int64_t stage;
    aclrtSnapShotCallBack callback;
    void* args;
};

struct SavedBlock {
    Allocation block;
    std::vector<uint8_t> bytes;
};

struct Snapshots {
    std::mutex mu;
    ProcessState state = ProcessState::Running;
    std::vector<Registration> callbacks;
    std::vector<SavedBlock> backup;
    bool backed_up = false;
};

Snapshots& snapshots() {
    static Snapshots* state = new Snapshots();  // outlives static destruction
    return *state;
}

// The state a call needs the process in: running; locked (backed up or not); locked with a
// backup to restore.
enum class Needs { Running, Locked, LockedAfterBackup };

// The snapshot state with its lock held for as long as this lives.
class LockedSnapshots {
public:
    Snapshots* operator->() { return &s_; }

    // ACL_SUCCESS when the process is in a state `needs` accepts, else `api`'s failure `code`.
    aclError require(Needs needs, aclError code, const char* api) const {
        static constexpr const char* kNeeded[] = {"running", "locked", "locked after a backup"};
        const bool running = s_.state == ProcessState::Running;
        const bool ok = needs == Needs::Running
                            ? running
                            : !running && (needs == Needs::Locked || s_.backed_up);
        if (ok) {
            return ACL_SUCCESS;
        }
        return fail(
            code,
            msg_order(std::string(api) + " needs the process " + kNeeded[static_cast<int>(needs)]
                      + " (aclrtSnapShotProcessLock, Backup, Restore, Unlock in that "
                        "order)"));
    }

private:
    Snapshots& s_ = snapshots();
    std::lock_guard<std::mutex> lock_{s_.mu};
};

constexpr const char* kStageNames[] = {"ACL_RT_SNAPSHOT_LOCK_PRE",
                                       "ACL_RT_SNAPSHOT_BACKUP_PRE",
                                       "ACL_RT_SNAPSHOT_BACKUP_POST",
                                       "ACL_RT_SNAPSHOT_RESTORE_PRE",
                                       "ACL_RT_SNAPSHOT_RESTORE_POST",
                                       "ACL_RT_SNAPSHOT_UNLOCK_POST"};

aclError check_stage(int64_t stage) {
    return reject_if(stage < ACL_RT_SNAPSHOT_LOCK_PRE || stage > ACL_RT_SNAPSHOT_UNLOCK_POST,
                     "stage",
                     stage,
                     "is not an aclrtSnapShotStage (ACL_RT_SNAPSHOT_LOCK_PRE (0) .. "
                     "ACL_RT_SNAPSHOT_UNLOCK_POST (5))");
}

// Calls the stage's callbacks with the calling thread's device (0 when it has none), in the
// order they were registered; the first that returns nonzero ends the stage.
aclError run_stage(int64_t stage) {
    std::vector<Registration> due;
    {
        LockedSnapshots s;
        for (const Registration& r : s->callbacks) {
            if (r.stage == stage) {
                due.push_back(r);
            }
        }
    }
    const int32_t device = std::max(runtime().current_device_or_none(), 0);
    for (const Registration& r : due) {
        if (const uint32_t result = r.callback(device, r.args); result != 0) {
            return fail(ACL_ERROR_SNAPSHOT_CALLBACK_FAILED,
                        msg_runtime(std::string("the snapshot callback of stage ")
                                    + kStageNames[stage] + " returned " + std::to_string(result)));
        }
    }
    return ACL_SUCCESS;
}

// The device allocations whose contents a snapshot keeps (aclrtMalloc and pool blocks).
bool kept(const Allocation& block) {
    return block.kind == AllocKind::Device
           && (block.origin == AllocOrigin::Malloc || block.origin == AllocOrigin::Pool);
}

aclError backup_memory(std::vector<SavedBlock>* out) {
    Backend* backend = nullptr;
    ACLEMU_TRY(runtime().current_backend(&backend));
    ACLEMU_TRY_BACKEND(
        backend->streams().synchronize_device(), backend, "cannot wait for the device");
    for (const Allocation& block : runtime().allocations().list()) {
        if (!kept(block)) {
            continue;
        }
        SavedBlock saved{block, std::vector<uint8_t>(block.bytes)};
        ACLEMU_TRY_BACKEND(backend->memory().memcpy_sync(saved.bytes.data(),
                                                         reinterpret_cast<void*>(block.base),
                                                         block.bytes,
                                                         CopyDirection::DeviceToHost),
                           backend,
                           "cannot back up device memory");
        out->push_back(std::move(saved));
    }
    return ACL_SUCCESS;
}

aclError restore_memory(const std::vector<SavedBlock>& backup) {
    Backend* backend = nullptr;
    ACLEMU_TRY(runtime().current_backend(&backend));
    ACLEMU_TRY_BACKEND(
        backend->streams().synchronize_device(), backend, "cannot wait for the device");
    for (const SavedBlock& saved : backup) {
        auto now = runtime().allocations().find(reinterpret_cast<void*>(saved.block.base));
        if (!now || now->base != saved.block.base || now->bytes != saved.block.bytes
            || !kept(*now)) {
            continue;  // freed (or replaced) since the backup: nothing to restore into
        }
        ACLEMU_TRY_BACKEND(backend->memory().memcpy_sync(reinterpret_cast<void*>(saved.block.base),
                                                         saved.bytes.data(),
                                                         saved.bytes.size(),
                                                         CopyDirection::HostToDevice),
                           backend,
                           "cannot restore device memory");
    }
    return ACL_SUCCESS;
}

}  // namespace

void aclemu::rt::forget_snapshots() {
    LockedSnapshots s;
    s->state = ProcessState::Running;
    s->backup.clear();
    s->backed_up = false;
}

extern "C" {

aclError aclrtSnapShotCallbackRegister(aclrtSnapShotStage stage,
                                       aclrtSnapShotCallBack callback,
                                       void* args) {
    const int64_t stage_value = aclemu::enum_value(stage);
    return api_call_init("aclrtSnapShotCallbackRegister", [&]() -> aclError {
        ACLEMU_TRY(check_stage(stage_value));
        ACLEMU_CHECK_NOT_NULL(callback);
        LockedSnapshots s;
        for (const Registration& r : s->callbacks) {
            if (r.stage == stage_value && r.callback == callback) {
                return fail(ACL_ERROR_SNAPSHOT_REGISTER_CALLBACK_FAILED,
                            msg_invalid("callback",
                                        pointer_text(reinterpret_cast<void*>(callback)),
                                        std::string("is already registered for ")
                                            + kStageNames[stage_value]));
            }
        }
        s->callbacks.push_back(Registration{stage_value, callback, args});
        return ACL_SUCCESS;
    });
}

aclError aclrtSnapShotCallbackUnregister(aclrtSnapShotStage stage, aclrtSnapShotCallBack callback) {
    const int64_t stage_value = aclemu::enum_value(stage);
    return api_call_init("aclrtSnapShotCallbackUnregister", [&]() -> aclError {
        ACLEMU_TRY(check_stage(stage_value));
        ACLEMU_CHECK_NOT_NULL(callback);
        LockedSnapshots s;
        for (auto it = s->callbacks.begin(); it != s->callbacks.end(); ++it) {
            if (it->stage == stage_value && it->callback == callback) {
                s->callbacks.erase(it);
                return ACL_SUCCESS;
            }
        }
        return reject_arg(ACL_ERROR_INVALID_PARAM,
                          "callback",
                          pointer_text(reinterpret_cast<void*>(callback)),
                          std::string("is not registered for ") + kStageNames[stage_value]);
    });
}

aclError aclrtSnapShotProcessLock(void) {
    return api_call_init("aclrtSnapShotProcessLock", [&]() -> aclError {
        ACLEMU_TRY(LockedSnapshots().require(
            Needs::Running, ACL_ERROR_SNAPSHOT_LOCK_FAILED, "aclrtSnapShotProcessLock"));
        ACLEMU_TRY(run_stage(ACL_RT_SNAPSHOT_LOCK_PRE));
        LockedSnapshots()->state = ProcessState::Locked;
        return ACL_SUCCESS;
    });
}

aclError aclrtSnapShotProcessBackup(void) {
    return api_call_init("aclrtSnapShotProcessBackup", [&]() -> aclError {
        ACLEMU_TRY(LockedSnapshots().require(
            Needs::Locked, ACL_ERROR_SNAPSHOT_BACKUP_FAILED, "aclrtSnapShotProcessBackup"));
        ACLEMU_TRY(run_stage(ACL_RT_SNAPSHOT_BACKUP_PRE));
        std::vector<SavedBlock> backup;
        ACLEMU_TRY(backup_memory(&backup));
        {
            LockedSnapshots s;
            s->backup = std::move(backup);  // the last backup is the one restored
            s->backed_up = true;
            s->state = ProcessState::BackedUp;
        }
        return run_stage(ACL_RT_SNAPSHOT_BACKUP_POST);
    });
}

aclError aclrtSnapShotProcessRestore(void) {
    return api_call_init("aclrtSnapShotProcessRestore", [&]() -> aclError {
        std::vector<SavedBlock> backup;
        {
            LockedSnapshots s;
            ACLEMU_TRY(s.require(Needs::LockedAfterBackup,
                                 ACL_ERROR_SNAPSHOT_RESTORE_FAILED,
                                 "aclrtSnapShotProcessRestore"));
            backup = s->backup;
        }
        ACLEMU_TRY(run_stage(ACL_RT_SNAPSHOT_RESTORE_PRE));
        ACLEMU_TRY(restore_memory(backup));
        LockedSnapshots()->state = ProcessState::Locked;
        return run_stage(ACL_RT_SNAPSHOT_RESTORE_POST);
    });
}

aclError aclrtSnapShotProcessUnlock(void) {
    return api_call_init("aclrtSnapShotProcessUnlock", [&]() -> aclError {
        {
            LockedSnapshots s;
            ACLEMU_TRY(s.require(
                Needs::Locked, ACL_ERROR_SNAPSHOT_UNLOCK_FAILED, "aclrtSnapShotProcessUnlock"));
            s->state = ProcessState::Running;
        }
        return run_stage(ACL_RT_SNAPSHOT_UNLOCK_POST);
    });
}

}  // extern "C"
