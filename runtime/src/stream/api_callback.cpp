// Entry points: aclrtLaunchCallback and its report thread protocol. A thread subscribes to a
// stream (aclrtSubscribeReport), then loops on aclrtProcessReport; each callback launched on
// the stream is handed to that thread in stream order. ACL_CALLBACK_BLOCK holds the stream's
// later work until the callback has run (or the subscription is cancelled).
#include "acl/acl.h"

#include "aclemu/c_enum.h"
#include "aclemu/rt.h"
#include "core/arg_checks.h"
#include "core/status.h"
#include "observe/traced_task.h"
#include "runtime_state.h"
#include "stream/subscription_center.h"

#include <memory>
#include <string>

using namespace aclemu::rt;

namespace {

SubscriptionCenter& reports() {
    static SubscriptionCenter* center = new SubscriptionCenter("aclrtSubscribeReport");
    return *center;
}

}  // namespace

extern "C" {

aclError aclrtSubscribeReport(uint64_t threadId, aclrtStream stream) {
    return api_call_init("aclrtSubscribeReport",
                         [&] { return reports().subscribe(threadId, stream); });
}

aclError aclrtUnSubscribeReport(uint64_t threadId, aclrtStream stream) {
    return api_call_init("aclrtUnSubscribeReport",
                         [&] { return reports().unsubscribe(threadId, stream); });
}

aclError aclrtProcessReport(int32_t timeout) {
    return api_call_init("aclrtProcessReport", [&] {
        ACLEMU_TRY(reject_if(
            timeout < -1, "timeout", timeout, "must be -1 (wait forever) or a number of ms >= 0"));
        return reports().process(subscriber_thread_id(), timeout);
    });
}

aclError aclrtLaunchCallback(aclrtCallback fn,
                             void* userData,
                             aclrtCallbackBlockType blockType,
                             aclrtStream stream) {
    const int64_t block_type = aclemu::enum_value(blockType);
    return api_call_init("aclrtLaunchCallback", [&] {
        ACLEMU_CHECK_NOT_NULL(fn);
        ACLEMU_TRY(
            reject_if(block_type != ACL_CALLBACK_NO_BLOCK && block_type != ACL_CALLBACK_BLOCK,
                      "blockType",
                      block_type,
                      "must be ACL_CALLBACK_NO_BLOCK (0) or ACL_CALLBACK_BLOCK (1)"));
        std::shared_ptr<Stream> target;
        ACLEMU_TRY(runtime().stream(stream, &target));
        uint64_t thread_id = 0;
        if (!reports().subscriber(target.get(), &thread_id)) {
            return fail(ACL_ERROR_RT_STREAM_NO_CB_REG,
                        msg_order("no thread is subscribed to this stream; call "
                                  "aclrtSubscribeReport first"));
        }
        ACLEMU_BACKEND(backend, backend);
        auto report = std::make_shared<Delivery>();
        report->run = [fn, userData] { fn(userData); };
        report->stream = target.get();
        bool block = block_type == ACL_CALLBACK_BLOCK;
        const aclError err = traced_enqueue(
            target,
            TaskKind::HostFunc,
            "callback",
            [&](TaskTrace& task) {
                task.arg("fn", pointer_text(reinterpret_cast<void*>(fn)));
                task.arg("block",
                         std::string(block ? "ACL_CALLBACK_BLOCK" : "ACL_CALLBACK_NO_BLOCK"));
            },
            [&] {
                // A stream stopped by a failed task (ACL_STOP_ON_FAILURE) drops its later
                // callbacks, as CANN does; a backend whose abort cannot take back a queued host
                // function (the GPU simulator's) is caught here when the callback's turn comes.
                StreamTarget stopped_if;
                stopped_if.stream = target;
                return backend->streams().launch_host_func(
                    target->impl.get(), [thread_id, report, block, stopped_if] {
                        if (!stream_stopped_by_failure(stopped_if)) {
                            reports().deliver(thread_id, report, block);
                        }
                    });
            });
        if (err != ACL_SUCCESS) {
            return backend_failed(err, backend, "cannot launch the callback");
        }
        // Not synchronized under ASCEND_LAUNCH_BLOCKING: the callback runs only when the
        // subscribed thread (often this one) calls aclrtProcessReport.
        return ACL_SUCCESS;
    });
}

}  // extern "C"
