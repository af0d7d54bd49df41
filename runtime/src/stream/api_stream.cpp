// Entry points: streams (create, destroy, synchronize, query, wait on an event) and host
// functions run in stream order. A NULL stream is the current context's default stream.
// Configured creation, stream queries, abort and state callbacks are in api_stream_config.cpp.
#include "acl/acl.h"

#include "core/arg_checks.h"
#include "core/status.h"
#include "event/event_registry.h"
#include "graph/capture_registry.h"
#include "graph/external_wait.h"
#include "inject/api_injection.h"
#include "memory/mem_pool.h"
#include "observe/traced_task.h"
#include "runtime_state.h"
#include "stream/host_func_threads.h"
#include "stream/stream_config.h"
#include "stream/stream_sync.h"
#include "stream/task_failure.h"

#include <string>

using namespace aclemu::rt;

namespace {

aclError synchronize(aclrtStream handle, int32_t timeout) {
    ACLEMU_RESOLVE_STREAM(handle, stream, backend);
    ACLEMU_TRY(graph::refuse_while_capturing(*stream, "aclrtSynchronizeStream"));
    ACLEMU_TRY(wait_for_stream(
        *stream, backend, timeout, "stream synchronization failed", "the stream did not finish"));
    aclemu::observe::completion_observed();
    trim_mem_pools_after_sync(backend);  // a pool's release threshold applies here
    if (stream->aborted.exchange(false)) {
        return fail(ACL_ERROR_RT_STREAM_ABORT,
                    msg_runtime("the stream was aborted (aclrtStreamAbort): its tasks that had "
                                "not started were dropped"));
    }
    std::string failure;
    if (aclError failed = take_task_failure(*stream, &failure); failed != ACL_SUCCESS) {
        return fail(failed, msg_runtime(failure));
    }
    return ACL_SUCCESS;
}

aclError create_stream(aclrtStream* stream) {
    ACLEMU_CHECK_NOT_NULL(stream);
    return runtime().create_stream(stream);
}

aclError destroy_stream(aclrtStream stream) {
    ACLEMU_CHECK_NOT_NULL(stream);
    return runtime().destroy_stream(stream);
}

}  // namespace

extern "C" {

aclError ACLEMU_IMPL(aclrtCreateStream)(aclrtStream* stream) {
    return api_call_init("aclrtCreateStream", [&] { return create_stream(stream); });
}

aclError aclrtCreateStreamWithConfig(aclrtStream* stream, uint32_t priority, uint32_t flag) {
    return api_call_init("aclrtCreateStreamWithConfig",
                         [&] { return create_configured_stream(stream, priority, flag); });
}

aclError ACLEMU_IMPL(aclrtDestroyStream)(aclrtStream stream) {
    return api_call_init("aclrtDestroyStream", [&] { return destroy_stream(stream); });
}

aclError aclrtDestroyStreamForce(aclrtStream stream) {
    return api_call_init("aclrtDestroyStreamForce", [&] { return destroy_stream(stream); });
}

aclError ACLEMU_IMPL(aclrtSynchronizeStream)(aclrtStream stream) {
    return api_call_init("aclrtSynchronizeStream", [&] { return synchronize(stream, -1); });
}

aclError aclrtSynchronizeStreamWithTimeout(aclrtStream stream, int32_t timeout) {
    return api_call_init("aclrtSynchronizeStreamWithTimeout", [&] {
        ACLEMU_TRY(check_wait_timeout(timeout));
        return synchronize(stream, timeout);
    });
}

aclError aclrtStreamQuery(aclrtStream stream, aclrtStreamStatus* status) {
    return api_call_init("aclrtStreamQuery", [&] {
        ACLEMU_CHECK_NOT_NULL(status);
        ACLEMU_RESOLVE_STREAM(stream, target, backend);
        bool complete = false;
        ACLEMU_TRY_BACKEND(backend->streams().query_stream(target->impl.get(), &complete),
                           backend,
                           "stream query failed");
        if (complete) {
            aclemu::observe::completion_observed();
        }
        *status = complete ? ACL_STREAM_STATUS_COMPLETE : ACL_STREAM_STATUS_NOT_READY;
        return ACL_SUCCESS;
    });
}

aclError aclrtStreamWaitEvent(aclrtStream stream, aclrtEvent event) {
    return api_call_init("aclrtStreamWaitEvent", [&] {
        ACLEMU_CHECK_NOT_NULL(event);
        std::shared_ptr<Event> target_event;
        ACLEMU_TRY(events().find(event, &target_event));
        ACLEMU_TRY(require_sync_capable(*target_event, event, "waited on"));
        std::shared_ptr<Stream> target;
        ACLEMU_TRY(runtime().stream(stream, &target));
        if (target_event->host_records && graph::recording(*target)) {
            // Each execution waits here for the host's next record (graph/external_wait.h).
            ACLEMU_BACKEND(backend, backend);
            return graph::capture_external_wait(
                *target, *backend, event, target_event->host_records);
        }
        if (!target_event->recorded.load()) {
            return ACL_SUCCESS;  // never recorded (or reset): nothing to wait for
        }
        ACLEMU_BACKEND(backend, backend);
        // A wait on an event a capture recorded joins the capture (graph/capture_registry.h).
        bool met_by_capture = false;
        ACLEMU_TRY(graph::join_on_wait(*target, *backend, event, &met_by_capture));
        if (met_by_capture) {
            return ACL_SUCCESS;
        }
        ACLEMU_TRY_BACKEND(traced_enqueue(
                               target,
                               TaskKind::EventWait,
                               "wait event",
                               [&](TaskTrace& task) { describe_event(task, event, *target_event); },
                               [&] {
                                   return backend->streams().stream_wait_event(
                                       target->impl.get(), target_event->impl.get());
                               }),
                           backend,
                           "stream wait failed");
        return runtime().after_enqueue(*target);
    });
}

aclError aclrtSetStreamFailureMode(aclrtStream stream, uint64_t mode) {
    return api_call_init("aclrtSetStreamFailureMode", [&] {
        std::shared_ptr<Stream> target;
        ACLEMU_TRY(runtime().stream(stream, &target));
        ACLEMU_TRY(reject_if(mode != ACL_CONTINUE_ON_FAILURE && mode != ACL_STOP_ON_FAILURE,
                             "mode",
                             mode,
                             "must be ACL_CONTINUE_ON_FAILURE (0) or ACL_STOP_ON_FAILURE (1)"));
        // Recorded only: tasks cannot fail half-way on aclemu's streams, and a GPU kernel fault
        // fails every later call anyway (ACL_STOP_ON_FAILURE for the whole process).
        target->failure_mode.store(mode);
        return ACL_SUCCESS;
    });
}

aclError aclrtLaunchHostFunc(aclrtStream stream, aclrtHostFunc fn, void* args) {
    return api_call_init("aclrtLaunchHostFunc", [&] {
        ACLEMU_CHECK_NOT_NULL(fn);
        ACLEMU_RESOLVE_STREAM(stream, target, backend);
        uint64_t subscriber = 0;
        const bool delivered = host_func_threads().subscriber(target.get(), &subscriber);
        ACLEMU_TRY_BACKEND(
            traced_enqueue(
                target,
                TaskKind::HostFunc,
                "host function",
                [&](TaskTrace& task) { task.arg("fn", pointer_text(reinterpret_cast<void*>(fn))); },
                [&] {
                    if (!delivered) {
                        return backend->streams().launch_host_func(target->impl.get(),
                                                                   [fn, args] { fn(args); });
                    }
                    auto delivery = std::make_shared<Delivery>();
                    delivery->run = [fn, args] { fn(args); };
                    delivery->stream = target.get();
                    return backend->streams().launch_host_func(
                        target->impl.get(), [subscriber, delivery] {
                            host_func_threads().deliver(subscriber, delivery, true);
                        });
                }),
            backend,
            "cannot launch the host function");
        // A subscribed thread (often this one) runs it only in aclrtProcessHostFunc: no
        // ASCEND_LAUNCH_BLOCKING wait, as for aclrtLaunchCallback.
        return delivered ? ACL_SUCCESS : runtime().after_enqueue(*target);
    });
}

}  // extern "C"
