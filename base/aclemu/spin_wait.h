// Bounded polling before sleeping, for the CPU backend's hand-offs between threads (stream
// workers and their waiters, the copy and kernel helper threads): a wait that ends within
// microseconds costs no system call. Internal to aclemu (header-only: the runtime and the CPU
// kernels each compile it).
#pragma once

#include <chrono>
#include <thread>

namespace aclemu {

/// Polls between yields: when threads outnumber cores (a busy small machine), the thread a
/// spinner waits for may be queued on the spinner's own core, and a pure pause loop would hold
/// it off for the whole budget (docs/performance.md has the measurement).
constexpr unsigned kPollsPerYield = 16;

inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    asm volatile("yield" ::: "memory");
#else
    std::this_thread::yield();
#endif
}

/// Polls `ready` for at most `budget`; true as soon as it holds. Never polls on a one-core
/// machine (the awaited thread needs that core) or with a budget of zero.
template <class Pred>
bool spin_until(Pred ready, std::chrono::microseconds budget) {
    static const bool spinning_pays = std::thread::hardware_concurrency() > 1;
    if (ready()) {
        return true;
    }
    if (!spinning_pays || budget.count() <= 0) {
        return false;
    }
    const auto deadline = std::chrono::steady_clock::now() + budget;
    for (unsigned polls = 1;; ++polls) {
        cpu_relax();
        if (ready()) {
            return true;
        }
        if (polls % kPollsPerYield == 0) {
            if (std::chrono::steady_clock::now() >= deadline) {
                return false;
            }
            std::this_thread::yield();
        }
    }
}

}  // namespace aclemu
