// Fiber switching. Note [Hand-written switch]: swapcontext saves and restores the signal mask
// with a system call on every switch; a block of 256 threads switches at every __syncthreads, so
// on x86-64 the switch is six pushes, a stack-pointer swap and six pops (plus the SSE and x87
// control words, which are callee-saved in the SysV ABI). A new fiber's stack holds a frame that
// "returns" into a trampoline calling entry(arg) with a zero frame pointer, so frame-pointer
// unwinders (the sanitizers' reports) stop cleanly at the fiber's first frame.
#include "fiber.h"

#include "sanitizer.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <sys/mman.h>
#include <unistd.h>

#if defined(__x86_64__) && !defined(GPUSIM_FORCE_UCONTEXT)
#    define GPUSIM_HAND_SWITCH 1
#else
#    include <ucontext.h>
#endif

#if defined(GPUSIM_HAND_SWITCH)
extern "C" void gpusim_switch_stacks(void** save_stack_pointer, void* load_stack_pointer);
extern "C" void gpusim_fiber_trampoline();

asm(R"(
    .text
    .p2align 4
    .globl gpusim_switch_stacks
    .hidden gpusim_switch_stacks
    .type gpusim_switch_stacks,@function
gpusim_switch_stacks:
    pushq %rbp
    pushq %rbx
    pushq %r12
    pushq %r13
    pushq %r14
    pushq %r15
    subq $16, %rsp
    stmxcsr 8(%rsp)
    fnstcw (%rsp)
    movq %rsp, (%rdi)
    movq %rsi, %rsp
    ldmxcsr 8(%rsp)
    fldcw (%rsp)
    addq $16, %rsp
    popq %r15
    popq %r14
    popq %r13
    popq %r12
    popq %rbx
    popq %rbp
    ret
    .size gpusim_switch_stacks, .-gpusim_switch_stacks

    .p2align 4
    .globl gpusim_fiber_trampoline
    .hidden gpusim_fiber_trampoline
    .type gpusim_fiber_trampoline,@function
gpusim_fiber_trampoline:
    movq %r12, %rdi
    callq *%r13
    ud2
    .size gpusim_fiber_trampoline, .-gpusim_fiber_trampoline
)");
#endif

namespace gpusim::detail {

struct Context::Native {
#if !defined(GPUSIM_HAND_SWITCH)
    ucontext_t context;
#endif
};

Context::Context() = default;
Context::~Context() = default;

void init_host_context(Context& host) {
    host.tsan_fiber = san::current_fiber();
#if !defined(GPUSIM_HAND_SWITCH)
    host.native = std::make_unique<Context::Native>();
#endif
}

void switch_context(Context& from, Context& to) {
    san::start_switch(&from.fake_stack, to.stack_bottom, to.stack_size);
    san::switch_to_fiber(to.tsan_fiber);
#if defined(GPUSIM_HAND_SWITCH)
    gpusim_switch_stacks(&from.stack_pointer, to.stack_pointer);
#else
    swapcontext(&from.native->context, &to.native->context);
#endif
    san::finish_switch(from.fake_stack, nullptr, nullptr);
}

void Fiber::started(Context& from) {
    san::finish_switch(nullptr, &from.stack_bottom, &from.stack_size);
}

#if !defined(GPUSIM_HAND_SWITCH)
namespace {
// makecontext passes int arguments only: the pointers travel in halves.
void ucontext_entry(unsigned entry_hi, unsigned entry_lo, unsigned arg_hi, unsigned arg_lo) {
    const auto join = [](unsigned hi, unsigned lo) {
        return (static_cast<uintptr_t>(hi) << 32) | static_cast<uintptr_t>(lo);
    };
    auto entry = reinterpret_cast<void (*)(void*)>(join(entry_hi, entry_lo));
    entry(reinterpret_cast<void*>(join(arg_hi, arg_lo)));
    std::abort();  // entry never returns
}
}  // namespace
#endif

Fiber::Fiber(void (*entry)(void*), void* arg, size_t stack_bytes) {
    const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    stack_bytes = (stack_bytes + page - 1) / page * page;
    mapping_bytes_ = stack_bytes + page;  // + a guard page below the stack
    mapping_ = mmap(nullptr,
                    mapping_bytes_,
                    PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK,
                    -1,
                    0);
    if (mapping_ == MAP_FAILED) {
        mapping_ = nullptr;
        throw std::bad_alloc();
    }
    mprotect(mapping_, page, PROT_NONE);
    char* bottom = static_cast<char*>(mapping_) + page;
    char* top = bottom + stack_bytes;
    // Visible to TSan: the fiber starts ordered after its creator (e.g. after the thread-local
    // storage that TSan counts as written when a thread starts). Its first frame and context,
    // written here and read by the fiber, are not.
    void* tsan_fiber = san::create_fiber();
    san::Invisible invisible;
    context_.tsan_fiber = tsan_fiber;
    context_.stack_bottom = bottom;
    context_.stack_size = stack_bytes;
#if defined(GPUSIM_HAND_SWITCH)
    // The frame gpusim_switch_stacks pops: control words, r15..r12, rbx, rbp, return address.
    // After its `ret` the stack pointer is 16-byte aligned, as the trampoline's call needs.
    auto* frame = reinterpret_cast<uint64_t*>(top - 88);
    std::memset(frame, 0, 88);
    uint32_t mxcsr = 0;
    uint16_t fpu_control = 0;
    asm volatile("stmxcsr %0" : "=m"(mxcsr));
    asm volatile("fnstcw %0" : "=m"(fpu_control));
    std::memcpy(reinterpret_cast<char*>(frame), &fpu_control, sizeof fpu_control);
    std::memcpy(reinterpret_cast<char*>(frame) + 8, &mxcsr, sizeof mxcsr);
    // frame[2..7]: r15, r14, r13, r12, rbx, rbp; rbx and rbp stay 0.
    frame[4] = reinterpret_cast<uint64_t>(entry);  // r13
    frame[5] = reinterpret_cast<uint64_t>(arg);    // r12
    frame[8] = reinterpret_cast<uint64_t>(&gpusim_fiber_trampoline);
    context_.stack_pointer = frame;
#else
    context_.native = std::make_unique<Context::Native>();
    getcontext(&context_.native->context);
    context_.native->context.uc_stack.ss_sp = bottom;
    context_.native->context.uc_stack.ss_size = stack_bytes;
    context_.native->context.uc_link = nullptr;
    const auto entry_bits = reinterpret_cast<uintptr_t>(entry);
    const auto arg_bits = reinterpret_cast<uintptr_t>(arg);
    makecontext(&context_.native->context,
                reinterpret_cast<void (*)()>(&ucontext_entry),
                4,
                static_cast<unsigned>(entry_bits >> 32),
                static_cast<unsigned>(entry_bits),
                static_cast<unsigned>(arg_bits >> 32),
                static_cast<unsigned>(arg_bits));
#endif
}

Fiber::~Fiber() {
    if (context_.tsan_fiber != nullptr) {
        san::destroy_fiber(context_.tsan_fiber);
    }
    if (mapping_ != nullptr) {
        munmap(mapping_, mapping_bytes_);
    }
}

}  // namespace gpusim::detail
