// Entry points: notifies. A notify is a zeroed 64-bit word of device memory on its device
// (internal_device_memory.h): aclrtRecordNotify stores 1 in stream order, aclrtWaitAndResetNotify
// holds its stream until the word is 1 and then stores 0 — the stream memory operations of the
// backend (on a GPU cuStreamWriteValue64 / cuStreamWaitValue64 or HIP's, see
// backend/gpu/stream_memory_ops.h). A wait may come before its record. Ids are the lowest free
// number of the device, at most 8192 live per device (CANN's Atlas A2/A3 limit).
#include "acl/acl.h"

#include "aclemu/checked_math.h"
#include "core/arg_checks.h"
#include "core/status.h"
#include "handles/handle_arena.h"
#include "observe/traced_task.h"
#include "runtime_state.h"
#include "sharing/notify_registry.h"

#include <climits>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

using namespace aclemu::rt;
namespace kernels = aclemu::kernels;

namespace {

constexpr uint64_t kKnownNotifyFlags = ACL_NOTIFY_DEFAULT | ACL_NOTIFY_DEVICE_USE_ONLY;

struct NotifyOnStream {
    std::shared_ptr<Notify> notify;
    std::shared_ptr<Stream> stream;
    Backend* backend = nullptr;

    void describe(TaskTrace& task) const { task.arg("notify id", uint64_t{notify->id}); }
};

aclError resolve(aclrtNotify handle, aclrtStream stream, NotifyOnStream* out) {
    ACLEMU_CHECK_NOT_NULL(handle);
    ACLEMU_TRY(notifies().find(handle, &out->notify));
    ACLEMU_TRY(runtime().stream_and_backend(stream, &out->stream, &out->backend));
    if (out->stream->device != out->notify->device) {
        return reject_arg(ACL_ERROR_RT_STREAM_CONTEXT,
                          "stream",
                          out->stream.get(),
                          "it belongs to device " + std::to_string(out->stream->device)
                              + ", the notify to device " + std::to_string(out->notify->device));
    }
    return ACL_SUCCESS;
}

}  // namespace

extern "C" {

aclError aclrtCreateNotify(aclrtNotify* notify, uint64_t flag) {
    return api_call_init("aclrtCreateNotify", [&] {
        ACLEMU_CHECK_NOT_NULL(notify);
        ACLEMU_TRY(reject_if((flag & ~kKnownNotifyFlags) != 0,
                             "flag",
                             flag,
                             "must be ACL_NOTIFY_DEFAULT or ACL_NOTIFY_DEVICE_USE_ONLY"));
        std::shared_ptr<Context> context;
        Backend* backend = nullptr;
        ACLEMU_TRY(runtime().current_context_and_backend(&context, &backend));
        return notifies().create(context->device, backend, notify);
    });
}

aclError aclrtDestroyNotify(aclrtNotify notify) {
    return api_call_init("aclrtDestroyNotify", [&] {
        ACLEMU_CHECK_NOT_NULL(notify);
        ACLEMU_BACKEND(backend, backend);
        ACLEMU_TRY(notifies().destroy(notify, backend));
        withdraw_destroyed_notify_exports();  // its key stops answering other processes now
        return ACL_SUCCESS;
    });
}

aclError aclrtRecordNotify(aclrtNotify notify, aclrtStream stream) {
    return api_call_init("aclrtRecordNotify", [&] {
        NotifyOnStream target;
        ACLEMU_TRY(resolve(notify, stream, &target));
        return enqueue_task(
            target.stream,
            *target.backend,
            TaskKind::NotifyRecord,
            "record notify",
            "the notify record",
            [&](TaskTrace& task) { target.describe(task); },
            [&] {
                return target.backend->tasks().write_value_async(
                    target.stream->impl.get(), target.notify->word, 1);
            });
    });
}

aclError aclrtWaitAndResetNotify(aclrtNotify notify, aclrtStream stream, uint32_t timeout) {
    return api_call_init("aclrtWaitAndResetNotify", [&] {
        NotifyOnStream target;
        ACLEMU_TRY(resolve(notify, stream, &target));
        // Seconds; 0 waits forever. Longer than INT32_MAX ms (24.8 days) is forever too.
        int32_t timeout_ms = -1;
        if (timeout != 0 && !aclemu::checked_mul(timeout, 1000, &timeout_ms)) {
            timeout_ms = -1;
        }
        BackendStream* on = target.stream->impl.get();
        // One slice: the wait, then the reset that follows it on the stream.
        return enqueue_task(
            target.stream,
            *target.backend,
            TaskKind::NotifyWait,
            "wait notify",
            "the notify wait and reset",
            [&](TaskTrace& task) {
                target.describe(task);
                task.arg("timeout s", uint64_t{timeout});
            },
            [&] {
                ACLEMU_TRY(target.backend->tasks().wait_value_async(
                    on, target.notify->word, 1, kernels::builtin::WaitMode::Eq, timeout_ms));
                return target.backend->tasks().write_value_async(on, target.notify->word, 0);
            });
    });
}

aclError aclrtGetNotifyId(aclrtNotify notify, uint32_t* notifyId) {
    return api_call_init("aclrtGetNotifyId", [&] {
        ACLEMU_CHECK_NOT_NULL(notify);
        ACLEMU_CHECK_NOT_NULL(notifyId);
        std::shared_ptr<Notify> found;
        ACLEMU_TRY(notifies().find(notify, &found));
        *notifyId = found->id;
        return ACL_SUCCESS;
    });
}

aclError aclrtNotifyBatchReset(aclrtNotify* notifies_to_reset, size_t num) {
    return api_call_init("aclrtNotifyBatchReset", [&] {
        if (notifies_to_reset == nullptr) {
            return fail(ACL_ERROR_INVALID_PARAM, msg_null("notifies"));
        }
        if (num == 0) {
            return reject_arg(
                ACL_ERROR_INVALID_PARAM, "num", 0, "at least one notify must be given");
        }
        ACLEMU_BACKEND(backend, current_backend);
        // Every entry must be live before any is reset. The list grows with the entries found
        // (never sized from `num`, which may be any number).
        std::vector<std::shared_ptr<Notify>> found;
        for (size_t i = 0; i < num; ++i) {
            std::shared_ptr<Notify> notify;
            ACLEMU_TRY(notifies().find(notifies_to_reset[i], &notify, "notifies[]"));
            found.push_back(std::move(notify));
        }
        for (const auto& notify : found) {
            ACLEMU_TRY_BACKEND(
                traced_sync(
                    TaskKind::Memset,
                    "reset notify",
                    [&](TaskTrace& task) { task.arg("notify id", uint64_t{notify->id}); },
                    [&] {
                        return backend->memory().memset_sync(notify->word, 0, sizeof(uint64_t));
                    }),
                backend,
                "cannot reset a notify");
        }
        return ACL_SUCCESS;
    });
}

}  // extern "C"
