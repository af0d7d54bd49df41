// The CPU kernels' helper threads. Note [Kernel threads without a join]: run(threads, items,
// body) publishes a job of `items` work items, wakes up to threads - 1 parked helpers, and every
// participant, the calling thread included, claims the next item from an atomic counter until
// none is left. The caller then waits only for items a helper has already claimed, never for a
// helper that has not started: one the scheduler runs late finds nothing left. So a kernel never
// runs slower than on the calling thread alone.
//
// Why not OpenMP (which the kernels used before): an OpenMP team joins every thread. Measured on
// the project's 2-core VM, LogitGrad fp32 2^22 launched and synchronized back to back took
// 1.62 ms with two OpenMP threads, the same as with one (0.81 ms with OMP_WAIT_POLICY=active or
// OMP_PROC_BIND=true): the woken OpenMP thread queued on its waker's core. Helpers here poll for
// kHelperSpin after a job before they sleep, so kernels launched back to back find them running
// on their own cores. (The runtime's large copies use the same scheme: ParallelCopier.)
#pragma once

#include <cstdint>

namespace aclemu::kernels::cpu {

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
/// `threads` - 1 helper threads (Note [Kernel threads without a join]); returns when all calls
/// returned. Runs on the calling thread alone when threads <= 1 or items <= 1, when called from
/// a body (no nesting), and while another thread's job holds the helpers (two streams running
/// kernels at once already keep two cores busy). The body must not throw.
void run_items(int threads, int64_t items, ItemFn body);

}  // namespace aclemu::kernels::cpu
