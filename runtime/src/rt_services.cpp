// aclemu/rt.h: the runtime services the operator libraries call (stream resolution, host tasks
// in stream order, GPU launch completion, memory classification, the deterministic switch, the
// operator settings).
// report_error lives in errors.cpp.
#include "aclemu/rt.h"
#include "core/arg_checks.h"
#include "core/status.h"
#include "runtime_state.h"
#include "stream/exception_info.h"
#include "stream/task_ids.h"

#include <algorithm>
#include <string>

namespace aclemu::rt {

namespace {

aclError resolve_stream_impl(aclrtStream stream, StreamTarget* target) {
    ACLEMU_TRY(require_init());
    if (target == nullptr) {
        return fail(ACL_ERROR_INVALID_PARAM, msg_null("target"));
    }
    ACLEMU_RESOLVE_STREAM(stream, resolved, backend);
    target->handle = stream;
    target->kind = backend->kind();
    target->native =
        resolved->impl ? backend->streams().native_stream(resolved->impl.get()) : nullptr;
    target->device = resolved->device;
    target->stream = std::move(resolved);
    return ACL_SUCCESS;
}

aclError enqueue_host_task_impl(const StreamTarget& target, HostTask& task, TaskLength length) {
    ACLEMU_TRY(require_init());
    if (!task) {
        return fail(ACL_ERROR_INVALID_PARAM, msg_null("task"));
    }
    if (!target.stream || !target.stream->impl) {
        return reject_arg(ACL_ERROR_INVALID_PARAM,
                          "target",
                          std::string("(unresolved)"),
                          "not a stream from resolve_stream");
    }
    ACLEMU_BACKEND(backend, backend);
    Stream& stream = *target.stream;
    const uint32_t task_id = issue_task_id();
    if (exception_callback_set()) {
        // The task knows its id and issuing thread while it runs, for the exception report.
        // Only then: the wrapper no longer fits HostTask's inline storage.
        const RunningTask issued{task_id, os_thread_id(), launching_function()};
        task = HostTask([issued, inner = std::move(task)]() mutable {
            RunningTaskScope scope(issued);
            inner();
        });
    }
    ACLEMU_TRY_BACKEND(
        backend->streams().launch_host_task(stream.impl.get(), std::move(task), length),
        backend,
        "cannot enqueue a host task");
    return runtime().after_enqueue(stream,
                                   target.kernel_launch ? Enqueued::KernelLaunch : Enqueued::Work);
}

aclError finish_gpu_launch_impl(const StreamTarget& target, int launch_status) {
    Backend* backend = runtime().existing_backend();
    if (launch_status != 0) {
        std::string detail = backend != nullptr ? backend->last_error_text() : std::string();
        return fail(ACL_ERROR_RT_INTERNAL_ERROR,
                    msg_runtime("kernel launch failed on device " + std::to_string(target.device)
                                + " with status " + std::to_string(launch_status)
                                + (detail.empty() ? std::string() : ": " + detail)));
    }
    issue_task_id();  // the kernel just launched: aclrtGetThreadLastTaskId
    if (!target.stream) {
        return ACL_SUCCESS;
    }
    // The one launch-blocking wait (ASCEND_LAUNCH_BLOCKING, ASCEND_RT_LAUNCH_BLOCKING).
    return runtime().after_enqueue(*target.stream,
                                   target.kernel_launch ? Enqueued::KernelLaunch : Enqueued::Work);
}

}  // namespace

// No exception escapes into the operator libraries. The services are not entry points: they run
// inside the operator's call, whose name their messages carry.
aclError resolve_stream(aclrtStream stream, StreamTarget* target) {
    return guarded([&] { return resolve_stream_impl(stream, target); });
}

aclError enqueue_host_task(const StreamTarget& target, HostTask task, TaskLength length) {
    return guarded([&] { return enqueue_host_task_impl(target, task, length); });
}

aclError finish_gpu_launch(const StreamTarget& target, int launch_status) {
    return guarded([&] { return finish_gpu_launch_impl(target, launch_status); });
}

BackendKind active_backend() {
    return runtime().active_kind();
}

std::string cpu_fallback_reason() {
    return runtime().cpu_fallback_reason();
}

MemoryLocation locate(const void* ptr, size_t bytes) {
    if (ptr == nullptr) {
        return MemoryLocation::Unknown;
    }
    if (auto block = runtime().allocations().find(ptr)) {
        if (bytes > block->remaining(reinterpret_cast<uintptr_t>(ptr))) {
            return MemoryLocation::Unknown;  // straddles the end of its block
        }
        return block->kind == AllocKind::Device ? MemoryLocation::Device : MemoryLocation::Host;
    }
    Backend* backend = runtime().existing_backend();
    if (backend != nullptr && backend->memory().is_foreign_device_pointer(ptr)) {
        return MemoryLocation::Device;
    }
    return MemoryLocation::Unknown;
}

std::string device_model(int32_t device) {
    DeviceFacts facts;
    return runtime().device_facts(device, &facts) == ACL_SUCCESS ? facts.model : std::string();
}

bool deterministic() {
    return runtime().deterministic();
}

// The calling thread's vector-core budget caps the CPU kernels' threads
// (aclrtSetDeviceResLimit / aclrtSetStreamResLimit + aclrtUseStreamResInCurrentThread).
OpSettings op_settings() {
    OpSettings settings = runtime().op_settings();
    if (const uint32_t budget = runtime().thread_vector_budget(); budget != 0) {
        settings.cpu_threads = std::min(settings.cpu_threads, static_cast<int>(budget));
    }
    return settings;
}

}  // namespace aclemu::rt
