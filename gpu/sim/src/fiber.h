// Cooperative fibers for the simulated GPU threads of a block: a stack each, switched by hand on
// one host thread (x86-64: a few instructions saving the callee-saved registers; elsewhere
// swapcontext), with the sanitizer annotations that let TSan see each fiber as a thread of its own
// and ASan follow the stack switches.
#pragma once

#include <cstddef>
#include <memory>

namespace gpusim::detail {

/// Where a suspended execution resumes, and what the sanitizers know about its stack.
struct Context {
    void* stack_pointer = nullptr;
    void* fake_stack = nullptr;  // ASan's, saved while suspended
    const void* stack_bottom = nullptr;
    size_t stack_size = 0;
    void* tsan_fiber = nullptr;
    struct Native;  // swapcontext state where there is no hand-written switch
    std::unique_ptr<Native> native;

    Context();
    ~Context();
    Context(const Context&) = delete;
    Context& operator=(const Context&) = delete;
};

/// The calling host thread's own context (its TSan thread): the scheduler side of the switches.
void init_host_context(Context& host);

/// Suspends `from` (the running context) and resumes `to`; returns when something switches back
/// to `from`. TSan sees no synchronization in the switch itself.
void switch_context(Context& from, Context& to);

/// A fiber with its own stack. The first switch to it calls entry(arg), which must never return
/// and must call Fiber::started(from) first.
class Fiber {
public:
    Fiber(void (*entry)(void*), void* arg, size_t stack_bytes);
    ~Fiber();
    Fiber(const Fiber&) = delete;
    Fiber& operator=(const Fiber&) = delete;

    Context& context() { return context_; }

    /// Completes the switch that started the fiber; `from` is the context that switched to it.
    static void started(Context& from);

private:
    Context context_;
    void* mapping_ = nullptr;
    size_t mapping_bytes_ = 0;
};

}  // namespace gpusim::detail
