// The process's one pool of host helper threads, for the CPU kernels and the CPU backend's large
// copies. Implemented once, in libascendcl.so, so every library of a process shares the same
// helpers.
//
// Note [Host threads without a join]: run_items(threads, items, body) publishes a job of `items`
// work items, wakes up to threads - 1 parked helpers, and every participant, the calling thread
// included, claims the next item from an atomic counter until none is left. The caller then
// waits only for items a helper has already claimed, never for a helper that has not started:
// one the scheduler runs late finds nothing left. So a job never runs slower than on the calling
// thread alone, where a team that joins every thread waits for its slowest start: on a small,
// busy machine a woken thread often queues behind its waker on the waker's core
// (docs/performance.md). Helpers poll for a while after a job before they sleep, so jobs issued
// back to back find them running on their own cores.
#pragma once

#include "aclemu/export.h"

#include <cstdint>

namespace aclemu {

/// A type-erased reference to `void(int64_t item)`; the callable must outlive the call.
class ItemFn {
public:
    template <class F>
    ItemFn(const F& f)  // NOLINT: implicit, like a function_ref
        : object_(&f), call_([](const void* o, int64_t i) { (*static_cast<const F*>(o))(i); }) {}
    void operator()(int64_t item) const { call_(object_, item); }

private:
    const void* object_;
    void (*call_)(const void*, int64_t);
};

/// Calls body(i) exactly once for every i in [0, items), on the calling thread and on up to
/// `threads` - 1 helper threads (Note [Host threads without a join]); returns when all calls
/// returned, with their writes visible to the caller. Runs on the calling thread alone when
/// threads <= 1 or items <= 1, when called from a body (no nesting), and while another thread's
/// job holds the helpers (two jobs at once already keep two cores busy). The body must not throw.
ACLEMU_EXPORT void run_items(int threads, int64_t items, ItemFn body);

}  // namespace aclemu
