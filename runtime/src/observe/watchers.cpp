// The watcher bits of aclemu/observe.h. NVTX is asked once, at the first call (its tool is
// loaded then or never); DEBUG and the trace change at aclInit.
#include "observe/watchers.h"

#include "aclemu/log.h"
#include "observe/nvtx_ranges.h"

#include <chrono>
#include <mutex>

namespace aclemu::observe {
namespace detail {

std::atomic<uint32_t> g_watchers{kNotLooked};

uint32_t first_look() noexcept {
    static std::once_flag once;
    try {
        std::call_once(once, [] {
            set_watching(kNvtx, nvtx::attach());
            // The logger's first question reads its settings, which report DEBUG through
            // set_watching.
            static_cast<void>(log::enabled(log::Module::AscendCL, log::Level::Debug));
            g_watchers.fetch_and(~static_cast<uint32_t>(kNotLooked), std::memory_order_relaxed);
        });
    } catch (...) {
        // call_once could not start a thread-safe init: watch nothing rather than fail a call.
        g_watchers.store(0, std::memory_order_relaxed);
    }
    return g_watchers.load(std::memory_order_relaxed) & ~static_cast<uint32_t>(kNotLooked);
}

}  // namespace detail

void set_watching(Watcher watcher, bool on) noexcept {
    if (on) {
        detail::g_watchers.fetch_or(watcher, std::memory_order_relaxed);
    } else {
        detail::g_watchers.fetch_and(~static_cast<uint32_t>(watcher), std::memory_order_relaxed);
    }
}

int64_t steady_ns() noexcept {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

}  // namespace aclemu::observe
