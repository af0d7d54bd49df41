// Entry points: aclrtSubscribeHostFunc, aclrtProcessHostFunc, aclrtUnSubscribeHostFunc. A user
// thread subscribes to a stream, then loops on aclrtProcessHostFunc; each host function launched
// on the stream afterwards (aclrtLaunchHostFunc) runs on that thread, in stream order, and the
// stream's later work waits for it, as it waits for a host function run by the runtime.
#include "acl/acl.h"

#include "core/arg_checks.h"
#include "core/status.h"
#include "runtime_state.h"
#include "stream/host_func_threads.h"

#include <memory>
#include <string>

using namespace aclemu::rt;

namespace aclemu::rt {

SubscriptionCenter& host_func_threads() {
    static SubscriptionCenter* center = new SubscriptionCenter("aclrtSubscribeHostFunc");
    return *center;
}

}  // namespace aclemu::rt

extern "C" {

aclError aclrtSubscribeHostFunc(uint64_t hostFuncThreadId, aclrtStream exeStream) {
    return api_call_init("aclrtSubscribeHostFunc", [&] {
        return host_func_threads().subscribe(hostFuncThreadId, exeStream);
    });
}

aclError aclrtUnSubscribeHostFunc(uint64_t hostFuncThreadId, aclrtStream exeStream) {
    return api_call_init("aclrtUnSubscribeHostFunc", [&] {
        return host_func_threads().unsubscribe(hostFuncThreadId, exeStream);
    });
}

aclError aclrtProcessHostFunc(int32_t timeout) {
    return api_call_init("aclrtProcessHostFunc", [&] {
        // CANN documents -1 (wait forever) or a positive wait; 0 is not a value it takes.
        ACLEMU_TRY(reject_if(timeout < -1 || timeout == 0,
                             "timeout",
                             timeout,
                             "must be -1 (wait forever) or a number of ms > 0"));
        return host_func_threads().process(subscriber_thread_id(), timeout);
    });
}

}  // extern "C"
